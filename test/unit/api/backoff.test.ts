// The retry waits of the transport and the event queue: full-jitter exponential backoff and an
// abortable sleep. Pure functions: a fixed "random" makes every wait exact.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { Backoff, sleep } from '../../../src/api/backoff';

describe('Backoff', () => {
  it('doubles the bound from the base up to the cap (random at its maximum)', () => {
    const backoff = new Backoff(100, 1_000, () => 1);
    assert.deepEqual(
      Array.from({ length: 6 }, () => backoff.next()),
      [100, 200, 400, 800, 1_000, 1_000],
    );
  });

  it('scales the bound by the random draw, rounded to whole milliseconds', () => {
    const backoff = new Backoff(100, 10_000, () => 0.25);
    assert.deepEqual([backoff.next(), backoff.next(), backoff.next()], [25, 50, 100]);
  });

  it('starts again from the base after reset (a request that succeeded)', () => {
    const backoff = new Backoff(100, 10_000, () => 1);
    backoff.next();
    backoff.next();
    backoff.next();
    backoff.reset();
    assert.equal(backoff.next(), 100);
  });

  it('stops doubling at 2^30 × base, so an uncapped wait stays finite', () => {
    const backoff = new Backoff(1, Infinity, () => 1);
    const waits = Array.from({ length: 40 }, () => backoff.next());
    assert.equal(waits[30], 2 ** 30);
    assert.equal(waits[39], 2 ** 30);
  });
});

describe('sleep', () => {
  it('resolves after the wait and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    await sleep(1, controller.signal);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('rejects at once with the reason of a signal aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closed before'));
    // The wait is far beyond the test timeout: only the abort can settle it in time.
    await assert.rejects(sleep(600_000, controller.signal), { message: 'closed before' });
  });

  it('rejects with the reason when aborted during the wait, and removes its listener', async () => {
    const controller = new AbortController();
    const sleeping = sleep(600_000, controller.signal);
    controller.abort(new Error('queue closed'));
    await assert.rejects(sleeping, { message: 'queue closed' });
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });
});
