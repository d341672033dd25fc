// The one event emitter (src/base/event.ts): registration, disposal of one registration and of the
// whole emitter, listener errors (reported, the other listeners still run), hasListeners, and
// VS Code's delivery order (a value fired by a listener reaches everyone after the current one).
import assert from 'node:assert/strict';
import { Emitter } from '../../../src/base/event';

describe('Emitter', () => {
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

  it('a value fired by a listener reaches every listener after the value being delivered, before fire returns', () => {
    const e = new Emitter<string>();
    const heard: string[] = [];
    let afterNestedFire: string[] = [];
    e.event((v) => {
      heard.push(`a:${v}`);
      if (v === 'first') {
        e.fire('second');
        afterNestedFire = [...heard];
      }
    });
    e.event((v) => heard.push(`b:${v}`));
    e.event((v) => heard.push(`c:${v}`));
    e.fire('first');
    const inOrder = ['a:first', 'b:first', 'c:first', 'a:second', 'b:second', 'c:second'];
    assert.deepEqual(heard, inOrder);
    assert.deepEqual(afterNestedFire, inOrder, 'both values were delivered when the nested fire returned');
    e.fire('third');
    assert.deepEqual(heard.slice(6), ['a:third', 'b:third', 'c:third'], 'delivery carries on normally');
  });

  it('a listener disposed while a value is being delivered does not hear it', () => {
    const e = new Emitter<number>();
    const heard: string[] = [];
    e.event((v) => {
      heard.push(`a:${v}`);
      later.dispose();
    });
    const later = e.event((v) => heard.push(`b:${v}`));
    e.fire(1);
    e.fire(2);
    assert.deepEqual(heard, ['a:1', 'a:2']);
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
