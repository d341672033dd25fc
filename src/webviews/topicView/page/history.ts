/** A message's edit history, shown under it on demand (`topic/history`). */
import * as l10n from '@vscode/l10n';
import { el, errorText, request } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';
import { HistoryRequest } from '../protocol';
import { formatTime, view } from './state';

/** Opens the history under the message `li`, or closes it when open. */
export async function toggleHistory(li: HTMLElement, id: number): Promise<void> {
  const open = li.querySelector('.history');
  if (open) {
    open.remove();
    return;
  }
  const box = el('div', 'history', l10n.t('Loading the edit history…'));
  li.querySelector('.message-main')!.append(box);
  try {
    const items = await request(HistoryRequest, { messageId: id });
    box.replaceChildren(el('div', 'history-title', l10n.t('Edit history')));
    for (const item of items) {
      const entry = el('div', 'history-entry');
      entry.append(el('div', 'muted', `${formatTime(item.timestamp)} — ${item.userName}`));
      if (item.prevTopic !== undefined && item.topic !== undefined) entry.append(el('div', 'history-move', l10n.t('Topic: {0} → {1}', item.prevTopic, item.topic)));
      if (item.prevChannel !== undefined && item.channel !== undefined) entry.append(el('div', 'history-move', l10n.t('Channel: #{0} → #{1}', item.prevChannel, item.channel)));
      if (item.prevHtml !== undefined) {
        const prev = el('div', 'history-content rendered_markdown');
        setServerHtml(prev, item.prevHtml, view.snapshot?.realmUrl ?? '');
        entry.append(el('div', 'muted', l10n.t('Before:')), prev);
      }
      box.append(entry);
    }
  } catch (e) {
    box.textContent = errorText(e);
  }
}
