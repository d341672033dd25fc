import { checkModifiable, checkTopicsPolicy } from '../channelPolicy';
import { createHash } from 'node:crypto';
import { ChatServer } from '../core';
import { checkNewTopic, mayMoveOut, mayMoveWithin, mayResolve } from '../channelPermissions';
import { badRequest } from '../errors';
import {
  checkContent,
  checkTopic,
  checkWildcards,
  getAccessibleMessage,
  mentionBits,
  mentionSyntax,
  messageForQueue,
  sendNotification,
  topicParticipants,
} from '../messaging';
import { oneOf } from '../params';
import { topicLinks } from '../render';
import { Ctx, Route } from '../router';
import { RESOLVED_PREFIX } from '../state';
import { EditEntry, FLAG_BITS, Message, Stream, User } from '../types';

/** Grace the service adds to the content edit limit. */
const EDIT_LIMIT_BUFFER = 20;

function stripResolved(topic: string): string {
  return topic.startsWith(RESOLVED_PREFIX) ? topic.slice(RESOLVED_PREFIX.length).replace(/^[\u2714\s]+/, '') : topic;
}

function denied(): never {
  throw badRequest("You don't have permission to edit this message");
}

/** `PATCH /messages/{message_id}`: content edits, topic moves, channel moves, resolve/unresolve. */
function editMessage(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const now = srv.now();
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  checkModifiable(srv, user, m);
  const mode: string = p.propagate_mode;
  if (p.content !== undefined && p.stream_id !== undefined)
    throw badRequest('Cannot change message content while changing channel');
  if (p.content === undefined && p.topic === undefined && p.stream_id === undefined)
    throw badRequest('Nothing to change');
  if (p.topic === undefined && p.stream_id === undefined && mode !== 'change_one')
    throw badRequest('Invalid propagate_mode without topic edit');
  if (m.type === 'private' && p.stream_id !== undefined)
    throw badRequest('Direct messages cannot be moved to channels.');
  if (m.type === 'private' && p.topic !== undefined) throw badRequest('Direct messages cannot have topics.');

  // Content edit checks.
  let newContent: string | undefined;
  if (p.content !== undefined) {
    if (!srv.realmSetting('allow_message_editing') || m.senderId !== user.id) denied();
    const limit = srv.realmSetting<number | null>('message_content_edit_limit_seconds');
    if (limit !== null && now - m.timestamp > limit + EDIT_LIMIT_BUFFER)
      throw badRequest('The time limit for editing this message has passed');
    if (p.prev_content_sha256 !== undefined) {
      const hash = createHash('sha256').update(m.content, 'utf8').digest('hex');
      if (hash !== p.prev_content_sha256)
        throw badRequest("'prev_content_sha256' value does not match the expected value.");
    }
    newContent = p.content.trim() === '' ? '(deleted)' : checkContent(srv, p.content, false);
  }

  // Move checks.
  const oldStream = m.type === 'stream' ? st.streams.get(m.streamId!)! : undefined;
  let newTopic: string | undefined;
  let newStream: Stream | undefined;
  if (p.topic !== undefined) {
    newTopic = checkTopic(srv, p.topic, false);
    if (newTopic === m.topic) newTopic = undefined;
  }
  if (p.stream_id !== undefined) {
    const s = st.streams.get(p.stream_id);
    if (!s || !st.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
    if (s.id !== m.streamId) {
      if (!st.canPostToStream(user, s)) throw badRequest("You don't have permission to move this message");
      newStream = s;
    }
  }
  if (oldStream)
    checkTopicsPolicy(
      srv,
      newStream ?? oldStream,
      newTopic ?? m.topic,
      newTopic !== undefined || newStream !== undefined,
    );
  const resolving = newTopic !== undefined && newStream === undefined && newTopic === RESOLVED_PREFIX + m.topic;
  const unresolving =
    newTopic !== undefined &&
    newStream === undefined &&
    m.topic.startsWith(RESOLVED_PREFIX) &&
    newTopic === stripResolved(m.topic);
  if (newTopic !== undefined && newTopic.startsWith(RESOLVED_PREFIX) && stripResolved(newTopic) === '') {
    throw badRequest(`${srv.realmSetting<string>('empty_topic_display_name')} cannot be marked as resolved`);
  }
  const isMove = newTopic !== undefined || newStream !== undefined;
  let toMove: Message[] = [m];
  if (isMove) {
    const privileged = st.isModOrAdmin(user);
    // The channel's own groups widen the organisation's (channelPermissions.ts).
    const target = newStream ?? oldStream!;
    if (resolving || unresolving) {
      if (!mayResolve(srv, user, oldStream!, target)) {
        throw badRequest(
          srv.fl >= 402
            ? "You don't have permission to resolve topics in this channel."
            : "You don't have permission to resolve topics in this organization.",
        );
      }
    } else {
      if (newTopic !== undefined && !mayMoveWithin(srv, user, oldStream!, target))
        throw badRequest("You don't have permission to edit this message");
      if (newStream !== undefined && !mayMoveOut(srv, user, oldStream!))
        throw badRequest("You don't have permission to move this message");
    }
    const inTopic = st.topicMessages(m.streamId!, m.topic).filter((x) => st.canAccessMessage(user, x));
    toMove = mode === 'change_all' ? inTopic : mode === 'change_later' ? inTopic.filter((x) => x.id >= m.id) : [m];
    if (!toMove.includes(m)) toMove = [m, ...toMove].sort((a, b) => a.id - b.id);
    if (!privileged && !resolving && !unresolving) {
      const limits: number[] = [];
      if (newTopic !== undefined)
        limits.push(srv.realmSetting<number | null>('move_messages_within_stream_limit_seconds') ?? Infinity);
      if (newStream !== undefined)
        limits.push(srv.realmSetting<number | null>('move_messages_between_streams_limit_seconds') ?? Infinity);
      const limit = Math.min(...limits);
      if (mode === 'change_all') {
        const allowed = toMove.filter((x) => now - x.timestamp <= limit);
        if (allowed.length < toMove.length && srv.fl >= 172) {
          throw badRequest(
            'You only have permission to move the most recent messages in this topic.',
            'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
            {
              first_message_id_allowed_to_move: allowed.length ? allowed[0].id : null,
              total_messages_in_topic: toMove.length,
              total_messages_allowed_to_move: allowed.length,
            },
          );
        }
      } else if (now - m.timestamp > limit) {
        throw badRequest(
          newStream
            ? "The time limit for editing this message's channel has passed"
            : "The time limit for editing this message's topic has passed",
        );
      }
    }
  }
  if (isMove && !resolving && !unresolving) checkNewTopic(srv, user, newStream ?? oldStream!, newTopic ?? m.topic);
  if (newContent !== undefined && m.type === 'stream')
    checkWildcards(srv, user, oldStream!, newTopic ?? m.topic, srv.render(newContent));

  const audienceBefore = new Set(toMove.flatMap((x) => srv.messageAudience(x)));
  const detached = newContent !== undefined ? applyContent(srv, user, m, newContent, now) : [];
  const origTopic = m.topic;
  if (isMove) {
    for (const x of toMove) {
      const entry: EditEntry =
        x === m && newContent !== undefined ? x.editHistory[0] : { user_id: user.id, timestamp: now };
      if (newTopic !== undefined) Object.assign(entry, { prev_topic: x.topic, topic: newTopic });
      if (newStream !== undefined) {
        Object.assign(entry, { prev_stream: x.streamId, stream: newStream.id });
        st.relocate(x, newStream.id);
        // Subscribers of the new channel receive the moved messages (needed for protected history).
        for (const uid of newStream.subscribers)
          if (st.userMessageFlags(uid, x.id) === undefined) st.setUserMessage(uid, x.id, FLAG_BITS.read);
      }
      if (newTopic !== undefined) x.topic = newTopic;
      if (!(x === m && newContent !== undefined)) x.editHistory.unshift(entry);
      if (!resolving && !unresolving) x.lastMovedTs = now;
    }
  }
  sendEditEvents(srv, user, m, toMove, audienceBefore, {
    origTopic,
    oldStream,
    newStream,
    newTopic,
    mode,
    contentEdited: newContent !== undefined,
    now,
  });
  if (isMove)
    moveNotifications(srv, user, {
      origTopic,
      oldStream: oldStream!,
      newStream,
      newTopic,
      count: toMove.length,
      resolving,
      unresolving,
      p,
    });
  return srv.fl >= 285 ? { detached_uploads: detached } : {};
}

function applyContent(
  srv: ChatServer,
  user: User,
  m: Message,
  content: string,
  now: number,
): Record<string, unknown>[] {
  const st = srv.state;
  const oldUploads = srv.render(m.content).uploadPathIds;
  const rendered = srv.render(content);
  m.editHistory.unshift({
    user_id: user.id,
    timestamp: now,
    prev_content: m.content,
    prev_rendered_content: srv.renderedContent(m),
  });
  m.content = content;
  m.rendered = rendered.html;
  m.lastEditTs = now;
  const participants =
    m.type === 'stream' && rendered.topicWildcard ? topicParticipants(srv, m.streamId!, m.topic) : undefined;
  for (const [uid, msgs] of st.userMessages) {
    const bits = msgs.get(m.id);
    if (bits === undefined || uid === m.senderId) continue;
    const keep =
      bits & ~(FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned);
    msgs.set(m.id, keep | mentionBits(rendered, uid, participants));
  }
  const detached: Record<string, unknown>[] = [];
  for (const a of st.attachments.values()) {
    if (rendered.uploadPathIds.includes(a.pathId)) a.messageIds.add(m.id);
    else if (oldUploads.includes(a.pathId)) {
      a.messageIds.delete(m.id);
      if (a.ownerId === user.id && a.messageIds.size === 0) {
        detached.push({
          id: a.id,
          name: a.name,
          path_id: a.pathId,
          size: a.size,
          create_time: srv.fl >= 443 ? a.createTime : a.createTime * 1000,
          ...(srv.fl >= 472 ? { message_ids: [] } : { messages: [] }),
        });
      }
    }
  }
  return detached;
}

interface EditInfo {
  origTopic: string;
  oldStream?: Stream;
  newStream?: Stream;
  newTopic?: string;
  mode: string;
  contentEdited: boolean;
  now: number;
}

function sendEditEvents(
  srv: ChatServer,
  user: User,
  m: Message,
  moved: Message[],
  before: Set<number>,
  e: EditInfo,
): void {
  const after = new Set(moved.flatMap((x) => srv.messageAudience(x)));
  const ids = moved.map((x) => x.id);
  const lost = [...before].filter((u) => !after.has(u));
  srv.queues.send([...after], 'update_message', (q) => {
    const allowEmpty = q.opts.capabilities.empty_topic_name === true;
    const ev: Record<string, unknown> & { type: string } = {
      type: 'update_message',
      user_id: user.id,
      edit_timestamp: e.now,
      message_id: m.id,
      message_ids: ids,
      rendering_only: false,
      flags: srv.state.flagsList(q.opts.userId, m),
    };
    if (e.contentEdited) {
      const prev = m.editHistory[0];
      Object.assign(ev, {
        orig_content: prev.prev_content,
        orig_rendered_content: prev.prev_rendered_content,
        content: q.opts.applyMarkdown ? srv.renderedContent(m) : m.content,
        rendered_content: srv.renderedContent(m),
        is_me_message: m.content.startsWith('/me '),
        prev_rendered_content_version: 1,
      });
    }
    if (m.type === 'stream') Object.assign(ev, { stream_id: e.oldStream!.id, stream_name: e.oldStream!.name });
    if (e.newStream || e.newTopic !== undefined) {
      ev.propagate_mode = e.mode;
      ev.orig_subject = srv.topicOut(e.origTopic, allowEmpty);
      if (e.newStream) ev.new_stream_id = e.newStream.id;
      if (e.newTopic !== undefined) {
        ev.subject = srv.topicOut(e.newTopic, allowEmpty);
        ev.topic_links = topicLinks(e.newTopic, srv.state.linkifiers);
      }
    }
    return ev;
  });
  if (lost.length) {
    srv.queues.send(lost, 'delete_message', (q) =>
      q.opts.capabilities.bulk_message_deletion
        ? {
            type: 'delete_message',
            message_ids: ids,
            message_type: 'stream',
            stream_id: e.oldStream!.id,
            topic: e.origTopic,
          }
        : {
            type: 'delete_message',
            message_id: ids[0],
            message_type: 'stream',
            stream_id: e.oldStream!.id,
            topic: e.origTopic,
          },
    );
  }
  void messageForQueue;
}

function moveNotifications(
  srv: ChatServer,
  user: User,
  o: {
    origTopic: string;
    oldStream: Stream;
    newStream?: Stream;
    newTopic?: string;
    count: number;
    resolving: boolean;
    unresolving: boolean;
    p: Record<string, unknown>;
  },
): void {
  const who = mentionSyntax(user);
  const destStream = o.newStream ?? o.oldStream;
  const destTopic = o.newTopic ?? o.origTopic;
  if (o.resolving || o.unresolving) {
    sendNotification(
      srv,
      { type: 'stream', stream: destStream, topic: destTopic },
      `${who} has marked this topic as ${o.resolving ? 'resolved' : 'unresolved'}.`,
    );
    return;
  }
  const link = (s: Stream, t: string) => `#**${s.name}>${t}**`;
  if (o.p.send_notification_to_old_thread === true) {
    const text =
      o.count === 1
        ? `A message was moved from this topic to ${link(destStream, destTopic)} by ${who}.`
        : `${o.count} messages were moved from this topic to ${link(destStream, destTopic)} by ${who}.`;
    sendNotification(srv, { type: 'stream', stream: o.oldStream, topic: o.origTopic }, text);
  }
  if (o.p.send_notification_to_new_thread !== false) {
    const text =
      o.count === 1
        ? `A message was moved here from ${link(o.oldStream, o.origTopic)} by ${who}.`
        : `This topic was moved here from ${link(o.oldStream, o.origTopic)} by ${who}.`;
    sendNotification(srv, { type: 'stream', stream: destStream, topic: destTopic }, text);
  }
}

export const editRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/messages/{message_id:int}',
    handler: editMessage,
    params: {
      topic: { t: 'str', alias: 'subject' },
      propagate_mode: { t: 'str', dflt: 'change_one', check: oneOf('change_one', 'change_later', 'change_all') },
      send_notification_to_old_thread: { t: 'bool', dflt: false },
      send_notification_to_new_thread: { t: 'bool', dflt: true },
      content: { t: 'str' },
      prev_content_sha256: { t: 'str', since: 379 },
      stream_id: { t: 'int' },
    },
  },
];
