/** Shared by the snippet and reminder commands: the signed-in session, and errors as notifications. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { describeError, isCancellation } from '../../session/errors';
import type { CurrentSession } from '../../session/manager';

export { describeError, isCancellation };

/** The live session, or a notification offering to sign in (undefined). */
export function requireSession(services: Services): CurrentSession | undefined {
  const current = services.sessions.current;
  if (current) return current;
  const connecting = services.accounts.active !== undefined;
  const message = connecting
    ? 'Team Chat is still connecting to the server. Try again in a moment.'
    : 'Sign in to Team Chat first.';
  void vscode.window.showWarningMessage(message, ...(connecting ? [] : ['Sign In'])).then((choice) => {
    if (choice === 'Sign In') void vscode.commands.executeCommand(Commands.signIn);
  });
  return undefined;
}

/** Shows `"<doing> failed: <why>"` as an error notification (and logs it). */
export function showError(services: Services, doing: string, error: unknown): void {
  if (isCancellation(error) || error instanceof vscode.CancellationError) return;
  const text = `${doing} failed: ${describeError(error)}`;
  services.log.error(text);
  void vscode.window.showErrorMessage(text);
}

/** An `AbortSignal` that follows a `CancellationToken`. */
export function abortSignal(token: vscode.CancellationToken | undefined): AbortSignal | undefined {
  if (!token) return undefined;
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** Runs an API call under a cancellable progress notification. */
export function withCallProgress<T>(title: string, work: (signal: AbortSignal | undefined) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    (_, token) => work(abortSignal(token)),
  );
}
