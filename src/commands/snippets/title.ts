/**
 * The snippet title box: a live "N/60" count, and titles the API layer would refuse refused with
 * its own message (the same `check` the client runs before sending).
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api/client';
import { ValidationError } from '../../api/errors';
import { codePointLength, SAVED_SNIPPET_TITLE_MAX } from '../../api/validation';
import { showQuickInput } from '../../ui/quickInput';

export function titleMax(client: ChatClient): number {
  return client.limits.maxSavedSnippetTitleLength ?? SAVED_SNIPPET_TITLE_MAX;
}

/** The API layer's objection to `title`, or undefined (its limit is the organisation's when known). */
export function titleProblem(client: ChatClient, title: string): string | undefined {
  try {
    client.validate('POST /saved_snippets', { title }, 'some');
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  return undefined;
}

/** Throws the API layer's objection to `title` (a `ValidationError`, shown as written). */
export function checkTitle(client: ChatClient, title: string): void {
  const problem = titleProblem(client, title);
  if (problem) throw new ValidationError(problem, 'POST /saved_snippets', 'title');
}

/** Asks for a title; undefined when cancelled. */
export function askTitle(client: ChatClient, options: { value?: string; prompt: string }): Promise<string | undefined> {
  const max = titleMax(client);
  return showQuickInput<string>({
    kind: 'input',
    setup(box, flow) {
      box.title = vscode.l10n.t('Snippet title');
      box.placeholder = vscode.l10n.t('e.g. Retry with backoff');
      box.value = options.value ?? '';
      box.ignoreFocusOut = true;
      const update = (): void => {
        const n = codePointLength(box.value);
        const problem = box.value === '' ? undefined : titleProblem(client, box.value);
        box.prompt = `${options.prompt} (${n}/${max})`;
        box.validationMessage = problem
          ? { message: `${problem} (${n}/${max})`, severity: vscode.InputBoxValidationSeverity.Error }
          : undefined;
      };
      update();
      box.onDidChangeValue(update);
      box.onDidAccept(() => {
        const problem = titleProblem(client, box.value);
        if (problem) {
          box.validationMessage = { message: problem, severity: vscode.InputBoxValidationSeverity.Error };
          return;
        }
        flow.done(box.value);
      });
    },
  });
}
