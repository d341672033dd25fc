import { strict as assert } from 'node:assert';
import type { ChatEvent } from '../../../src/api/events/models';
import { parseEvent } from '../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../src/api/events/register';
import type { RealmLimits } from '../../../src/api/operation';
import { ChatStore, type StoreChange } from '../../../src/store';
import { ownSnapshot, user } from '../support/synthetic';

/**
 * The reducers on synthetic events, in the shapes deployed servers send (each goes through
 * `parseEvent`, as in the event queue). The server-backed suite is session.test.ts; these cover the
 * cases the local server cannot easily produce (partial moves, `all`, legacy shapes, realm groups).
 */

const ME = 10;
const ALICE = 11;
const BOB = 12;
const BOT = 13;
const GENERAL = 1;
const DESIGN = 2;

function sub(id: number, name: string, extra: Record<string, unknown> = {}) {
  return { stream_id: id, name, color: '#76ce90', is_muted: false, pin_to_top: false, ...extra };
}

const NOW_S = 1_700_000_000;

function snapshot(extra: Record<string, unknown> = {}): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [user(ME, 'Me'), user(ALICE, 'alice'), user(BOB, 'Bob'), user(BOT, 'Bot', { is_bot: true })],
    subscriptions: [sub(GENERAL, 'general'), sub(DESIGN, 'Design', { pin_to_top: false })],
    never_subscribed: [{ stream_id: 3, name: 'elsewhere' }],
    unread_msgs: {
      count: 5,
      mentions: [101],
      old_unreads_missing: false,
      streams: [
        { stream_id: GENERAL, topic: 'lunch', unread_message_ids: [100, 101] },
        { stream_id: GENERAL, topic: 'Plans', unread_message_ids: [102] },
      ],
      pms: [{ other_user_id: ALICE, unread_message_ids: [200] }],
      huddles: [{ user_ids_string: `${ME},${ALICE},${BOB}`, unread_message_ids: [201] }],
    },
    user_topics: [],
    presences: {
      [ALICE]: { active_timestamp: NOW_S - 10, idle_timestamp: NOW_S - 10 },
      'u12@example.com': {
        website: { client: 'website', status: 'idle', timestamp: NOW_S - 30, pushable: false },
        aggregated: { client: 'website', status: 'idle', timestamp: NOW_S - 30 },
      },
    },
    server_timestamp: NOW_S,
    user_status: { [ALICE]: { status_text: 'lunch', emoji_name: 'food' } },
    realm_user_groups: [
      { id: 1, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 2, name: 'role:members', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 3, name: 'role:moderators', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 9, name: 'movers', is_system_group: false, members: [BOB], direct_subgroup_ids: [3] },
    ],
    realm_can_move_messages_between_topics_group: 2,
    realm_can_move_messages_between_channels_group: 9,
    realm_can_resolve_topics_group: 1,
    realm_move_messages_within_stream_limit_seconds: 604800,
    saved_snippets: [
      { id: 1, title: 'b', content: 'x' },
      { id: 2, title: 'a', content: 'y' },
    ],
    scheduled_messages: [],
    reminders: [],
    realm_linkifiers: [],
    ...extra,
  });
}

function events(...raw: Record<string, unknown>[]): ChatEvent[] {
  return raw.map((e, i) => {
    const parsed = parseEvent({ id: i, ...e });
    if (!parsed.ok) throw parsed.error;
    return parsed.event;
  });
}

function message(id: number, streamId: number, topic: string, sender = ALICE) {
  return {
    id,
    type: 'stream',
    sender_id: sender,
    sender_email: `u${sender}@example.com`,
    sender_full_name: 'x',
    sender_realm_str: 'r',
    avatar_url: null,
    client: 'test',
    content: '<p>x</p>',
    content_type: 'text/html',
    display_recipient: 'general',
    recipient_id: 5,
    stream_id: streamId,
    subject: topic,
    topic_links: [],
    is_me_message: false,
    timestamp: NOW_S,
    reactions: [],
    submessages: [],
  };
}

describe('ChatStore reducers (synthetic events)', () => {
  let store: ChatStore;
  let nowMs: number;
  let fetches: number;
  let limits: RealmLimits[];
  let topicsOnServer: { name: string; max_id: number }[];
  let changes: StoreChange[];

  beforeEach(() => {
    nowMs = NOW_S * 1000;
    fetches = 0;
    limits = [];
    changes = [];
    topicsOnServer = [
      { name: 'Plans', max_id: 102 },
      { name: 'lunch', max_id: 101 },
      { name: 'old', max_id: 50 },
    ];
    store = new ChatStore({
      now: () => nowMs,
      fetchTopics: async (streamId) => {
        fetches++;
        return streamId === GENERAL ? topicsOnServer.map((t) => ({ ...t })) : [];
      },
      onLimits: (l) => limits.push(l),
    });
    store.reset(snapshot());
    store.onDidChange((c) => changes.push(c));
  });

  it('indexes the channels of a snapshot on first use, each record merged over the earlier ones in snapshot order', () => {
    const build = () => {
      store.reset(
        snapshot({
          never_subscribed: [
            { stream_id: 3, name: 'elsewhere' },
            { stream_id: GENERAL, name: 'general', subscriber_count: 7 },
          ],
          unsubscribed: [
            sub(4, 'left', { description: 'was here' }),
            sub(3, 'elsewhere', { description: 'later record' }),
          ],
        }),
      );
    };
    build();
    const byId = new Map([...store.channels()].map((c) => [c.stream_id, c]));
    assert.deepEqual([...byId.keys()].sort(), [GENERAL, DESIGN, 3, 4]);
    assert.equal(byId.get(GENERAL)?.subscriber_count, 7);
    assert.equal(byId.get(GENERAL)?.color, '#76ce90');
    assert.equal(byId.get(3)?.description, 'later record');
    // An event before any lookup applies on top of the whole snapshot.
    build();
    store.apply(
      events({ type: 'stream', op: 'update', stream_id: 3, property: 'name', value: 'renamed', name: 'elsewhere' }),
    );
    assert.equal(store.channelName(3), 'renamed');
    assert.equal(store.channelName(4), 'left');
    assert.equal([...store.channels()].find((c) => c.stream_id === GENERAL)?.subscriber_count, 7);
  });

  it('builds unread counts from the snapshot (topics case-insensitively, DMs by the other users)', () => {
    assert.equal(store.unreadCount({ streamId: GENERAL }), 3);
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'LUNCH' }), 2);
    assert.equal(store.unreadCount({ dmUserIds: [ALICE] }), 1);
    assert.equal(store.unreadCount({ dmUserIds: [BOB, ALICE] }), 1);
    assert.equal(store.unreadCount({ dmUserIds: [ME, ALICE, BOB] }), 1);
    assert.equal(store.totalUnread(), 5);
    assert.equal(store.unreadMentions(), 1);
    assert.deepEqual(
      store.subscriptions().map((s) => s.name),
      ['Design', 'general'],
    );
    assert.equal(store.channelName(3), 'elsewhere');
    assert.deepEqual(
      store.savedSnippets().map((s) => s.title),
      ['a', 'b'],
    );
    assert.deepEqual(limits.at(-1), {
      maxMessageLength: 10000,
      maxTopicLength: 60,
      mandatoryTopics: false,
      emptyTopicDisplayName: 'general chat',
    });
  });

  it('fires one change per batch, naming areas and channels; unknown events are ignored', () => {
    const change = store.apply(
      events(
        { type: 'message', message: message(300, GENERAL, 'new'), flags: [] },
        { type: 'message', message: message(301, DESIGN, 'x', ME), flags: ['read'] },
        { type: 'some_future_event', op: 'frob' },
        { type: 'heartbeat' },
      ),
    )!;
    assert.equal(changes.length, 1);
    assert.ok(change.areas.has('unreads') && change.areas.has('messages'));
    assert.deepEqual([...change.streamIds], [GENERAL]);
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'new' }), 1);
    assert.equal(store.unreadCount({ streamId: DESIGN }), 0, 'own message is not unread');
    assert.equal(store.apply(events({ type: 'some_future_event' })), undefined);
    assert.equal(changes.length, 1, 'nothing changed, nothing fired');
  });

  it('topics: lazy, newest first, live; a partial move of the newest message refetches', async () => {
    assert.equal(store.topics(GENERAL), undefined);
    const list = await store.loadTopics(GENERAL);
    assert.deepEqual(
      list.map((t) => [t.name, t.unread]),
      [
        ['Plans', 1],
        ['lunch', 2],
        ['old', 0],
      ],
    );
    store.apply(events({ type: 'message', message: message(400, GENERAL, 'old'), flags: [] }));
    assert.deepEqual(
      store.topics(GENERAL)!.map((t) => t.name),
      ['old', 'Plans', 'lunch'],
    );
    assert.equal(store.topics(GENERAL)![0]!.unread, 1);

    // change_one of lunch's newest message (101) to a new topic: lunch's max_id is unknown now.
    topicsOnServer = [
      { name: 'old', max_id: 400 },
      { name: 'split', max_id: 101 },
      { name: 'Plans', max_id: 102 },
      { name: 'lunch', max_id: 100 },
    ];
    const refetched = new Promise<void>((resolve) =>
      store.onDidChange((c) => c.areas.has('topics') && fetches === 2 && resolve()),
    );
    store.apply(
      events({
        type: 'update_message',
        message_id: 101,
        message_ids: [101],
        user_id: BOB,
        stream_id: GENERAL,
        orig_subject: 'lunch',
        subject: 'split',
        propagate_mode: 'change_one',
        flags: [],
      }),
    );
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 1);
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'split' }), 1);
    assert.equal(store.unreadMentions(), 1, 'a move keeps the mention');
    await refetched;
    assert.equal(store.topics(GENERAL)!.find((t) => t.name === 'lunch')!.maxId, 100);
  });

  it('moves: change_all across channels, resolve prefix, case-only rename', async () => {
    await store.loadTopics(GENERAL);
    await store.loadTopics(DESIGN);
    store.apply(
      events({
        type: 'update_message',
        message_id: 100,
        message_ids: [100, 101],
        user_id: BOB,
        stream_id: GENERAL,
        new_stream_id: DESIGN,
        orig_subject: 'lunch',
        propagate_mode: 'change_all',
        flags: [],
      }),
    );
    assert.equal(store.unreadCount({ streamId: GENERAL }), 1);
    assert.equal(store.unreadCount({ streamId: DESIGN, topic: 'lunch' }), 2);
    assert.ok(!store.topics(GENERAL)!.some((t) => t.name === 'lunch'));
    assert.equal(store.topics(DESIGN)![0]!.name, 'lunch');
    const change = store.apply(
      events({
        type: 'update_message',
        message_id: 100,
        message_ids: [100, 101],
        user_id: BOB,
        stream_id: DESIGN,
        orig_subject: 'lunch',
        subject: '\u2714 lunch',
        propagate_mode: 'change_all',
        flags: [],
      }),
    )!;
    assert.ok(change.streamIds.has(DESIGN));
    const resolved = store.topics(DESIGN)![0]!;
    assert.deepEqual([resolved.name, resolved.resolved, resolved.unread], ['\u2714 lunch', true, 2]);
    store.apply(
      events({
        type: 'update_message',
        message_id: 102,
        message_ids: [102],
        user_id: BOB,
        stream_id: GENERAL,
        orig_subject: 'Plans',
        subject: 'plans',
        propagate_mode: 'change_all',
        flags: [],
      }),
    );
    assert.deepEqual(
      store.topics(GENERAL)!.map((t) => t.name),
      ['plans', 'old'],
    );
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'plans' }), 1);
    assert.equal(fetches, 2, 'no refetch needed for whole-topic moves');
  });

  it('flags: read add/remove with message_details, `all`, deletion', () => {
    store.apply(events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [100, 200], all: false }));
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 1);
    assert.equal(store.unreadCount({ dmUserIds: [ALICE] }), 0);
    store.apply(
      events({
        type: 'update_message_flags',
        op: 'remove',
        flag: 'read',
        messages: [100, 200],
        all: false,
        message_details: {
          100: { type: 'stream', stream_id: GENERAL, topic: 'lunch', mentioned: false },
          200: { type: 'private', user_ids: [ALICE] },
        },
      }),
    );
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 2);
    assert.equal(store.unreadCount({ dmUserIds: [ALICE] }), 1);
    const starred = store.apply(
      events({ type: 'update_message_flags', op: 'add', flag: 'starred', messages: [5], all: false }),
    )!;
    assert.deepEqual([...starred.areas], ['messages']);
    store.apply(
      events({
        type: 'delete_message',
        message_ids: [102],
        message_type: 'stream',
        stream_id: GENERAL,
        topic: 'Plans',
      }),
    );
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'Plans' }), 0);
    store.apply(events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true }));
    assert.equal(store.totalUnread(), 0);
    assert.equal(store.isUnread(201), false);
  });

  it('your own new messages never count as unread, even without the read flag', () => {
    store.apply(
      events(
        { type: 'message', message: message(300, GENERAL, 'lunch', ME), flags: [] },
        { type: 'message', message: message(301, GENERAL, 'lunch', ME), flags: ['mentioned'] },
      ),
    );
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 2);
    assert.equal(store.totalUnread(), 5);
    assert.equal(store.unreadMentions(), 1);
    assert.equal(store.isUnread(300), false);
    // Someone else's message in the same batch does count.
    store.apply(events({ type: 'message', message: message(302, GENERAL, 'lunch', ALICE), flags: [] }));
    assert.equal(store.unreadCount({ streamId: GENERAL, topic: 'lunch' }), 3);
  });

  it('mention counts drop when a mention is read or deleted', () => {
    assert.equal(store.unreadMentions(), 1);
    store.apply(
      events(
        { type: 'message', message: message(310, GENERAL, 'lunch', ALICE), flags: ['mentioned'] },
        {
          type: 'message',
          message: message(311, GENERAL, 'Plans', BOB),
          flags: ['stream_wildcard_mentioned', 'wildcard_mentioned'],
        },
        { type: 'message', message: message(312, GENERAL, 'Plans', BOB), flags: [] },
      ),
    );
    assert.equal(store.unreadMentions(), 3);
    store.apply(events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [101], all: false }));
    assert.equal(store.unreadMentions(), 2, 'the snapshot mention read');
    store.apply(events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [310, 312], all: false }));
    assert.equal(store.unreadMentions(), 1, 'a live mention read (an ordinary message read changes nothing)');
    store.apply(
      events({
        type: 'delete_message',
        message_ids: [311],
        message_type: 'stream',
        stream_id: GENERAL,
        topic: 'Plans',
      }),
    );
    assert.equal(store.unreadMentions(), 0, 'a mention deleted');
    // Marked unread again with its details: the mention counts again.
    store.apply(
      events({
        type: 'update_message_flags',
        op: 'remove',
        flag: 'read',
        messages: [310],
        all: false,
        message_details: { 310: { type: 'stream', stream_id: GENERAL, topic: 'lunch', mentioned: true } },
      }),
    );
    assert.equal(store.unreadMentions(), 1);
  });

  it('subscriptions: add, remove, legacy in_home_view, stream rename and deletion; muted totals', () => {
    store.apply(
      events({ type: 'subscription', op: 'update', stream_id: GENERAL, property: 'in_home_view', value: false }),
    );
    assert.equal(store.subscription(GENERAL)!.is_muted, true);
    assert.equal(store.totalUnread(), 2, 'muted channel leaves the total');
    assert.equal(store.unreadCount({ streamId: GENERAL }), 3, 'raw count unchanged');
    store.apply(
      events({
        type: 'user_topic',
        stream_id: GENERAL,
        topic_name: 'lunch',
        last_updated: NOW_S,
        visibility_policy: 3,
      }),
    );
    assert.equal(store.totalUnread(), 4, 'followed topic of a muted channel counts');
    assert.equal(store.unreadCount({ streamId: GENERAL }, { excludeMuted: true }), 2);
    store.apply(events({ type: 'subscription', op: 'update', stream_id: GENERAL, property: 'is_muted', value: false }));
    assert.equal(store.subscription(GENERAL)!.in_home_view, true);
    store.apply(
      events({ type: 'subscription', op: 'update', stream_id: GENERAL, property: 'pin_to_top', value: true }),
    );
    assert.equal(store.subscriptions()[0]!.stream_id, GENERAL);
    store.apply(
      events({ type: 'stream', op: 'update', stream_id: DESIGN, name: 'Design', property: 'name', value: 'Aardvark' }),
    );
    assert.deepEqual(
      store.subscriptions().map((s) => s.name),
      ['general', 'Aardvark'],
    );
    store.apply(
      events({
        type: 'stream',
        op: 'update',
        stream_id: DESIGN,
        name: 'Aardvark',
        property: 'description',
        value: 'd',
        rendered_description: '<p>d</p>',
      }),
    );
    assert.equal(store.subscription(DESIGN)!.rendered_description, '<p>d</p>');
    store.apply(events({ type: 'subscription', op: 'add', subscriptions: [sub(3, 'elsewhere')] }));
    assert.equal(store.subscriptions().length, 3);
    store.apply(
      events({ type: 'subscription', op: 'remove', subscriptions: [{ stream_id: GENERAL, name: 'general' }] }),
    );
    assert.equal(store.subscription(GENERAL), undefined);
    assert.equal(store.totalUnread(), 2, 'unsubscribed channels do not count');
    store.apply(events({ type: 'subscription', op: 'peer_add', stream_ids: [DESIGN], user_ids: [BOB] }));
    store.apply(events({ type: 'stream', op: 'delete', streams: [{ stream_id: 3 }], stream_ids: [3] }));
    assert.equal(store.subscription(3), undefined);
    assert.equal(store.channelName(3), undefined);
  });

  it('presence: groups by the injected clock and threshold, bots left out, cache expires', () => {
    let g = store.presenceGroups();
    assert.deepEqual(g.active, [ALICE]);
    assert.deepEqual(g.idle, [BOB]);
    assert.deepEqual(g.offline, [ME]);
    nowMs += 135_000; // Alice's active report is now 145 s old (threshold 140)
    g = store.presenceGroups();
    assert.deepEqual(g.active, []);
    assert.deepEqual(g.idle, []);
    assert.deepEqual(g.offline, [ALICE, BOB, ME]);
    // Modern and legacy event forms.
    const c = store.apply(
      events(
        {
          type: 'presence',
          user_id: ME,
          server_timestamp: NOW_S + 135,
          presences: { [ME]: { active_timestamp: NOW_S + 135, idle_timestamp: NOW_S + 135 } },
        },
        {
          type: 'presence',
          user_id: BOB,
          email: 'u12@example.com',
          server_timestamp: NOW_S + 135,
          presence: { website: { client: 'website', status: 'idle', timestamp: NOW_S + 130, pushable: false } },
        },
      ),
    )!;
    assert.deepEqual([...c.userIds].sort(), [ME, BOB].sort());
    g = store.presenceGroups();
    assert.deepEqual([g.active, g.idle], [[ME], [BOB]]);
    assert.equal(store.presence(BOT), 'offline');
    assert.ok(![...g.active, ...g.idle, ...g.offline].includes(BOT));
  });

  it('users and statuses: add, partial update, role, new email, removal; partial status', () => {
    store.apply(events({ type: 'realm_user', op: 'add', person: user(14, 'Zed') }));
    assert.equal(store.users().at(-1)!.full_name, 'Zed');
    store.apply(events({ type: 'realm_user', op: 'update', person: { user_id: 14, full_name: 'Aaron' } }));
    assert.equal(store.users()[0]!.full_name, 'Aaron');
    store.apply(events({ type: 'realm_user', op: 'update', person: { user_id: 14, new_email: 'aaron@example.com' } }));
    assert.equal(store.userByEmail('AARON@example.com')?.user_id, 14);
    assert.equal(store.userByEmail('u14@example.com'), undefined);
    store.apply(events({ type: 'realm_user', op: 'update', person: { user_id: ME, role: 200 } }));
    assert.equal(store.ownUser!.is_admin, true);
    store.apply(events({ type: 'realm_user', op: 'remove', person: { user_id: 14, full_name: 'Aaron' } }));
    assert.equal(store.user(14)!.is_active, false);
    assert.ok(!store.presenceGroups().offline.includes(14));

    store.apply(events({ type: 'user_status', user_id: ALICE, status_text: 'back soon' }));
    assert.deepEqual({ ...store.status(ALICE) }, { status_text: 'back soon', emoji_name: 'food' });
    store.apply(
      events({
        type: 'user_status',
        user_id: ALICE,
        status_text: '',
        emoji_name: '',
        emoji_code: '',
        reaction_type: 'unicode_emoji',
      }),
    );
    assert.equal(store.status(ALICE), undefined, 'cleared');
  });

  it('realm: settings, limits pushed out, permissions by groups and role', () => {
    assert.equal(store.realm.canMoveBetweenTopics(), true, 'members');
    assert.equal(store.realm.canMoveBetweenChannels(), false, 'only "movers" (Bob and moderators)');
    assert.equal(store.realm.canResolveTopics(), true);
    assert.equal(store.realm.moveWithinChannelLimitSeconds, 604800);
    store.apply(events({ type: 'realm_user', op: 'update', person: { user_id: ME, role: 300 } }));
    assert.equal(store.realm.canMoveBetweenChannels(), true, 'moderators are a subgroup of "movers"');
    assert.equal(store.realm.moveWithinChannelLimitSeconds, null, 'moderators are not time-limited');
    const change = store.apply(
      events(
        { type: 'realm', op: 'update', property: 'mandatory_topics', value: true },
        {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { can_move_messages_between_topics_group: 3, message_content_edit_limit_seconds: 0 },
        },
      ),
    )!;
    assert.ok(change.areas.has('realm'));
    assert.equal(limits.at(-1)!.mandatoryTopics, true);
    assert.equal(store.realm.contentEditLimitSeconds, null);
    assert.equal(store.realm.canMoveBetweenTopics(), true);
    store.apply(
      events({
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { can_move_messages_between_topics_group: { direct_members: [BOB], direct_subgroups: [] } },
      }),
    );
    assert.equal(store.realm.canMoveBetweenTopics(), false);
  });

  it('legacy policies before group settings', () => {
    store.reset(
      snapshot({
        realm_can_move_messages_between_topics_group: undefined,
        realm_can_move_messages_between_channels_group: undefined,
        realm_can_resolve_topics_group: undefined,
        realm_edit_topic_policy: 5,
        realm_move_messages_between_streams_policy: 2,
      }),
    );
    assert.equal(store.realm.canMoveBetweenTopics(), true);
    assert.equal(store.realm.canMoveBetweenChannels(), false);
    assert.equal(store.realm.canResolveTopics(), true);
  });

  it('personal items and linkifiers', () => {
    const scheduled = {
      scheduled_message_id: 7,
      type: 'stream',
      to: GENERAL,
      topic: 't',
      content: 'c',
      rendered_content: '<p>c</p>',
      scheduled_delivery_timestamp: NOW_S + 100,
      failed: false,
    };
    store.apply(
      events(
        {
          type: 'scheduled_messages',
          op: 'add',
          scheduled_messages: [
            scheduled,
            { ...scheduled, scheduled_message_id: 8, scheduled_delivery_timestamp: NOW_S + 50 },
          ],
        },
        {
          type: 'saved_snippets',
          op: 'add',
          saved_snippet: { id: 3, title: '0 first', content: 'z', date_created: NOW_S },
        },
        {
          type: 'reminders',
          op: 'add',
          reminders: [
            {
              reminder_id: 4,
              scheduled_delivery_timestamp: NOW_S,
              content: 'r',
              rendered_content: 'r',
              failed: false,
              reminder_target_message_id: 100,
            },
          ],
        },
        {
          type: 'realm_linkifiers',
          realm_linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x/{id}' }],
        },
      ),
    );
    assert.deepEqual(
      store.scheduledMessages().map((m) => m.scheduled_message_id),
      [8, 7],
    );
    assert.equal(store.savedSnippets()[0]!.title, '0 first');
    assert.equal(store.reminders().length, 1);
    assert.equal(store.linkifiers()[0]!.url_template, 'https://x/{id}');
    const c = store.apply(
      events(
        {
          type: 'scheduled_messages',
          op: 'update',
          scheduled_message: { ...scheduled, scheduled_delivery_timestamp: NOW_S + 10 },
        },
        { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 8 },
        { type: 'saved_snippets', op: 'update', saved_snippet: { id: 3, title: 'z last', content: 'z' } },
        { type: 'saved_snippets', op: 'remove', saved_snippet_id: 1 },
        { type: 'reminders', op: 'remove', reminder_id: 4 },
      ),
    )!;
    assert.deepEqual([...c.areas].sort(), ['reminders', 'savedSnippets', 'scheduledMessages']);
    assert.deepEqual(
      store.scheduledMessages().map((m) => [m.scheduled_message_id, m.scheduled_delivery_timestamp]),
      [[7, NOW_S + 10]],
    );
    assert.deepEqual(
      store.savedSnippets().map((s) => s.title),
      ['a', 'z last'],
    );
    assert.equal(store.reminders().length, 0);
  });

  it('a rebuild replaces everything and fires a full change; stale topic fetches are discarded', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = new ChatStore({
      fetchTopics: async () => {
        await gate;
        return [{ name: 'stale', max_id: 1 }];
      },
    });
    slow.reset(snapshot());
    const loading = slow.loadTopics(GENERAL);
    slow.reset(snapshot({ subscriptions: [sub(GENERAL, 'general')] }));
    release();
    const list = await loading;
    assert.equal(list[0]!.name, 'stale', 'reloaded after the rebuild');
    store.reset(snapshot({ unread_msgs: { count: 0, mentions: [], pms: [], streams: [], huddles: [] } }));
    assert.equal(changes.at(-1)!.full, true);
    assert.equal(store.totalUnread(), 0);
  });
});
