// The store's fixed tables, through what depends on them: the event types and snapshot sections a
// session asks for are the ones the store acts on, a rebuild refreshes every area, which realm
// snapshot keys are settings and limits, which flags are mentions, which subscription properties
// move unread counts, how presence keys are told apart, and the defaults outside VS Code.
import { strict as assert } from 'node:assert';
import { RegisterSnapshot } from '../../../src/api/events/register';
import {
  ChatStore,
  STORE_EVENT_TYPES,
  STORE_FETCH_EVENT_TYPES,
  alwaysFocused,
  type StoreChange,
} from '../../../src/store';
import { realTimers } from '../../../src/store/pinger';
import { RealmState } from '../../../src/store/realm';
import { isMentioned } from '../../../src/store/reducers/messageContent';
import { snapshotFetchTypes } from '../../../src/store/slimRegister';
import { events, ownSnapshot, user } from '../support/synthetic';

const ME = 10;
const ALICE = 11;
const GENERAL = 1;
const NOW_S = 1_700_000_000;

function snapshot(extra: Record<string, unknown> = {}): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [user(ME, 'Me'), user(ALICE, 'Alice')],
    subscriptions: [
      { stream_id: GENERAL, name: 'general', color: '#76ce90', is_muted: false, pin_to_top: false, invite_only: false },
    ],
    server_timestamp: NOW_S,
    ...extra,
  });
}

function storeWith(extra: Record<string, unknown> = {}): ChatStore {
  const store = new ChatStore({ now: () => NOW_S * 1000 });
  store.reset(snapshot(extra));
  return store;
}

const scheduled = {
  scheduled_message_id: 7,
  type: 'stream',
  to: GENERAL,
  topic: 't',
  content: 'later',
  scheduled_delivery_timestamp: NOW_S + 60,
  failed: false,
};
const reminder = {
  reminder_id: 4,
  scheduled_delivery_timestamp: NOW_S + 60,
  content: 'r',
  rendered_content: 'r',
  failed: false,
  reminder_target_message_id: 100,
};
const draft = { id: 3, type: 'stream', to: [GENERAL], topic: 'draft', content: 'a', timestamp: NOW_S };
const linkifier = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.com/{id}' };
const playground = { id: 2, name: 'Go', pygments_language: 'Go', url_template: 'https://go.dev/play/?c={code}' };

describe('Store contracts', () => {
  describe('what a session asks the server for', () => {
    // One event of each type the store keeps state for; each must change the store, and the
    // session must register for its type, or the store silently goes stale.
    const consumed: Record<string, Record<string, unknown>> = {
      stream: { type: 'stream', op: 'update', stream_id: GENERAL, name: 'general', property: 'name', value: 'lobby' },
      presence: { type: 'presence', presences: { [ALICE]: { active_timestamp: NOW_S, idle_timestamp: NOW_S } } },
      realm_linkifiers: { type: 'realm_linkifiers', realm_linkifiers: [linkifier] },
      realm_playgrounds: { type: 'realm_playgrounds', realm_playgrounds: [playground] },
      scheduled_messages: { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled] },
      reminders: { type: 'reminders', op: 'add', reminders: [reminder] },
      drafts: { type: 'drafts', op: 'add', drafts: [draft] },
      user_settings: { type: 'user_settings', op: 'update', property: 'emojiset', value: 'text' },
    };
    for (const [type, event] of Object.entries(consumed)) {
      it(`registers for ${type} events, which the store acts on`, () => {
        const change = storeWith().apply(events(event));
        assert.ok(change, `the store ignored a ${type} event`);
        assert.ok(STORE_EVENT_TYPES.includes(type), `${type} is not registered for`);
      });
    }

    it('fetches every snapshot section the store reads, and reads each one', () => {
      const store = storeWith({
        presences: { [ALICE]: { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 } },
        realm_linkifiers: [linkifier],
        realm_playgrounds: [playground],
        scheduled_messages: [scheduled],
        reminders: [reminder],
        drafts: [draft],
        user_settings: { emojiset: 'text' },
        recent_private_conversations: [{ max_message_id: 9, user_ids: [ALICE] }],
        muted_users: [{ id: ALICE, timestamp: NOW_S }],
      });
      assert.equal(store.presence(ALICE), 'active');
      assert.deepEqual(
        store.linkifiers().map((l) => l.id),
        [1],
      );
      assert.deepEqual(
        store.playgrounds().map((p) => p.id),
        [2],
      );
      assert.deepEqual(
        store.scheduledMessages().map((s) => s.scheduled_message_id),
        [7],
      );
      assert.deepEqual(
        store.reminders().map((r) => r.reminder_id),
        [4],
      );
      assert.deepEqual(
        store.serverDrafts().map((d) => d.id),
        [3],
      );
      assert.equal(store.userSettings.emojiset, 'text');
      assert.equal(store.directConversations.isMuted(ALICE), true);
      assert.equal(store.directConversations.has([ALICE], ME), true);
      for (const section of [
        'presence',
        'realm_linkifiers',
        'realm_playgrounds',
        'scheduled_messages',
        'reminders',
        'drafts',
        'user_settings',
        'recent_private_conversations',
        'muted_users',
      ]) {
        assert.ok(STORE_FETCH_EVENT_TYPES.includes(section), `${section} is not fetched`);
      }
    });

    it('fetches no section for event types that have none, nor the unused stream list', () => {
      const noSection = ['update_message', 'delete_message', 'reaction', 'submessage', 'typing', 'stream'];
      assert.deepEqual(snapshotFetchTypes(['message', ...noSection, 'subscription']), ['message', 'subscription']);
      for (const type of noSection) assert.equal(STORE_FETCH_EVENT_TYPES.includes(type), false, type);
    });
  });

  it('a rebuild reports every area changed, so every view reloads', () => {
    const store = new ChatStore();
    const changes: StoreChange[] = [];
    store.onDidChange((c) => changes.push(c));
    store.reset(snapshot());
    assert.equal(changes.length, 1);
    assert.equal(changes[0].full, true);
    assert.deepEqual([...changes[0].areas].sort(), [
      'channelFolders',
      'customProfileFields',
      'directMessages',
      'drafts',
      'linkifiers',
      'messages',
      'playgrounds',
      'presence',
      'realm',
      'realmEmoji',
      'reminders',
      'savedSnippets',
      'scheduledMessages',
      'statuses',
      'subscriptions',
      'topics',
      'unreads',
      'userSettings',
      'userTopics',
      'users',
    ]);
  });

  describe('realm snapshot keys', () => {
    const realm = (snap: Record<string, unknown>): RealmState => {
      const r = new RealmState(
        () => 400,
        () => ME,
      );
      r.reset(snap);
      return r;
    };

    it('keeps realm_* keys as settings without the prefix, but not the sections of their own', () => {
      const r = realm({
        realm_name: 'Acme',
        realm_users: [user(ME)],
        realm_user_groups: [],
        realm_linkifiers: [],
        realm_emoji: {},
        queue_id: 'q',
      });
      assert.deepEqual(r.settings, { name: 'Acme' });
    });

    it('reads the limits the snapshot gives under bare names', () => {
      const r = realm({
        max_message_length: 5000,
        max_topic_length: 40,
        max_reminder_note_length: 300,
        server_presence_ping_interval_seconds: 30,
        server_presence_offline_threshold_seconds: 70,
      });
      assert.deepEqual(r.limits(), {
        maxMessageLength: 5000,
        maxTopicLength: 40,
        maxReminderNoteLength: 300,
        mandatoryTopics: false,
        emptyTopicDisplayName: 'general chat',
      });
      assert.equal(r.pingIntervalSeconds, 30);
      assert.equal(r.offlineThresholdSeconds, 70);
    });

    it('web-public channels need the server to allow them, not only the organisation', () => {
      assert.equal(realm({ realm_enable_spectator_access: true }).channelCreation().webPublicEnabled, true);
      assert.equal(
        realm({ realm_enable_spectator_access: true, server_web_public_streams_enabled: false }).channelCreation()
          .webPublicEnabled,
        false,
      );
    });
  });

  it('every wildcard mention flag counts as a mention', () => {
    for (const flag of ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned']) {
      assert.equal(isMentioned(['read', flag]), true, flag);
    }
    assert.equal(isMentioned(['read', 'starred', 'has_alert_word']), false);
  });

  describe('subscription and channel updates', () => {
    const update = (property: string, value: unknown) =>
      storeWith().apply(events({ type: 'subscription', op: 'update', stream_id: GENERAL, property, value }));

    it('muting a channel, by either property name, refreshes the unread counts', () => {
      assert.ok(update('is_muted', true)?.areas.has('unreads'));
      assert.ok(update('in_home_view', false)?.areas.has('unreads'));
      const colour = update('color', '#000000');
      assert.ok(colour);
      assert.ok(colour.areas.has('subscriptions'));
      assert.equal(colour.areas.has('unreads'), false);
    });

    it('a privacy change takes the history and web-public fields the event carries', () => {
      const store = storeWith();
      store.apply(
        events({
          type: 'stream',
          op: 'update',
          stream_id: GENERAL,
          name: 'general',
          property: 'invite_only',
          value: true,
          history_public_to_subscribers: false,
          is_web_public: false,
        }),
      );
      const sub = store.subscription(GENERAL) as Record<string, unknown>;
      assert.deepEqual([sub.invite_only, sub.history_public_to_subscribers, sub.is_web_public], [true, false, false]);
    });
  });

  it('presence keys: all digits is a user id, anything else an email', () => {
    const store = new ChatStore({ now: () => NOW_S * 1000 });
    const bob = { ...user(12, 'Bob'), email: '42bob@example.com' };
    const ops = { ...user(13, 'Ops'), email: 'ops@10.0.0.7' };
    store.reset(
      snapshot({
        realm_users: [user(ME), bob, ops],
        presences: {
          '42bob@example.com': { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 },
          'ops@10.0.0.7': { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 },
        },
      }),
    );
    assert.equal(store.presence(12), 'active');
    assert.equal(store.presence(13), 'active');
  });

  describe('defaults outside VS Code', () => {
    it('focus is always on and never changes', () => {
      assert.equal(alwaysFocused.isFocused(), true);
      const subscription = alwaysFocused.onDidChange(() => assert.fail('focus changed'));
      assert.equal(typeof subscription.dispose, 'function');
      subscription.dispose();
    });

    it('a cancelled timer never fires', async () => {
      let fired = 0;
      realTimers.clearTimeout(realTimers.setTimeout(() => fired++, 1));
      const kept = realTimers.setTimeout(() => (fired += 10), 1);
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.ok(kept !== undefined);
      assert.equal(fired, 10);
    });
  });
});
