// The Disposable base (src/disposable.ts): what it owns goes with it, last registered first, once.
import { strict as assert } from 'node:assert';
import { Disposable } from '../../src/disposable';

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
