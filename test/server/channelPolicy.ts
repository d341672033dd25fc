// What a channel lets anyone write, as the real server decides it: archived channels nothing
// (`access_message(..., is_modifying_message=True)` answers "Invalid message(s)"; sending answers
// "Not authorized to send to channel ..."), and the topics policy which topics (feature levels 392
// and 404; zerver/actions/message_send.py and message_edit.py): `MessagesNotAllowedInEmptyTopicError`
// and `TopicsNotAllowedError`, both naming the empty topic by the realm's display name.
import type { ChatServer } from './core';
import { badRequest } from './errors';
import type { Message, Stream, User } from './types';

export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/** Feature level of `topics_policy` and `realm_topics_policy`. */
export const TOPICS_POLICY_FL = 392;
/** Feature level of the `empty_topic_only` value. */
export const EMPTY_TOPIC_ONLY_FL = 404;

/** The realm's default: `topics_policy` from feature level 392, `mandatory_topics` before. */
export function realmTopicsPolicy(srv: ChatServer): 'allow_empty_topic' | 'disable_empty_topic' {
  if (srv.fl >= TOPICS_POLICY_FL)
    return srv.realmSetting<string>('topics_policy') === 'disable_empty_topic'
      ? 'disable_empty_topic'
      : 'allow_empty_topic';
  return srv.realmSetting<boolean>('mandatory_topics') ? 'disable_empty_topic' : 'allow_empty_topic';
}

/** A channel's own `topics_policy` as a server at this feature level has it (none below 392, no `empty_topic_only` below 404). */
export function ownTopicsPolicy(srv: ChatServer, s: Stream): TopicsPolicy {
  const own = s.topicsPolicy ?? 'inherit';
  if (srv.fl < TOPICS_POLICY_FL || (own === 'empty_topic_only' && srv.fl < EMPTY_TOPIC_ONLY_FL)) return 'inherit';
  return own;
}

/** A channel's effective policy (`get_stream_topics_policy`): its own, or the realm's for `inherit`. */
export function streamTopicsPolicy(srv: ChatServer, s: Stream): Exclude<TopicsPolicy, 'inherit'> {
  const own = ownTopicsPolicy(srv, s);
  return own === 'inherit' ? realmTopicsPolicy(srv) : own;
}

/**
 * Refuses a message to `topic` ("" for the empty topic) of `s` that its policy forbids. `moved`: an
 * edit, checked for the empty topic only when the topic or channel changes (as the real server).
 */
export function checkTopicsPolicy(srv: ChatServer, s: Stream, topic: string, moved = true): void {
  if (srv.fl < TOPICS_POLICY_FL) return;
  const policy = streamTopicsPolicy(srv, s);
  const name = srv.realmSetting<string>('empty_topic_display_name');
  if (policy === 'disable_empty_topic' && topic === '' && moved) {
    throw badRequest(`Sending messages to the ${name} topic is not allowed in this channel.`, 'TOPICS_REQUIRED');
  }
  if (policy === 'empty_topic_only' && topic !== '')
    throw badRequest(`Only the ${name} topic is allowed in this channel.`, 'TOPICS_NOT_ALLOWED');
}

/** Refuses changes (edits, moves, deletions, reactions) to a message of an archived channel. */
export function checkModifiable(srv: ChatServer, _user: User, m: Message): void {
  if (m.type !== 'stream') return;
  if (srv.state.streams.get(m.streamId!)?.isArchived) throw badRequest('Invalid message(s)');
}
