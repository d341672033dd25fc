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
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import { Emitter } from '../../base/event';
import type { TopicContext } from './context';
import type { TopicViewKey } from './protocol';
import { ComposeActivityCommand, TypingNotification } from './typingProtocol';

/** What typing notifications need from the view (real time unless a `clock` is given). */
export type TypingContext = Pick<TopicContext, 'key' | 'services' | 'log'> & { readonly clock?: TypingClock };

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
export class TypingHandlers extends Disposable {
  readonly #destination: TypingDestination | undefined;
  /** The sender of the session it was made for (a new session gets a new one). */
  readonly #sender = this._register(new MutableDisposable<TypingSender>());
  #senderSession: CurrentSession | undefined;
  readonly #tracking = this._register(new MutableDisposable());
  #shown = '';
  readonly #onDidShow = this._register(new Emitter<string>());
  /** The line above the compose box changed (tests). */
  readonly onDidShow = this.#onDidShow.event;

  constructor(
    private readonly host: WebviewHost,
    private readonly ctx: TypingContext,
  ) {
    super();
    this.#destination = typingDestination(ctx.key);
    this._register(host.onCommand(ComposeActivityCommand, ({ typing }) => this.input(typing)));
    // A reloaded page starts empty: tell it again.
    this._register(host.onDidBecomeReady(() => host.notify(TypingNotification, { text: this.#shown })));
    this._register(ctx.services.sessions.onDidChange((current) => this.#follow(current)));
    this.#follow(ctx.services.sessions.current);
  }

  /** The line shown above the compose box ("" when nobody else types). */
  get shown(): string {
    return this.#shown;
  }

  /** The compose box holds text after an input (`true`), or was emptied or sent (`false`). */
  input(typing: boolean): void {
    const to = this.#destination;
    const current = this.ctx.services.sessions.current;
    if (!to || !current) return;
    if (this.#senderSession !== current || !this.#sender.value) {
      this.#sender.value = this.#newSender(current);
      this.#senderSession = current;
    }
    this.#sender.value.input(to, !typing);
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
    this.#tracking.clear();
    if (this.#senderSession !== current) {
      this.#sender.clear();
      this.#senderSession = undefined;
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
    this.#tracking.value = current.session.typing.onDidChange((changed) => {
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
}
