/** Shows an error as a notification with the actions that may help, and logs its detail. */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import { Commands } from '../constants';
import { errorMessage, type ErrorAction, type ErrorMessage } from './errorMessage';

/** The buttons' labels (a function: translated when shown). */
const labelsOf = (): Record<ErrorAction, string> => ({
  signIn: vscode.l10n.t('Sign In'),
  signInAgain: vscode.l10n.t('Sign In Again'),
  retry: vscode.l10n.t('Retry'),
  showLog: vscode.l10n.t('Show Log'),
});

// Module-wide on purpose: lives as long as the extension; tests observe what users would see.
const reported = new Emitter<ErrorMessage>();
/** Every message shown by `reportError` (integration tests read the text users see). */
export const onDidReportError = reported.event;

/**
 * Reports `error` (nothing for a cancellation): a warning for refusals, an error otherwise, with
 * "Sign In" / "Sign In Again" / "Retry" (when `retry` is given) / "Show Log" as they apply.
 */
export function reportError(
  log: vscode.LogOutputChannel,
  error: unknown,
  failure?: string,
  retry?: () => unknown,
): ErrorMessage {
  const message = errorMessage(error, failure, retry !== undefined);
  if (message.severity === 'silent') {
    log.debug(message.detail);
    return message;
  }
  if (message.severity === 'warning') log.warn(message.detail);
  else log.error(message.detail);
  reported.fire(message);
  void show(message, log, retry);
  return message;
}

async function show(message: ErrorMessage, log: vscode.LogOutputChannel, retry?: () => unknown): Promise<void> {
  const LABELS = labelsOf();
  const labels = message.actions.map((a) => LABELS[a]);
  const choice =
    message.severity === 'warning'
      ? await vscode.window.showWarningMessage(message.text, ...labels)
      : await vscode.window.showErrorMessage(message.text, ...labels);
  if (choice === LABELS.signIn || choice === LABELS.signInAgain) await vscode.commands.executeCommand(Commands.signIn);
  else if (choice === LABELS.retry) await retry?.();
  else if (choice === LABELS.showLog) log.show();
}

/**
 * A failure the flow recovers from in place (a check that refused what the user entered): shown as
 * an error with the one button `again` ("Edit Again", "Choose Another File"), logged and observed
 * like every report; resolves true when the user picks it.
 */
export async function offerAgain(
  log: vscode.LogOutputChannel,
  error: unknown,
  failure: string | undefined,
  again: string,
): Promise<boolean> {
  const message = errorMessage(error, failure);
  if (message.severity === 'silent') return false;
  log.warn(message.detail);
  reported.fire({ ...message, severity: 'error', actions: [] });
  return (await vscode.window.showErrorMessage(message.text, again)) === again;
}
