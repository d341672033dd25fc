/**
 * The kit's pickers and input boxes: the one place that creates them. `showQuickInput` runs every
 * flow that needs more than VS Code's one-shot `showQuickPick`/`showInputBox` (items that change as
 * the user types, busy while a check runs, buttons, a countdown): it creates the widget, lets
 * `setup` wire it, and settles once, disposing the widget and everything `setup` registered.
 * `inputStep` is its form for one step of a multi-step input (validation as you type, a slow check
 * on Enter that keeps the box open with its error, Back buttons). `pickOne`, `pickMany` and
 * `askText` are the one-shot forms.
 */
import * as vscode from 'vscode';
import { DisposableStore, toDisposable } from '../base/lifecycle';

/** What `setup` gets to drive the widget. */
export interface QuickInputFlow<T> {
  /** Settles the flow with `value` (the first call wins) and closes the widget. */
  done(value: T | undefined): void;
  /** Aborts when the flow settles without a value (closed, or the caller's signal aborted). */
  readonly signal: AbortSignal;
  /**
   * Runs `work` with the widget busy and disabled; both are restored unless the flow settled
   * meanwhile. What the user typed stays.
   */
  busy<R>(work: () => Promise<R>): Promise<R>;
  /** Ties `d` (a subscription outside the widget) to the flow: disposed when it settles. */
  own(d: vscode.Disposable): void;
  /** Calls `update` now and every second until the flow settles (a countdown). */
  everySecond(update: () => void): void;
}

interface Common {
  /** Closes the widget (settling with undefined) when it aborts. */
  readonly signal?: AbortSignal;
}

export type QuickInputSpec<T, I extends vscode.QuickPickItem> = Common &
  (
    | { readonly kind: 'pick'; setup(pick: vscode.QuickPick<I>, flow: QuickInputFlow<T>): void }
    | { readonly kind: 'input'; setup(box: vscode.InputBox, flow: QuickInputFlow<T>): void }
  );

/** Shows a quick pick or an input box; resolves with the value `setup` settles with, or undefined when closed. */
export function showQuickInput<T, I extends vscode.QuickPickItem = vscode.QuickPickItem>(
  spec: QuickInputSpec<T, I>,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const store = new DisposableStore();
    const abort = new AbortController();
    let settled = false;
    const widget: vscode.QuickPick<I> | vscode.InputBox =
      spec.kind === 'pick' ? vscode.window.createQuickPick<I>() : vscode.window.createInputBox();
    const done = (value: T | undefined): void => {
      if (settled) return;
      settled = true;
      if (value === undefined) abort.abort();
      resolve(value);
      store.dispose();
    };
    const flow: QuickInputFlow<T> = {
      done,
      signal: abort.signal,
      async busy(work) {
        widget.busy = true;
        widget.enabled = false;
        try {
          return await work();
        } finally {
          if (!settled) {
            widget.busy = false;
            widget.enabled = true;
          }
        }
      },
      own(d) {
        store.add(d);
      },
      everySecond(update) {
        const timer = setInterval(update, 1000);
        store.add(toDisposable(() => clearInterval(timer)));
        update();
      },
    };
    // Added first, so disposed last (the store releases last first).
    store.add(widget);
    if (spec.kind === 'pick') spec.setup(widget as vscode.QuickPick<I>, flow);
    else spec.setup(widget as vscode.InputBox, flow);
    store.add(widget.onDidHide(() => done(undefined)));
    const outer = spec.signal;
    if (outer) {
      if (outer.aborted) return done(undefined);
      const onAbort = (): void => done(undefined);
      outer.addEventListener('abort', onAbort);
      store.add(toDisposable(() => outer.removeEventListener('abort', onAbort)));
    }
    if (!settled) widget.show();
  });
}

/** One step of a multi-step input. */
export interface InputStep {
  title: string;
  step: number;
  totalSteps: number;
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  buttons?: readonly vscode.QuickInputButton[];
  /** Instant check as the user types: an error message, or undefined. */
  validate?: (value: string) => string | undefined;
  /** Slow check on Enter: an error message keeps the box open; `signal` aborts when it is closed. */
  accept?: (value: string, signal: AbortSignal) => Promise<string | undefined>;
}

export type StepResult = { value: string } | { button: vscode.QuickInputButton } | undefined;

/**
 * Shows one input box and resolves with the accepted value, the pressed button, or undefined when
 * the user closed it. Errors from `accept` appear in the box, so the user can correct and retry.
 */
export function inputStep(step: InputStep): Promise<StepResult> {
  return showQuickInput<NonNullable<StepResult>>({
    kind: 'input',
    setup(box, flow) {
      box.onDidChangeValue((v) => {
        box.validationMessage = v === '' ? undefined : step.validate?.(v);
      });
      box.onDidTriggerButton((button) => flow.done({ button }));
      box.onDidAccept(async () => {
        const value = box.value;
        const invalid = step.validate?.(value);
        if (invalid) {
          box.validationMessage = invalid;
          return;
        }
        const accept = step.accept;
        if (!accept) return flow.done({ value });
        const error = await flow.busy(() => accept(value, flow.signal));
        if (error === undefined) flow.done({ value });
        else box.validationMessage = error;
      });
      box.title = step.title;
      box.step = step.step;
      box.totalSteps = step.totalSteps;
      box.prompt = step.prompt;
      box.placeholder = step.placeholder;
      box.value = step.value ?? '';
      box.password = step.password ?? false;
      box.buttons = step.buttons ?? [];
      box.ignoreFocusOut = true;
    },
  });
}

/** The one-shot pick of one item (VS Code's `showQuickPick`); undefined when dismissed. */
export function pickOne<T extends vscode.QuickPickItem>(
  items: readonly T[] | Thenable<readonly T[]>,
  options?: vscode.QuickPickOptions & { canPickMany?: false },
  token?: vscode.CancellationToken,
): Thenable<T | undefined> {
  return vscode.window.showQuickPick(items, options, token);
}

/** The one-shot pick of several items (`showQuickPick` with `canPickMany`); undefined when dismissed. */
export function pickMany<T extends vscode.QuickPickItem>(
  items: readonly T[] | Thenable<readonly T[]>,
  options: vscode.QuickPickOptions & { canPickMany: true },
  token?: vscode.CancellationToken,
): Thenable<T[] | undefined> {
  return vscode.window.showQuickPick(items, options, token);
}

/** The one-shot input box (VS Code's `showInputBox`); undefined when dismissed. */
export function askText(
  options?: vscode.InputBoxOptions,
  token?: vscode.CancellationToken,
): Thenable<string | undefined> {
  return vscode.window.showInputBox(options, token);
}
