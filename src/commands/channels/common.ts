/**
 * What the channel and topic commands share: their arguments (a tree node from a menu, a plain
 * object such as `{ streamId }` from tests and other commands, or nothing: the command asks).
 */
import * as vscode from 'vscode';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';

export interface ChannelArg {
  readonly kind?: 'channel';
  readonly streamId: number;
}

export interface TopicArg {
  readonly kind?: 'topic';
  readonly streamId: number;
  readonly topic: string;
}

/** The channel of the argument, or one the user picks among the subscriptions. */
export async function channelOf(current: CurrentSession, arg: ChannelArg | undefined, placeHolder: string): Promise<number | undefined> {
  if (arg && typeof arg.streamId === 'number') {
    if (!current.store.subscription(arg.streamId)) throw new UserFacingError(`You are not subscribed to channel ${arg.streamId} any more. Refresh the channel list.`);
    return arg.streamId;
  }
  const picked = await vscode.window.showQuickPick(
    current.store.subscriptions().map((s) => ({ label: `#${s.name}`, description: s.is_muted ? 'muted' : undefined, streamId: s.stream_id })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.streamId;
}

/** The topic of the argument, or one the user picks (channel first, then topic). */
export async function topicOf(current: CurrentSession, arg: TopicArg | undefined, placeHolder: string): Promise<TopicArg | undefined> {
  if (arg && typeof arg.streamId === 'number' && typeof arg.topic === 'string') return arg;
  const streamId = await channelOf(current, undefined, 'Choose the channel of the topic');
  if (streamId === undefined) return undefined;
  const topics = await withNotification('Loading topics…', () => current.store.loadTopics(streamId));
  const empty = current.store.realm.emptyTopicDisplayName;
  const picked = await vscode.window.showQuickPick(
    topics.map((t) => ({ label: t.name === '' ? empty : t.name, description: t.unread ? `${t.unread} unread` : undefined, topic: t.name })),
    { placeHolder },
  );
  return picked ? { streamId, topic: picked.topic } : undefined;
}

export function channelName(current: CurrentSession, streamId: number): string {
  return `#${current.store.channelName(streamId) ?? streamId}`;
}
