/** A message's edit history, shown under it on demand (`topic/history`). */
import * as l10n from '@vscode/l10n';
import { errorText, request } from '../../page/common';
import { html, nothing, render, renderElement, type TemplateResult } from '../../page/view';
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

/** One entry: when and who, a move of topic or channel, and the content before (filled in after rendering). */
function entry(item: EditHistoryItem): TemplateResult {
  const topic =
    item.prevTopic !== undefined && item.topic !== undefined
      ? html`<div class="history-move">${l10n.t('Topic: {0} → {1}', item.prevTopic, item.topic)}</div>`
      : nothing;
  const channel =
    item.prevChannel !== undefined && item.channel !== undefined
      ? html`<div class="history-move">${l10n.t('Channel: #{0} → #{1}', item.prevChannel, item.channel)}</div>`
      : nothing;
  // The server's HTML goes into the empty element afterwards (setServerHtml), never through the template.
  // prettier-ignore
  const before = item.prevHtml === undefined ? nothing
    : html`<div class="muted">${l10n.t('Before:')}</div><div class="history-content rendered_markdown"></div>`;
  // No whitespace between the elements: the entry's text is exactly its parts' text.
  // prettier-ignore
  return html`<div class="history-entry"
    ><div class="muted">${`${formatTime(item.timestamp)} — ${item.userName}`}</div>${topic}${channel}${before}</div
  >`;
}

/** Shows the open history of message `id` under its row `li`. */
export async function showHistory(li: HTMLElement, id: number): Promise<void> {
  const pending = open.get(id);
  if (!pending) return;
  const box = renderElement(html`<div class="history">${l10n.t('Loading the edit history…')}</div>`);
  li.querySelector('.message-main')!.append(box);
  let content: TemplateResult;
  let items: readonly EditHistoryItem[] = [];
  try {
    items = await pending;
    const title = html`<div class="history-title">${l10n.t('Edit history')}</div>`;
    content = html`${title}${items.map(entry)}`;
  } catch (e) {
    open.delete(id);
    content = html`${errorText(e)}`;
  }
  box.replaceChildren();
  render(content, box);
  const entries = box.querySelectorAll<HTMLElement>('.history-entry');
  items.forEach((item, i) => {
    const prev = entries[i]?.querySelector<HTMLElement>('.history-content');
    if (prev && item.prevHtml !== undefined) setServerHtml(prev, item.prevHtml, view.snapshot?.realmUrl ?? '');
  });
}
