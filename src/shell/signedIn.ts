/**
 * The sign-in context keys, set by the shell before the core loads. Until the extension runs,
 * neither key is set, so the views show neither the "Sign in" welcome (`teamChat.signedOut`) nor
 * the signed-in content: a signed-in user's sidebar never flashes "Sign in" while the window
 * starts. The core's account manager first checks that each remembered key is still in
 * SecretStorage (a round trip per account); the shell does not wait for that: the remembered
 * active account (metadata in `globalState`, never the key) decides at once, and the core corrects
 * it when the key has gone.
 */
import type * as vscode from 'vscode';
import { ContextKeys, StateKeys } from '../constants';

/**
 * Sets `teamChat.signedIn` (and clears `teamChat.signedOut`) when `globalState` names an active
 * account that is in its account list, the reverse otherwise; returns whether signed in.
 */
export function presetSignInContext(
  state: Pick<vscode.Memento, 'get'>,
  setContext: (key: string, value: boolean) => Thenable<unknown>,
): boolean {
  const active = state.get<unknown>(StateKeys.activeAccount);
  const accounts = state.get<unknown>(StateKeys.accounts);
  const signedIn =
    typeof active === 'string' &&
    Array.isArray(accounts) &&
    accounts.some((a: unknown) => typeof a === 'object' && a !== null && (a as { id?: unknown }).id === active);
  for (const [key, value] of [
    [ContextKeys.signedIn, signedIn],
    [ContextKeys.signedOut, !signedIn],
  ] as const) {
    void Promise.resolve(setContext(key, value)).catch(() => undefined);
  }
  return signedIn;
}
