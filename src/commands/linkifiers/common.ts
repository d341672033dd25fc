/**
 * What the linkifier commands share. Commands take an optional argument: a tree node (from a
 * menu), a plain object such as `{ linkifierId }` (tests: failures are thrown, not shown), or
 * nothing (the command asks).
 */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import type { Services } from '../../services';
import { showError } from '../../session/errors';
import type { CurrentSession } from '../../session/manager';
import type { LinkifiersModel } from '../../views/linkifiers';

/** A refusal the user can act on (not signed in, not an administrator); shown as a warning. */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

export interface LinkifierArg {
  readonly linkifierId?: number;
  /** Tree nodes carry `kind`. */
  readonly kind?: 'linkifier';
}

export function isInteractive(arg: unknown): boolean {
  return arg === undefined || (typeof arg === 'object' && arg !== null && 'kind' in arg);
}

/** The session of an organization administrator (own role ≤ 200), or a refusal. */
export function requireAdmin(services: Services): CurrentSession {
  const current = services.sessions.current;
  if (!current) {
    if (services.accounts.active) throw new RefusedError('Team Chat is still connecting to the chat server. Try again in a moment.');
    throw new RefusedError('Sign in to a chat server first (Team Chat: Sign In).');
  }
  const role = current.store.ownUser?.role;
  if (role === undefined || role > 200) throw new RefusedError('Only organization administrators can change linkifiers.');
  return current;
}

/** Failures of interactive use become notifications; with a plain-object argument they are thrown. */
export async function runCommand<T>(services: Services, arg: unknown, failurePrefix: string, body: () => Promise<T>): Promise<T | undefined> {
  try {
    return await body();
  } catch (error) {
    if (!isInteractive(arg)) throw error;
    if (error instanceof RefusedError) void vscode.window.showWarningMessage(error.message);
    else void showError(failurePrefix, error, services.log);
    return undefined;
  }
}

/** A request under a cancellable notification progress; cancelling aborts it. */
export function withProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_, token) => {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    return work(abort.signal).finally(() => sub.dispose());
  });
}

/** The linkifier named by the argument, or one the user picks; undefined when dismissed. */
export async function resolveLinkifier(model: LinkifiersModel, arg: LinkifierArg | undefined, placeHolder: string): Promise<Linkifier | undefined> {
  if (arg?.linkifierId !== undefined) {
    const found = model.get(arg.linkifierId);
    if (!found) throw new RefusedError(`The linkifier ${arg.linkifierId} no longer exists.`);
    return found;
  }
  const list = model.linkifiers();
  if (list.length === 0) throw new RefusedError('This organization has no linkifiers.');
  const picked = await vscode.window.showQuickPick(
    list.map((l, i) => ({ label: `${i + 1}. ${l.pattern}`, description: `→ ${l.url_template}`, linkifier: l })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.linkifier;
}
