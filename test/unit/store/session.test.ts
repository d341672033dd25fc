import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../src/api';
import { parseEvent } from '../../../src/api/events/parse';
import { registerQueue } from '../../../src/api/events/routes';
import { getChannelTopics } from '../../../src/api/channels/routes';
import type { IDisposable as Disposable } from '../../../src/base/lifecycle';
import { ChatStore, ChatSession, type FocusSource, type StoreChange, type SessionStatus } from '../../../src/store';
import { STORE_FETCH_EVENT_TYPES } from '../../../src/store/session';
import { accountWithRole, clientFor, withServer, type Account, type RunningServer } from '../support/server';

/** A window focus the test switches by hand. */
class TestFocus implements FocusSource {
  focused = true;
  readonly #listeners = new Set<(f: boolean) => void>();
  isFocused(): boolean {
    return this.focused;
  }
  onDidChange(listener: (f: boolean) => void): Disposable {
    this.#listeners.add(listener);
    return { dispose: () => void this.#listeners.delete(listener) };
  }
  set(focused: boolean): void {
    this.focused = focused;
    for (const l of this.#listeners) l(focused);
  }
}

/** Resolves with the first change that satisfies `match` (after `action` runs). */
function changeWhere(store: ChatStore, match: (c: StoreChange) => boolean, timeoutMs = 5000): Promise<StoreChange> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error('No matching store change arrived in time'));
    }, timeoutMs);
    const sub = store.onDidChange((c) => {
      if (!match(c)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(c);
    });
  });
}

function statusSeen(session: ChatSession, wanted: SessionStatus, timeoutMs = 8000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Status ${wanted} not reached (now ${session.status})`));
    }, timeoutMs);
    const sub = session.onDidChangeStatus(({ status }) => {
      if (status !== wanted) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function unreadIdsFromServer(
  client: ChatClient,
  narrow: { operator: string; operand: unknown }[],
): Promise<number[]> {
  // Counted from the oldest unread (at most 1000: enough for the demo organisation).
  const result = await client.call('GET /messages', {
    anchor: 'oldest',
    num_before: 0,
    num_after: 1000,
    narrow: [...narrow, { operator: 'is', operand: 'unread' }] as never,
  });
  return result.messages.map((m) => m.id);
}

describe('ChatStore and ChatSession (live state)', function () {
  this.timeout(20_000);
  let server: RunningServer;
  let me: Account;
  let other: Account;
  let client: ChatClient;
  let otherClient: ChatClient;
  let session: ChatSession;
  let store: ChatStore;
  const focus = new TestFocus();
  const errors: unknown[] = [];
  /** A channel both accounts are subscribed to. */
  let shared: { stream_id: number; name: string };

  const testServer = withServer({ longpollTimeoutSeconds: 2 });
  before(async () => {
    server = testServer.server;
    me = accountWithRole(server, 400, 0);
    other = accountWithRole(server, 400, 1);
    client = clientFor(server, me);
    otherClient = clientFor(server, other);
    session = new ChatSession(client, { focus, queue: { backoff: { baseMs: 20, capMs: 200 } } });
    session.onError((e) => errors.push(e));
    store = session.store;
    await session.start();
    const theirs = new Set(
      (await otherClient.call('GET /users/me/subscriptions', {})).subscriptions.map((s) => s.stream_id),
    );
    const both = store.subscriptions().filter((s) => theirs.has(s.stream_id) && !s.is_archived);
    assert.ok(both.length > 0, 'the demo organisation has a channel shared by two members');
    shared = both[0]!;
  });

  after(async () => {
    await session?.stop();
    await client?.close();
    await otherClient?.close();
  });

  it('builds from /register: live, subscriptions sorted pinned first then by name', () => {
    assert.equal(session.status, 'live');
    assert.equal(store.ownUserId, me.userId);
    assert.ok(store.ownUser, 'own user is known');
    const subs = store.subscriptions();
    // Both kinds present, so the order between them is really checked.
    assert.ok(
      subs.some((s) => s.pin_to_top) && subs.some((s) => !s.pin_to_top),
      'the fixture has pinned and unpinned channels',
    );
    for (let i = 1; i < subs.length; i++) {
      const a = subs[i - 1]!;
      const b = subs[i]!;
      if (a.pin_to_top !== b.pin_to_top) assert.ok(a.pin_to_top, 'pinned channels come first');
      else assert.ok(a.name.toLowerCase() <= b.name.toLowerCase(), `${a.name} before ${b.name}`);
    }
    assert.ok(store.users().length > 0);
    assert.equal(store.userByEmail(me.email)?.user_id, me.userId);
    assert.equal(store.user(other.userId)?.full_name, other.fullName);
  });

  it('unread counts per channel, topic and direct conversation match the server', async () => {
    // A certain unread in a certain topic (the fixture's own unreads may be read by other tests).
    const fresh = 'unread counts ' + Date.now();
    const got = changeWhere(store, () => store.unreadCount({ streamId: shared.stream_id, topic: fresh }) === 1);
    await otherClient.call('POST /messages', {
      type: 'stream',
      to: shared.stream_id,
      topic: fresh,
      content: 'count me',
    });
    await got;
    const channel = shared;
    const ids = await unreadIdsFromServer(client, [{ operator: 'channel', operand: channel.stream_id }]);
    assert.equal(store.unreadCount({ streamId: channel.stream_id }), ids.length);
    // One topic of it.
    const msgs = await client.call('GET /messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow: [
        { operator: 'channel', operand: channel.stream_id },
        { operator: 'is', operand: 'unread' },
      ] as never,
    });
    assert.ok(msgs.messages.length > 0, 'the channel has unread messages');
    const topic = msgs.messages[0]!.subject;
    const inTopic = msgs.messages.filter((m) => m.subject.toLowerCase() === topic.toLowerCase()).length;
    assert.equal(store.unreadCount({ streamId: channel.stream_id, topic }), inTopic);
    // Direct conversations.
    const dmIds = await unreadIdsFromServer(client, [{ operator: 'is', operand: 'dm' }]);
    const dmTotal = store.unreadDirectConversations().reduce((n, c) => n + c.count, 0);
    assert.equal(dmTotal, dmIds.length);
    for (const conv of store.unreadDirectConversations()) {
      assert.equal(store.unreadCount({ dmUserIds: conv.userIds }), conv.count);
      // The own id may be given or not.
      assert.equal(store.unreadCount({ dmUserIds: [...conv.userIds, me.userId] }), conv.count);
    }
    assert.ok(
      store.totalUnread() <=
        dmTotal + store.subscriptions().reduce((n, s) => n + store.unreadCount({ streamId: s.stream_id }), 0),
    );
  });

  it("loads a channel's topics once, lazily, sharing concurrent loads", async () => {
    const snapshot = await registerQueue(client, {
      fetch_event_types: STORE_FETCH_EVENT_TYPES,
      event_types: ['message'],
    });
    let fetches = 0;
    const local = new ChatStore({
      fetchTopics: async (streamId) => {
        fetches++;
        return (await getChannelTopics(client, { stream_id: streamId })).topics;
      },
    });
    local.reset(snapshot);
    assert.equal(local.topics(shared.stream_id), undefined);
    const [a, b] = await Promise.all([local.loadTopics(shared.stream_id), local.loadTopics(shared.stream_id)]);
    assert.equal(fetches, 1);
    assert.equal(a, b);
    await local.loadTopics(shared.stream_id);
    assert.equal(fetches, 1);
    const server = (await getChannelTopics(client, { stream_id: shared.stream_id })).topics;
    assert.deepEqual(
      a.map((t) => t.name),
      server.map((t) => t.name),
    );
    for (let i = 1; i < a.length; i++) assert.ok(a[i - 1]!.maxId >= a[i]!.maxId, 'newest first');
    for (const t of a) {
      assert.equal(t.unread, local.unreadCount({ streamId: shared.stream_id, topic: t.name }));
      assert.equal(t.resolved, t.name.startsWith('\u2714 '));
    }
    await client.call('DELETE /events', { queue_id: snapshot.queue_id });
  });

  it("the organisation's custom profile fields: from the snapshot in its order, replaced by a custom_profile_fields event", async () => {
    // The session asked for them (fetch type `custom_profile_fields`): the profile card's field names.
    const fields = store.customProfileFields();
    assert.ok(fields.length > 0, 'the demo organisation has custom profile fields');
    for (let i = 1; i < fields.length; i++)
      assert.ok((fields[i - 1]!.order ?? fields[i - 1]!.id) <= (fields[i]!.order ?? fields[i]!.id));
    // The local server has no way to change them, so the event is built here, in Zulip's shape.
    const snapshot = await registerQueue(client, {
      fetch_event_types: STORE_FETCH_EVENT_TYPES,
      event_types: ['message'],
    });
    await client.call('DELETE /events', { queue_id: snapshot.queue_id });
    const local = new ChatStore();
    local.reset(snapshot);
    assert.deepEqual(
      local.customProfileFields().map((f) => f.id),
      fields.map((f) => f.id),
    );
    const parsed = parseEvent({
      id: 7,
      type: 'custom_profile_fields',
      fields: [
        { id: 9, name: 'Pronouns', type: 8, hint: '', field_data: '', order: 2 },
        { id: 3, name: 'Team', type: 1, hint: '', field_data: '', order: 1, extra_field_of_a_newer_server: true },
      ],
    });
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const change = local.apply([parsed.event]);
    assert.ok(change?.areas.has('customProfileFields'));
    assert.deepEqual(
      local.customProfileFields().map((f) => [f.id, f.name]),
      [
        [3, 'Team'],
        [9, 'Pronouns'],
      ],
    );
  });

  it("the organisation's custom emoji: usable ones from the snapshot by name, replaced by a realm_emoji event", async () => {
    assert.deepEqual(
      store.realmEmoji().map((e) => e.name),
      ['party_parrot'],
      'the demo organisation has one custom emoji',
    );
    assert.equal(store.realm.settings.emoji, undefined, 'realm_emoji is not a realm setting');
    const local = new ChatStore();
    const snapshot = await registerQueue(client, {
      fetch_event_types: STORE_FETCH_EVENT_TYPES,
      event_types: ['message'],
    });
    await client.call('DELETE /events', { queue_id: snapshot.queue_id });
    local.reset(snapshot);
    // The local server cannot change custom emoji, so the event is built here, in Zulip's shape.
    const parsed = parseEvent({
      id: 8,
      type: 'realm_emoji',
      op: 'update',
      realm_emoji: {
        '1': { id: '1', name: 'party_parrot', source_url: '/e/1.gif', deactivated: true, author_id: 5 },
        '2': { id: '2', name: 'ship_it', source_url: '/e/2.png', deactivated: false, author_id: null, still_url: null },
        '3': { id: '3', name: 'blob_wave', source_url: '/e/3.png', deactivated: false },
      },
    });
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const change = local.apply([parsed.event]);
    assert.ok(change?.areas.has('realmEmoji'));
    assert.deepEqual(
      local.realmEmoji().map((e) => [e.id, e.name]),
      [
        ['3', 'blob_wave'],
        ['2', 'ship_it'],
      ],
    );
  });

  it('a message from someone else: unread +1, topic first, one change with unreads and topics', async () => {
    await store.loadTopics(shared.stream_id);
    const before = store.unreadCount({ streamId: shared.stream_id });
    const total = store.totalUnread();
    const topic = 'store test ' + Date.now();
    const changed = changeWhere(store, (c) => c.areas.has('unreads') && c.streamIds.has(shared.stream_id));
    const sent = await otherClient.call('POST /messages', {
      type: 'stream',
      to: shared.stream_id,
      topic,
      content: 'hello store',
    });
    const change = await changed;
    assert.ok(change.areas.has('topics'), 'topics changed in the same batch');
    assert.ok(change.messageIds.has(sent.id));
    assert.equal(store.unreadCount({ streamId: shared.stream_id }), before + 1);
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic }), 1);
    const first = store.topics(shared.stream_id)![0]!;
    assert.equal(first.name, topic);
    assert.equal(first.maxId, sent.id);
    assert.equal(first.unread, 1);
    assert.equal(store.subscription(shared.stream_id)!.is_muted, false, 'the shared channel is not muted');
    assert.equal(store.totalUnread(), total + 1);

    // Own messages are not unread.
    const own = changeWhere(store, (c) => c.messageIds.size > 0);
    await client.call('POST /messages', { type: 'stream', to: shared.stream_id, topic, content: 'my reply' });
    await own;
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic }), 1);

    // Marked read: −1.
    const read = changeWhere(store, (c) => c.areas.has('unreads'));
    await client.call('POST /messages/flags', { messages: [sent.id], op: 'add', flag: 'read' });
    await read;
    assert.equal(store.unreadCount({ streamId: shared.stream_id }), before);
    assert.equal(store.topics(shared.stream_id)![0]!.unread, 0);

    // Marked unread again: message_details puts it back.
    const unread = changeWhere(store, (c) => c.areas.has('unreads'));
    await client.call('POST /messages/flags', { messages: [sent.id], op: 'remove', flag: 'read' });
    await unread;
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic }), 1);
  });

  it('direct messages count per conversation', async () => {
    const before = store.unreadCount({ dmUserIds: [other.userId] });
    const changed = changeWhere(store, (c) => c.areas.has('unreads'));
    await otherClient.call('POST /messages', { type: 'direct', to: [me.userId], content: 'psst' });
    await changed;
    assert.equal(store.unreadCount({ dmUserIds: [other.userId] }), before + 1);
  });

  it('subscription property changes (pin, colour, mute) are reflected', async () => {
    const target = store.subscriptions().at(-1)!;
    let changed = changeWhere(store, (c) => c.areas.has('subscriptions') && c.streamIds.has(target.stream_id));
    await client.call('POST /users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: target.stream_id, property: 'pin_to_top', value: true },
        { stream_id: target.stream_id, property: 'color', value: '#123456' },
      ],
    });
    await changed;
    await until(() => store.subscription(target.stream_id)!.color === '#123456');
    assert.equal(store.subscription(target.stream_id)!.pin_to_top, true);
    assert.equal(
      store.subscriptions()[0]!.stream_id === target.stream_id || store.subscriptions()[0]!.pin_to_top,
      true,
    );
    assert.ok(
      store.subscriptions().findIndex((s) => s.stream_id === target.stream_id) <
        store.subscriptions().findIndex((s) => !s.pin_to_top) || store.subscriptions().every((s) => s.pin_to_top),
    );

    const wasMuted = store.subscription(shared.stream_id)!.is_muted;
    const totalBefore = store.totalUnread();
    const sharedUnread = store.unreadCount({ streamId: shared.stream_id }, { excludeMuted: true });
    // In a muted channel only unmuted (2) and followed (3) topics still count.
    const stillCounted = store
      .topics(shared.stream_id)!
      .filter((t) => t.visibilityPolicy === 2 || t.visibilityPolicy === 3)
      .reduce((n, t) => n + t.unread, 0);
    changed = changeWhere(store, (c) => c.areas.has('subscriptions') && c.streamIds.has(shared.stream_id));
    await client.call('POST /users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: shared.stream_id, property: 'is_muted', value: !wasMuted }],
    });
    await changed;
    assert.equal(store.subscription(shared.stream_id)!.is_muted, !wasMuted);
    assert.equal(store.subscription(shared.stream_id)!.in_home_view, wasMuted);
    assert.equal(wasMuted, false, 'the shared channel starts unmuted');
    assert.equal(store.totalUnread(), totalBefore - sharedUnread + stillCounted);
    await client.call('POST /users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: shared.stream_id, property: 'is_muted', value: wasMuted },
        { stream_id: target.stream_id, property: 'pin_to_top', value: false },
      ],
    });
    await until(
      () =>
        store.subscription(shared.stream_id)!.is_muted === wasMuted &&
        !store.subscription(target.stream_id)!.pin_to_top,
    );
  });

  it('user topic policies: muted topics leave the total', async () => {
    const topic = 'policy topic ' + Date.now();
    const got = changeWhere(store, () => store.unreadCount({ streamId: shared.stream_id, topic }) === 1);
    await otherClient.call('POST /messages', { type: 'stream', to: shared.stream_id, topic, content: 'x' });
    await got;
    const total = store.totalUnread();
    const changed = changeWhere(store, (c) => c.areas.has('userTopics'));
    await client.call('POST /user_topics', { stream_id: shared.stream_id, topic, visibility_policy: 1 });
    await changed;
    assert.equal(store.topicPolicy(shared.stream_id, topic), 1);
    assert.equal(store.topics(shared.stream_id)!.find((t) => t.name === topic)!.visibilityPolicy, 1);
    assert.equal(store.subscription(shared.stream_id)!.is_muted, false, 'the shared channel is not muted');
    assert.equal(store.totalUnread(), total - 1);
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic }, { excludeMuted: true }), 0);
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic }), 1);
    const followed = changeWhere(store, (c) => c.areas.has('userTopics'));
    await client.call('POST /user_topics', { stream_id: shared.stream_id, topic, visibility_policy: 3 });
    await followed;
    assert.equal(store.topicPolicy(shared.stream_id, topic), 3);
    assert.equal(store.totalUnread(), total);
  });

  it('a topic move carries its unreads and updates the topic lists', async () => {
    const src = 'move src ' + Date.now();
    const dst = 'move dst ' + Date.now();
    const arrived = changeWhere(
      store,
      (c) => c.areas.has('unreads') && store.unreadCount({ streamId: shared.stream_id, topic: src }) === 2,
    );
    const first = await otherClient.call('POST /messages', {
      type: 'stream',
      to: shared.stream_id,
      topic: src,
      content: 'one',
    });
    await otherClient.call('POST /messages', { type: 'stream', to: shared.stream_id, topic: src, content: 'two' });
    await arrived;
    const moved = changeWhere(store, (c) => c.areas.has('topics') && c.messageIds.has(first.id));
    await otherClient.call('PATCH /messages/{message_id}', {
      message_id: first.id,
      topic: dst,
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    await moved;
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic: src }), 0);
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic: dst }), 2);
    const names = store.topics(shared.stream_id)!.map((t) => t.name);
    assert.ok(names.includes(dst));
    assert.ok(!names.includes(src));

    // Resolving is a rename with the "✔ " prefix.
    const resolved = changeWhere(store, (c) => c.areas.has('topics') && c.messageIds.has(first.id));
    await otherClient.call('PATCH /messages/{message_id}', {
      message_id: first.id,
      topic: '\u2714 ' + dst,
      propagate_mode: 'change_all',
    });
    await resolved;
    const entry = store.topics(shared.stream_id)!.find((t) => t.name === '\u2714 ' + dst)!;
    assert.ok(entry.resolved);
    // The two moved messages, plus the notification bot's "marked as resolved" if the server posts one.
    assert.ok(entry.unread >= 2);
    assert.equal(entry.unread, store.unreadCount({ streamId: shared.stream_id, topic: '\u2714 ' + dst }));
    assert.equal(store.unreadCount({ streamId: shared.stream_id, topic: dst }), 0);
  });

  it('status, presence and saved snippets', async () => {
    const status = changeWhere(store, (c) => c.areas.has('statuses') && c.userIds.has(other.userId));
    await otherClient.call('POST /users/me/status', { status_text: 'in the store test', emoji_name: 'car' });
    await status;
    assert.equal(store.status(other.userId)?.status_text, 'in the store test');
    const partial = changeWhere(store, (c) => c.areas.has('statuses'));
    await otherClient.call('POST /users/me/status', { status_text: 'still here' });
    await partial;
    assert.equal(store.status(other.userId)?.status_text, 'still here');

    await otherClient.call('POST /users/me/presence', { status: 'active', new_user_input: true });
    // Presence events report users coming online; the pinger's answer carries everybody's.
    await session.pingPresence();
    assert.equal(store.presence(other.userId), 'active');
    assert.ok(store.presenceGroups().active.includes(other.userId));
    const bots = store
      .users()
      .filter((u) => u.is_bot)
      .map((u) => u.user_id);
    const groups = store.presenceGroups();
    for (const id of bots)
      assert.ok(![...groups.active, ...groups.idle, ...groups.offline].includes(id), 'bots are left out');

    const added = changeWhere(store, (c) => c.areas.has('savedSnippets'));
    const created = await client.call('POST /saved_snippets', { title: 'Store test', content: 'snippet body' });
    await added;
    assert.ok(store.savedSnippets().some((s) => s.id === created.saved_snippet_id));
    const removed = changeWhere(store, (c) => c.areas.has('savedSnippets'));
    await client.call('DELETE /saved_snippets/{saved_snippet_id}', { saved_snippet_id: created.saved_snippet_id });
    await removed;
    assert.ok(!store.savedSnippets().some((s) => s.id === created.saved_snippet_id));
  });

  it('the presence pinger reports active when focused and idle when not', async () => {
    // The server's record: `idle` moves only the last-online time, `active` moves both.
    const record = () => server.state.presence.get(me.userId)!;
    await new Promise((r) => setTimeout(r, 1100)); // whole-second timestamps: let one pass
    const before = { ...record() };
    focus.set(false);
    await session.pingPresence();
    assert.ok(record().idleTs > before.idleTs, 'an idle report arrived');
    assert.equal(record().activeTs, before.activeTs, 'not reported active while unfocused');
    await new Promise((r) => setTimeout(r, 1100));
    const idleAt = record().idleTs;
    focus.set(true); // gaining focus pings at once
    await until(() => record().activeTs > idleAt);
    // Seen from another account.
    const all = (await otherClient.call('GET /realm/presence', {})).presences;
    const entry = Object.entries(all).find(
      ([key]) => store.userByEmail(key)?.user_id === me.userId || key === String(me.userId),
    );
    assert.equal(entry?.[1].aggregated.status, 'active');
  });

  it('a dropped queue (BAD_EVENT_QUEUE_ID) rebuilds the store from a new snapshot', async () => {
    const unreadBefore = store.unreadCount({ streamId: shared.stream_id });
    const rebuilt = changeWhere(store, (c) => c.full, 10_000);
    server.expireQueues();
    await rebuilt;
    await until(() => session.status === 'live');
    assert.equal(store.unreadCount({ streamId: shared.stream_id }), unreadBefore);
    assert.equal(store.topics(shared.stream_id), undefined, 'topic lists reload lazily after a rebuild');
    // Still live: a new message arrives.
    const topic = 'after resync ' + Date.now();
    const changed = changeWhere(store, (c) => c.areas.has('unreads'));
    await otherClient.call('POST /messages', { type: 'stream', to: shared.stream_id, topic, content: 'back' });
    await changed;
    assert.equal(store.unreadCount({ streamId: shared.stream_id }), unreadBefore + 1);
  });

  it('a lost connection shows reconnecting, then recovers by itself', async () => {
    const reconnecting = statusSeen(session, 'reconnecting');
    server.inject({ kind: 'drop', route: 'GET /events', times: 2 });
    await reconnecting;
    await statusSeen(session, 'live');
    const changed = changeWhere(store, (c) => c.areas.has('unreads'));
    await otherClient.call('POST /messages', { type: 'direct', to: [me.userId], content: 'are you back?' });
    await changed;
    assert.deepEqual(
      errors.filter((e) => !(e instanceof Error && /network|connection/i.test(e.message))),
      [],
    );
  });
});
