/**
 * What the channel and topic commands share: the current session, argument handling, progress
 * with cancellation, and errors. Commands take an optional argument: a tree node (from a menu),
 * a plain object such as `{ streamId }` (tests and other commands: failures are then thrown,
 * not shown), or nothing (the command asks).
 */
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { showError } from '../../session/errors';
import type { CurrentSession } from '../../session/manager';

/** A refusal the user can act on (not signed in, not permitted); shown as a warning. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
}

export interface ChannelArg {
  readonly kind?: 'channel';
  readonly streamId: number;
}

export interface TopicArg {
  readonly kind?: 'topic';
  readonly streamId: number;
  readonly topic: string;
}

/** Arguments from the tree (a node with `kind`) or none: show failures; plain objects: throw them. */
export function isInteractive(arg: unknown): boolean {
  return arg === undefined || (typeof arg === 'object' && arg !== null && 'kind' in arg);
}

export function requireSession(services: Services): CurrentSession {
  const current = services.sessions.current;
  if (current) return current;
  if (services.accounts.active) throw new UserFacingError('Team Chat is still connecting to the chat server. Try again in a moment.');
  throw new UserFacingError('Sign in to a chat server first (Team Chat: Sign In).');
}

/**
 * Runs a command body; in interactive use, failures become notifications (refusals as warnings,
 * the rest as errors with actions) and the result is undefined.
 */
export async function runCommand<T>(services: Services, arg: unknown, failurePrefix: string, body: () => Promise<T>): Promise<T | undefined> {
  try {
    return await body();
  } catch (error) {
    if (!isInteractive(arg)) throw error;
    if (error instanceof UserFacingError) void vscode.window.showWarningMessage(error.message);
    else void showError(failurePrefix, error, services.log);
    return undefined;
  }
}

/** A long action under a cancellable notification progress; the token aborts the request. */
export function withProgress<T>(title: string, work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    return work(abort.signal, progress).finally(() => sub.dispose());
  });
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
  const topics = await withProgress('Loading topics…', () => current.store.loadTopics(streamId));
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
