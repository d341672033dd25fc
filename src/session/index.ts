/**
 * Live state in VS Code: starts the active account's session, reports its problems as
 * notifications with actions, and offers `teamChat.reconnect`.
 */
import * as vscode from 'vscode';
import { NetworkError } from '../api';
import { Commands } from '../constants';
import type { Services } from '../services';
import { showError } from './errors';

export { SessionManager, type CurrentSession } from './manager';

/** Background errors (a malformed event, a refused ping) notify at most this often. */
const BACKGROUND_NOTIFY_MS = 60_000;

export function register(services: Services): void {
  const { sessions, context, log } = services;
  let lastBackground = 0;
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.reconnect, () =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Team Chat: reconnecting' }, () => sessions.restart()),
    ),
    sessions.onError((error) => {
      // Lost connections show as "reconnecting…" in the status bar and recover by themselves.
      if (error instanceof NetworkError) {
        log.warn(`Connection problem: ${error.message}`);
        return;
      }
      if (!sessions.current) {
        void showError('Team Chat could not connect: ', error, log, () => vscode.commands.executeCommand(Commands.reconnect));
        return;
      }
      log.error(`Background problem: ${error instanceof Error ? error.message : String(error)}`);
      const now = Date.now();
      if (now - lastBackground < BACKGROUND_NOTIFY_MS) return;
      lastBackground = now;
      void showError('Team Chat: ', error, log);
    }),
  );
}

/** Starts the session of the account that is active at activation. */
export function start(services: Services): Promise<void> {
  return services.sessions.restart();
}
