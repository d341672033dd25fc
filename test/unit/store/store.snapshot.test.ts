// Building the store from a /register snapshot (ChatStore.reset): a snapshot that leaves out the
// optional fetch types gives empty lists, the own account's fields, drafts, and presence keys.
import { strict as assert } from 'node:assert';
import { RegisterSnapshot } from '../../../src/api/events/register';
import { ChatStore } from '../../../src/store';
import { user } from '../support/synthetic';

const ME = 10;
const ALICE = 11;
const NOW_S = 1_700_000_000;

function snapshot(extra: Record<string, unknown> = {}): RegisterSnapshot {
  return RegisterSnapshot.parse({ queue_id: 'q', last_event_id: -1, ...extra });
}

describe('ChatStore built from a snapshot', () => {
  it('a snapshot with none of the optional lists gives an empty, ready store', () => {
    const store = new ChatStore();
    assert.equal(store.ready, false);
    store.reset(snapshot());
    assert.equal(store.ready, true);
    assert.equal(store.ownUserId, 0);
    assert.equal(store.ownEmail, '');
    assert.equal(store.featureLevel, 0);
    assert.deepEqual([...store.channels()], []);
    assert.deepEqual(store.subscriptions(), []);
    assert.deepEqual(store.users(), []);
    assert.deepEqual(store.savedSnippets(), []);
    assert.deepEqual(store.scheduledMessages(), []);
    assert.deepEqual(store.reminders(), []);
    assert.deepEqual(store.serverDrafts(), []);
    assert.deepEqual(store.linkifiers(), []);
    assert.deepEqual(store.realmEmoji(), []);
    assert.deepEqual(store.playgrounds(), []);
    assert.deepEqual(store.customProfileFields(), []);
    assert.deepEqual(store.directConversations.list(), []);
    assert.deepEqual({ ...store.userSettings }, {});
    assert.equal(store.totalUnread(), 0);
  });

  it("keeps the own account's id, email and the server's feature level", () => {
    const store = new ChatStore();
    store.reset(
      snapshot({ user_id: ME, email: 'me@example.com', chat_feature_level: 420, realm_users: [user(ME, 'Me')] }),
    );
    assert.equal(store.ownUserId, ME);
    assert.equal(store.ownEmail, 'me@example.com');
    assert.equal(store.featureLevel, 420);
    assert.equal(store.ownUser?.full_name, 'Me');
  });

  it("lists the server's drafts newest edit first", () => {
    const store = new ChatStore();
    store.reset(
      snapshot({
        drafts: [
          { id: 1, type: 'stream', to: [5], topic: 'older', content: 'a', timestamp: NOW_S - 100 },
          { id: 2, type: 'private', to: [ALICE], topic: '', content: 'b', timestamp: NOW_S },
        ],
      }),
    );
    assert.deepEqual(
      store.serverDrafts().map((d) => [d.id, d.topic]),
      [
        [2, ''],
        [1, 'older'],
      ],
    );
  });

  it('channels the user never joined or left are known by name, besides the subscriptions', () => {
    const store = new ChatStore();
    store.reset(
      snapshot({
        subscriptions: [{ stream_id: 1, name: 'general', color: '#fff', is_muted: false, pin_to_top: false }],
        never_subscribed: [{ stream_id: 3, name: 'elsewhere' }],
      }),
    );
    assert.deepEqual([...store.channels()].map((c) => c.stream_id).sort(), [1, 3]);
    assert.equal(store.channelName(3), 'elsewhere');
  });

  describe('presence keyed by email', () => {
    function storeWithPresence(presences: Record<string, unknown>): ChatStore {
      const store = new ChatStore({ now: () => NOW_S * 1000 });
      store.reset(
        snapshot({
          user_id: ME,
          realm_users: [user(ME, 'Me'), user(ALICE, 'Alice')],
          presences,
          server_timestamp: NOW_S,
        }),
      );
      return store;
    }

    it("the snapshot's entries for unknown emails are skipped, the others kept", () => {
      const store = storeWithPresence({
        'stranger@example.com': { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 },
        'U11@example.com': { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 },
      });
      assert.equal(store.presence(ALICE), 'active');
      assert.deepEqual(store.presenceGroups().active, [ALICE]);
    });

    it('a presence map merged later skips unknown emails and names the users whose times moved', () => {
      const store = storeWithPresence({});
      const change = store.applyPresence(
        {
          'stranger@example.com': { active_timestamp: NOW_S, idle_timestamp: NOW_S },
          'u11@example.com': { active_timestamp: NOW_S - 1, idle_timestamp: NOW_S - 1 },
          [ME]: { active_timestamp: NOW_S - 1, idle_timestamp: NOW_S - 1 },
        },
        NOW_S,
      );
      assert.deepEqual([...change!.userIds].sort(), [ME, ALICE]);
      assert.deepEqual([...change!.areas], ['presence']);
      assert.equal(store.presence(ALICE), 'active');
    });
  });
});
