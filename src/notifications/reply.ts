/**
 * The "Reply" of a notification: an input box, then a send; a failed send shows why and offers
 * to retry with the same text, so nothing typed is lost. No `vscode` import (the UI is passed in).
 */
import * as l10n from '@vscode/l10n';

export interface ReplyUi {
  /**
   * Asks for the text, starting from `value`; `validate` returns an error message or undefined. Undefined: cancelled.
   */
  input(options: {
    title: string;
    value: string;
    validate: (text: string) => string | undefined;
  }): PromiseLike<string | undefined>;
  /** Shows a failed send; true when the user chose to retry. */
  failed(message: string): PromiseLike<boolean>;
}

/** Why `text` cannot be sent, or undefined when it can. */
export function replyProblem(text: string, maxLength: number): string | undefined {
  if (text.trim() === '') return l10n.t('The reply is empty.');
  const length = [...text].length;
  if (length > maxLength) return l10n.t('The reply can be at most {0} characters; it has {1}.', maxLength, length);
  return undefined;
}

/**
 * Asks, sends, and on failure offers a retry with the same text. Resolves to the sent message's
 * id, or undefined when the user cancelled (at the input box or instead of retrying) or the
 * message waits in the outbox (`send` gave no id).
 */
export async function replyLoop(
  title: string,
  maxLength: number,
  ui: ReplyUi,
  send: (text: string) => Promise<{ id?: number }>,
  describe: (error: unknown) => string,
): Promise<number | undefined> {
  let value = '';
  for (;;) {
    const text = await ui.input({ title, value, validate: (t) => replyProblem(t, maxLength) });
    if (text === undefined) return undefined;
    // The input box refuses these already; checked again so nothing invalid is ever sent.
    const problem = replyProblem(text, maxLength);
    value = text;
    if (problem !== undefined) {
      if (!(await ui.failed(problem))) return undefined;
      continue;
    }
    try {
      return (await send(text)).id;
    } catch (error) {
      if (!(await ui.failed(describe(error)))) return undefined;
    }
  }
}
