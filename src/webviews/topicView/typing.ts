/**
 * The host side of typing notifications in a conversation view (see ./typingProtocol.ts): the
 * compose box's activity drives a `TypingSender` (the timing, in the store layer) that sends
 * `POST /typing`; the session's `TypingTracker` tells who else is typing here, shown above the
 * compose box. Search views neither send nor show.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import { setTypingStatus } from '../../api/typing/routes';
import { realTimers } from '../../store/pinger';
import {
  conversationKey,
  realTypingClock,
  typingAllowed,
  TypingSender,
  typingText,
  type TypingClock,
  type TypingDestination,
  type TypingPolicy,
} from '../../store/typing';
import type { CurrentSession } from '../../session/manager';
import type { WebviewHost } from '../host';
import type { TopicViewKey } from './protocol';
import { ComposeActivityCommand, TypingNotification } from './typingProtocol';

export interface TypingContext {
  readonly key: TopicViewKey;
  current(): CurrentSession | undefined;
  /** The active account changed (another session, or none). */
  readonly onDidChangeSession: vscode.Event<CurrentSession | undefined>;
  readonly log: vscode.LogOutputChannel;
  /** Real time by default. */
  readonly clock?: TypingClock;
}

/** Where this view's compose box sends to; none for search views. */
export function typingDestination(key: TopicViewKey): TypingDestination | undefined {
  if (key.mode === 'dm') return { kind: 'direct', userIds: key.userIds };
  if (key.mode === 'topic' && key.topic !== undefined)
    return { kind: 'stream', streamId: key.streamId, topic: key.topic };
  return undefined;
}

/** The user's settings and the server's level, read when the user types. */
export function typingPolicy(current: CurrentSession): TypingPolicy {
  const settings = current.store.userSettings;
  return {
    sendPrivate: settings.send_private_typing_notifications !== false,
    sendStream: settings.send_stream_typing_notifications !== false,
    channelTyping: (current.client.server?.featureLevel ?? 0) >= FL.streamTypingById,
  };
}

/** One view's typing notifications; `input` is what the page's activity does (tests call it too). */
export class TypingHandlers implements vscode.Disposable {
  readonly #destination: TypingDestination | undefined;
  #sender: { current: CurrentSession; sender: TypingSender } | undefined;
  #tracking: { dispose(): void } | undefined;
  #shown = '';
  readonly #onDidShow = new vscode.EventEmitter<string>();
  /** The line above the compose box changed (tests). */
  readonly onDidShow = this.#onDidShow.event;
  readonly #disposables: vscode.Disposable[] = [];

  constructor(
    private readonly host: WebviewHost,
    webview: vscode.Webview,
    private readonly ctx: TypingContext,
  ) {
    this.#destination = typingDestination(ctx.key);
    this.#disposables.push(
      this.#onDidShow,
      webview.onDidReceiveMessage((m: unknown) => {
        if (ComposeActivityCommand.is(m)) this.input(m.params.typing);
      }),
      // A reloaded page starts empty: tell it again.
      host.onDidBecomeReady(() => host.notify(TypingNotification, { text: this.#shown })),
      ctx.onDidChangeSession((current) => this.#follow(current)),
    );
    this.#follow(ctx.current());
  }

  /** The line shown above the compose box ("" when nobody else types). */
  get shown(): string {
    return this.#shown;
  }

  /** The compose box holds text after an input (`true`), or was emptied or sent (`false`). */
  input(typing: boolean): void {
    const to = this.#destination;
    const current = this.ctx.current();
    if (!to || !current) return;
    if (this.#sender?.current !== current) {
      this.#sender?.sender.dispose();
      this.#sender = { current, sender: this.#newSender(current) };
    }
    this.#sender.sender.input(to, !typing);
  }

  #newSender(current: CurrentSession): TypingSender {
    return new TypingSender({
      clock: this.ctx.clock ?? realTypingClock(realTimers),
      periods: () => current.store.realm.typing,
      allowed: (to) => typingAllowed(to, typingPolicy(current)),
      send: (op, to) => {
        const params =
          to.kind === 'direct'
            ? { op, type: 'direct' as const, to: [...to.userIds] }
            : { op, type: 'stream' as const, stream_id: to.streamId, topic: to.topic };
        // Best effort: a lost notification only shows late or expires on the other side.
        setTypingStatus(current.client, params, { maxRetries: 0 }).catch((error: unknown) => {
          this.ctx.log.warn(`Typing notification (${op}) failed: ${String(error)}`);
        });
      },
    });
  }

  /** Follows the active session's tracker for this view's conversation. */
  #follow(current: CurrentSession | undefined): void {
    this.#tracking?.dispose();
    this.#tracking = undefined;
    if (this.#sender && this.#sender.current !== current) {
      this.#sender.sender.dispose();
      this.#sender = undefined;
    }
    const to = this.#destination;
    if (!to || !current) return this.#show('');
    const key = conversationKey(to, current.store.ownUserId);
    const update = () => {
      const names = current.session.typing
        .typists(key)
        .map((id) => current.store.user(id)?.full_name ?? vscode.l10n.t('Someone'));
      this.#show(typingText(names));
    };
    this.#tracking = current.session.typing.onDidChange((changed) => {
      if (changed === key) update();
    });
    update();
  }

  #show(text: string): void {
    if (text === this.#shown) return;
    this.#shown = text;
    this.host.notify(TypingNotification, { text });
    this.#onDidShow.fire(text);
  }

  dispose(): void {
    this.#sender?.sender.dispose();
    this.#sender = undefined;
    this.#tracking?.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}

/** Handles one view's typing notifications; disposing sends `stop` if typing was announced. */
export function registerTypingHandlers(host: WebviewHost, webview: vscode.Webview, ctx: TypingContext): TypingHandlers {
  return new TypingHandlers(host, webview, ctx);
}
