// ChatStore.apply and the store's notifications: what each kind of event reports, an event the
// store cannot follow, optional callbacks left out, topic lists loaded and refetched, dispose.
import { strict as assert } from 'node:assert';
import type { ChatEvent } from '../../../src/api/events/models';
import { parseEvent } from '../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../src/api/events/register';
import { ChatStore, type ChatStoreOptions, type StoreChange } from '../../../src/store';
import { ownSnapshot } from '../support/synthetic';

const ALICE = 11;
const GENERAL = 1;
const DESIGN = 2;

function snapshot(): RegisterSnapshot {
  const sub = (id: number, name: string) => ({
    stream_id: id,
    name,
    color: '#fff',
    is_muted: false,
    pin_to_top: false,
  });
  return ownSnapshot({
    subscriptions: [sub(GENERAL, 'general'), sub(DESIGN, 'design')],
    unread_msgs: {
      count: 1,
      mentions: [],
      old_unreads_missing: false,
      pms: [],
      huddles: [],
      streams: [{ stream_id: GENERAL, topic: 'lunch', unread_message_ids: [100] }],
    },
    user_settings: { web_home_view: 'inbox' },
  });
}

function events(...raw: Record<string, unknown>[]): ChatEvent[] {
  return raw.map((e, i) => {
    const parsed = parseEvent({ id: i, ...e });
    if (!parsed.ok) throw parsed.error;
    return parsed.event;
  });
}

/** A plain-data view of a change, for deepEqual. */
function plain(c: StoreChange | undefined) {
  assert.ok(c);
  return {
    full: c.full,
    areas: [...c.areas].sort(),
    streamIds: [...c.streamIds],
    messageIds: [...c.messageIds],
    userIds: [...c.userIds],
  };
}

function makeStore(options: ChatStoreOptions = {}): { store: ChatStore; changes: StoreChange[] } {
  const store = new ChatStore(options);
  store.reset(snapshot());
  const changes: StoreChange[] = [];
  store.onDidChange((c) => changes.push(c));
  return { store, changes };
}

describe('ChatStore events and notifications', () => {
  it('a reaction names the message, and only the message', () => {
    const errors: unknown[] = [];
    const { store } = makeStore({ onError: (e) => errors.push(e) });
    const change = store.apply(
      events({
        type: 'reaction',
        op: 'add',
        message_id: 100,
        user_id: ALICE,
        emoji_name: 'smile',
        emoji_code: '1f642',
        reaction_type: 'unicode_emoji',
      }),
    );
    assert.deepEqual(plain(change), {
      full: false,
      areas: ['messages'],
      streamIds: [],
      messageIds: [100],
      userIds: [],
    });
    assert.deepEqual(errors, []);
    assert.equal(store.unreadCount({ streamId: GENERAL }), 1);
  });

  it('a submessage (widget data) names its message', () => {
    const { store } = makeStore();
    const change = store.apply(
      events({
        type: 'submessage',
        message_id: 100,
        submessage_id: 3,
        sender_id: ALICE,
        msg_type: 'widget',
        content: '{"type":"vote"}',
      }),
    );
    assert.deepEqual(plain(change), {
      full: false,
      areas: ['messages'],
      streamIds: [],
      messageIds: [100],
      userIds: [],
    });
  });

  it('heartbeats and events of unknown types change nothing and fire nothing', () => {
    const { store, changes } = makeStore();
    assert.equal(store.apply(events({ type: 'heartbeat' }, { type: 'some_future_event', op: 'x' })), undefined);
    assert.deepEqual(changes, []);
  });

  describe('user settings', () => {
    it('an update of the home view translates its old name', () => {
      const { store } = makeStore();
      assert.equal(store.userSettings.web_home_view, 'inbox');
      const change = store.apply(
        events({ type: 'user_settings', op: 'update', property: 'web_home_view', value: 'recent_topics' }),
      );
      assert.deepEqual(plain(change).areas, ['userSettings']);
      assert.equal(store.userSettings.web_home_view, 'recent');
      store.apply(events({ type: 'user_settings', op: 'update', property: 'web_home_view', value: 'all_messages' }));
      assert.equal(store.userSettings.web_home_view, 'all_messages');
    });

    it("other settings are kept as sent, even a value that reads like the home view's old name", () => {
      const { store } = makeStore();
      store.apply(
        events(
          { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
          { type: 'user_settings', op: 'update', property: 'default_view', value: 'recent_topics' },
        ),
      );
      assert.equal(store.userSettings.twenty_four_hour_time, true);
      assert.equal(store.userSettings.default_view, 'recent_topics');
    });
  });

  describe('an event the store cannot follow', () => {
    // Shaped like a flags update but without its message list: the reducer throws on it.
    const broken = { type: 'update_message_flags', op: 'add', flag: 'read', all: false } as unknown as ChatEvent;
    const read = events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [100], all: false });

    it('is reported to onError, and the rest of the batch is applied', () => {
      const errors: unknown[] = [];
      const { store, changes } = makeStore({ onError: (e) => errors.push(e) });
      const change = store.apply([broken, ...read]);
      assert.equal(errors.length, 1);
      assert.ok(errors[0] instanceof Error);
      assert.equal(store.unreadCount({ streamId: GENERAL }), 0);
      assert.deepEqual(plain(change).messageIds, [100]);
      assert.equal(changes.length, 1);
    });

    it('without onError, is skipped silently', () => {
      const { store } = makeStore();
      assert.doesNotThrow(() => store.apply([broken, ...read]));
      assert.equal(store.unreadCount({ streamId: GENERAL }), 0);
    });
  });

  it('realm changes without an onLimits callback are applied', () => {
    const { store } = makeStore();
    const change = store.apply(events({ type: 'realm', op: 'update', property: 'mandatory_topics', value: true }));
    assert.ok(change?.areas.has('realm'));
    assert.equal(store.realm.limits().mandatoryTopics, true);
  });

  describe('topic lists', () => {
    let onServer: { name: string; max_id: number }[];
    let fetched: number[];
    function topicStore() {
      onServer = [
        { name: 'lunch', max_id: 100 },
        { name: 'plans', max_id: 90 },
      ];
      fetched = [];
      return makeStore({
        fetchTopics: async (streamId) => {
          fetched.push(streamId);
          return onServer.map((t) => ({ ...t }));
        },
      });
    }

    it('a first load fires one topics change naming only that channel', async () => {
      const { store, changes } = topicStore();
      const list = await store.loadTopics(GENERAL);
      assert.deepEqual(
        list.map((t) => [t.name, t.unread]),
        [
          ['lunch', 1],
          ['plans', 0],
        ],
      );
      assert.deepEqual(changes.map(plain), [
        { full: false, areas: ['topics'], streamIds: [GENERAL], messageIds: [], userIds: [] },
      ]);
    });

    it('a refetched list replaces the rows read before it, and tells the listeners', async () => {
      const { store, changes } = topicStore();
      await store.loadTopics(GENERAL);
      assert.equal(store.topics(GENERAL)![0]!.maxId, 100);
      // The newest message of 'lunch' is deleted: the server's answer now tells its new newest.
      onServer = [
        { name: 'plans', max_id: 90 },
        { name: 'lunch', max_id: 80 },
      ];
      const refetched = new Promise<StoreChange>((resolve) =>
        store.onDidChange((c) => c.areas.has('topics') && !c.areas.has('messages') && resolve(c)),
      );
      store.apply(
        events({
          type: 'delete_message',
          message_ids: [100],
          message_type: 'stream',
          stream_id: GENERAL,
          topic: 'lunch',
        }),
      );
      assert.equal(store.topics(GENERAL)![0]!.maxId, 100, 'until the new list arrives');
      assert.deepEqual(plain(await refetched).streamIds, [GENERAL]);
      assert.deepEqual(fetched, [GENERAL, GENERAL]);
      assert.deepEqual(
        store.topics(GENERAL)!.map((t) => [t.name, t.maxId, t.unread]),
        [
          ['plans', 90, 0],
          ['lunch', 80, 0],
        ],
      );
      assert.equal(changes.length, 3, 'the first load, the deletion, the refetch');
    });
  });

  it('after dispose, listeners hear nothing more', () => {
    const { store, changes } = makeStore();
    const batches: (readonly ChatEvent[])[] = [];
    store.onDidApplyEvents((b) => batches.push(b));
    store.dispose();
    store.apply(events({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [100], all: false }));
    store.reset(snapshot());
    assert.deepEqual(changes, []);
    assert.deepEqual(batches, []);
    assert.equal(store.unreadCount({ streamId: GENERAL }), 1, 'the store itself still works');
  });
});
