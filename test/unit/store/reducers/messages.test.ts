import { strict as assert } from 'node:assert';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { ChatStore, type StoreChange } from '../../../../src/store';
import { events, ownSnapshot, user } from '../../support/synthetic';

/**
 * What message events (deletions, flags, reactions, submessages, new messages) do to the store's
 * unread counts and topic lists, and exactly which areas, channels and messages each change names:
 * views refresh only what a change names. Events in the shapes servers send, through `parseEvent`.
 */

const ME = 10;
const ALICE = 11;
const BOB = 12;
const GENERAL = 1;
const NOW_S = 1_700_000_000;

function snapshot(): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [user(ME, 'Me'), user(ALICE, 'alice'), user(BOB, 'Bob')],
    subscriptions: [{ stream_id: GENERAL, name: 'general', color: '#76ce90', is_muted: false, pin_to_top: false }],
    unread_msgs: {
      count: 4,
      mentions: [101],
      old_unreads_missing: false,
      streams: [
        { stream_id: GENERAL, topic: 'lunch', unread_message_ids: [100, 101] },
        { stream_id: GENERAL, topic: 'Plans', unread_message_ids: [102] },
      ],
      pms: [{ other_user_id: ALICE, unread_message_ids: [200] }],
      huddles: [],
    },
    user_topics: [],
    presences: {},
    server_timestamp: NOW_S,
    realm_user_groups: [],
    realm_linkifiers: [],
  });
}

/** The parts of a change a view reads, as plain sorted arrays. */
function summary(c: StoreChange | undefined) {
  if (!c) return undefined;
  return { areas: [...c.areas].sort(), streamIds: [...c.streamIds].sort(), messageIds: [...c.messageIds].sort() };
}

describe('store: message events (unreads, topic lists, what each change names)', () => {
  let store: ChatStore;
  let errors: unknown[];
  let fetches: number;

  beforeEach(() => {
    errors = [];
    fetches = 0;
    store = new ChatStore({
      now: () => NOW_S * 1000,
      fetchTopics: async () => {
        fetches++;
        return [
          { name: 'Plans', max_id: 102 },
          { name: 'lunch', max_id: 101 },
        ];
      },
      onError: (e) => errors.push(e),
    });
    store.reset(snapshot());
  });

  afterEach(() => assert.deepEqual(errors, []));

  const apply = (...raw: Record<string, unknown>[]) => summary(store.apply(events(...raw)));
  const settle = () => new Promise((r) => setImmediate(r));

  describe('deletion', () => {
    it('of an unread channel message: unreads of that channel change', () => {
      assert.deepEqual(
        apply({
          type: 'delete_message',
          message_ids: [100],
          message_type: 'stream',
          stream_id: GENERAL,
          topic: 'lunch',
        }),
        {
          areas: ['messages', 'unreads'],
          streamIds: [GENERAL],
          messageIds: [100],
        },
      );
      assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 1);
    });

    it('of an unread direct message: unreads change, no channel', () => {
      assert.deepEqual(apply({ type: 'delete_message', message_ids: [200], message_type: 'private' }), {
        areas: ['messages', 'unreads'],
        streamIds: [],
        messageIds: [200],
      });
      assert.equal(store.unreadCount({ dmUserIds: [ALICE] }), 0);
    });

    it('of a read message: only the message changes', () => {
      assert.deepEqual(
        apply({ type: 'delete_message', message_ids: [50], message_type: 'stream', stream_id: GENERAL, topic: 'old' }),
        {
          areas: ['messages'],
          streamIds: [],
          messageIds: [50],
        },
      );
      assert.equal(store.totalUnread(), 4);
    });

    it("of a topic's newest message refetches the channel's topics; of an older one, the topic stays listed", async () => {
      await store.loadTopics(GENERAL);
      assert.equal(fetches, 1);
      store.apply(
        events({
          type: 'delete_message',
          message_ids: [100],
          message_type: 'stream',
          stream_id: GENERAL,
          topic: 'lunch',
        }),
      );
      await settle();
      assert.equal(fetches, 1);
      assert.deepEqual(
        store.topics(GENERAL)?.map((t) => [t.name, t.maxId, t.unread]),
        [
          ['Plans', 102, 1],
          ['lunch', 101, 1],
        ],
      );
      store.apply(
        events({
          type: 'delete_message',
          message_ids: [102],
          message_type: 'stream',
          stream_id: GENERAL,
          topic: 'Plans',
        }),
      );
      await settle();
      assert.equal(fetches, 2);
    });

    it('without a topic (or a channel) in the event, the topic lists are left alone', async () => {
      await store.loadTopics(GENERAL);
      store.apply(events({ type: 'delete_message', message_ids: [102], message_type: 'stream', stream_id: GENERAL }));
      store.apply(events({ type: 'delete_message', message_ids: [101], message_type: 'stream', topic: 'lunch' }));
      await settle();
      assert.equal(fetches, 1);
      assert.deepEqual(
        store.topics(GENERAL)?.map((t) => t.name),
        ['Plans', 'lunch'],
      );
    });
  });

  describe('flags', () => {
    const flags = (fields: Record<string, unknown>) => apply({ type: 'update_message_flags', all: false, ...fields });

    it('a flag other than read changes the messages, not the unreads', () => {
      assert.deepEqual(flags({ op: 'add', flag: 'starred', messages: [100, 200] }), {
        areas: ['messages'],
        streamIds: [],
        messageIds: [100, 200],
      });
      assert.deepEqual(flags({ op: 'remove', flag: 'starred', messages: [100] }), {
        areas: ['messages'],
        streamIds: [],
        messageIds: [100],
      });
      assert.equal(store.totalUnread(), 4);
      assert.equal(store.isUnread(100), true);
    });

    it('read: a channel message names its channel, a direct message none, a message already read nothing', () => {
      assert.deepEqual(flags({ op: 'add', flag: 'read', messages: [102] }), {
        areas: ['messages', 'unreads'],
        streamIds: [GENERAL],
        messageIds: [102],
      });
      assert.deepEqual(flags({ op: 'add', flag: 'read', messages: [200] }), {
        areas: ['messages', 'unreads'],
        streamIds: [],
        messageIds: [200],
      });
      assert.deepEqual(flags({ op: 'add', flag: 'read', messages: [50] }), {
        areas: ['messages'],
        streamIds: [],
        messageIds: [50],
      });
      assert.equal(store.totalUnread(), 2);
    });

    it('read on all messages clears every unread and names the channels that had some', () => {
      assert.deepEqual(flags({ op: 'add', flag: 'read', messages: [], all: true }), {
        areas: ['messages', 'unreads'],
        streamIds: [GENERAL],
        messageIds: [],
      });
      assert.equal(store.totalUnread(), 0);
      // With only direct messages unread, the change still names the unreads.
      store.reset(snapshot());
      flags({ op: 'add', flag: 'read', messages: [100, 101, 102] });
      assert.deepEqual(flags({ op: 'add', flag: 'read', messages: [], all: true }), {
        areas: ['messages', 'unreads'],
        streamIds: [],
        messageIds: [],
      });
      assert.equal(store.unreadCount({ dmUserIds: [ALICE] }), 0);
    });

    describe('marked unread again, placed by message_details', () => {
      beforeEach(() => {
        flags({ op: 'add', flag: 'read', messages: [], all: true });
      });
      const unread = (messages: number[], details: Record<string, unknown>) =>
        flags({ op: 'remove', flag: 'read', messages, message_details: details });

      it('a channel message goes to its topic, counted as a mention only when the details say so', () => {
        assert.deepEqual(
          unread([100, 101], {
            100: { type: 'stream', stream_id: GENERAL, topic: 'lunch' },
            101: { type: 'stream', stream_id: GENERAL, topic: 'lunch', mentioned: false },
          }),
          {
            areas: ['messages', 'unreads'],
            streamIds: [GENERAL],
            messageIds: [100, 101],
          },
        );
        assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 2);
        assert.equal(store.unreadMentions(), 0);
        unread([102], { 102: { type: 'stream', stream_id: GENERAL, topic: 'Plans', mentioned: true } });
        assert.equal(store.unreadMentions(), 1);
      });

      it('a direct message goes to its conversation; without user_ids, to the conversation with oneself', () => {
        assert.deepEqual(unread([200], { 200: { type: 'private', user_ids: [ALICE] } }), {
          areas: ['messages', 'unreads'],
          streamIds: [],
          messageIds: [200],
        });
        assert.deepEqual(store.unreadDirectConversations(), [{ userIds: [ALICE], count: 1 }]);
        assert.equal(store.unreadCount({ streamId: GENERAL }), 0);
        unread([201], { 201: { type: 'private' } });
        assert.deepEqual(store.unreadDirectConversations(), [
          { userIds: [ALICE], count: 1 },
          { userIds: [ME], count: 1 },
        ]);
      });

      it('messages without details, or with incomplete channel details, are not counted', () => {
        assert.deepEqual(
          unread([100, 101, 102], {
            101: { type: 'stream', topic: 'lunch' },
            102: { type: 'stream', stream_id: GENERAL },
          }),
          {
            areas: ['messages'],
            streamIds: [],
            messageIds: [100, 101, 102],
          },
        );
        assert.equal(store.unreads.dmsAndMentions, 0);
        assert.equal(store.isUnread(101), false);
        assert.equal(store.isUnread(102), false);
        assert.deepEqual(store.unreadDirectConversations(), []);
      });
    });
  });

  it('a reaction or a submessage names its message only', () => {
    assert.deepEqual(
      apply({
        type: 'reaction',
        op: 'add',
        message_id: 100,
        user_id: BOB,
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      }),
      {
        areas: ['messages'],
        streamIds: [],
        messageIds: [100],
      },
    );
    assert.deepEqual(
      apply({
        type: 'submessage',
        message_id: 101,
        submessage_id: 1,
        sender_id: BOB,
        msg_type: 'widget',
        content: '{}',
      }),
      {
        areas: ['messages'],
        streamIds: [],
        messageIds: [101],
      },
    );
  });

  it('a channel message without a channel id is neither a channel nor a direct unread', () => {
    const m = {
      id: 300,
      type: 'stream',
      sender_id: ALICE,
      sender_email: 'u11@example.com',
      sender_full_name: 'alice',
      sender_realm_str: 'r',
      avatar_url: null,
      client: 'test',
      content: '<p>x</p>',
      content_type: 'text/html',
      display_recipient: 'general',
      recipient_id: 5,
      subject: 'lunch',
      topic_links: [],
      is_me_message: false,
      timestamp: NOW_S,
      reactions: [],
      submessages: [],
    };
    assert.deepEqual(apply({ type: 'message', message: m, flags: [] }), {
      areas: ['messages'],
      streamIds: [],
      messageIds: [300],
    });
    assert.equal(store.totalUnread(), 4);
  });
});
