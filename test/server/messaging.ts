import { attachWidget } from './widgets';
import { ChatServer } from './core';
import { ApiError, badRequest } from './errors';
import { EventQueue } from './events';
import { Rendered } from './render';
import { serializeMessage } from './serialize';
import { FLAG_BITS, Message, Stream, User } from './types';
import { deliverToOutgoingBots } from './webhooks';

export type Destination = { type: 'stream'; stream: Stream; topic: string } | { type: 'private'; userIds: number[] };

/** The message as a queue's client wants it (markdown, gravatar, empty-topic capability). */
export function messageForQueue(srv: ChatServer, q: EventQueue, m: Message): Record<string, unknown> {
  const viewer = srv.user(q.opts.userId);
  const msg = serializeMessage(srv, viewer, m, {
    applyMarkdown: q.opts.applyMarkdown,
    clientGravatar: q.opts.clientGravatar,
    allowEmptyTopic: q.opts.capabilities.empty_topic_name === true,
  });
  delete msg.flags;
  return msg;
}

/** Who took part in a topic, as the service counts them: its senders and everyone who reacted in it. */
export function topicParticipants(srv: ChatServer, streamId: number, topic: string): Set<number> {
  const ids = new Set<number>();
  for (const m of srv.state.topicMessages(streamId, topic)) {
    ids.add(m.senderId);
    for (const r of m.reactions) ids.add(r.userId);
  }
  return ids;
}

/** Reject wildcard mentions the user may not use (the service's rules for channels >15 subscribers). */
export function checkWildcards(srv: ChatServer, user: User, stream: Stream, topic: string, r: Rendered): void {
  const allowed = srv.state.inGroup(user, srv.realmSetting<number>('can_mention_many_users_group'));
  if (allowed) return;
  if (r.streamWildcard && stream.subscribers.size > 15) {
    throw badRequest(
      'You do not have permission to use channel wildcard mentions in this channel.',
      srv.fl >= 229 ? 'STREAM_WILDCARD_MENTION_NOT_ALLOWED' : 'BAD_REQUEST',
    );
  }
  if (r.topicWildcard && topicParticipants(srv, stream.id, topic).size > 15) {
    throw badRequest(
      'You do not have permission to use topic wildcard mentions in this topic.',
      srv.fl >= 229 ? 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED' : 'BAD_REQUEST',
    );
  }
}

/**
 * The mention flags of one recipient. `@**topic**` mentions only the topic's participants
 * (`participants`; every recipient of a direct message), as the service flags it.
 */
export function mentionBits(r: Rendered, userId: number, participants?: ReadonlySet<number>): number {
  let bits = 0;
  if (r.mentionedUserIds.has(userId)) bits |= FLAG_BITS.mentioned;
  if (r.streamWildcard) bits |= FLAG_BITS.stream_wildcard_mentioned;
  if (r.topicWildcard && (!participants || participants.has(userId))) bits |= FLAG_BITS.topic_wildcard_mentioned;
  return bits;
}

/** Attach uploads linked from the content to the message; returns nothing. */
export function claimUploads(srv: ChatServer, m: Message, pathIds: string[]): void {
  for (const a of srv.state.attachments.values()) {
    if (pathIds.includes(a.pathId)) a.messageIds.add(m.id);
  }
}

export interface SendOptions {
  client?: string;
  queueId?: string;
  localId?: string;
  readBySender?: boolean;
  skipChecks?: boolean;
  /** Rendered content to store instead of rendering `content` (the raw-message test control). */
  html?: string;
}

/** Store a new message, set flags for its recipients, send `message` events and trigger bots. */
export function sendMessage(
  srv: ChatServer,
  sender: User,
  dest: Destination,
  content: string,
  opts: SendOptions = {},
): Message {
  const st = srv.state;
  const rendered = srv.render(content);
  if (dest.type === 'stream' && !opts.skipChecks) checkWildcards(srv, sender, dest.stream, dest.topic, rendered);
  const m: Message = {
    id: st.nextId('message'),
    type: dest.type,
    senderId: sender.id,
    topic: dest.type === 'stream' ? dest.topic : '',
    content,
    rendered: opts.html ?? rendered.html,
    timestamp: srv.now(),
    client: opts.client ?? 'website',
    reactions: [],
    editHistory: [],
  };
  if (dest.type === 'stream') m.streamId = dest.stream.id;
  else m.dmUsers = [...new Set([...dest.userIds, sender.id])].sort((a, b) => a - b);
  attachWidget(m, () => st.nextId('submessage'));
  // Participants before this message (the sender's first message does not make them one).
  const participants =
    dest.type === 'stream' && rendered.topicWildcard ? topicParticipants(srv, dest.stream.id, dest.topic) : undefined;
  st.addMessage(m);
  const recipients = dest.type === 'stream' ? [...dest.stream.subscribers] : m.dmUsers!;
  for (const uid of recipients) {
    const own = uid === sender.id;
    const read = own && (opts.readBySender ?? !sender.isBot) ? FLAG_BITS.read : 0;
    st.setUserMessage(uid, m.id, read | (own ? 0 : mentionBits(rendered, uid, participants)));
  }
  claimUploads(srv, m, rendered.uploadPathIds);
  srv.queues.send(recipients, 'message', (q) => {
    const e: Record<string, unknown> & { type: string } = {
      type: 'message',
      message: messageForQueue(srv, q, m),
      flags: st.flagsList(q.opts.userId, m),
    };
    if (q.id === opts.queueId && opts.localId !== undefined) e.local_message_id = opts.localId;
    return e;
  });
  deliverToOutgoingBots(srv, m, rendered);
  return m;
}

/** Automated message from the notification bot (moves, resolves, reminders). */
export function sendNotification(srv: ChatServer, dest: Destination, content: string): Message {
  return sendMessage(srv, srv.user(srv.state.notificationBotId), dest, content, {
    client: 'Internal',
    skipChecks: true,
  });
}

export function mentionSyntax(u: User): string {
  return `@_**${u.fullName}|${u.id}**`;
}

export function resolveStream(srv: ChatServer, user: User, to: unknown): Stream {
  const st = srv.state;
  let s: Stream | undefined;
  if (typeof to === 'number') s = st.streams.get(to);
  else if (typeof to === 'string') s = st.streamsByName.get(to.toLowerCase());
  if (!s || (s.inviteOnly && !st.canAccessStream(user, s))) {
    if (typeof to === 'number')
      throw badRequest(`Channel with ID '${to}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream_id: to });
    throw badRequest(`Channel '${String(to)}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream: String(to) });
  }
  return s;
}

export function resolveUsers(srv: ChatServer, recipients: unknown[]): number[] {
  const ids: number[] = [];
  for (const r of recipients) {
    const u =
      typeof r === 'number' ? srv.state.users.get(r) : typeof r === 'string' ? srv.state.userByAnyEmail(r) : undefined;
    if (!u || u.isSystemBot) {
      throw typeof r === 'number' ? badRequest(`Invalid user ID ${r}`) : badRequest(`Invalid email '${String(r)}'`);
    }
    if (!u.isActive) throw badRequest(`'${srv.state.apiEmail(u)}' is no longer using Zulip.`);
    ids.push(u.id);
  }
  return ids;
}

/** Validate a topic for a channel destination; returns the normalised topic. */
export function checkTopic(srv: ChatServer, raw: string, truncate: boolean): string {
  let topic = srv.topicIn(raw);
  const max = srv.realmSetting<number>('max_topic_length');
  if ([...topic].length > max) {
    if (!truncate) throw badRequest(`Topic too long (limit: ${max} characters)`);
    topic = [...topic].slice(0, max - 3).join('') + '...';
  }
  if (/[\u0000-\u001f]/.test(topic)) throw badRequest('Invalid character in topic, at position 1!');
  // From feature level 392 the channel's topics policy decides (checkTopicsPolicy).
  if (topic === '' && srv.fl < 392 && srv.realmSetting<boolean>('mandatory_topics'))
    throw badRequest('Topics are required in this organization.');
  return topic;
}

export function checkContent(srv: ChatServer, content: string, truncate: boolean): string {
  const max = srv.realmSetting<number>('max_message_length');
  if (content.trim() === '') throw badRequest('Message must not be empty');
  if (content.length > max) {
    if (!truncate) throw badRequest(`Message too long (limit: ${max} characters)`);
    return content.slice(0, max - 20) + '\n[message truncated]';
  }
  return content;
}

/** Parse the `type` parameter of send/schedule, honouring the feature level of each name. */
export function messageType(srv: ChatServer, type: string): 'stream' | 'private' {
  if (type === 'stream' || (type === 'channel' && srv.fl >= 248)) return 'stream';
  if (type === 'private' || (type === 'direct' && srv.fl >= 174)) return 'private';
  throw badRequest('Invalid message type', 'BAD_REQUEST');
}

export function getAccessibleMessage(srv: ChatServer, user: User, id: number): Message {
  const m = srv.state.messages.get(id);
  if (!m || !srv.state.canAccessMessage(user, m)) throw badRequest('Invalid message(s)');
  return m;
}

export { ApiError };
