/**
 * Resolve / unresolve, and rename or move a topic (docs/API.md operation 1, `PATCH /messages/{id}`
 * with `topic` / `stream_id`, a propagate mode and the two notification options). A
 * `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` refusal offers to move only the messages still movable.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import { isResolved, RESOLVED_PREFIX } from '../../store/keys';
import type { CommandDeclaration } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { channelName, topicOf, type TopicArg } from '../channels/common';
import {
  moveMessages,
  pickNotifications,
  pickPropagateMode,
  type MoveRequest,
  type PropagateMode,
} from '../messages/moveFlow';
import { channelChoices } from '../topic/channelChoices';
import { archivedRefusal, topicBox, topicRefusal, topicsPolicyOf, writeRefusalOf } from '../../store/channelPolicy';
import { askText, pickOne } from '../../ui/quickInput';

export interface MoveArg extends TopicArg {
  newTopic?: string;
  newStreamId?: number;
  propagateMode?: PropagateMode;
  notifyOldThread?: boolean;
  notifyNewThread?: boolean;
  /** On the time-limit refusal: move the part still allowed (scripted callers; default: refuse). */
  moveAllowedPart?: boolean;
}

/** Unresolving drops the prefix and any stray ✔ marks and spaces after it. */
export function unresolvedName(topic: string): string {
  return isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length).replace(/^[\u2714\s]+/u, '') : topic;
}

async function newestMessageId(current: CurrentSession, t: TopicArg): Promise<number> {
  const topics = await current.store.loadTopics(t.streamId);
  const item = topics.find((x) => x.name.toLowerCase() === t.topic.toLowerCase());
  if (!item)
    throw new UserFacingError(vscode.l10n.t('The topic "{0}" has no messages any more. Refresh the topics.', t.topic));
  return item.maxId;
}

/**
 * Sends the move under a cancellable progress (moveFlow's `moveMessages`: the time-limit refusal
 * offers the part that may still move, with `change_later`). Scripted callers get the refusal
 * thrown unless they answered `moveAllowedPart`; interactive ones see it once.
 */
async function move(
  request: MoveRequest,
  current: CurrentSession,
  title: string,
  arg: MoveArg | TopicArg | undefined,
  interactive: boolean,
): Promise<boolean> {
  const moveAllowedPart = (arg as MoveArg | undefined)?.moveAllowedPart ?? (interactive ? undefined : false);
  const outcome = await withNotification(title, (signal) =>
    moveMessages(current.client, request, { moveAllowedPart }, signal),
  );
  if (outcome.status === 'moved') {
    if (outcome.partial && interactive)
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Moved the messages you were allowed to move; the older ones stay.'),
      );
    return true;
  }
  if (outcome.status === 'cancelled') return false;
  // moveMessages has already shown the time-limit explanation to an interactive user.
  if (interactive && outcome.code === 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED' && moveAllowedPart === undefined)
    return false;
  // The kit explains the error (with the time-limit and mention explanations of errorMessage.ts).
  if (outcome.error !== undefined) throw outcome.error;
  throw new UserFacingError(outcome.explanation);
}

/** Nothing in an archived channel is resolved, renamed or moved: refused with the reason. */
function refuseArchived(current: CurrentSession, streamId: number): void {
  const refusal = archivedRefusal(current.store.channel(streamId));
  if (refusal) throw new UserFacingError(refusal);
}

function resolve(id: CommandDeclaration['id'], resolved: boolean): CommandDeclaration {
  return {
    id,
    session: true,
    failure: resolved ? vscode.l10n.t('Could not resolve the topic') : vscode.l10n.t('Could not unresolve the topic'),
    async run({ current, interactive }, arg?: TopicArg) {
      const { store } = current;
      // The organisation's group or, per channel, the channel's own (FL 402): refused before any request.
      if (!store.realm.canResolveTopics() && !store.subscriptions().some((s) => store.realm.canResolveTopics(s))) {
        throw new UserFacingError(
          vscode.l10n.t(
            'You are not allowed to resolve topics in this organisation (an administrator decides who may).',
          ),
        );
      }
      const t = await topicOf(
        current,
        arg,
        resolved ? vscode.l10n.t('Choose a topic to resolve') : vscode.l10n.t('Choose a topic to unresolve'),
      );
      if (!t) return false;
      refuseArchived(current, t.streamId);
      if (!store.realm.canResolveTopics(store.channel(t.streamId))) {
        throw new UserFacingError(
          vscode.l10n.t(
            'You are not allowed to resolve topics in {0} (the organisation and the channel decide who may).',
            channelName(current, t.streamId),
          ),
        );
      }
      if (resolved && t.topic === '')
        throw new UserFacingError(vscode.l10n.t('The empty topic cannot be marked resolved. Rename it first.'));
      if (isResolved(t.topic) === resolved) return true;
      const topic = resolved ? RESOLVED_PREFIX + t.topic : unresolvedName(t.topic);
      const messageId = await newestMessageId(current, t);
      // Resolving sends no extra notification to the new thread (docs/API.md); keep the defaults.
      const request: MoveRequest = {
        messageId,
        topic,
        propagateMode: 'change_all',
        sendNotificationToOldThread: false,
        sendNotificationToNewThread: true,
      };
      const title = resolved
        ? vscode.l10n.t('Resolving "{0}"…', unresolvedName(t.topic))
        : vscode.l10n.t('Unresolving "{0}"…', unresolvedName(t.topic));
      return move(request, current, title, arg, interactive);
    },
  };
}

export const commands: CommandDeclaration[] = [
  resolve(Commands.topicResolve, true),
  resolve(Commands.topicUnresolve, false),
  {
    id: Commands.topicMove,
    session: true,
    failure: vscode.l10n.t('Could not move the topic'),
    async run({ current, interactive }, arg?: MoveArg) {
      const { store } = current;
      const realm = store.realm;
      // The organisation's groups or, per channel, the channel's own (FL 396): refused before any request.
      const mayMove = (sub?: Parameters<typeof realm.canMoveBetweenTopics>[0]) =>
        realm.canMoveBetweenTopics(sub) || realm.canMoveBetweenChannels(sub);
      if (!mayMove() && !store.subscriptions().some((s) => mayMove(s))) {
        throw new UserFacingError(
          vscode.l10n.t(
            'You are not allowed to rename or move topics in this organisation (an administrator decides who may).',
          ),
        );
      }
      const t = await topicOf(current, arg, vscode.l10n.t('Choose a topic to rename or move'));
      if (!t) return false;
      refuseArchived(current, t.streamId);
      const sub = store.channel(t.streamId);
      const canTopics = realm.canMoveBetweenTopics(sub);
      const canChannels = realm.canMoveBetweenChannels(sub);
      if (!canTopics && !canChannels) {
        throw new UserFacingError(
          vscode.l10n.t(
            'You are not allowed to rename or move topics in {0} (the organisation and the channel decide who may).',
            channelName(current, t.streamId),
          ),
        );
      }
      const request = await askMove(current, t, arg, canTopics, canChannels);
      if (!request) return false;
      // Scripted destinations: an archived channel, or a topic its policy forbids, is refused here with the reason.
      const refusal = writeRefusalOf(current.store, request.streamId ?? t.streamId, request.topic ?? t.topic);
      if (refusal) throw new UserFacingError(refusal);
      if (request.topic !== undefined && !canTopics)
        throw new UserFacingError(vscode.l10n.t('You may move topics to other channels but not rename them.'));
      if (request.streamId !== undefined && !canChannels)
        throw new UserFacingError(vscode.l10n.t('You may rename topics but not move them to another channel.'));
      const channel = request.streamId !== undefined ? channelName(current, request.streamId) : undefined;
      const title =
        request.topic !== undefined && channel !== undefined
          ? vscode.l10n.t('Moving "{0}" to "{1}" in {2}…', t.topic, request.topic, channel)
          : request.topic !== undefined
            ? vscode.l10n.t('Moving "{0}" to "{1}"…', t.topic, request.topic)
            : vscode.l10n.t('Moving "{0}" to {1}…', t.topic, channel ?? '');
      return move(request, current, title, arg, interactive);
    },
  },
];

async function askMove(
  current: CurrentSession,
  t: TopicArg,
  arg: MoveArg | undefined,
  canTopics: boolean,
  canChannels: boolean,
): Promise<MoveRequest | undefined> {
  const store = current.store;
  const realm = store.realm;
  let newTopic = arg?.newTopic;
  let newStreamId = arg?.newStreamId;
  const scripted = arg?.newTopic !== undefined || arg?.newStreamId !== undefined;
  if (!scripted) {
    if (canChannels) {
      const here = {
        label: vscode.l10n.t('$(arrow-right) Stay in {0}', channelName(current, t.streamId)),
        streamId: t.streamId,
      };
      // Like Zulip's move dialog: only channels the user may post in.
      const others = channelChoices(store, 'post').filter((c) => c.streamId !== t.streamId);
      const picked = await pickOne([here, ...others], {
        placeHolder: vscode.l10n.t('Move to which channel?'),
      });
      if (!picked) return undefined;
      newStreamId = picked.streamId === t.streamId ? undefined : picked.streamId;
    }
    const max = realm.maxTopicLength;
    // The destination's topics policy: a "general chat" channel takes the empty topic only (no box).
    const policy = topicsPolicyOf(store, newStreamId ?? t.streamId);
    const typed =
      topicBox(policy) === 'hidden'
        ? ''
        : await askText({
            prompt: canTopics
              ? vscode.l10n.t('New topic name')
              : vscode.l10n.t('Topic name (you may not rename topics here)'),
            value: t.topic,
            validateInput: (v) =>
              [...v].length > max
                ? vscode.l10n.t('At most {0} characters.', max)
                : topicRefusal(policy, v, realm.emptyTopicDisplayName),
          });
    if (typed === undefined) return undefined;
    newTopic = typed;
  }
  if (newTopic === t.topic) newTopic = undefined;
  if (newTopic === undefined && newStreamId === undefined) return undefined;

  const unread = store.unreadIdsOfTopic(t.streamId, t.topic);
  const mode =
    arg?.propagateMode ?? (await pickPropagateMode('change_all', { kind: 'topic', hasUnread: unread.length > 0 }));
  if (!mode) return undefined;
  // change_one moves the newest message; change_later starts at the first unread one.
  const messageId =
    mode === 'change_later' && unread.length > 0 ? Math.min(...unread) : await newestMessageId(current, t);

  let notify = {
    sendNotificationToOldThread: arg?.notifyOldThread ?? false,
    sendNotificationToNewThread: arg?.notifyNewThread ?? true,
  };
  if (!scripted) {
    const picked = await pickNotifications({ oldThread: false, newThread: true });
    if (!picked) return undefined;
    notify = picked;
  }
  return { messageId, topic: newTopic, streamId: newStreamId, propagateMode: mode, ...notify };
}
