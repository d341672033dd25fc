/**
 * The Inbox's commands: Mark as Read on a row (a channel or topic through their own commands, a
 * direct conversation through `POST /messages/flags/narrow`), and the switch between unread and
 * recent conversations (its state is the `teamChat.inboxRecent` context key for the title menu).
 */
import * as vscode from 'vscode';
import * as narrow from '../api/messages/narrowTerms';
import { Commands, ContextKeys, Views } from '../constants';
import type { Services } from '../services';
import { registerCommands } from '../ui/commands';
import { UserFacingError } from '../ui/errorMessage';
import { withNotification } from '../ui/progress';
import type { InboxMode, InboxRow, InboxView } from '../views/inbox';
import { dmLabel } from '../views/inbox/provider';
import { markNarrowRead } from './channels/markRead';

/** A conversation or channel row (folder rows have nothing of their own to mark read). */
function isRow(value: unknown): value is Exclude<InboxRow, { kind: 'folder' }> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.kind === 'channel') return typeof v.streamId === 'number';
  if (v.kind === 'topic') return typeof v.streamId === 'number' && typeof v.topic === 'string';
  return v.kind === 'dm' && Array.isArray(v.userIds) && v.userIds.every((id) => typeof id === 'number');
}

export function register(services: Services, inbox: InboxView): void {
  const setMode = async (mode: InboxMode): Promise<void> => {
    await vscode.commands.executeCommand('setContext', ContextKeys.inboxRecent, mode === 'recent');
    await vscode.window.withProgress({ location: { viewId: Views.inbox } }, () => inbox.model.setMode(mode));
  };
  registerCommands(services, [
    {
      id: Commands.inboxMarkRead,
      session: true,
      failure: vscode.l10n.t('Could not mark the conversation as read'),
      run: async ({ current }, row?: unknown): Promise<unknown> => {
        if (!isRow(row))
          throw new UserFacingError(vscode.l10n.t('Choose a conversation in the Inbox to mark it as read.'));
        if (row.kind === 'channel')
          return vscode.commands.executeCommand(Commands.channelMarkRead, { streamId: row.streamId });
        if (row.kind === 'topic')
          return vscode.commands.executeCommand(Commands.topicMarkRead, { streamId: row.streamId, topic: row.topic });
        return withNotification(
          vscode.l10n.t('Marking the conversation with {0} as read…', dmLabel(row, current.store)),
          (signal, progress) => markNarrowRead(current.client, [narrow.dm(row.userIds)], signal, progress),
        );
      },
    },
    {
      id: Commands.inboxShowRecent,
      session: true,
      failure: vscode.l10n.t('Could not load the recent conversations'),
      run: () => setMode('recent'),
    },
    { id: Commands.inboxShowUnread, failure: vscode.l10n.t('Could not show the inbox'), run: () => setMode('unread') },
  ]);
}
