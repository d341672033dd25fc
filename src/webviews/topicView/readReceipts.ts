/**
 * "Read by…" on a message (issue 27 item 6): who has read it, as the server tells it
 * (`GET /messages/{id}/read_receipts`, feature level 137). Offered only where the organisation
 * has read receipts on (`realm_enable_read_receipts`); the server leaves out the sender, people
 * who keep their reading private (their own `send_read_receipts` setting) and people you muted.
 */
import * as vscode from 'vscode';
import { getReadReceipts } from '../../api/messages/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import { compareNames } from '../../store/keys';
import { showQuickInput } from '../../ui/quickInput';

export interface Reader {
  readonly userId: number;
  readonly name: string;
}

/** The readers of a message, by name (numeric order, as everywhere). */
export async function readersOf(
  current: Pick<CurrentSession, 'client' | 'store'>,
  messageId: number,
): Promise<Reader[]> {
  const { user_ids } = await getReadReceipts(current.client, { message_id: messageId });
  return user_ids
    .map((userId) => ({ userId, name: current.store.user(userId)?.full_name ?? vscode.l10n.t('User {0}', userId) }))
    .sort((a, b) => compareNames(a.name, b.name));
}

/**
 * Shows the readers in a list (choosing one opens their profile card), or says nobody has read it
 * yet; resolves to the readers once shown (the list stays open on its own).
 */
export async function showReadReceipts(
  current: Pick<CurrentSession, 'client' | 'store'>,
  messageId: number,
): Promise<Reader[]> {
  const readers = await readersOf(current, messageId);
  if (readers.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Nobody has read this message yet, as far as the organisation shows.'),
    );
    return readers;
  }
  void showQuickInput<number, vscode.QuickPickItem & { userId: number }>({
    kind: 'pick',
    setup(pick, flow) {
      pick.title =
        readers.length === 1 ? vscode.l10n.t('Read by 1 person') : vscode.l10n.t('Read by {0} people', readers.length);
      pick.placeholder = vscode.l10n.t('Choose someone to see their profile');
      pick.items = readers.map((r) => ({ label: r.name, userId: r.userId }));
      pick.onDidAccept(() => flow.done(pick.selectedItems[0]?.userId));
    },
  }).then((userId) => {
    if (userId !== undefined) void vscode.commands.executeCommand(Commands.showProfile, userId);
  });
  return readers;
}
