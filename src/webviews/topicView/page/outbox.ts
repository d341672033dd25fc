/**
 * This conversation's unsent messages, below the messages (see ../outboxProtocol.ts): "sending…"
 * while waiting or being sent, "not sent — <reason>" with Retry, Edit and Delete when the server
 * could not be reached or refused. All text is set as text (a server's reason is untrusted).
 */
import * as l10n from '@vscode/l10n';
import { command, onNotification } from '../../page/common';
import { delegate, html, nothing, render, type TemplateResult } from '../../page/view';
import { OutboxActionCommand, OutboxNotification, type OutboxAction, type OutboxEntryModel } from '../outboxProtocol';
import { dom } from './state';

const list = dom.$('outbox');

function button(label: string, action: OutboxAction): TemplateResult {
  return html`<button type="button" class="secondary" data-action=${action}>${label}</button>`;
}

function row(entry: OutboxEntryModel): TemplateResult {
  const line = entry.state === 'sending' ? l10n.t('sending…') : l10n.t('not sent — {0}', entry.reason ?? '');
  const buttons =
    entry.state === 'sending'
      ? nothing
      : [button(l10n.t('Retry'), 'retry'), button(l10n.t('Edit'), 'edit'), button(l10n.t('Delete'), 'delete')];
  // No whitespace between the elements (line breaks only inside tags): the entry's text is exactly its
  // parts' text, as before (read by tests and screen readers).
  // prettier-ignore
  return html`<li class=${`outbox-entry ${entry.state}`} data-local-id=${entry.localId}
    ><div class="outbox-text">${entry.content}</div
    ><div class="outbox-status"><span>${line}</span>${buttons}</div
  ></li>`;
}

/** Shows the host's list of unsent messages; one listener runs their buttons. */
export function startOutbox(): void {
  const act = (action: OutboxAction) => (b: HTMLElement) => {
    const localId = b.closest<HTMLElement>('.outbox-entry')?.dataset.localId;
    if (localId !== undefined) command(OutboxActionCommand, { localId, action });
  };
  delegate(list, { retry: act('retry'), edit: act('edit'), delete: act('delete') });
  onNotification(OutboxNotification, (p) => {
    // Keyboard focus on a button of an entry that is redrawn stays on the same entry's first button.
    const focused = (document.activeElement as HTMLElement | null)?.closest?.('.outbox-entry') as HTMLElement | null;
    const focusedId = focused?.dataset.localId;
    // Entries keyed by nothing: every notification draws the list anew, as before.
    render(nothing, list);
    render(p.entries.map(row), list);
    list.hidden = p.entries.length === 0;
    if (focusedId)
      (list.querySelector(`[data-local-id="${CSS.escape(focusedId)}"] button`) as HTMLElement | null)?.focus();
  });
}
