/**
 * What the channel and topic commands share: their arguments (a tree node from a menu, a plain
 * object such as `{ streamId }` from tests and other commands, or nothing: the command asks).
 */
import * as vscode from 'vscode';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration, CommandId, SessionCommandContext } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { pickOne } from '../../ui/quickInput';

export interface ChannelArg {
  readonly kind?: 'channel';
  readonly streamId: number;
}

export interface TopicArg {
  readonly kind?: 'topic';
  readonly streamId: number;
  readonly topic: string;
}

interface TargetDeclaration<R> {
  readonly id: CommandId;
  readonly failure: string;
  /** The pick's placeholder when the argument names no channel (topic). */
  readonly placeHolder: string;
  /** What the command resolves to when the pick is dismissed. */
  readonly dismissed?: R;
}

/** A command about one channel: the argument's, or one the user picks. */
export function channelCommand<A extends ChannelArg, R>(
  declaration: TargetDeclaration<R>,
  run: (ctx: SessionCommandContext, streamId: number, arg: A | undefined) => Promise<R>,
): CommandDeclaration {
  return targetCommand(channelOf, declaration, run);
}

/** A command about one topic: the argument's, or one the user picks (channel, then topic). */
export function topicCommand<A extends TopicArg, R>(
  declaration: TargetDeclaration<R>,
  run: (ctx: SessionCommandContext, topic: TopicArg, arg: A | undefined) => Promise<R>,
): CommandDeclaration {
  return targetCommand(topicOf, declaration, run);
}

function targetCommand<T, A, R>(
  resolve: (current: CurrentSession, arg: A | undefined, placeHolder: string) => Promise<T | undefined>,
  { placeHolder, dismissed, ...rest }: TargetDeclaration<R>,
  run: (ctx: SessionCommandContext, target: T, arg: A | undefined) => Promise<R>,
): CommandDeclaration {
  return {
    ...rest,
    session: true,
    async run(ctx: SessionCommandContext, arg?: A) {
      const target = await resolve(ctx.current, arg, placeHolder);
      return target === undefined ? dismissed : run(ctx, target, arg);
    },
  };
}

/** The channel of the argument, or one the user picks among the subscriptions. */
export async function channelOf(
  current: CurrentSession,
  arg: ChannelArg | undefined,
  placeHolder: string,
): Promise<number | undefined> {
  if (arg && typeof arg.streamId === 'number') {
    if (!current.store.subscription(arg.streamId))
      throw new UserFacingError(
        vscode.l10n.t('You are not subscribed to channel {0} any more. Refresh the channel list.', arg.streamId),
      );
    return arg.streamId;
  }
  const picked = await pickOne(
    current.store.subscriptions().map((s) => ({
      label: `#${s.name}`,
      description: s.is_muted ? vscode.l10n.t('muted') : undefined,
      streamId: s.stream_id,
    })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.streamId;
}

/** The topic of the argument, or one the user picks (channel first, then topic). */
export async function topicOf(
  current: CurrentSession,
  arg: TopicArg | undefined,
  placeHolder: string,
): Promise<TopicArg | undefined> {
  if (arg && typeof arg.streamId === 'number' && typeof arg.topic === 'string') return arg;
  const streamId = await channelOf(current, undefined, vscode.l10n.t('Choose the channel of the topic'));
  if (streamId === undefined) return undefined;
  const topics = await withNotification(vscode.l10n.t('Loading topics…'), () => current.store.loadTopics(streamId));
  const empty = current.store.realm.emptyTopicDisplayName;
  const picked = await pickOne(
    topics.map((t) => ({
      label: t.name === '' ? empty : t.name,
      description: t.unread ? vscode.l10n.t('{0} unread', t.unread) : undefined,
      topic: t.name,
    })),
    { placeHolder },
  );
  return picked ? { streamId, topic: picked.topic } : undefined;
}

export function channelName(current: CurrentSession, streamId: number): string {
  return `#${current.store.channelName(streamId) ?? streamId}`;
}
