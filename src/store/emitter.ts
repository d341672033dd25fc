/** Something to release; the same shape as VS Code's `Disposable`, without importing `vscode`. */
export interface Disposable {
  dispose(): void;
}

/** A listener registration function, shaped like VS Code's `Event<T>` so a tree provider can pass it through. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/**
 * A minimal event emitter (no `vscode` import: the store runs in plain Node tests and benchmarks).
 * A listener that throws does not stop the others; the error goes to `onListenerError`.
 */
export class Emitter<T> implements Disposable {
  #listeners = new Set<(value: T) => void>();
  #disposed = false;

  constructor(private readonly onListenerError: (error: unknown) => void = reportListenerError) {}

  readonly event: Event<T> = (listener) => {
    if (this.#disposed) return { dispose() {} };
    // Wrap so that registering the same function twice gives two independent registrations.
    const entry = (value: T) => listener(value);
    this.#listeners.add(entry);
    return { dispose: () => void this.#listeners.delete(entry) };
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
  console.error('Team Chat: a store listener failed', error);
}
