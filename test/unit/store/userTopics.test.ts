// Which topics' unreads count towards the badges, from the own topic visibility policies.
import assert from 'node:assert/strict';
import { POLICY, topicCounts, UserTopicIndex } from '../../../src/store/userTopics';

describe('topic visibility policies and what counts as unread', () => {
  it('in a muted channel only unmuted and followed topics count; elsewhere all but muted ones', () => {
    const policies = [POLICY.none, POLICY.muted, POLICY.unmuted, POLICY.followed];
    assert.deepEqual(
      policies.map((p) => topicCounts(true, p)),
      [false, false, true, true],
    );
    assert.deepEqual(
      policies.map((p) => topicCounts(false, p)),
      [true, false, true, true],
    );
  });

  it('keeps one policy per topic (case-insensitive), reports changes, and drops the default', () => {
    const index = new UserTopicIndex();
    assert.equal(index.set(5, 'Build', POLICY.muted), true);
    assert.equal(index.set(5, 'build', POLICY.muted), false);
    assert.equal(index.set(5, 'Deploy', POLICY.followed), true);
    assert.equal(index.policy(5, 'BUILD'), POLICY.muted);
    assert.deepEqual(
      [...index.of(5)],
      [
        ['build', POLICY.muted],
        ['Deploy', POLICY.followed],
      ],
    );
    assert.deepEqual([index.hasAny(5), index.hasAny(6)], [true, false]);
    assert.equal(index.set(5, 'build', POLICY.none), true);
    assert.equal(index.set(5, 'Deploy', POLICY.none), true);
    assert.deepEqual([index.hasAny(5), [...index.of(5)], index.policy(5, 'build')], [false, [], POLICY.none]);
    // Back to the default where nothing was set (an event for another client's reset).
    assert.equal(index.set(7, 'never set', POLICY.none), false);
    index.set(6, 'x', POLICY.unmuted);
    index.clear();
    assert.deepEqual([index.hasAny(6), index.policy(6, 'x')], [false, POLICY.none]);
  });
});
