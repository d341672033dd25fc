/**
 * What the views say about the session's phase: one wording for the status bar, the side bar's
 * view descriptions and messages, and the conversation view's notice.
 */
import * as vscode from 'vscode';
import { NetworkError } from '../api/errors';
import type { SessionState } from '../session';
import { relative } from '../time/when';
import { describeError } from '../ui/errorMessage';

/** "5 minutes ago": the age of the saved snapshot on screen. */
function savedAgo(state: SessionState, now: number): string {
  return relative(Math.min(0, (state.savedAt ?? now) - now));
}

/** The side bar views' quiet description while they show what is not live (undefined when live or empty). */
export function phaseDescription(state: SessionState): string | undefined {
  switch (state.phase) {
    case 'saved':
    case 'connecting':
      return vscode.l10n.t('updating…');
    case 'reconnecting':
      return vscode.l10n.t('reconnecting…');
    case 'offline':
      return vscode.l10n.t('offline');
    default:
      return undefined;
  }
}

/**
 * The message of a view with no data yet (no snapshot was saved), by phase; undefined when it has data or no account.
 */
export function noDataMessage(state: SessionState): string | undefined {
  switch (state.phase) {
    case 'starting':
      return vscode.l10n.t('Loading…');
    case 'saved':
    case 'connecting':
    case 'reconnecting':
      return vscode.l10n.t('Loading from the chat server…');
    case 'offline':
      return vscode.l10n.t(
        'The chat server cannot be reached. Team Chat keeps trying; "Team Chat: Reconnect" tries now.',
      );
    case 'refused':
      return vscode.l10n.t(
        'Not connected: {0} Run "Team Chat: Reconnect" or sign in again.',
        describeError(state.error),
      );
    default:
      return undefined;
  }
}

/** The status bar while not live: text (with its icon), tooltip, and whether it warns or errs. */
export function statusBarText(
  state: SessionState,
  now = Date.now(),
): { text: string; tooltip: string; severity?: 'warning' | 'error' } | undefined {
  switch (state.phase) {
    case 'starting':
      return {
        text: `$(sync~spin) ${vscode.l10n.t('Team Chat: starting…')}`,
        tooltip: vscode.l10n.t('Reading your account and the data saved last time.'),
      };
    case 'saved':
      return {
        text: `$(sync~spin) ${vscode.l10n.t('Team Chat: updating…')}`,
        tooltip: vscode.l10n.t('Showing what was saved {0} while connecting to the chat server.', savedAgo(state, now)),
      };
    case 'connecting':
      return {
        text: `$(sync~spin) ${vscode.l10n.t('Team Chat: connecting…')}`,
        tooltip: vscode.l10n.t('Loading your channels, topics and unread messages.'),
      };
    case 'reconnecting': {
      const retry = state.retryInMs;
      const why =
        state.error && isTimeout(state.error)
          ? vscode.l10n.t('The chat server stopped answering.')
          : vscode.l10n.t('The connection to the chat server was lost.');
      return {
        text: `$(sync~spin) ${vscode.l10n.t('Team Chat: reconnecting…')}`,
        tooltip: retry
          ? vscode.l10n.t('{0} Next attempt in {1} s; Team Chat reconnects by itself.', why, Math.ceil(retry / 1000))
          : vscode.l10n.t('{0} Team Chat reconnects by itself.', why),
        severity: 'warning',
      };
    }
    case 'offline': {
      const saved =
        state.savedAt !== undefined ? vscode.l10n.t('Showing what was saved {0}.', savedAgo(state, now)) : '';
      const why = state.error ? describeError(state.error) : vscode.l10n.t('The chat server cannot be reached.');
      return {
        text: `$(debug-disconnect) ${vscode.l10n.t('Team Chat: offline')}`,
        tooltip: [why, saved, vscode.l10n.t('Team Chat keeps trying. Click to reconnect now.')]
          .filter(Boolean)
          .join('\n'),
        severity: 'error',
      };
    }
    case 'refused':
      return {
        text: `$(error) ${vscode.l10n.t('Team Chat: not connected')}`,
        tooltip: vscode.l10n.t('{0} Click to reconnect.', describeError(state.error)),
        severity: 'error',
      };
    default:
      return undefined;
  }
}

/**
 * The conversation view's notice above the messages ('' when live and showing the server's).
 * `showingSaved`: the view shows messages from the conversation cache, not yet the server's.
 */
export function connectionNotice(state: SessionState, showingSaved = false): string {
  const offline = (): string => vscode.l10n.t('Offline — showing saved messages. Team Chat keeps trying.');
  switch (state.phase) {
    case 'saved':
      // The server has not answered the first connection yet (the error says why): not merely slow.
      return state.error !== undefined ? offline() : vscode.l10n.t('Showing saved messages — updating…');
    case 'reconnecting':
      return showingSaved ? offline() : vscode.l10n.t('Connection lost — reconnecting…');
    case 'offline':
      return offline();
    case 'connecting':
      return showingSaved ? offline() : '';
    case 'live':
      return showingSaved ? vscode.l10n.t('Showing saved messages — updating…') : '';
    default:
      return '';
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof NetworkError && error.kind === 'timeout';
}
