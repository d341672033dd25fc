/**
 * This conversation's unsent messages, below the messages (see ../outboxProtocol.ts): "sending…"
 * while waiting or being sent, "not sent — <reason>" with Retry, Edit and Delete when the server
 * could not be reached or refused. All text is set as text (a server's reason is untrusted).
 */
import * as l10n from '@vscode/l10n';
import { command, onNotification } from '../../page/common';
import { OutboxActionCommand, OutboxNotification, type OutboxAction, type OutboxEntryModel } from '../outboxProtocol';
import { dom } from './state';

const list = dom.$('outbox');

function button(label: string, entry: OutboxEntryModel, action: OutboxAction): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'secondary';
  b.textContent = label;
  b.dataset.action = action;
  b.addEventListener('click', () => command(OutboxActionCommand, { localId: entry.localId, action }));
  return b;
}

function row(entry: OutboxEntryModel): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `outbox-entry ${entry.state}`;
  li.dataset.localId = entry.localId;
  const text = document.createElement('div');
  text.className = 'outbox-text';
  text.textContent = entry.content;
  const status = document.createElement('div');
  status.className = 'outbox-status';
  const line = document.createElement('span');
  line.textContent = entry.state === 'sending' ? l10n.t('sending…') : l10n.t('not sent — {0}', entry.reason ?? '');
  status.append(line);
  if (entry.state !== 'sending') {
    status.append(
      button(l10n.t('Retry'), entry, 'retry'),
      button(l10n.t('Edit'), entry, 'edit'),
      button(l10n.t('Delete'), entry, 'delete'),
    );
  }
  li.append(text, status);
  return li;
}

onNotification(OutboxNotification, (p) => {
  // Keyboard focus on a button of an entry that is redrawn stays on the same entry's first button.
  const focused = (document.activeElement as HTMLElement | null)?.closest?.('.outbox-entry') as HTMLElement | null;
  const focusedId = focused?.dataset.localId;
  list.replaceChildren(...p.entries.map(row));
  list.hidden = p.entries.length === 0;
  if (focusedId)
    (list.querySelector(`[data-local-id="${CSS.escape(focusedId)}"] button`) as HTMLElement | null)?.focus();
});
