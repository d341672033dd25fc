// Typing notifications at the edges: a stop followed by new typing (the old idle timer must not
// stop the new announcement), events that name no usable conversation, stops for people not
// typing, a tracker without a mute filter, clear() and dispose(). Fake clock, no server.
import assert from 'node:assert/strict';
import type { TypingEvent } from '../../../src/api/events/models';
import { conversationKey, TypingSender, TypingTracker, type TypingDestination } from '../../../src/store/typing';
import { fakeClock } from '../support/synthetic';

const OWN = 10;
const ALICE = 11;
const BOB = 12;

describe('TypingSender: stop, then typing again', () => {
  it('the idle timer of the first burst does not stop the second one early', () => {
    const clock = fakeClock();
    const sent: string[] = [];
    const to: TypingDestination = { kind: 'direct', userIds: [BOB] };
    const s = new TypingSender({
      clock,
      periods: () => ({ startedWaitMs: 10_000, stoppedWaitMs: 5_000 }),
      allowed: () => true,
      send: (op) => sent.push(`${clock.now()} ${op}`),
    });
    s.input(to, false); // start at 0, stop due at 5000
    clock.advance(1000);
    s.stop(); // the box was sent at 1000
    clock.advance(1000);
    s.input(to, false); // start at 2000, stop due at 7000
    clock.advance(4000); // 6000: past the first burst's idle time
    assert.equal(s.typing, true);
    clock.advance(1000);
    assert.deepEqual(sent, ['0 start', '1000 stop', '2000 start', '7000 stop']);
  });
});

describe('TypingTracker: edge cases', () => {
  const dm = (op: 'start' | 'stop', from: number, recipients: number[] | undefined): TypingEvent => ({
    type: 'typing',
    id: 1,
    op,
    message_type: 'direct',
    sender: { user_id: from, email: '' },
    ...(recipients ? { recipients: recipients.map((user_id) => ({ user_id, email: '' })) } : {}),
  });
  const channel = (
    op: 'start' | 'stop',
    from: number,
    streamId: number | undefined,
    topic: string | undefined,
  ): TypingEvent => ({
    type: 'typing',
    id: 1,
    op,
    message_type: 'stream',
    sender: { user_id: from, email: '' },
    ...(streamId !== undefined ? { stream_id: streamId } : {}),
    ...(topic !== undefined ? { topic } : {}),
  });
  const aliceDm = conversationKey({ kind: 'direct', userIds: [ALICE] }, OWN);
  const groupDm = conversationKey({ kind: 'direct', userIds: [ALICE, BOB] }, OWN);
  const lunch = conversationKey({ kind: 'stream', streamId: 3, topic: 'lunch' }, OWN);

  function tracker() {
    const clock = fakeClock();
    const changes: string[] = [];
    // No `ignore`: a caller without muted users leaves it out.
    const t = new TypingTracker({ clock, ownUserId: () => OWN, expiryMs: () => 15_000 });
    t.onDidChange((key) => changes.push(key));
    return { clock, t, changes };
  }

  it('works without an ignore filter', () => {
    const { t, changes } = tracker();
    t.apply(dm('start', ALICE, [OWN, ALICE]));
    assert.deepEqual(t.typists(aliceDm), [ALICE]);
    assert.deepEqual(changes, [aliceDm]);
  });

  it('ignores channel events without a channel or without a topic, and direct ones without recipients', () => {
    const { t, changes } = tracker();
    assert.doesNotThrow(() => t.apply(channel('start', ALICE, 3, undefined)));
    assert.doesNotThrow(() => t.apply(channel('start', ALICE, undefined, 'lunch')));
    assert.doesNotThrow(() => t.apply(dm('start', ALICE, undefined)));
    assert.deepEqual(changes, []);
    t.apply(channel('start', ALICE, 3, 'Lunch'));
    assert.deepEqual(changes, [lunch]);
    assert.deepEqual(t.typists(lunch), [ALICE]);
  });

  it('a stop from somebody not typing changes nothing, whether or not others type there', () => {
    const { t, changes } = tracker();
    assert.doesNotThrow(() => t.apply(dm('stop', ALICE, [OWN, ALICE])));
    assert.deepEqual(changes, []);
    t.apply(dm('start', ALICE, [OWN, ALICE, BOB]));
    t.apply(dm('stop', BOB, [OWN, ALICE, BOB]));
    assert.deepEqual(changes, [groupDm]);
    assert.deepEqual(t.typists(groupDm), [ALICE]);
  });

  it('clear() reports only the conversations that still had typists', () => {
    const { t, changes } = tracker();
    t.apply(dm('start', ALICE, [OWN, ALICE]));
    t.apply(dm('stop', ALICE, [OWN, ALICE]));
    t.apply(channel('start', BOB, 3, 'lunch'));
    changes.length = 0;
    t.clear();
    assert.deepEqual(changes, [lunch]);
    assert.deepEqual(t.typists(lunch), []);
  });

  it('after dispose: nobody is typing and an expiry that was due reports nothing', () => {
    const { clock, t, changes } = tracker();
    t.apply(dm('start', ALICE, [OWN, ALICE]));
    changes.length = 0;
    t.dispose();
    assert.deepEqual(t.typists(aliceDm), []);
    clock.advance(20_000);
    assert.deepEqual(changes, []);
  });
});
