import { checkTopicsPolicy } from '../channelPolicy';
import { ChatServer } from '../core';
import { badRequest, notFound } from '../errors';
import { checkContent, checkTopic, getAccessibleMessage, messageType, resolveUsers } from '../messaging';
import { Ctx, Route } from '../router';
import { Reminder, Scheduled, Snippet, User } from '../types';

// ---- Saved snippets ----
export function snippetJson(s: Snippet): Record<string, unknown> {
  return { id: s.id, title: s.title, content: s.content, date_created: s.dateCreated };
}

function checkSnippet(srv: ChatServer, title?: string, content?: string): void {
  if (title !== undefined) {
    if (title.trim() === '') throw badRequest('Title cannot be empty.');
    if ([...title].length > 60) throw badRequest('Title is too long (limit: 60 characters)');
  }
  if (content !== undefined) {
    if (content.trim() === '') throw badRequest('Content cannot be empty.');
    if (content.length > srv.realmSetting<number>('max_message_length')) throw badRequest('Content is too long');
  }
}

function ownSnippet(ctx: Ctx): Snippet {
  const s = ctx.srv.state.snippets.get(Number(ctx.path.saved_snippet_id));
  if (!s || s.userId !== ctx.user.id) throw notFound('Saved snippet does not exist.');
  return s;
}

const snippetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/saved_snippets',
    since: 297,
    handler: ({ srv, user }) => ({
      saved_snippets: [...srv.state.snippets.values()].filter((s) => s.userId === user.id).map(snippetJson),
    }),
  },
  {
    method: 'POST',
    path: '/saved_snippets',
    since: 297,
    params: { title: { t: 'str', req: true }, content: { t: 'str', req: true } },
    handler: ({ srv, user, p }) => {
      checkSnippet(srv, p.title, p.content);
      const s: Snippet = {
        id: srv.state.nextId('snippet'),
        userId: user.id,
        title: p.title.trim(),
        content: p.content,
        dateCreated: srv.now(),
      };
      srv.state.snippets.set(s.id, s);
      srv.queues.send([user.id], 'saved_snippets', {
        type: 'saved_snippets',
        op: 'add',
        saved_snippet: snippetJson(s),
      });
      return { saved_snippet_id: s.id };
    },
  },
  {
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id:int}',
    since: 368,
    params: { title: { t: 'str' }, content: { t: 'str' } },
    handler: (ctx) => {
      const { srv, user, p } = ctx;
      const s = ownSnippet(ctx);
      if (p.title === undefined && p.content === undefined)
        throw badRequest('At least one of title or content must be provided.');
      checkSnippet(srv, p.title, p.content);
      if (p.title !== undefined) s.title = p.title.trim();
      if (p.content !== undefined) s.content = p.content;
      srv.queues.send([user.id], 'saved_snippets', {
        type: 'saved_snippets',
        op: 'update',
        saved_snippet: snippetJson(s),
      });
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id:int}',
    since: 297,
    handler: (ctx) => {
      const s = ownSnippet(ctx);
      ctx.srv.state.snippets.delete(s.id);
      ctx.srv.queues.send([ctx.user.id], 'saved_snippets', {
        type: 'saved_snippets',
        op: 'remove',
        saved_snippet_id: s.id,
      });
      return {};
    },
  },
];

// ---- Scheduled messages ----
export function scheduledJson(srv: ChatServer, s: Scheduled): Record<string, unknown> {
  return {
    scheduled_message_id: s.id,
    type: s.type,
    to: s.to,
    topic: s.type === 'stream' ? s.topic : undefined,
    content: s.content,
    rendered_content: srv.render(s.content).html,
    scheduled_delivery_timestamp: s.deliverAt,
    failed: s.failed,
  };
}

function parseTo(srv: ChatServer, user: User, type: 'stream' | 'private', raw: string): number | number[] {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid to', 'REQUEST_VARIABLE_INVALID', { var_name: 'to' });
  }
  if (type === 'stream') {
    const id = Array.isArray(v) && v.length === 1 ? v[0] : v;
    if (!Number.isInteger(id)) throw badRequest('Invalid to', 'REQUEST_VARIABLE_INVALID', { var_name: 'to' });
    const s = srv.state.streams.get(id as number);
    if (!s || (s.inviteOnly && !s.subscribers.has(user.id)))
      throw badRequest(`Channel with ID '${id}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream_id: id });
    if (!srv.state.canPostToStream(user, s)) throw badRequest(`Not authorized to send to channel '${s.name}'`);
    return id as number;
  }
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => Number.isInteger(x)))
    throw badRequest('Invalid to', 'REQUEST_VARIABLE_INVALID', { var_name: 'to' });
  return resolveUsers(srv, list as number[]);
}

/** The channel's topics policy, for a scheduled message to a channel (checked again when it is sent). */
function checkScheduledTopic(srv: ChatServer, to: number | number[], topic: string): void {
  const s = typeof to === 'number' ? srv.state.streams.get(to) : undefined;
  if (s) checkTopicsPolicy(srv, s, topic);
}

function checkFuture(srv: ChatServer, ts: number): void {
  if (ts <= srv.now()) throw badRequest('Scheduled delivery time must be in the future.');
}

function scheduledChanged(srv: ChatServer, s: Scheduled, op: 'add' | 'update'): void {
  srv.queues.send(
    [s.userId],
    'scheduled_messages',
    op === 'add'
      ? { type: 'scheduled_messages', op, scheduled_messages: [scheduledJson(srv, s)] }
      : { type: 'scheduled_messages', op, scheduled_message: scheduledJson(srv, s) },
  );
}

function patchScheduled(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const s = srv.state.scheduled.get(Number(ctx.path.scheduled_message_id));
  if (!s || s.userId !== user.id) throw notFound('Scheduled message does not exist');
  if (s.failed && p.scheduled_delivery_timestamp === undefined) {
    throw badRequest('Scheduled delivery time must be in the future.');
  }
  const type = p.type !== undefined ? messageType(srv, p.type) : s.type;
  if (p.type !== undefined && p.to === undefined)
    throw badRequest('Recipient required when updating type of scheduled message.');
  if (p.type !== undefined && type === 'stream' && s.type !== 'stream' && p.topic === undefined)
    throw badRequest('Topic required when updating scheduled message type to channel.');
  const to = p.to !== undefined ? parseTo(srv, user, type, p.to) : s.to;
  const topic = type === 'stream' && p.topic !== undefined ? checkTopic(srv, p.topic, false) : s.topic;
  if (type === 'stream') checkScheduledTopic(srv, to, topic);
  const content = p.content !== undefined ? checkContent(srv, p.content, false) : s.content;
  if (p.scheduled_delivery_timestamp !== undefined) checkFuture(srv, p.scheduled_delivery_timestamp);
  Object.assign(s, {
    type,
    to,
    topic: type === 'stream' ? topic : '',
    content,
    deliverAt: p.scheduled_delivery_timestamp ?? s.deliverAt,
    failed: false,
  });
  scheduledChanged(srv, s, 'update');
  return {};
}

const scheduledRoutes: Route[] = [
  {
    method: 'GET',
    path: '/scheduled_messages',
    since: 173,
    handler: ({ srv, user }) => ({
      scheduled_messages: [...srv.state.scheduled.values()]
        .filter((s) => s.userId === user.id)
        .sort((a, b) => a.deliverAt - b.deliverAt)
        .map((s) => scheduledJson(srv, s)),
    }),
  },
  {
    method: 'POST',
    path: '/scheduled_messages',
    since: 173,
    params: {
      type: { t: 'str', req: true },
      to: { t: 'str', req: true },
      content: { t: 'str', req: true },
      topic: { t: 'str' },
      scheduled_delivery_timestamp: { t: 'int', req: true },
      read_by_sender: { t: 'bool' },
    },
    handler: ({ srv, user, p }) => {
      const type = messageType(srv, p.type);
      const to = parseTo(srv, user, type, p.to);
      const topic = type === 'stream' ? checkTopic(srv, p.topic ?? '', false) : '';
      if (type === 'stream') checkScheduledTopic(srv, to, topic);
      const content = checkContent(srv, p.content, false);
      checkFuture(srv, p.scheduled_delivery_timestamp);
      const s: Scheduled = {
        id: srv.state.nextId('scheduled'),
        userId: user.id,
        type,
        to,
        topic,
        content,
        deliverAt: p.scheduled_delivery_timestamp,
        failed: false,
      };
      srv.state.scheduled.set(s.id, s);
      scheduledChanged(srv, s, 'add');
      return { scheduled_message_id: s.id };
    },
  },
  {
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id:int}',
    since: 173,
    handler: patchScheduled,
    params: {
      type: { t: 'str' },
      to: { t: 'str' },
      content: { t: 'str' },
      topic: { t: 'str' },
      scheduled_delivery_timestamp: { t: 'int' },
    },
  },
  {
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id:int}',
    since: 173,
    handler: ({ srv, user, path }) => {
      const s = srv.state.scheduled.get(Number(path.scheduled_message_id));
      if (!s || s.userId !== user.id) throw notFound('Scheduled message does not exist');
      srv.state.scheduled.delete(s.id);
      srv.queues.send([user.id], 'scheduled_messages', {
        type: 'scheduled_messages',
        op: 'remove',
        scheduled_message_id: s.id,
      });
      return {};
    },
  },
];

// ---- Reminders ----
export function reminderJson(srv: ChatServer, r: Reminder): Record<string, unknown> {
  return {
    reminder_id: r.id,
    type: 'private',
    to: [r.userId],
    content: r.content,
    rendered_content: srv.render(r.content).html,
    scheduled_delivery_timestamp: r.deliverAt,
    failed: r.failed,
    reminder_target_message_id: r.messageId,
  };
}

const reminderRoutes: Route[] = [
  {
    method: 'GET',
    path: '/reminders',
    since: 381,
    handler: ({ srv, user }) => ({
      reminders: [...srv.state.reminders.values()]
        .filter((r) => r.userId === user.id)
        .sort((a, b) => a.deliverAt - b.deliverAt)
        .map((r) => reminderJson(srv, r)),
    }),
  },
  {
    method: 'POST',
    path: '/reminders',
    since: 381,
    params: { message_id: { t: 'int' }, scheduled_delivery_timestamp: { t: 'int' }, note: { t: 'str', since: 415 } },
    handler: ({ srv, user, p }) => {
      let content = 'You requested a reminder.';
      let messageId: number | null = null;
      if (p.message_id !== undefined) {
        const m = getAccessibleMessage(srv, user, p.message_id);
        messageId = m.id;
        content =
          m.type === 'stream'
            ? `You requested a reminder for #**${srv.state.streams.get(m.streamId!)!.name}>${m.topic}@${m.id}**.`
            : `You requested a reminder for the following direct message.`;
      }
      const at: number = p.scheduled_delivery_timestamp ?? srv.now() + 3600;
      checkFuture(srv, at);
      const note: string | null = p.note ?? null;
      if (note !== null && [...note].length > srv.realmSetting<number>('max_reminder_note_length'))
        throw badRequest('Maximum reminder note length: 1000 characters');
      if (note) content += `\n\nNote:\n> ${note}`;
      const r: Reminder = {
        id: srv.state.nextId('reminder'),
        userId: user.id,
        messageId,
        deliverAt: at,
        content,
        note,
        failed: false,
      };
      srv.state.reminders.set(r.id, r);
      srv.queues.send([user.id], 'reminders', { type: 'reminders', op: 'add', reminders: [reminderJson(srv, r)] });
      return { reminder_id: r.id };
    },
  },
  {
    method: 'DELETE',
    path: '/reminders/{reminder_id:int}',
    since: 381,
    handler: ({ srv, user, path }) => {
      const r = srv.state.reminders.get(Number(path.reminder_id));
      if (!r || r.userId !== user.id) throw notFound('Reminder does not exist');
      srv.state.reminders.delete(r.id);
      srv.queues.send([user.id], 'reminders', { type: 'reminders', op: 'remove', reminder_id: r.id });
      return {};
    },
  },
];

export const personalRoutes: Route[] = [...snippetRoutes, ...scheduledRoutes, ...reminderRoutes];
