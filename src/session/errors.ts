/** Turning errors into notifications that say what to do. */
import * as vscode from 'vscode';
import { ApiError, ChatError, NetworkError, ValidationError } from '../api';
import { Commands } from '../constants';

/** One sentence for the user; never includes credentials (API errors carry no request data). */
export function describeError(error: unknown): string {
  if (error instanceof ValidationError) return error.message;
  if (error instanceof NetworkError) return 'The chat server could not be reached. Check your connection; Team Chat keeps retrying.';
  if (error instanceof ApiError) {
    if (error.isAuthError) return 'The chat server no longer accepts your API key. Sign in again.';
    if (error.code === 'RATE_LIMIT_HIT') return `The chat server is rate-limiting requests. Try again in ${Math.ceil(error.retryAfterSeconds ?? 10)} s.`;
    return error.msg || `The chat server refused the request (${error.code}).`;
  }
  if (error instanceof ChatError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') return 'Cancelled.';
  return error instanceof Error ? error.message : String(error);
}

export function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Shows the error with the actions that may help (sign in again, retry, show the log). */
export async function showError(prefix: string, error: unknown, log: vscode.LogOutputChannel, retry?: () => unknown): Promise<void> {
  if (isCancellation(error)) return;
  log.error(`${prefix}${describeError(error)}`);
  const actions: string[] = [];
  const auth = error instanceof ApiError && error.isAuthError;
  if (auth) actions.push('Sign In Again');
  if (retry && !auth && !(error instanceof ValidationError)) actions.push('Retry');
  actions.push('Show Log');
  const choice = await vscode.window.showErrorMessage(`${prefix}${describeError(error)}`, ...actions);
  if (choice === 'Sign In Again') await vscode.commands.executeCommand(Commands.signIn);
  else if (choice === 'Retry') await retry?.();
  else if (choice === 'Show Log') log.show();
}
