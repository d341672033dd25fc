/**
 * The Inbox tree's model: the store's unread conversations, or (Recent Conversations mode) every
 * recent conversation. Recent mode fetches the newest messages once (a live list of every
 * message, `GET /messages` anchored at the newest) so conversations with nothing unread show too.
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import { MessageList } from '../../messageList';
import { narrowOf } from '../../messageList/narrow';
import type { SessionManager } from '../../session/manager';
import type { ChatStore, StoreChange } from '../../store';
import { inboxOf, recentOf, type ConversationRow, type Inbox } from './rows';

export type InboxMode = 'unread' | 'recent';

/** How many of the newest messages "Recent Conversations" reads its conversations from. */
const RECENT_MESSAGES = 400;

export class InboxModel extends Disposable {
  #mode: InboxMode = 'unread';
  /** The recent mode's messages (its listener goes with it: the list's own event). */
  readonly #recent = this._register(new MutableDisposable<MessageList>());
  readonly #onDidChange = this._register(new Emitter<void>());
  readonly onDidChange = this.#onDidChange.event;

  constructor(
    private readonly sessions: SessionManager,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(sessions.onDidChange(() => this.#resetRecent()));
    this._register(sessions.onDidChangeStore((c) => this.#onStore(c)));
  }

  get store(): ChatStore | undefined {
    return this.sessions.current?.store;
  }
  get mode(): InboxMode {
    return this.#mode;
  }

  /** Switches between unread conversations and recent ones (fetching the recent messages once). */
  async setMode(mode: InboxMode): Promise<void> {
    if (mode !== this.#mode) {
      this.#mode = mode;
      this.#onDidChange.fire();
    }
    if (mode === 'recent') await this.loadRecent();
  }

  /** Fetches the newest messages for recent mode, once per session. */
  async loadRecent(): Promise<void> {
    const current = this.sessions.current;
    if (!current) return;
    let list = this.#recent.value;
    if (!list) {
      list = new MessageList(
        {
          client: current.client,
          store: current.store,
          onError: (error, what) => this.log.warn(`Recent conversations: ${what} failed: ${String(error)}`),
        },
        narrowOf([]),
      );
      this.#recent.value = list;
      list.onDidChange(() => this.#onDidChange.fire());
    }
    if (!list.fetched) await list.fetchInitial({ before: RECENT_MESSAGES });
  }

  inbox(): Inbox {
    const store = this.store;
    return store ? inboxOf(store) : { dms: [], channels: [] };
  }

  recent(): ConversationRow[] {
    const store = this.store;
    return store ? recentOf(store, this.#recent.value?.messages() ?? []) : [];
  }

  #resetRecent(): void {
    this.#recent.clear();
    this.#onDidChange.fire();
    if (this.#mode === 'recent')
      void this.loadRecent().catch((e) => this.log.warn(`Recent conversations: ${String(e)}`));
  }

  #onStore(change: StoreChange): void {
    const a = change.areas;
    if (
      change.full ||
      a.has('unreads') ||
      a.has('subscriptions') ||
      a.has('userTopics') ||
      a.has('topics') ||
      a.has('users') ||
      a.has('realm') ||
      a.has('channelFolders') ||
      a.has('userSettings')
    ) {
      this.#onDidChange.fire();
    }
  }
}
