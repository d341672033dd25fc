import * as assert from 'node:assert/strict';
import { normalizeEvent, normalizePresenceMap, parseEvent, toPresenceTimes } from '../../../../src/api/events/parse';

describe('parseEvent: refusals', () => {
  it('refuses a value that is not a JSON object, saying so', () => {
    for (const raw of [null, [1], 'text', 7]) {
      const r = parseEvent(raw);
      assert.ok(!r.ok);
      assert.equal(r.raw, raw);
      assert.equal(r.error.message, 'An event is not a JSON object.');
    }
  });

  it('reports an event that cannot be read instead of throwing', () => {
    const boom = new Error('unreadable');
    const raw = {
      id: 1,
      get type(): string {
        throw boom;
      },
    };
    const r = parseEvent(raw);
    assert.ok(!r.ok);
    assert.equal(r.error, boom);
    const odd = {
      id: 2,
      get type(): string {
        throw 'not an error';
      },
    };
    const s = parseEvent(odd);
    assert.ok(!s.ok);
    assert.ok(s.error instanceof Error);
    assert.equal(s.error.message, 'not an error');
  });
});

describe('normalizeEvent', () => {
  it('keeps a known type without ops as it is', () => {
    const heartbeat = { id: 1, type: 'heartbeat' };
    assert.equal(normalizeEvent(heartbeat), heartbeat);
  });

  it('names the op of an unknown type only when it is text', () => {
    assert.equal(normalizeEvent({ type: 'hologram', op: 5 }).event_op, undefined);
    assert.equal(normalizeEvent({ type: 'hologram', op: 'beam' }).event_op, 'beam');
  });

  it('maps a known type with an unknown or missing op to "unknown", naming the op', () => {
    const teleport = normalizeEvent({ type: 'subscription', op: 'teleport' });
    assert.equal(teleport.type, 'unknown');
    assert.equal(teleport.event_type, 'subscription');
    assert.equal(teleport.event_op, 'teleport');
    const numeric = normalizeEvent({ type: 'subscription', op: 5 });
    assert.equal(numeric.type, 'unknown');
    assert.equal(numeric.event_op, undefined);
    const missing = normalizeEvent({ type: 'reaction' });
    assert.equal(missing.type, 'unknown');
    assert.equal(missing.event_op, undefined);
  });

  it('adds message_ids only when there is a message_id', () => {
    const none = { id: 1, type: 'update_message', content: 'x' };
    assert.equal(normalizeEvent(none), none);
    assert.equal('message_ids' in normalizeEvent(none), false);
    assert.deepEqual(normalizeEvent({ type: 'update_message', message_id: 4 }).message_ids, [4]);
  });

  it('takes the reacting user of an old reaction from its user object', () => {
    const base = { type: 'reaction', op: 'add', message_id: 1, emoji_name: 'x', emoji_code: 'x' };
    assert.equal(normalizeEvent({ ...base, user: { user_id: 7, email: 'a@x' } }).user_id, 7);
    assert.equal(normalizeEvent({ ...base, op: 'remove', user: { id: 8 } }).user_id, 8);
    const modern = { ...base, user_id: 3, user: { user_id: 7 } };
    assert.equal(normalizeEvent(modern), modern);
    assert.equal(normalizeEvent(modern).user_id, 3);
    const plain = { ...base, user_id: 3 };
    assert.equal(normalizeEvent(plain), plain);
  });

  it('turns the singular ids of old peer events into lists, preferring the lists', () => {
    const old = normalizeEvent({ type: 'subscription', op: 'peer_add', stream_id: 2, user_id: 5 });
    assert.deepEqual(old.stream_ids, [2]);
    assert.deepEqual(old.user_ids, [5]);
    const both = {
      type: 'subscription',
      op: 'peer_remove',
      stream_ids: [1, 3],
      stream_id: 2,
      user_ids: [4],
      user_id: 5,
    };
    assert.equal(normalizeEvent(both), both);
    const bare = { type: 'subscription', op: 'peer_add' };
    assert.equal(normalizeEvent(bare), bare);
    assert.deepEqual(Object.keys(normalizeEvent(bare)), ['type', 'op']);
    const update = { type: 'subscription', op: 'update', stream_id: 2, user_id: 5 };
    assert.equal(normalizeEvent(update), update);
  });

  it('takes the ids of deleted channels from their objects only when the list is missing', () => {
    const old = normalizeEvent({ type: 'stream', op: 'delete', streams: [{ stream_id: 2 }, { stream_id: 3 }] });
    assert.deepEqual(old.stream_ids, [2, 3]);
    const modern = { type: 'stream', op: 'delete', stream_ids: [1], streams: [{ stream_id: 2 }] };
    assert.equal(normalizeEvent(modern), modern);
    const create = { type: 'stream', op: 'create', streams: [{ stream_id: 2 }] };
    assert.equal(normalizeEvent(create), create);
    assert.equal('stream_ids' in normalizeEvent(create), false);
  });

  it('upgrades a legacy single-user presence event only when it names the user', () => {
    const legacy = normalizeEvent({
      type: 'presence',
      user_id: 5,
      presence: { website: { status: 'active', timestamp: 100 } },
    });
    assert.deepEqual(legacy.presences, { 5: { active_timestamp: 100, idle_timestamp: 100 } });
    const byEmail = normalizeEvent({
      type: 'presence',
      email: 'a@x',
      presence: { website: { status: 'active', timestamp: 100 } },
    });
    assert.deepEqual(byEmail.presences, {});
    const empty = normalizeEvent({ type: 'presence', user_id: 5 });
    assert.deepEqual(empty.presences, {});
  });
});

describe('presence maps', () => {
  it('keeps a map whose entries are all modern, including idle-only ones', () => {
    const map = { 1: { idle_timestamp: 5 }, 2: { active_timestamp: 6, idle_timestamp: 6 } };
    assert.equal(normalizePresenceMap(map), map);
  });

  it('keeps a modern entry with only an idle time as it is', () => {
    const value = { idle_timestamp: 5 };
    assert.equal(toPresenceTimes(value), value);
  });

  it('reads legacy reports: latest report is online, latest active one is active', () => {
    assert.deepEqual(
      toPresenceTimes({
        website: { status: 'idle', timestamp: 200 },
        android: { status: 'active', timestamp: 100 },
        ios: { status: 'active', timestamp: 150 },
      }),
      { active_timestamp: 150, idle_timestamp: 200 },
    );
    assert.deepEqual(
      toPresenceTimes({ website: { status: 'active', timestamp: 300 }, android: { status: 'active', timestamp: 100 } }),
      { active_timestamp: 300, idle_timestamp: 300 },
    );
  });

  it('skips legacy reports that are not objects or have no time', () => {
    assert.deepEqual(
      toPresenceTimes({ website: { status: 'active', timestamp: 100 }, aggregated: { status: 'active' }, bogus: 'x' }),
      { active_timestamp: 100, idle_timestamp: 100 },
    );
    assert.deepEqual(toPresenceTimes({ aggregated: { status: 'active' } }), {});
    assert.deepEqual(toPresenceTimes({ website: { status: 'idle', timestamp: 50 } }), { idle_timestamp: 50 });
  });
});
