import { MutableDisposable, type IDisposable } from '../base/lifecycle';

/** Where the window focus comes from (VS Code's `window.state.focused` in the extension). */
export interface FocusSource {
  isFocused(): boolean;
  onDidChange(listener: (focused: boolean) => void): IDisposable;
}

/** Timer functions, injectable for tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending ping must not keep a plain Node process (tests, CLI) alive.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Focus that is always on: the default outside VS Code. */
export const alwaysFocused: FocusSource = {
  isFocused: () => true,
  onDidChange: () => ({ dispose() {} }),
};

/**
 * Reports presence: `active` while the window is focused, else `idle`, every `intervalSeconds()`,
 * and at once when the window gains focus. One ping at a time; the next one is armed when the
 * previous one has finished.
 */
export class PresencePinger implements IDisposable {
  #timer: unknown;
  readonly #focusListener = new MutableDisposable();
  #running = false;
  #inFlight: Promise<void> | undefined;

  constructor(
    private readonly ping: (status: 'active' | 'idle', newUserInput: boolean) => Promise<void>,
    private readonly intervalSeconds: () => number,
    private readonly focus: FocusSource,
    private readonly timers: Timers = realTimers,
  ) {}

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#focusListener.value = this.focus.onDidChange((focused) => {
      if (focused) void this.pingNow();
    });
    void this.pingNow();
  }

  /** Pings now and re-arms the timer; resolves when the ping is done (failures are the callback's business). */
  pingNow(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    this.#clearTimer();
    if (this.#inFlight) return this.#inFlight;
    const focused = this.focus.isFocused();
    this.#inFlight = this.ping(focused ? 'active' : 'idle', focused)
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight = undefined;
        this.#arm();
      });
    return this.#inFlight;
  }

  #arm(): void {
    if (!this.#running) return;
    this.#clearTimer();
    this.#timer = this.timers.setTimeout(
      () => {
        this.#timer = undefined;
        void this.pingNow();
      },
      Math.max(1, this.intervalSeconds()) * 1000,
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  dispose(): void {
    this.#running = false;
    this.#clearTimer();
    // A stop, not an end: `start()` may follow.
    this.#focusListener.clear();
  }
}
