import { strict as assert } from 'node:assert';
import type { ChatEvent, UpdateMessageEvent } from '../../../../src/api/events/models';
import { parseEvent } from '../../../../src/api/events/parse';
import type { Message } from '../../../../src/api/messages/models';
import { contentTargets, moveOf, reduceMessage, withFlag } from '../../../../src/store/reducers/messageContent';

/**
 * The one reducer of message content (`reduceMessage`) and its helpers, called directly on
 * hand-made messages with events in the shapes servers send (each through `parseEvent`, as in the
 * event queue). Open message lists rely on these: which messages an event touches, what each
 * becomes, and that an event that changes nothing hands back the very same object.
 */

const ALICE = 11;
const BOB = 12;
const GENERAL = 1;
const DESIGN = 2;
const CHECK = '\u2714 ';

function event(raw: Record<string, unknown>): ChatEvent {
  const parsed = parseEvent({ id: 1, ...raw });
  if (!parsed.ok) throw parsed.error;
  return parsed.event;
}

function update(raw: Record<string, unknown>): UpdateMessageEvent {
  return event({ type: 'update_message', ...raw }) as UpdateMessageEvent;
}

function message(id: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    type: 'stream',
    sender_id: ALICE,
    sender_email: 'u11@example.com',
    sender_full_name: 'alice',
    sender_realm_str: 'r',
    avatar_url: null,
    client: 'test',
    content: '<p>before</p>',
    content_type: 'text/html',
    display_recipient: 'general',
    recipient_id: 5,
    stream_id: GENERAL,
    subject: 'lunch',
    topic_links: [],
    is_me_message: false,
    timestamp: 1_700_000_000,
    reactions: [],
    submessages: [],
    flags: [],
    ...extra,
  };
}

/** A topic rename (and/or channel move) of message 1, stamped at 2000. */
function move(fields: Record<string, unknown>): UpdateMessageEvent {
  return update({
    message_ids: [1],
    stream_id: GENERAL,
    edit_timestamp: 2000,
    propagate_mode: 'change_one',
    ...fields,
  });
}

describe('message reducer (reduceMessage, contentTargets, moveOf)', () => {
  describe('moveOf', () => {
    it('a new_stream_id equal to the old channel, with no topic change, is no move', () => {
      assert.equal(moveOf(update({ message_ids: [1], stream_id: GENERAL, new_stream_id: GENERAL })), undefined);
      assert.deepEqual(moveOf(update({ message_ids: [1], stream_id: GENERAL, new_stream_id: DESIGN })), {
        fromStreamId: GENERAL,
        toStreamId: DESIGN,
        fromTopic: undefined,
        toTopic: undefined,
      });
    });
  });

  describe('contentTargets', () => {
    it('a move targets every moved message; an edit its one message; an event naming none, none', () => {
      assert.deepEqual(
        contentTargets(move({ message_ids: [1, 2, 3], message_id: 1, orig_subject: 'lunch', subject: 'dinner' })),
        [1, 2, 3],
      );
      assert.deepEqual(contentTargets(update({ message_ids: [4], message_id: 4, rendered_content: '<p>x</p>' })), [4]);
      assert.deepEqual(contentTargets(update({ message_ids: [4] })), []);
    });

    it('reactions, submessages, flags; other event types target nothing', () => {
      assert.deepEqual(
        contentTargets(
          event({
            type: 'reaction',
            op: 'add',
            message_id: 7,
            user_id: BOB,
            emoji_name: 'tada',
            emoji_code: '1f389',
            reaction_type: 'unicode_emoji',
          }),
        ),
        [7],
      );
      assert.deepEqual(
        contentTargets(
          event({ type: 'update_message_flags', op: 'add', flag: 'starred', messages: [8, 9], all: false }),
        ),
        [8, 9],
      );
      assert.equal(
        contentTargets(event({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true })),
        'all',
      );
      assert.deepEqual(contentTargets(event({ type: 'presence', presences: {} })), []);
      assert.deepEqual(contentTargets(event({ type: 'heartbeat' })), []);
    });
  });

  it('events that are not about message content leave the message as it is', () => {
    const m = message(1);
    assert.equal(reduceMessage(m, event({ type: 'presence', presences: {} })), m);
    assert.equal(reduceMessage(m, event({ type: 'heartbeat' })), m);
  });

  describe('edits', () => {
    it('an edit replaces content, edit time and flags, keeps is_me_message when the event omits it', () => {
      const m = message(1, { is_me_message: true, last_edit_timestamp: 500, edit_history: [], flags: ['read'] });
      const after = reduceMessage(
        m,
        update({
          message_ids: [1],
          message_id: 1,
          rendered_content: '<p>after</p>',
          edit_timestamp: 900,
          flags: ['read', 'mentioned'],
        }),
      );
      assert.equal(after.content, '<p>after</p>');
      assert.equal(after.is_me_message, true);
      assert.equal(after.last_edit_timestamp, 900);
      assert.deepEqual(after.flags, ['read', 'mentioned']);
      assert.equal(after.edit_history, undefined);
      assert.equal(m.content, '<p>before</p>', 'the original object is not changed');
    });

    it('an edit of another message, or an event without new content, leaves this message alone', () => {
      const m = message(1);
      assert.equal(
        reduceMessage(
          m,
          update({ message_ids: [2], message_id: 2, rendered_content: '<p>other</p>', edit_timestamp: 900 }),
        ),
        m,
      );
      // A move-only event names the message but carries no content: the content stays.
      const moved = reduceMessage(m, move({ message_id: 1, orig_subject: 'lunch', subject: 'dinner' }));
      assert.equal(moved.content, '<p>before</p>');
      assert.equal(moved.subject, 'dinner');
    });
  });

  describe('moves', () => {
    const links = [{ text: 'T-1', url: 'https://example.com/1' }];

    it('a topic rename sets the topic, stamps the move, keeps topic links the event omits', () => {
      const m = message(1, { topic_links: links, last_moved_timestamp: 100 });
      const after = reduceMessage(m, move({ orig_subject: 'lunch', subject: 'dinner' }));
      assert.deepEqual(
        {
          stream_id: after.stream_id,
          subject: after.subject,
          topic_links: after.topic_links,
          last_moved_timestamp: after.last_moved_timestamp,
          content: after.content,
        },
        {
          stream_id: GENERAL,
          subject: 'dinner',
          topic_links: links,
          last_moved_timestamp: 2000,
          content: '<p>before</p>',
        },
      );
      const newLinks = [{ text: 'T-2', url: 'https://example.com/2' }];
      assert.deepEqual(
        reduceMessage(m, move({ orig_subject: 'lunch', subject: 'dinner', topic_links: newLinks })).topic_links,
        newLinks,
      );
    });

    it('a move without edit_timestamp keeps the last move time', () => {
      const m = message(1, { last_moved_timestamp: 100 });
      const after = reduceMessage(
        m,
        update({ message_ids: [1], stream_id: GENERAL, orig_subject: 'lunch', subject: 'dinner' }),
      );
      assert.equal(after.subject, 'dinner');
      assert.equal(after.last_moved_timestamp, 100);
    });

    it('resolving or unresolving a topic is not stamped as a move', () => {
      const m = message(1, { last_moved_timestamp: 100 });
      const resolved = reduceMessage(m, move({ orig_subject: 'lunch', subject: `${CHECK}lunch` }));
      assert.equal(resolved.subject, `${CHECK}lunch`);
      assert.equal(resolved.last_moved_timestamp, 100);
      const unresolved = reduceMessage(
        { ...m, subject: `${CHECK}lunch` },
        move({ orig_subject: `${CHECK}lunch`, subject: 'lunch' }),
      );
      assert.equal(unresolved.subject, 'lunch');
      assert.equal(unresolved.last_moved_timestamp, 100);
    });

    it('renames that are more than a resolve toggle are stamped', () => {
      const m = message(1, { last_moved_timestamp: 100 });
      const stamped = (fields: Record<string, unknown>): number | undefined =>
        reduceMessage(m, move(fields)).last_moved_timestamp;
      assert.equal(stamped({ orig_subject: 'lunch', subject: 'dinner' }), 2000);
      assert.equal(stamped({ orig_subject: 'lunch', subject: `${CHECK}dinner` }), 2000, 'resolved under another name');
      assert.equal(
        stamped({ orig_subject: `${CHECK}lunch`, subject: 'dinner' }),
        2000,
        'unresolved under another name',
      );
      assert.equal(stamped({ orig_subject: 'lunch', subject: 'lunch' }), 2000, 'same name');
      assert.equal(stamped({ orig_subject: `${CHECK}lunch`, subject: `${CHECK}dinner` }), 2000, 'both resolved');
      // Resolved while moved to another channel: a move.
      assert.equal(stamped({ new_stream_id: DESIGN, orig_subject: 'lunch', subject: `${CHECK}lunch` }), 2000);
      assert.equal(
        reduceMessage(m, move({ new_stream_id: DESIGN, orig_subject: 'lunch', subject: `${CHECK}lunch` })).stream_id,
        DESIGN,
      );
    });

    it('a channel-only move keeps the topic and is stamped', () => {
      const m = message(1, { last_moved_timestamp: 100 });
      const after = reduceMessage(m, move({ new_stream_id: DESIGN }));
      assert.equal(after.stream_id, DESIGN);
      assert.equal(after.subject, 'lunch');
      assert.equal(after.last_moved_timestamp, 2000);
    });

    it('only stream messages listed in the move are moved', () => {
      const dm = message(1, { type: 'private', stream_id: undefined, subject: '', display_recipient: [] });
      assert.equal(reduceMessage(dm, move({ orig_subject: 'lunch', subject: 'dinner' })), dm);
      const other = message(5);
      assert.equal(reduceMessage(other, move({ orig_subject: 'lunch', subject: 'dinner' })), other);
    });
  });

  describe('reactions', () => {
    const r = (user_id: number, emoji_code: string, reaction_type = 'unicode_emoji') =>
      ({ emoji_name: `e${emoji_code}`, emoji_code, reaction_type, user_id }) as Message['reactions'][number];
    const reaction = (
      op: 'add' | 'remove',
      messageId: number,
      user_id: number,
      emoji_code: string,
      reaction_type = 'unicode_emoji',
    ) =>
      event({
        type: 'reaction',
        op,
        message_id: messageId,
        user_id,
        emoji_name: `e${emoji_code}`,
        emoji_code,
        reaction_type,
      });

    it('a removal drops exactly the reaction with that user, emoji code and type', () => {
      const m = message(1, {
        reactions: [r(BOB, '1f389'), r(ALICE, '1f389'), r(BOB, '1f44d'), r(BOB, '1f389', 'realm_emoji')],
      });
      assert.deepEqual(reduceMessage(m, reaction('remove', 1, BOB, '1f389')).reactions, [
        r(ALICE, '1f389'),
        r(BOB, '1f44d'),
        r(BOB, '1f389', 'realm_emoji'),
      ]);
    });

    it('an addition goes last and keeps the others', () => {
      const m = message(1, { reactions: [r(ALICE, '1f389')] });
      assert.deepEqual(reduceMessage(m, reaction('add', 1, BOB, '1f44d')).reactions, [
        r(ALICE, '1f389'),
        r(BOB, '1f44d'),
      ]);
    });

    it('removing a reaction that is not there, or reacting to another message, changes nothing', () => {
      const m = message(1, { reactions: [r(ALICE, '1f389')] });
      assert.equal(reduceMessage(m, reaction('remove', 1, BOB, '1f389')), m);
      assert.equal(reduceMessage(m, reaction('add', 2, BOB, '1f44d')), m);
      assert.equal(reduceMessage(m, reaction('remove', 2, ALICE, '1f389')), m);
    });
  });

  describe('flags', () => {
    const flag = (op: 'add' | 'remove', name: string, messages: number[], all = false) =>
      event({ type: 'update_message_flags', op, flag: name, messages, all });

    it('adds and removes a flag; a message without flags gets just the new one', () => {
      assert.deepEqual(reduceMessage(message(1, { flags: ['read'] }), flag('add', 'starred', [1])).flags, [
        'read',
        'starred',
      ]);
      assert.deepEqual(
        reduceMessage(message(1, { flags: ['read', 'starred'] }), flag('remove', 'starred', [1])).flags,
        ['read'],
      );
      assert.deepEqual(reduceMessage(message(1, { flags: undefined }), flag('add', 'starred', [1])).flags, ['starred']);
      assert.deepEqual(withFlag(message(1, { flags: undefined }), 'read', 'add').flags, ['read']);
      assert.deepEqual(reduceMessage(message(1, { flags: [] }), flag('add', 'read', [], true)).flags, ['read']);
    });

    it('a flag already set (or already clear), or a change for other messages, changes nothing', () => {
      const m = message(1, { flags: ['starred'] });
      assert.equal(reduceMessage(m, flag('add', 'starred', [1])), m);
      assert.equal(reduceMessage(m, flag('remove', 'read', [1])), m);
      assert.equal(reduceMessage(m, flag('add', 'read', [2, 3])), m);
      assert.equal(withFlag(m, 'starred', 'add'), m);
    });
  });

  describe('submessages', () => {
    const s = (id: number, messageId = 1) => ({
      id,
      message_id: messageId,
      sender_id: BOB,
      msg_type: 'widget',
      content: `{"n":${id}}`,
    });
    const submessage = (messageId: number, id: number) =>
      event({
        type: 'submessage',
        message_id: messageId,
        submessage_id: id,
        sender_id: BOB,
        msg_type: 'widget',
        content: `{"n":${id}}`,
      });

    it('a new submessage is kept in id order, whatever order they arrive in', () => {
      const m = message(1, { submessages: [s(3), s(7)] });
      assert.deepEqual(reduceMessage(m, submessage(1, 5)).submessages, [s(3), s(5), s(7)]);
      assert.deepEqual(reduceMessage(m, submessage(1, 1)).submessages, [s(1), s(3), s(7)]);
      assert.deepEqual(reduceMessage(m, submessage(1, 9)).submessages, [s(3), s(7), s(9)]);
    });

    it('a submessage already there, or for another message, changes nothing', () => {
      const m = message(1, { submessages: [s(3)] });
      assert.equal(reduceMessage(m, submessage(1, 3)), m);
      assert.equal(reduceMessage(m, submessage(2, 4)), m);
    });
  });
});
