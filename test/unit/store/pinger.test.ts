// The presence pinger on fake timers and a fake window focus: pings on the interval and when the
// window gains focus, not when it loses it.
import assert from 'node:assert/strict';
import { PresencePinger, type FocusSource, type Timers } from '../../../src/store/pinger';

function fakeTimers(): Timers & { runAll(): void; pending(): number } {
  let next = 1;
  const timers = new Map<number, () => void>();
  return {
    setTimeout: (run) => {
      timers.set(next, run);
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    runAll() {
      const due = [...timers];
      timers.clear();
      for (const [, run] of due) run();
    },
    pending: () => timers.size,
  };
}

function fakeFocus(initial: boolean): FocusSource & { set(focused: boolean): void } {
  let focused = initial;
  const listeners = new Set<(f: boolean) => void>();
  return {
    isFocused: () => focused,
    onDidChange: (l) => (listeners.add(l), { dispose: () => void listeners.delete(l) }),
    set(f) {
      focused = f;
      for (const l of listeners) l(f);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PresencePinger', () => {
  it('pings at start, again when the interval timer fires, and when the window gains focus but not when it loses it', async () => {
    const timers = fakeTimers();
    const focus = fakeFocus(true);
    const pings: string[] = [];
    const pinger = new PresencePinger(
      async (status) => void pings.push(status),
      () => 60,
      focus,
      timers,
    );
    pinger.start();
    await settle();
    assert.deepEqual(pings, ['active']);
    assert.equal(timers.pending(), 1);
    timers.runAll();
    await settle();
    assert.deepEqual(pings, ['active', 'active']);
    focus.set(false);
    await settle();
    assert.deepEqual(pings, ['active', 'active']);
    focus.set(true);
    await settle();
    assert.deepEqual(pings, ['active', 'active', 'active']);
    pinger.dispose();
    assert.equal(timers.pending(), 0);
  });
});
