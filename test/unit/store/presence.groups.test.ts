// Presence grouping at the exact threshold when nothing is cached yet, the regrouping the moment a
// user crosses it, and the snapshot entry forms (modern times, legacy aggregate, legacy per-client).
import assert from 'node:assert/strict';
import { PresenceIndex, snapshotPresenceTimes } from '../../../src/store/presence';

describe('presence groups at the threshold', () => {
  const T = 1_000_000; // server seconds
  let nowMs = T * 1000;
  beforeEach(() => (nowMs = T * 1000));

  it('first grouping exactly at the threshold: an active report 140 s old is active, an idle one idle', () => {
    const p = new PresenceIndex(() => nowMs, 140);
    p.update(1, { active_timestamp: T - 140 });
    p.update(2, { idle_timestamp: T - 140 });
    p.update(3, { active_timestamp: T - 141, idle_timestamp: T - 141 });
    assert.deepEqual(p.groups([1, 2, 3]), { active: [1], idle: [2], offline: [3] });
  });

  it('regroups 1 ms after the first user crosses the threshold (and not before)', () => {
    const p = new PresenceIndex(() => nowMs, 140);
    p.update(1, { active_timestamp: T - 130, idle_timestamp: T - 120 });
    p.update(2, { idle_timestamp: T - 100 });
    assert.deepEqual(p.groups([1, 2]), { active: [1], idle: [2], offline: [] });
    nowMs = (T + 10) * 1000;
    assert.deepEqual(p.groups([1, 2]), { active: [1], idle: [2], offline: [] });
    nowMs = (T + 10) * 1000 + 1;
    assert.deepEqual(p.groups([1, 2]), { active: [], idle: [1, 2], offline: [] });
    nowMs = (T + 20) * 1000 + 1;
    assert.deepEqual(p.groups([1, 2]), { active: [], idle: [2], offline: [1] });
  });
});

describe('snapshotPresenceTimes: the snapshot entry forms', () => {
  it('modern entries pass through as they are', () => {
    assert.deepEqual(snapshotPresenceTimes({ active_timestamp: 10, idle_timestamp: 20 }), {
      active_timestamp: 10,
      idle_timestamp: 20,
    });
    assert.deepEqual(snapshotPresenceTimes({ idle_timestamp: 20 }), { idle_timestamp: 20 });
  });

  it('modern fields win over a legacy aggregate in the same entry', () => {
    const aggregated = { status: 'active', timestamp: 99 };
    assert.deepEqual(snapshotPresenceTimes({ idle_timestamp: 20, aggregated }), { idle_timestamp: 20, aggregated });
    assert.deepEqual(snapshotPresenceTimes({ active_timestamp: 15, aggregated }), { active_timestamp: 15, aggregated });
  });

  it('a legacy aggregate: active at t is active and online at t, idle at t only online', () => {
    assert.deepEqual(snapshotPresenceTimes({ aggregated: { status: 'active', timestamp: 50 } }), {
      active_timestamp: 50,
      idle_timestamp: 50,
    });
    assert.deepEqual(snapshotPresenceTimes({ aggregated: { status: 'idle', timestamp: 50 } }), { idle_timestamp: 50 });
    assert.deepEqual(snapshotPresenceTimes({ website: { status: 'active', timestamp: 40 } }), {
      active_timestamp: 40,
      idle_timestamp: 40,
    });
  });

  it('the aggregate decides over the per-client reports next to it', () => {
    const entry = {
      aggregated: { status: 'idle', timestamp: 100 },
      website: { status: 'active', timestamp: 90 },
      ZulipMobile: { status: 'idle', timestamp: 100 },
    };
    assert.deepEqual(snapshotPresenceTimes(entry), { idle_timestamp: 100 });
  });

  it('without a usable aggregate, the per-client reports are merged', () => {
    assert.deepEqual(
      snapshotPresenceTimes({
        ZulipMobile: { status: 'active', timestamp: 50 },
        ZulipPython: { status: 'idle', timestamp: 70 },
      }),
      { active_timestamp: 50, idle_timestamp: 70 },
    );
    assert.deepEqual(
      snapshotPresenceTimes({ aggregated: { status: 'active' }, ZulipMobile: { status: 'active', timestamp: 50 } }),
      { active_timestamp: 50, idle_timestamp: 50 },
    );
  });
});
