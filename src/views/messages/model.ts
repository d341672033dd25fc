/**
 * The model of a message tree (Mentions, Starred, Search Results): a live {@link MessageList} of its
 * narrow for the active account, fetched when the tree is first shown, rebuilt when the account
 * changes. The narrow may be replaced (a new search) or absent (no search yet).
 */
import * as vscode from 'vscode';
import { Disposable } from '../../base/lifecycle';
import { MessageList } from '../../messageList';
import type { Narrow } from '../../messageList/narrow';
import type { SessionManager } from '../../session/manager';
import type { ChatStore } from '../../store';
import { messageRows, type MessageRow } from './rows';

export type MessagesState = 'idle' | 'loading' | 'loaded' | 'failed';

/** How many messages a tree lists (the newest). */
export const MESSAGE_TREE_SIZE = 100;

export class MessagesModel extends Disposable {
  #list: MessageList | undefined;
  #subscription: { dispose(): void } | undefined;
  #state: MessagesState = 'idle';
  #loading: Promise<void> | undefined;
  #narrow: Narrow | undefined;
  #anchor: number | undefined;
  #error: unknown;
  readonly #onDidChange = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#onDidChange.event;

  constructor(
    private readonly sessions: SessionManager,
    narrow: Narrow | undefined,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.#narrow = narrow;
    this._register(sessions.onDidChange(() => this.#reset()));
    this._register(
      sessions.onDidChangeStore((c) =>
        c.areas.has('users') || c.areas.has('subscriptions') ? this.#onDidChange.fire() : undefined,
      ),
    );
    this._register({ dispose: () => this.#drop() });
  }

  get store(): ChatStore | undefined {
    return this.sessions.current?.store;
  }
  get state(): MessagesState {
    return this.#state;
  }
  get narrow(): Narrow | undefined {
    return this.#narrow;
  }
  /** Why the last load failed (state `failed`). */
  get error(): unknown {
    return this.#error;
  }

  /**
   * Lists another narrow (undefined: nothing), around `anchor` (a message id) or the newest. The
   * caller loads it.
   */
  setNarrow(narrow: Narrow | undefined, anchor?: number): void {
    this.#drop();
    this.#narrow = narrow;
    this.#anchor = anchor;
    this.#state = 'idle';
    this.#error = undefined;
    this.#onDidChange.fire();
  }
  /** The live list (tests). */
  get list(): MessageList | undefined {
    return this.#list;
  }

  /**
   * Fetches the newest messages of the narrow, or those around its anchor (once per account and
   * narrow; concurrent calls share it).
   */
  load(): Promise<void> {
    const current = this.sessions.current;
    const narrow = this.#narrow;
    if (!current || !narrow) return Promise.resolve();
    if (!this.#list) {
      const list = new MessageList(
        {
          client: current.client,
          store: current.store,
          onError: (error, what) => this.log.warn(`${narrow.key}: ${what} failed: ${String(error)}`),
        },
        narrow,
      );
      this.#list = list;
      this.#subscription = list.onDidChange(() => this.#onDidChange.fire());
    }
    const list = this.#list;
    if (list.fetched) return Promise.resolve();
    this.#loading ??= (async () => {
      this.#state = 'loading';
      this.#error = undefined;
      this.#onDidChange.fire();
      const anchor = this.#anchor;
      try {
        await list.fetchInitial(
          anchor === undefined
            ? { before: MESSAGE_TREE_SIZE }
            : { anchor, before: MESSAGE_TREE_SIZE / 2, after: MESSAGE_TREE_SIZE / 2 },
        );
        if (list === this.#list) this.#state = 'loaded';
      } catch (error) {
        if (list === this.#list) {
          this.#state = 'failed';
          this.#error = error;
        }
        throw error;
      } finally {
        if (list === this.#list) this.#loading = undefined;
        this.#onDidChange.fire();
      }
    })();
    return this.#loading;
  }

  nodes(): MessageRow[] {
    const store = this.store;
    if (!store || !this.#list) return [];
    return messageRows(this.#list.messages(), {
      ownUserId: store.ownUserId,
      userName: (id) => store.user(id)?.full_name,
      channelName: (id) => store.channelName(id),
      emptyTopicName: store.realm.emptyTopicDisplayName,
      highlight: (id) => this.#list?.highlight(id),
    });
  }

  #reset(): void {
    const wasLoaded = this.#list !== undefined;
    this.#drop();
    this.#state = 'idle';
    this.#onDidChange.fire();
    if (wasLoaded && this.sessions.current) void this.load().catch(() => undefined);
  }

  #drop(): void {
    this.#subscription?.dispose();
    this.#list?.dispose();
    this.#list = undefined;
    this.#subscription = undefined;
    this.#loading = undefined;
  }
}
