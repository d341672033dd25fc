/**
 * Live state in VS Code: starts the active account's session, reports its problems as
 * notifications with actions, and offers `teamChat.reconnect`.
 */
import * as vscode from 'vscode';
import { NetworkError } from '../api/errors';
import { Commands } from '../constants';
import type { Services } from '../services';
import { registerCommands } from '../ui/commands';
import { errorMessage } from '../ui/errorMessage';
import { reportError } from '../ui/report';

export { SessionManager, type CurrentSession, type SessionPhase, type SessionState } from './manager';

/** Background errors (a malformed event, a refused ping) notify at most this often. */
const BACKGROUND_NOTIFY_MS = 60_000;

export function register(services: Services): void {
  const { sessions, log } = services;
  let lastBackground = 0;
  registerCommands(services, [
    {
      id: Commands.reconnect,
      failure: vscode.l10n.t('Team Chat could not reconnect'),
      progress: { place: 'window', title: vscode.l10n.t('Team Chat: reconnecting') },
      run: () => sessions.restart(),
    },
  ]);
  services.disposables.add(
    sessions.onError((error) => {
      // Lost connections show as "reconnecting…" in the status bar and recover by themselves.
      if (error instanceof NetworkError) {
        log.warn(`Connection problem: ${error.message}`);
        return;
      }
      if (sessions.state.phase === 'refused') {
        reportError(log, error, vscode.l10n.t('Team Chat could not connect'), () =>
          vscode.commands.executeCommand(Commands.reconnect),
        );
        return;
      }
      const now = Date.now();
      if (now - lastBackground < BACKGROUND_NOTIFY_MS) {
        log.error(errorMessage(error, vscode.l10n.t('Background problem')).detail);
        return;
      }
      lastBackground = now;
      reportError(log, error, vscode.l10n.t('Team Chat'));
    }),
  );
}

/** At most this long the trees' first rows wait for the start (see {@link startShown}). */
export const FIRST_ROWS_HOLD_MS = 2_000;

/**
 * Settles once the start has something to show or nothing to wait for: the saved snapshot on screen
 * (or none: a cold start, a refused key), no account signed in, or `limitMs` passed. The trees'
 * first rows wait for it, so a warm start draws the snapshot in its first answer.
 */
export function startShown(services: Services, limitMs = FIRST_ROWS_HOLD_MS): Promise<void> {
  const { sessions, accounts } = services;
  if (!accounts.active) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const subscription = sessions.onDidChangeState((s) => s.phase !== 'starting' && done());
  });
}

/** Starts the session of the account that is active at activation. */
export function start(services: Services): Promise<void> {
  return services.sessions.restart();
}
