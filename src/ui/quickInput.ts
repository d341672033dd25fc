/** The settle-once promise around a quick pick or input box. */
import type * as vscode from 'vscode';

/**
 * Shows `input` and resolves once: with the value `setup`'s handlers pass to `finish`, or
 * undefined when the input is hidden. The input is disposed as soon as it settles.
 */
export function showUntilDone<T>(
  input: vscode.QuickInput,
  setup: (finish: (value: T | undefined) => void) => void,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: T | undefined): void => {
      if (done) return;
      done = true;
      resolve(value);
      input.dispose();
    };
    setup(finish);
    input.onDidHide(() => finish(undefined));
    input.show();
  });
}
