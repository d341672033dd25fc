/** A message's edit history, shown under it on demand (`topic/history`). */
import * as l10n from '@vscode/l10n';
import { el, errorText, request } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';
import { HistoryRequest, type EditHistoryItem } from '../protocol';
import { formatTime, view } from './state';

/** The messages whose history is open, with the entries once loaded (a row scrolled back in shows them again). */
const open = new Map<number, Promise<readonly EditHistoryItem[]>>();

export const isHistoryOpen = (id: number): boolean => open.has(id);

/** The message changed: an open history is fetched again when next shown. */
export function forgetHistory(id: number): void {
  if (open.has(id)) open.set(id, request(HistoryRequest, { messageId: id }));
}

/** Opens the history under the message `li`, or closes it when open. */
export async function toggleHistory(li: HTMLElement, id: number): Promise<void> {
  const shown = li.querySelector('.history');
  if (shown) {
    shown.remove();
    open.delete(id);
    return;
  }
  open.set(id, request(HistoryRequest, { messageId: id }));
  await showHistory(li, id);
}

/** Shows the open history of message `id` under its row `li`. */
export async function showHistory(li: HTMLElement, id: number): Promise<void> {
  const pending = open.get(id);
  if (!pending) return;
  const box = el('div', 'history', l10n.t('Loading the edit history…'));
  li.querySelector('.message-main')!.append(box);
  try {
    const items = await pending;
    box.replaceChildren(el('div', 'history-title', l10n.t('Edit history')));
    for (const item of items) {
      const entry = el('div', 'history-entry');
      entry.append(el('div', 'muted', `${formatTime(item.timestamp)} — ${item.userName}`));
      if (item.prevTopic !== undefined && item.topic !== undefined)
        entry.append(el('div', 'history-move', l10n.t('Topic: {0} → {1}', item.prevTopic, item.topic)));
      if (item.prevChannel !== undefined && item.channel !== undefined)
        entry.append(el('div', 'history-move', l10n.t('Channel: #{0} → #{1}', item.prevChannel, item.channel)));
      if (item.prevHtml !== undefined) {
        const prev = el('div', 'history-content rendered_markdown');
        setServerHtml(prev, item.prevHtml, view.snapshot?.realmUrl ?? '');
        entry.append(el('div', 'muted', l10n.t('Before:')), prev);
      }
      box.append(entry);
    }
  } catch (e) {
    open.delete(id);
    box.textContent = errorText(e);
  }
}
