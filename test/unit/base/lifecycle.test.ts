// The lifecycle base (src/base/lifecycle.ts): what is owned goes with its owner, last registered first, once.
import { strict as assert } from 'node:assert';
import { Disposable, DisposableStore, MutableDisposable, toDisposable } from '../../../src/base/lifecycle';
import { Emitter } from '../../../src/base/event';

class Owner extends Disposable {
  own<T extends { dispose(): void }>(value: T): T {
    return this._register(value);
  }
  get disposed(): boolean {
    return this.isDisposed;
  }
}

describe('Disposable base', () => {
  it('disposes what it registered, last registered first, and only once', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own({ dispose: () => order.push('first') });
    const second = { dispose: () => order.push('second') };
    assert.equal(owner.own(second), second, '_register returns what it was given');
    assert.equal(owner.disposed, false);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['second', 'first']);
    assert.equal(owner.disposed, true);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const owner = new Owner();
    owner.dispose();
    let disposed = 0;
    owner.own({ dispose: () => disposed++ });
    assert.equal(disposed, 1);
    owner.dispose();
    assert.equal(disposed, 1);
  });
});

describe('DisposableStore, MutableDisposable, toDisposable', () => {
  it('a store releases its items last first; clear() keeps it usable, dispose() releases late items at once', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => order.push('a')));
    store.add(toDisposable(() => order.push('b')));
    store.clear();
    assert.deepEqual(order, ['b', 'a']);
    store.add(toDisposable(() => order.push('c')));
    store.dispose();
    assert.deepEqual(order, ['b', 'a', 'c']);
    store.add(toDisposable(() => order.push('late')));
    assert.deepEqual(order, ['b', 'a', 'c', 'late']);
    assert.equal(store.isDisposed, true);
  });

  it('a store forgets an item that went by itself (deleteAndLeak) without releasing it, and counts what it holds', () => {
    const disposed: string[] = [];
    const store = new DisposableStore();
    const gone = store.add(toDisposable(() => disposed.push('gone')));
    store.add(toDisposable(() => disposed.push('kept')));
    assert.equal(store.size, 2);
    store.deleteAndLeak(gone);
    assert.equal(store.size, 1);
    assert.deepEqual(disposed, [], 'deleteAndLeak releases nothing');
    store.deleteAndLeak(gone);
    assert.equal(store.size, 1, 'an item not held is a no-op');
    store.dispose();
    assert.deepEqual(disposed, ['kept'], 'the forgotten item is not released with the store');
    assert.equal(store.size, 0);
  });

  it('toDisposable runs its function once', () => {
    let count = 0;
    const d = toDisposable(() => count++);
    d.dispose();
    d.dispose();
    assert.equal(count, 1);
  });

  it('a mutable disposable disposes the value it replaces, and a value set after dispose()', () => {
    const disposed: string[] = [];
    const item = (name: string) => ({ name, dispose: () => disposed.push(name) });
    const slot = new MutableDisposable<ReturnType<typeof item>>();
    const first = item('first');
    slot.value = first;
    slot.value = first;
    assert.deepEqual(disposed, [], 'setting the same value again disposes nothing');
    slot.value = item('second');
    assert.deepEqual(disposed, ['first']);
    slot.clear();
    assert.deepEqual(disposed, ['first', 'second']);
    assert.equal(slot.value, undefined);
    slot.value = item('third');
    slot.dispose();
    slot.value = item('late');
    assert.deepEqual(disposed, ['first', 'second', 'third', 'late']);
    assert.equal(slot.value, undefined);
  });

  it("an event adds its registration to the caller's disposables, as VS Code's Event does", () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const store = new DisposableStore();
    const list: { dispose(): void }[] = [];
    emitter.event((v) => seen.push(v), undefined, store);
    emitter.event((v) => seen.push(v * 10), undefined, list);
    emitter.fire(1);
    store.dispose();
    emitter.fire(2);
    list.forEach((d) => d.dispose());
    emitter.fire(3);
    assert.deepEqual(seen, [1, 10, 20]);
  });
});
