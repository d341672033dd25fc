/**
 * The conversation view's notice of the connection ("Showing saved messages — updating…", "Offline
 * …"), and the catch-up of a view showing cached messages once the session is live.
 */
import type * as vscode from 'vscode';
import type { MessageList } from '../../messageList';
import type { SessionManager } from '../../session';
import { connectionNotice } from '../../views/sessionText';
import type { WebviewHost } from '../host';
import { MutableDisposable } from '../../base/lifecycle';
import { NoticeNotification } from './protocol';

export interface ConnectionNotice extends vscode.Disposable {
  /** The notice the page was last told ('' when none). */
  readonly text: string;
}

/**
 * Keeps the page's notice in step with the session's phase and with whether the view shows cached
 * messages (`list()` seeded), from the moment the page is ready; a seeded list is reconciled with
 * the server when the session goes live (its store's rebuild does that too; the two are one request).
 */
export function followConnectionNotice(
  host: WebviewHost,
  sessions: Pick<SessionManager, 'state' | 'onDidChangeState' | 'onDidChange'>,
  list: () => MessageList | undefined,
  log: Pick<vscode.LogOutputChannel, 'warn'>,
): ConnectionNotice {
  let text = '';
  let disposed = false;
  const listener = new MutableDisposable();
  const show = (): void => {
    text = connectionNotice(sessions.state, list()?.seeded ?? false);
    host.notify(NoticeNotification, { text });
  };
  const follow = (): void => {
    listener.clear();
    if (disposed) return;
    listener.value = list()?.onDidChange(() => show());
    show();
  };
  const catchUp = (): void => {
    const saved = list();
    if (sessions.state.phase === 'live' && saved?.seeded)
      void saved
        .reconcile()
        .catch((e: unknown) => log.warn(`Topic view: reloading the saved messages failed: ${String(e)}`));
  };
  // The list is built after this (and again by the panel's own listener of a new session).
  const subscriptions = [
    sessions.onDidChangeState(() => (catchUp(), show())),
    sessions.onDidChange(() => setImmediate(follow)),
    host.onDidBecomeReady(follow),
  ];
  return {
    get text() {
      return text;
    },
    dispose: () => {
      disposed = true;
      listener.dispose();
      subscriptions.forEach((s) => s.dispose());
    },
  };
}
