import * as vscode from 'vscode';

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
export function showInputStep(step: InputStep): Promise<StepResult> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const abort = new AbortController();
    let done = false;
    const finish = (result: StepResult): void => {
      if (done) return;
      done = true;
      if (!result) abort.abort();
      for (const d of disposables) d.dispose();
      resolve(result);
    };
    const disposables: vscode.Disposable[] = [
      box,
      box.onDidChangeValue((v) => {
        box.validationMessage = v === '' ? undefined : step.validate?.(v);
      }),
      box.onDidTriggerButton((button) => finish({ button })),
      box.onDidHide(() => finish(undefined)),
      box.onDidAccept(async () => {
        const value = box.value;
        const invalid = step.validate?.(value);
        if (invalid) {
          box.validationMessage = invalid;
          return;
        }
        if (!step.accept) return finish({ value });
        box.busy = true;
        box.enabled = false;
        try {
          const error = await step.accept(value, abort.signal);
          if (error === undefined) return finish({ value });
          box.validationMessage = error;
        } finally {
          if (!done) {
            box.busy = false;
            box.enabled = true;
          }
        }
      }),
    ];
    box.title = step.title;
    box.step = step.step;
    box.totalSteps = step.totalSteps;
    box.prompt = step.prompt;
    box.placeholder = step.placeholder;
    box.value = step.value ?? '';
    box.password = step.password ?? false;
    box.buttons = step.buttons ?? [];
    box.ignoreFocusOut = true;
    box.show();
  });
}
