// The People view's grouping: active / idle / offline from last-seen times, at the exact
// offline threshold, on a fake clock (no real time passes).
import assert from 'node:assert/strict';
import { PresenceIndex } from '../../../src/store/presence';

describe('presence: active / idle / offline at the threshold', () => {
  const T = 1_000_000; // server seconds
  let nowMs = T * 1000;
  const index = () => new PresenceIndex(() => nowMs, 140);
  beforeEach(() => (nowMs = T * 1000));

  it('active while the last active report is at most the threshold old, then idle, then offline', () => {
    const p = index();
    p.update(1, { active_timestamp: T - 140 });
    p.update(2, { active_timestamp: T - 141, idle_timestamp: T - 140 });
    p.update(3, { idle_timestamp: T - 141 });
    assert.deepEqual([p.state(1), p.state(2), p.state(3), p.state(4)], ['active', 'idle', 'offline', 'offline']);
  });

  it('uses server time: the snapshot offset moves "now"', () => {
    const p = new PresenceIndex(() => nowMs, 140, 30);
    assert.equal(p.now(), T + 30);
    p.update(1, { active_timestamp: T - 100 });
    assert.equal(p.state(1), 'active');
    p.offsetSeconds = 41;
    assert.equal(p.state(1), 'offline');
  });

  it('merges reports: an older or partial report never moves a user back', () => {
    const p = index();
    assert.equal(p.update(1, { active_timestamp: T - 10 }), true);
    assert.equal(p.update(1, { active_timestamp: T - 50, idle_timestamp: T - 60 }), false);
    assert.deepEqual(p.times(1), { active: T - 10, online: T - 10 });
    assert.equal(p.update(1, { idle_timestamp: T - 5 }), true);
    assert.deepEqual(p.times(1), { active: T - 10, online: T - 5 });
  });

  it('groups in the given order and regroups when the clock passes the first change', () => {
    const p = index();
    p.update(10, { active_timestamp: T - 100 });
    p.update(20, { active_timestamp: T - 130, idle_timestamp: T - 20 });
    p.update(30, { idle_timestamp: T - 60 });
    const order = [30, 20, 10, 40];
    assert.deepEqual(p.groups(order), { active: [20, 10], idle: [30], offline: [40] });
    nowMs = (T + 10) * 1000; // user 20's active report is exactly 140 s old
    assert.deepEqual(p.groups(order), { active: [20, 10], idle: [30], offline: [40] });
    nowMs = (T + 10) * 1000 + 2;
    assert.deepEqual(p.groups(order), { active: [10], idle: [30, 20], offline: [40] });
    nowMs = (T + 40) * 1000 + 2; // user 10 sent no idle report: offline at once
    assert.deepEqual(p.groups(order), { active: [], idle: [30, 20], offline: [10, 40] });
    nowMs = (T + 80) * 1000 + 2; // user 30's idle report is 140.002 s old
    assert.deepEqual(p.groups(order), { active: [], idle: [20], offline: [30, 10, 40] });
  });

  it('a new report, a removal or a clear regroups at once', () => {
    const p = index();
    const order = [1, 2];
    p.update(1, { active_timestamp: T });
    assert.deepEqual(p.groups(order), { active: [1], idle: [], offline: [2] });
    p.update(2, { idle_timestamp: T });
    assert.deepEqual(p.groups(order), { active: [1], idle: [2], offline: [] });
    p.remove(1);
    assert.equal(p.times(1), undefined);
    assert.deepEqual(p.groups(order), { active: [], idle: [2], offline: [1] });
    p.clear();
    assert.deepEqual(p.groups(order), { active: [], idle: [], offline: [1, 2] });
  });
});
