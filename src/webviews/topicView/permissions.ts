/**
 * The message actions a conversation offers follow the permissions (Delete: the organisation's
 * groups, the channel's own, the own user's membership): when a `realm` change (settings, user
 * groups, the own role) or a change of this conversation's channel arrives, the shown messages
 * are sent again with their actions.
 */
import type * as vscode from 'vscode';
import type { MessageList } from '../../messageList';
import type { SessionManager } from '../../session/manager';
import type { WebviewHost } from '../host';
import { messageModel, modelContextOf } from './model';
import { UpsertNotification, type TopicViewKey } from './protocol';

export function followPermissions(
  host: WebviewHost,
  sessions: SessionManager,
  key: TopicViewKey,
  shown: () => MessageList | undefined,
): vscode.Disposable {
  const streamId = key.mode === 'dm' ? undefined : key.streamId;
  return sessions.onDidChangeStore((change) => {
    const ours = streamId !== undefined && change.areas.has('subscriptions') && change.streamIds.has(streamId);
    if (change.full || !(change.areas.has('realm') || ours)) return;
    const current = sessions.current;
    const list = shown();
    if (!current || !list || !host.ready) return;
    const ctx = modelContextOf(current);
    host.notify(UpsertNotification, { messages: list.messages().map((m) => messageModel(m, ctx)) });
  });
}
