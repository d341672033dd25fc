/**
 * Delete Message (`teamChat.deleteMessage`, from a message's actions): the realm's permissions and
 * time limit are checked first, with the reason when refused; then the user confirms (a scripted
 * caller may pass `confirmed: true`), and `DELETE /messages/{id}` removes it for everyone (the
 * `delete_message` event updates every view).
 */
import * as vscode from 'vscode';
import { deleteMessage as deleteMessageRoute, getMessage } from '../../api/messages/routes';
import { isRecord } from '../../guards';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import { archivedRefusal } from '../../store/channelPolicy';

export interface DeleteMessageArgs {
  readonly messageId: number;
  /** Skips the confirmation (scripts and tests; the user always confirms). */
  readonly confirmed?: boolean;
}

export function isDeleteMessageArgs(value: unknown): value is DeleteMessageArgs {
  return (
    isRecord(value) &&
    typeof value.messageId === 'number' &&
    Number.isSafeInteger(value.messageId) &&
    value.messageId > 0
  );
}

/** The first line of a message's text, shortened, for the confirmation. */
function excerpt(raw: string): string {
  const line = raw.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** Resolves to `deleted` or `cancelled`; throws a user-facing error when it may not be deleted. */
export async function deleteMessage(current: CurrentSession, args: unknown): Promise<'deleted' | 'cancelled'> {
  if (!isDeleteMessageArgs(args))
    throw new UserFacingError(vscode.l10n.t('Choose Delete on a message in a conversation.'));
  const { message, raw_content } = await getMessage(current.client, {
    message_id: args.messageId,
    apply_markdown: false,
  });
  const store = current.store;
  const archived = message.stream_id !== undefined ? archivedRefusal(store.channel(message.stream_id)) : undefined;
  if (archived) throw new UserFacingError(archived);
  // The channel's own groups (FL 407) can allow what the organisation's do not.
  const channel = message.stream_id !== undefined ? store.channel(message.stream_id) : undefined;
  const refusal = store.realm.deleteRefusal(
    message.sender_id === store.ownUserId,
    Date.now() / 1000 - message.timestamp,
    channel,
  );
  if (refusal) throw new UserFacingError(vscode.l10n.t('You cannot delete this message: {0}', refusal));
  if (!args.confirmed) {
    const del = vscode.l10n.t('Delete');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete this message for everyone?'),
      {
        modal: true,
        detail: vscode.l10n.t(
          '{0}: {1}\n\nThis cannot be undone.',
          message.sender_full_name,
          excerpt(raw_content ?? message.content),
        ),
      },
      del,
    );
    if (choice !== del) return 'cancelled';
  }
  await deleteMessageRoute(current.client, { message_id: args.messageId });
  vscode.window.setStatusBarMessage(vscode.l10n.t('Team Chat: message deleted.'), 3000);
  return 'deleted';
}
