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
  const { sessions, context, log } = services;
  let lastBackground = 0;
  registerCommands(services, [
    { id: Commands.reconnect, failure: vscode.l10n.t('Team Chat could not reconnect'), progress: { place: 'window', title: vscode.l10n.t('Team Chat: reconnecting') }, run: () => sessions.restart() },
  ]);
  context.subscriptions.push(
    sessions.onError((error) => {
      // Lost connections show as "reconnecting…" in the status bar and recover by themselves.
      if (error instanceof NetworkError) {
        log.warn(`Connection problem: ${error.message}`);
        return;
      }
      if (sessions.state.phase === 'refused') {
        reportError(log, error, vscode.l10n.t('Team Chat could not connect'), () => vscode.commands.executeCommand(Commands.reconnect));
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

/** Starts the session of the account that is active at activation. */
export function start(services: Services): Promise<void> {
  return services.sessions.restart();
}
