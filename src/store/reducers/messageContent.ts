/**
 * The one reducer of message content: how an event changes a `Message` object (an edit, a move,
 * a reaction, a flag, a submessage). The store's indexes (unreads, topics) and every message list
 * read moves and mentions through these functions, so a rule lives in one place.
 * Pure functions; a message that an event leaves unchanged is returned as the same object.
 */
import type { ChatEvent, UpdateMessageEvent } from '../../api/events/models';
import type { Message } from '../../api/messages/models';
import { isResolved, RESOLVED_PREFIX } from '../keys';

/** Flags that make a message count as mentioning the own user (the server's `is:mentioned`). */
export const MENTION_FLAGS: readonly string[] = [
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'wildcard_mentioned',
];

export function isMentioned(flags: readonly string[]): boolean {
  return flags.some((f) => MENTION_FLAGS.includes(f));
}

/** Where an `update_message` moved its messages; undefined for a content-only edit. */
export interface MessageMove {
  readonly fromStreamId: number;
  readonly toStreamId: number;
  /** Undefined when the event does not name it (the channel alone changed, on old servers). */
  readonly fromTopic: string | undefined;
  readonly toTopic: string | undefined;
}

/**
 * Moves carry `stream_id` (old channel), `new_stream_id` (only when the channel changed),
 * `orig_subject` (old topic) and `subject` (only when the topic changed).
 */
export function moveOf(event: UpdateMessageEvent): MessageMove | undefined {
  const from = event.stream_id;
  const topicChanged = event.subject !== undefined && event.orig_subject !== undefined;
  const channelChanged = event.new_stream_id !== undefined && event.new_stream_id !== from;
  if (from === undefined || (!topicChanged && !channelChanged)) return undefined;
  return {
    fromStreamId: from,
    toStreamId: event.new_stream_id ?? from,
    fromTopic: event.orig_subject,
    toTopic: event.subject ?? event.orig_subject,
  };
}

/** Resolving or unresolving renames the topic by its "✔ " prefix alone; the server does not stamp it as a move. */
function isResolveToggle(move: MessageMove): boolean {
  if (move.fromStreamId !== move.toStreamId || move.fromTopic === undefined || move.toTopic === undefined) return false;
  const bare = (t: string): string => (isResolved(t) ? t.slice(RESOLVED_PREFIX.length) : t);
  return isResolved(move.fromTopic) !== isResolved(move.toTopic) && bare(move.fromTopic) === bare(move.toTopic);
}

/** The message with `flag` added or removed. */
export function withFlag(message: Message, flag: string, op: 'add' | 'remove'): Message {
  const flags = message.flags ?? [];
  const has = flags.includes(flag);
  if (op === 'add' ? has : !has) return message;
  return { ...message, flags: op === 'add' ? [...flags, flag] : flags.filter((f) => f !== flag) };
}

/**
 * The ids of messages whose content `event` changes; `'all'` for a flag change on every message
 * (`update_message_flags` with `all`). Empty for events that change no message's content.
 */
export function contentTargets(event: ChatEvent): readonly number[] | 'all' {
  switch (event.type) {
    case 'update_message':
      return moveOf(event) ? event.message_ids : event.message_id !== undefined ? [event.message_id] : [];
    case 'reaction':
    case 'submessage':
      return [event.message_id];
    case 'update_message_flags':
      return event.all ? 'all' : event.messages;
    default:
      return [];
  }
}

/** `message` after `event` (the same object when the event does not change it). */
export function reduceMessage(message: Message, event: ChatEvent): Message {
  switch (event.type) {
    case 'update_message':
      return applyUpdate(message, event);
    case 'reaction': {
      if (event.message_id !== message.id) return message;
      const same = (r: Message['reactions'][number]): boolean =>
        r.user_id === event.user_id && r.emoji_code === event.emoji_code && r.reaction_type === event.reaction_type;
      const others = message.reactions.filter((r) => !same(r));
      if (event.op === 'remove' && others.length === message.reactions.length) return message;
      const reactions =
        event.op === 'add'
          ? [
              ...others,
              {
                emoji_name: event.emoji_name,
                emoji_code: event.emoji_code,
                reaction_type: event.reaction_type,
                user_id: event.user_id,
              },
            ]
          : others;
      return { ...message, reactions };
    }
    case 'update_message_flags':
      if (!event.all && !event.messages.includes(message.id)) return message;
      return withFlag(message, event.flag, event.op);
    case 'submessage': {
      if (event.message_id !== message.id || message.submessages.some((s) => s.id === event.submessage_id))
        return message;
      const submessage = {
        id: event.submessage_id,
        message_id: event.message_id,
        sender_id: event.sender_id,
        msg_type: event.msg_type,
        content: event.content,
      };
      // Kept in id order, as the server lists them.
      return { ...message, submessages: [...message.submessages, submessage].sort((a, b) => a.id - b.id) };
    }
    default:
      return message;
  }
}

function applyUpdate(message: Message, event: UpdateMessageEvent): Message {
  let m = message;
  if (event.message_id === m.id && event.rendered_content !== undefined) {
    m = {
      ...m,
      content: event.rendered_content,
      is_me_message: event.is_me_message ?? m.is_me_message,
      last_edit_timestamp: event.rendering_only
        ? m.last_edit_timestamp
        : (event.edit_timestamp ?? m.last_edit_timestamp),
      // The own user's flags after the edit: an edit can add or remove a mention.
      flags: event.flags ?? m.flags,
      // Stale now: views fetch the history again when asked.
      edit_history: undefined,
    };
  }
  const move = moveOf(event);
  if (move && event.message_ids.includes(m.id) && m.type === 'stream') {
    m = {
      ...m,
      stream_id: move.toStreamId,
      subject: event.subject ?? m.subject,
      topic_links: event.topic_links ?? m.topic_links,
      last_moved_timestamp: isResolveToggle(move)
        ? m.last_moved_timestamp
        : (event.edit_timestamp ?? m.last_moved_timestamp),
      edit_history: undefined,
    };
  }
  return m;
}
