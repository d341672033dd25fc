import type { IDisposable } from './lifecycle';

/**
 * Resolves on the first value of `event` that `matches`, or after `ms` (whichever comes first);
 * the listener and the timer are released either way. Takes any event of VS Code's shape.
 */
export function nextEvent<T>(
  event: (listener: (value: T) => unknown) => IDisposable,
  matches: (value: T) => boolean,
  ms: number,
): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const sub = event((value) => {
      if (matches(value)) done();
    });
  });
}
