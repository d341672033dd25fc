// The store's event emitter: registration, disposal of one registration and of the whole emitter,
// listener errors (reported, the other listeners still run) and hasListeners.
import assert from 'node:assert/strict';
import { Emitter } from '../../../src/base/event';

describe('store Emitter', () => {
  it('delivers a fired value to every registered listener, the same function twice as two registrations', () => {
    const e = new Emitter<number>();
    const got: number[] = [];
    const listener = (v: number) => got.push(v);
    e.event(listener);
    e.event(listener);
    e.fire(7);
    assert.deepEqual(got, [7, 7]);
  });

  it('disposing one registration stops only that listener', () => {
    const e = new Emitter<string>();
    const a: string[] = [];
    const b: string[] = [];
    const reg = e.event((v) => a.push(v));
    e.event((v) => b.push(v));
    e.fire('one');
    reg.dispose();
    e.fire('two');
    assert.deepEqual(a, ['one']);
    assert.deepEqual(b, ['one', 'two']);
  });

  it('hasListeners follows registrations: false, true with one, false again once it is disposed', () => {
    const e = new Emitter<void>();
    assert.equal(e.hasListeners, false);
    const reg = e.event(() => undefined);
    assert.equal(e.hasListeners, true);
    const reg2 = e.event(() => undefined);
    reg.dispose();
    assert.equal(e.hasListeners, true);
    reg2.dispose();
    assert.equal(e.hasListeners, false);
  });

  it('a throwing listener goes to onListenerError and the listeners after it still run', () => {
    const errors: unknown[] = [];
    const e = new Emitter<number>((error) => errors.push(error));
    const got: number[] = [];
    const boom = new Error('boom');
    e.event(() => {
      throw boom;
    });
    e.event((v) => got.push(v));
    e.fire(1);
    assert.deepEqual(errors, [boom]);
    assert.deepEqual(got, [1]);
  });

  it('by default a listener error is logged to the console with the extension name', () => {
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const e = new Emitter<number>();
      const boom = new Error('listener broke');
      e.event(() => {
        throw boom;
      });
      e.fire(1);
    } finally {
      console.error = original;
    }
    assert.equal(logged.length, 1);
    assert.equal(logged[0][0], 'Team Chat: a listener failed');
    assert.equal((logged[0][1] as Error).message, 'listener broke');
  });

  it('after dispose: no listener runs, hasListeners is false, and a new registration is inert but disposable', () => {
    const e = new Emitter<number>();
    const got: number[] = [];
    e.event((v) => got.push(v));
    e.dispose();
    assert.equal(e.hasListeners, false);
    e.fire(1);
    const late = e.event((v) => got.push(v * 10));
    assert.equal(e.hasListeners, false);
    e.fire(2);
    assert.deepEqual(got, []);
    assert.doesNotThrow(() => late.dispose());
  });
});
