/** The conversation view's notice of the connection ("Showing saved messages — updating…", "Offline …"). */
import type * as vscode from 'vscode';
import type { SessionManager } from '../../session';
import { connectionNotice } from '../../views/sessionText';
import type { WebviewHost } from '../host';
import { NoticeNotification } from './protocol';

/** Keeps the page's notice in step with the session's phase, from the moment the page is ready. */
export function followConnectionNotice(host: WebviewHost, sessions: Pick<SessionManager, 'state' | 'onDidChangeState'>): vscode.Disposable {
  const show = (): void => host.notify(NoticeNotification, { text: connectionNotice(sessions.state) });
  const subscriptions = [sessions.onDidChangeState(show), host.onDidBecomeReady(show)];
  return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
}
