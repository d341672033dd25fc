import { DisposableStore, type IDisposable } from './lifecycle';

/**
 * A listener registration function, shaped like VS Code's `Event<T>` (so VS Code accepts it for a tree
 * provider's or a comment controller's events): the registration is added to `disposables` when given.
 */
export type Event<T> = (
  listener: (value: T) => unknown,
  thisArgs?: unknown,
  disposables?: IDisposable[] | DisposableStore,
) => IDisposable;

/** An event that never fires. */
export const NONE: Event<never> = () => ({ dispose() {} });

/** One fired value on its way to the listeners registered when it was fired. */
interface Delivery<T> {
  readonly listeners: readonly ((value: T) => unknown)[];
  readonly value: T;
  next: number;
}

/**
 * The one event emitter (no `vscode` import: the store runs in plain Node tests and benchmarks).
 * A listener that throws does not stop the others; the error goes to `onListenerError`. As with
 * VS Code's emitter, every listener hears values in the order they were fired: a value fired by a
 * listener waits until the value being delivered has reached the remaining listeners (both are
 * delivered before that `fire` returns), and a listener disposed meanwhile hears nothing more.
 */
export class Emitter<T> implements IDisposable {
  #listeners = new Set<(value: T) => unknown>();
  #delivering: Delivery<T> | undefined;
  #disposed = false;

  constructor(private readonly onListenerError: (error: unknown) => void = reportListenerError) {}

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    if (this.#disposed) return { dispose() {} };
    // Wrap so that registering the same function twice gives two independent registrations.
    const entry = (value: T) => listener.call(thisArgs, value);
    this.#listeners.add(entry);
    const registration = { dispose: () => void this.#listeners.delete(entry) };
    if (disposables instanceof DisposableStore) disposables.add(registration);
    else disposables?.push(registration);
    return registration;
  };

  fire(value: T): void {
    if (this.#delivering) this.#deliver(this.#delivering);
    const delivery: Delivery<T> = { listeners: [...this.#listeners], value, next: 0 };
    this.#delivering = delivery;
    try {
      this.#deliver(delivery);
    } finally {
      if (this.#delivering === delivery) this.#delivering = undefined;
    }
  }

  #deliver(delivery: Delivery<T>): void {
    while (delivery.next < delivery.listeners.length) {
      const listener = delivery.listeners[delivery.next++]!;
      if (!this.#listeners.has(listener)) continue;
      try {
        listener(delivery.value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get hasListeners(): boolean {
    return this.#listeners.size > 0;
  }

  dispose(): void {
    this.#disposed = true;
    this.#listeners.clear();
  }
}

function reportListenerError(error: unknown): void {
  console.error('Team Chat: a listener failed', error);
}
