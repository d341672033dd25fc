/**
 * Ownership, the one way (as in VS Code's own `base/common/lifecycle`): whatever holds something to
 * release registers it with a `Disposable`, a `DisposableStore` or a `MutableDisposable`, and is
 * disposed by its owner. No `vscode` import: the store, the message list and plain Node tests use it
 * too; VS Code's own disposables have the same shape.
 */

/** Something to release; the same shape as VS Code's `Disposable`. */
export interface IDisposable {
  dispose(): void;
}

/** A disposable that runs `dispose` once. */
export function toDisposable(dispose: () => void): IDisposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      dispose();
    },
  };
}

/**
 * Disposes each of `items` (last first: later ones may depend on earlier ones); one that throws does not stop the rest.
 */
export function disposeAll(items: Iterable<IDisposable>): void {
  const errors: unknown[] = [];
  for (const item of [...items].reverse()) {
    try {
      item.dispose();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Several disposables failed');
}

/** A set of disposables released together; one added after `dispose()` is released at once. */
export class DisposableStore implements IDisposable {
  #items = new Set<IDisposable>();
  #disposed = false;

  add<T extends IDisposable>(item: T): T {
    if (this.#disposed) item.dispose();
    else this.#items.add(item);
    return item;
  }

  /** Releases and forgets one item (no-op if it is not here). */
  delete(item: IDisposable): void {
    if (this.#items.delete(item)) item.dispose();
  }

  /** Forgets one item without releasing it: it went by itself (no-op if it is not here). */
  deleteAndLeak(item: IDisposable): void {
    this.#items.delete(item);
  }

  /** How many items are held. */
  get size(): number {
    return this.#items.size;
  }

  /** Releases everything held so far; the store stays usable. */
  clear(): void {
    const items = [...this.#items];
    this.#items.clear();
    disposeAll(items);
  }

  get isDisposed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.clear();
  }
}

/** The base of classes that own disposables: `_register` them, and they go with the object. */
export abstract class Disposable implements IDisposable {
  readonly #store = new DisposableStore();

  /** Takes ownership of `value` (disposed with this object; at once if this one already is). */
  protected _register<T extends IDisposable>(value: T): T {
    return this.#store.add(value);
  }

  protected get isDisposed(): boolean {
    return this.#store.isDisposed;
  }

  dispose(): void {
    this.#store.dispose();
  }
}

/**
 * One disposable at a time, replaced by a new one: setting `value` disposes the previous value
 * (the "dispose and replace" habit, in one place). After `dispose()`, a value set is disposed at once.
 */
export class MutableDisposable<T extends IDisposable> implements IDisposable {
  #value: T | undefined;
  #disposed = false;

  get value(): T | undefined {
    return this.#disposed ? undefined : this.#value;
  }

  set value(value: T | undefined) {
    if (this.#disposed) {
      value?.dispose();
      return;
    }
    if (value === this.#value) return;
    const old = this.#value;
    this.#value = value;
    old?.dispose();
  }

  /** Disposes the value now, leaving none. */
  clear(): void {
    this.value = undefined;
  }

  dispose(): void {
    this.clear();
    this.#disposed = true;
  }
}
