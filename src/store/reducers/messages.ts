import type {
  DeleteMessageEvent,
  MessageEvent,
  ReactionEvent,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
  SubmessageEvent,
} from '../../api/events/models';
import type { ChangeBuilder } from '../change';
import type { StoreState } from '../state';
import { isMentioned, moveOf } from './messageContent';

/** A new message: unread unless flagged read or sent by the own user; its topic becomes the newest. */
export function applyMessage(state: StoreState, event: MessageEvent, change: ChangeBuilder): void {
  const m = event.message;
  const flags = event.flags;
  const unread = !flags.includes('read') && m.sender_id !== state.ownUserId;
  change.message(m.id);
  if (m.type === 'stream' && m.stream_id !== undefined) {
    if (state.topics.noteMessage(m.stream_id, m.subject, m.id)) change.stream('topics', m.stream_id);
    if (unread && state.unreads.addStream(m.id, m.stream_id, m.subject, isMentioned(flags))) {
      change.stream('unreads', m.stream_id);
    }
  } else if (m.type === 'private' && Array.isArray(m.display_recipient)) {
    const userIds = m.display_recipient.map((r) => r.id);
    if (state.personal.dms.note(userIds, m.id)) change.add('directMessages');
    if (unread && state.unreads.addDm(m.id, userIds, isMentioned(flags))) {
      change.add('unreads');
    }
  }
}

/** An edit and/or a move (where the messages went: {@link moveOf}). */
export function applyUpdateMessage(state: StoreState, event: UpdateMessageEvent, change: ChangeBuilder): void {
  const ids = event.message_ids;
  if (!event.rendering_only) change.messages(ids);
  const move = moveOf(event);
  if (!move) return;
  const oldStream = move.fromStreamId;
  const newStream = move.toStreamId;
  const oldTopic = move.fromTopic;
  const newTopic = move.toTopic;

  for (const id of ids) {
    const loc = state.unreads.location(id);
    if (loc?.kind !== 'stream') continue;
    state.unreads.move(id, newStream, newTopic ?? loc.topic);
    change.stream('unreads', loc.streamId).stream('unreads', newStream);
  }

  if (oldTopic !== undefined) {
    const allGone = event.propagate_mode === 'change_all';
    if (state.topics.noteRemoved(oldStream, oldTopic, ids, allGone)) change.stream('topics', oldStream);
  }
  if (newTopic !== undefined && ids.length > 0) {
    const maxId = Math.max(...ids);
    if (state.topics.noteMessage(newStream, newTopic, maxId)) change.stream('topics', newStream);
  }
  change.stream('topics', oldStream).stream('topics', newStream);
}

export function applyDeleteMessage(state: StoreState, event: DeleteMessageEvent, change: ChangeBuilder): void {
  change.messages(event.message_ids);
  for (const id of event.message_ids) {
    const loc = state.unreads.remove(id);
    if (loc) change.stream('unreads', loc.kind === 'stream' ? loc.streamId : undefined);
  }
  if (event.stream_id !== undefined && event.topic !== undefined) {
    state.topics.noteRemoved(event.stream_id, event.topic, event.message_ids, false);
  }
}

/** Submessages (widget data) change nothing that is counted; open views redraw the message. */
export function applySubmessage(_state: StoreState, event: SubmessageEvent, change: ChangeBuilder): void {
  change.message(event.message_id);
}

/** Reactions change nothing that is counted; open views redraw the message. */
export function applyReaction(_state: StoreState, event: ReactionEvent, change: ChangeBuilder): void {
  change.message(event.message_id);
}

export function applyFlags(state: StoreState, event: UpdateMessageFlagsEvent, change: ChangeBuilder): void {
  change.messages(event.messages);
  if (event.flag !== 'read') return;
  const unreads = state.unreads;
  if (event.op === 'add') {
    if (event.all) {
      for (const id of unreads.streamIds()) change.stream('unreads', id);
      unreads.clear();
      change.add('unreads');
      return;
    }
    for (const id of event.messages) {
      const loc = unreads.remove(id);
      if (loc) change.stream('unreads', loc.kind === 'stream' ? loc.streamId : undefined);
    }
    return;
  }
  // Marked unread again: `message_details` says where each message is.
  const details = event.message_details ?? {};
  for (const id of event.messages) {
    const d = details[String(id)];
    if (!d) continue;
    const mentioned = d.mentioned === true;
    if (d.type === 'stream' && d.stream_id !== undefined && d.topic !== undefined) {
      if (unreads.addStream(id, d.stream_id, d.topic, mentioned)) change.stream('unreads', d.stream_id);
    } else if (d.type === 'private') {
      if (unreads.addDm(id, d.user_ids ?? [], mentioned)) change.add('unreads');
    }
  }
}
