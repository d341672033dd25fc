/**
 * The host side of compose drafts for one conversation view: the page's reported compose text is
 * kept as the conversation's draft (see src/drafts/compose.ts), and a page that starts empty gets
 * the saved draft back (`topic/draft`).
 */
import * as vscode from 'vscode';
import type { ComposeDrafts, DraftTarget } from '../../drafts/compose';
import type { SessionManager } from '../../session/manager';
import type { WebviewHost } from '../host';
import { ComposeTextCommand, type TopicViewKey } from './protocol';
import { DraftRequest } from './draftsProtocol';

export interface DraftContext {
  readonly key: TopicViewKey;
  readonly drafts: ComposeDrafts;
  readonly sessions: SessionManager;
}

/** The conversation a view composes to; undefined for search lists and channel-wide views. */
export function draftTarget(key: TopicViewKey): DraftTarget | undefined {
  if (key.mode === 'dm') return { type: 'private', userIds: [...key.userIds].sort((a, b) => a - b) };
  if (key.mode === 'topic' && key.topic !== undefined)
    return { type: 'stream', streamId: key.streamId, topic: key.topic };
  return undefined;
}

/** Resolves when an account is signed in (a restored view may load before the session starts), or after `ms`. */
function whenSignedIn(sessions: SessionManager, ms: number): Promise<void> {
  if (sessions.current) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const sub = sessions.onDidChange((current) => current && done());
  });
}

export function registerDraftHandlers(
  host: WebviewHost,
  webview: vscode.Webview,
  ctx: DraftContext,
): vscode.Disposable {
  const target = draftTarget(ctx.key);
  host.onRequest(DraftRequest, async () => {
    if (!target) return { text: '' };
    await whenSignedIn(ctx.sessions, 15_000);
    return { text: ctx.drafts.restore(target) };
  });
  const sub = webview.onDidReceiveMessage((m: unknown) => {
    if (target && ComposeTextCommand.is(m)) ctx.drafts.update(target, m.params.text);
  });
  return new vscode.Disposable(() => {
    sub.dispose();
    // The view closes: what it held is written now, not after the debounce.
    void ctx.drafts.save();
  });
}
