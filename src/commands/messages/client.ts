import * as vscode from 'vscode';
import type { ChatClient } from '../../api';
import type { Account } from '../../auth/accounts';
import { Commands } from '../../constants';
import type { Services } from '../../services';

/** Runs `work` with a client for the active account (closed afterwards); asks to sign in when none. */
export async function withActiveClient<T>(
  services: Services,
  work: (client: ChatClient, account: Account) => Promise<T>,
  account: Account | undefined = services.accounts.active,
): Promise<T | undefined> {
  if (!account) {
    const signIn = 'Sign In';
    if ((await vscode.window.showWarningMessage('Sign in to Team Chat first.', signIn)) === signIn) {
      await vscode.commands.executeCommand(Commands.signIn);
    }
    return undefined;
  }
  const client = await services.accounts.getClient(account);
  try {
    return await work(client, account);
  } finally {
    await client.close();
  }
}

/** A `CancellationToken` as an `AbortSignal`. */
export function toSignal(token: vscode.CancellationToken | undefined): AbortSignal | undefined {
  if (!token) return undefined;
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
