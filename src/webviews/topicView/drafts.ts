/**
 * The host side of the compose box for one conversation view: what the page reports the box holds
 * (`topic/composeText`, handled here only) is kept, and as the conversation's draft (see
 * src/drafts/compose.ts); a page that starts empty gets the saved draft back (`topic/draft`).
 */
import { Disposable, toDisposable } from '../../base/lifecycle';
import { nextEvent } from '../../base/nextEvent';
import type { DraftTarget } from '../../drafts/compose';
import type { SessionManager } from '../../session/manager';
import type { WebviewHost } from '../host';
import type { TopicContext } from './context';
import { ComposeTextCommand, type TopicViewKey } from './protocol';
import { DraftRequest } from './draftsProtocol';

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
  return nextEvent(sessions.onDidChange, (current) => current !== undefined, ms);
}

/** One view's compose box as the host knows it: its text, kept as the conversation's draft. */
export class ComposeBox extends Disposable {
  #text = '';

  constructor(host: WebviewHost, ctx: Pick<TopicContext, 'key' | 'services'>) {
    super();
    const { drafts, sessions } = ctx.services;
    const target = draftTarget(ctx.key);
    this._register(
      host.onRequest(DraftRequest, async () => {
        if (!target) return { text: '' };
        await whenSignedIn(sessions, 15_000);
        return { text: drafts.restore(target) };
      }),
    );
    this._register(
      host.onCommand(ComposeTextCommand, ({ text }) => {
        this.#text = text;
        if (target) drafts.update(target, text);
      }),
    );
    // The view closes: what it held is written now, not after the debounce.
    this._register(toDisposable(() => void drafts.save()));
  }

  /** What the compose box holds, as the page last reported it (after an insertion, and as the user types). */
  get text(): string {
    return this.#text;
  }
}
