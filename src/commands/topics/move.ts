/**
 * Resolve / unresolve, and rename or move a topic (SPEC.md operation 1, `PATCH /messages/{id}`
 * with `topic` / `stream_id`, a propagate mode and the two notification options). A
 * `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` refusal offers to move only the messages still movable.
 */
import * as vscode from 'vscode';
import { ApiError, type ChatClient } from '../../api';
import { updateMessage } from '../../api/routes/messages';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { isResolved, RESOLVED_PREFIX } from '../../store';
import { channelName, isInteractive, requireSession, runCommand, topicOf, UserFacingError, withProgress, type TopicArg } from '../channels/common';

export type PropagateMode = 'change_all' | 'change_later' | 'change_one';

export interface MoveArg extends TopicArg {
  newTopic?: string;
  newStreamId?: number;
  propagateMode?: PropagateMode;
  notifyOldThread?: boolean;
  notifyNewThread?: boolean;
}

/** Unresolving drops the prefix and any stray ✔ marks and spaces after it. */
export function unresolvedName(topic: string): string {
  return isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length).replace(/^[\u2714\s]+/u, '') : topic;
}

async function newestMessageId(current: CurrentSession, t: TopicArg): Promise<number> {
  const topics = await current.store.loadTopics(t.streamId);
  const item = topics.find((x) => x.name.toLowerCase() === t.topic.toLowerCase());
  if (!item) throw new UserFacingError(`The topic "${t.topic}" has no messages any more. Refresh the topics.`);
  return item.maxId;
}

interface MoveRequest {
  messageId: number;
  topic?: string;
  streamId?: number;
  mode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
}

async function send(client: ChatClient, r: MoveRequest, signal: AbortSignal): Promise<void> {
  await updateMessage(
    client,
    {
      message_id: r.messageId,
      ...(r.topic !== undefined ? { topic: r.topic } : {}),
      ...(r.streamId !== undefined ? { stream_id: r.streamId } : {}),
      propagate_mode: r.mode,
      send_notification_to_old_thread: r.notifyOld,
      send_notification_to_new_thread: r.notifyNew,
    },
    { signal },
  );
}

/** Sends the move; on the time-limit refusal, offers (interactively) the part that may move. */
async function moveWithLimit(current: CurrentSession, r: MoveRequest, title: string, interactive: boolean): Promise<boolean> {
  try {
    await withProgress(title, (signal) => send(current.client, r, signal));
    return true;
  } catch (error) {
    const limit = error instanceof ApiError ? error.moveTimeLimit : undefined;
    if (!limit || !interactive) throw error;
    const first = limit.firstMessageIdAllowedToMove;
    if (first === null || first === undefined || limit.totalMessagesAllowedToMove === 0) {
      throw new UserFacingError(`None of the ${limit.totalMessagesInTopic} messages may be moved any more: they are older than the organisation's time limit. Ask a moderator.`);
    }
    const action = `Move the ${limit.totalMessagesAllowedToMove} newest`;
    const choice = await vscode.window.showWarningMessage(
      `Only ${limit.totalMessagesAllowedToMove} of the ${limit.totalMessagesInTopic} messages may still be moved (time limit).`,
      { modal: true },
      action,
    );
    if (choice !== action) return false;
    await withProgress(title, (signal) => send(current.client, { ...r, messageId: first, mode: 'change_later' }, signal));
    return true;
  }
}

export function register(services: Services): vscode.Disposable[] {
  const resolve = (resolved: boolean) => (arg?: TopicArg) =>
    runCommand(services, arg, `Could not ${resolved ? 'resolve' : 'unresolve'} the topic: `, async () => {
      const current = requireSession(services);
      if (!current.store.realm.canResolveTopics()) {
        throw new UserFacingError('You are not allowed to resolve topics in this organisation (an administrator decides who may).');
      }
      const t = await topicOf(current, arg, `Choose a topic to ${resolved ? 'resolve' : 'unresolve'}`);
      if (!t) return false;
      if (resolved && t.topic === '') throw new UserFacingError('The empty topic cannot be marked resolved. Rename it first.');
      if (isResolved(t.topic) === resolved) return true;
      const topic = resolved ? RESOLVED_PREFIX + t.topic : unresolvedName(t.topic);
      const messageId = await newestMessageId(current, t);
      // Resolving sends no extra notification to the new thread (SPEC.md); keep the defaults.
      return moveWithLimit(current, { messageId, topic, mode: 'change_all', notifyOld: false, notifyNew: true }, `${resolved ? 'Resolving' : 'Unresolving'} "${unresolvedName(t.topic)}"…`, isInteractive(arg));
    });

  return [
    vscode.commands.registerCommand(Commands.topicResolve, resolve(true)),
    vscode.commands.registerCommand(Commands.topicUnresolve, resolve(false)),
    vscode.commands.registerCommand(Commands.topicMove, (arg?: MoveArg) =>
      runCommand(services, arg, 'Could not move the topic: ', async () => {
        const current = requireSession(services);
        const realm = current.store.realm;
        const canTopics = realm.canMoveBetweenTopics();
        const canChannels = realm.canMoveBetweenChannels();
        if (!canTopics && !canChannels) {
          throw new UserFacingError('You are not allowed to rename or move topics in this organisation (an administrator decides who may).');
        }
        const t = await topicOf(current, arg, 'Choose a topic to rename or move');
        if (!t) return false;
        const request = await askMove(current, t, arg, canTopics, canChannels);
        if (!request) return false;
        if (request.topic !== undefined && !canTopics) throw new UserFacingError('You may move topics to other channels but not rename them.');
        if (request.streamId !== undefined && !canChannels) throw new UserFacingError('You may rename topics but not move them to another channel.');
        const where = [request.topic !== undefined ? `"${request.topic}"` : '', request.streamId !== undefined ? channelName(current, request.streamId) : ''].filter(Boolean).join(' in ');
        return moveWithLimit(current, request, `Moving "${t.topic}" to ${where}…`, isInteractive(arg));
      }),
    ),
  ];
}

async function askMove(current: CurrentSession, t: TopicArg, arg: MoveArg | undefined, canTopics: boolean, canChannels: boolean): Promise<MoveRequest | undefined> {
  const store = current.store;
  const realm = store.realm;
  let newTopic = arg?.newTopic;
  let newStreamId = arg?.newStreamId;
  const scripted = arg?.newTopic !== undefined || arg?.newStreamId !== undefined;
  if (!scripted) {
    if (canChannels) {
      const here = { label: `$(arrow-right) Stay in ${channelName(current, t.streamId)}`, streamId: t.streamId };
      const others = store.subscriptions().filter((s) => s.stream_id !== t.streamId).map((s) => ({ label: `#${s.name}`, streamId: s.stream_id }));
      const picked = await vscode.window.showQuickPick([here, ...others], { placeHolder: 'Move to which channel?' });
      if (!picked) return undefined;
      newStreamId = picked.streamId === t.streamId ? undefined : picked.streamId;
    }
    const max = realm.maxTopicLength;
    const typed = await vscode.window.showInputBox({
      prompt: canTopics ? 'New topic name' : 'Topic name (you may not rename topics here)',
      value: t.topic,
      validateInput: (v) => {
        if ([...v].length > max) return `At most ${max} characters.`;
        if (realm.mandatoryTopics && (v.trim() === '' || v === '(no topic)' || v === realm.emptyTopicDisplayName)) return 'Topics are required in this organisation.';
        return undefined;
      },
    });
    if (typed === undefined) return undefined;
    newTopic = typed;
  }
  if (newTopic === t.topic) newTopic = undefined;
  if (newTopic === undefined && newStreamId === undefined) return undefined;

  let mode = arg?.propagateMode;
  const unread = store.unreadIdsOfTopic(t.streamId, t.topic);
  const newest = await newestMessageId(current, t);
  let messageId = newest;
  if (!mode) {
    const modes: (vscode.QuickPickItem & { mode: PropagateMode })[] = [
      { label: 'All messages in the topic', description: 'change_all', mode: 'change_all' },
      ...(unread.length > 0 ? [{ label: 'From the first unread message on', description: 'change_later', mode: 'change_later' as const }] : []),
      { label: 'Only the newest message', description: 'change_one', mode: 'change_one' },
    ];
    const picked = await vscode.window.showQuickPick(modes, { placeHolder: 'Which messages should move?' });
    if (!picked) return undefined;
    mode = picked.mode;
  }
  if (mode === 'change_later' && unread.length > 0) messageId = Math.min(...unread);

  let notifyOld = arg?.notifyOldThread;
  let notifyNew = arg?.notifyNewThread;
  if (!scripted) {
    const items = [
      { label: 'Notify the old topic', detail: 'Post a note in the old topic saying where the messages went.', picked: false, key: 'old' },
      { label: 'Notify the new topic', detail: 'Post a note in the new topic saying where the messages came from.', picked: true, key: 'new' },
    ];
    const picked = await vscode.window.showQuickPick(items, { canPickMany: true, placeHolder: 'Notifications about the move (check the ones to send)' });
    if (!picked) return undefined;
    notifyOld = picked.some((p) => p.key === 'old');
    notifyNew = picked.some((p) => p.key === 'new');
  }
  return { messageId, topic: newTopic, streamId: newStreamId, mode, notifyOld: notifyOld ?? false, notifyNew: notifyNew ?? true };
}
