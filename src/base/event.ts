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

/**
 * The one event emitter (no `vscode` import: the store runs in plain Node tests and benchmarks).
 * A listener that throws does not stop the others; the error goes to `onListenerError`.
 */
export class Emitter<T> implements IDisposable {
  #listeners = new Set<(value: T) => unknown>();
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
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
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
