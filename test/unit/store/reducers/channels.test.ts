// Channel and subscription events on a ChatStore built from a hand-made snapshot: what each event
// changes in the store and which areas and channels the change it reports names (the trees refresh
// only those), subscriber lists, and the realm_linkifiers event.
import assert from 'node:assert/strict';
import type { ChatEvent } from '../../../../src/api/events/models';
import { parseEvent } from '../../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { ChatStore, type StoreChange } from '../../../../src/store';
import { ownSnapshot } from '../../support/synthetic';

const ME = 10;
const ALICE = 11;
const BOB = 12;
const GENERAL = 1;
const DESIGN = 2; // subscribed, with its subscriber list
const ELSEWHERE = 3; // known, not subscribed

function sub(id: number, name: string, extra: Record<string, unknown> = {}) {
  return { stream_id: id, name, color: '#76ce90', is_muted: false, pin_to_top: false, ...extra };
}

function snapshot(): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [
      {
        user_id: ME,
        email: 'u10@example.com',
        full_name: 'Me',
        date_joined: '2024-01-01T00:00:00Z',
        is_active: true,
        is_owner: false,
        is_admin: false,
        is_guest: false,
        is_bot: false,
        role: 400,
      },
    ],
    subscriptions: [
      sub(GENERAL, 'general', { rendered_description: '<p>all</p>', is_web_public: true }),
      sub(DESIGN, 'Design', { subscribers: [ME, ALICE] }),
    ],
    never_subscribed: [{ stream_id: ELSEWHERE, name: 'elsewhere' }],
    unread_msgs: { count: 0, mentions: [], old_unreads_missing: false, streams: [], pms: [], huddles: [] },
    user_topics: [],
    realm_linkifiers: [],
  });
}

function events(...raw: Record<string, unknown>[]): ChatEvent[] {
  return raw.map((e, i) => {
    const parsed = parseEvent({ id: i, ...e });
    if (!parsed.ok) throw parsed.error;
    return parsed.event;
  });
}

function areas(change: StoreChange | undefined): string[] {
  return [...(change?.areas ?? [])].sort();
}

describe('ChatStore: channel and subscription events', () => {
  let store: ChatStore;
  let errors: unknown[];

  beforeEach(() => {
    errors = [];
    store = new ChatStore({ onError: (e) => errors.push(e) });
    store.reset(snapshot());
  });

  afterEach(() => {
    assert.deepEqual(errors, []);
  });

  it('subscribing reports the channel’s subscription and unread counts', () => {
    const change = store.apply(
      events({ type: 'subscription', op: 'add', subscriptions: [sub(ELSEWHERE, 'elsewhere')] }),
    );
    assert.deepEqual(areas(change), ['subscriptions', 'unreads']);
    assert.deepEqual([...change!.streamIds], [ELSEWHERE]);
    assert.equal(store.subscription(ELSEWHERE)?.name, 'elsewhere');
  });

  it('unsubscribing reports the channel; unsubscribing from a channel one was not in reports nothing', () => {
    const change = store.apply(
      events({ type: 'subscription', op: 'remove', subscriptions: [{ stream_id: GENERAL, name: 'general' }] }),
    );
    assert.deepEqual(areas(change), ['subscriptions', 'unreads']);
    assert.deepEqual([...change!.streamIds], [GENERAL]);
    assert.equal(store.subscription(GENERAL), undefined);
    assert.equal(
      store.apply(
        events({ type: 'subscription', op: 'remove', subscriptions: [{ stream_id: ELSEWHERE, name: 'elsewhere' }] }),
      ),
      undefined,
    );
  });

  it('peer_add and peer_remove update the subscriber lists the store holds', () => {
    const added = store.apply(
      events({ type: 'subscription', op: 'peer_add', stream_ids: [DESIGN], user_ids: [BOB, ALICE] }),
    );
    assert.deepEqual(store.subscription(DESIGN)?.subscribers, [ME, ALICE, BOB]);
    assert.deepEqual(areas(added), ['subscriptions']);
    assert.deepEqual([...added!.streamIds], [DESIGN]);
    const removed = store.apply(
      events({ type: 'subscription', op: 'peer_remove', stream_ids: [DESIGN], user_ids: [ME, BOB] }),
    );
    assert.deepEqual(store.subscription(DESIGN)?.subscribers, [ALICE]);
    assert.deepEqual(areas(removed), ['subscriptions']);
    assert.deepEqual([...removed!.streamIds], [DESIGN]);
  });

  it('peer events skip channels without a subscriber list and channels one is not in', () => {
    const change = store.apply(
      events({ type: 'subscription', op: 'peer_add', stream_ids: [ELSEWHERE, GENERAL, DESIGN], user_ids: [BOB] }),
    );
    assert.equal(store.subscription(GENERAL)?.subscribers, undefined);
    assert.deepEqual(store.subscription(DESIGN)?.subscribers, [ME, ALICE, BOB]);
    assert.deepEqual([...change!.streamIds], [DESIGN]);
    assert.equal(
      store.apply(events({ type: 'subscription', op: 'peer_remove', stream_ids: [GENERAL], user_ids: [ME] })),
      undefined,
    );
    assert.equal(store.subscription(GENERAL)?.subscribers, undefined);
  });

  it('a created channel becomes known by name', () => {
    assert.equal(store.channelName(7), undefined);
    store.apply(
      events({ type: 'stream', op: 'create', streams: [{ stream_id: 7, name: 'new one', description: '' }] }),
    );
    assert.equal(store.channelName(7), 'new one');
    assert.equal(store.subscription(7), undefined);
  });

  it('deleting a subscribed channel reports its subscription, unreads and topics; another channel, nothing', () => {
    const change = store.apply(
      events({ type: 'stream', op: 'delete', streams: [{ stream_id: GENERAL }], stream_ids: [GENERAL] }),
    );
    assert.deepEqual(areas(change), ['subscriptions', 'topics', 'unreads']);
    assert.deepEqual([...change!.streamIds], [GENERAL]);
    assert.equal(store.subscription(GENERAL), undefined);
    assert.equal(store.channelName(GENERAL), undefined);
    const other = store.apply(
      events({ type: 'stream', op: 'delete', streams: [{ stream_id: ELSEWHERE }], stream_ids: [ELSEWHERE] }),
    );
    assert.equal(other, undefined);
    assert.equal(store.channelName(ELSEWHERE), undefined);
  });

  it('a channel update reports the subscription and keeps the fields the event does not carry', () => {
    const change = store.apply(
      events({ type: 'stream', op: 'update', stream_id: GENERAL, name: 'general', property: 'name', value: 'lobby' }),
    );
    assert.deepEqual(areas(change), ['subscriptions']);
    assert.deepEqual([...change!.streamIds], [GENERAL]);
    const general = store.subscription(GENERAL)!;
    assert.equal(general.name, 'lobby');
    assert.equal(general.rendered_description, '<p>all</p>');
    assert.equal(general.is_web_public, true);
    const channel = [...store.channels()].find((c) => c.stream_id === GENERAL)!;
    assert.equal(channel.rendered_description, '<p>all</p>');
    assert.equal(store.channelName(GENERAL), 'lobby');
  });

  it('a channel update takes the extra fields the event carries', () => {
    store.apply(
      events({
        type: 'stream',
        op: 'update',
        stream_id: GENERAL,
        name: 'general',
        property: 'description',
        value: 'everyone',
        rendered_description: '<p>everyone</p>',
      }),
    );
    assert.equal(store.subscription(GENERAL)!.rendered_description, '<p>everyone</p>');
    assert.equal(store.subscription(GENERAL)!.description, 'everyone');
  });

  it('an update of a channel one is not in changes its record without reporting a subscription change', () => {
    assert.equal(
      store.apply(
        events({
          type: 'stream',
          op: 'update',
          stream_id: ELSEWHERE,
          name: 'elsewhere',
          property: 'name',
          value: 'far',
        }),
      ),
      undefined,
    );
    assert.equal(store.channelName(ELSEWHERE), 'far');
  });
});

describe('ChatStore: realm_linkifiers events', () => {
  it('replaces the linkifiers and reports them', () => {
    const store = new ChatStore();
    store.reset(snapshot());
    const linkifier = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.com/{id}' };
    const change = store.apply(events({ type: 'realm_linkifiers', realm_linkifiers: [linkifier] }));
    assert.deepEqual(areas(change), ['linkifiers']);
    assert.deepEqual(
      store.linkifiers().map((l) => [l.id, l.pattern, l.url_template]),
      [[1, linkifier.pattern, linkifier.url_template]],
    );
  });
});
