/**
 * The model of a message tree (Mentions, Starred, Search Results): a live {@link MessageList} of its
 * narrow for the active account, fetched when the tree is first shown, rebuilt when the account
 * changes. The narrow may be replaced (a new search) or absent (no search yet).
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import { MessageList } from '../../messageList';
import type { Narrow } from '../../messageList/narrow';
import type { SessionManager } from '../../session/manager';
import type { ChatStore } from '../../store';
import { messageRows, type MessageRow } from './rows';

export type MessagesState = 'idle' | 'loading' | 'loaded' | 'failed';

/** How many messages a tree lists (the newest). */
export const MESSAGE_TREE_SIZE = 100;

export class MessagesModel extends Disposable {
  /** The narrow's messages, once loaded (its listener goes with it: the list's own event). */
  readonly #lists = this._register(new MutableDisposable<MessageList>());
  #state: MessagesState = 'idle';
  #loading: Promise<void> | undefined;
  #narrow: Narrow | undefined;
  #anchor: number | undefined;
  #error: unknown;
  readonly #onDidChange = this._register(new Emitter<void>());
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
    return this.#lists.value;
  }

  /**
   * Fetches the newest messages of the narrow, or those around its anchor (once per account and
   * narrow; concurrent calls share it).
   */
  load(): Promise<void> {
    const current = this.sessions.current;
    const narrow = this.#narrow;
    if (!current || !narrow) return Promise.resolve();
    let list = this.#lists.value;
    if (!list) {
      list = new MessageList(
        {
          client: current.client,
          store: current.store,
          onError: (error, what) => this.log.warn(`${narrow.key}: ${what} failed: ${String(error)}`),
        },
        narrow,
      );
      this.#lists.value = list;
      list.onDidChange(() => this.#onDidChange.fire());
    }
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
        if (list === this.#lists.value) this.#state = 'loaded';
      } catch (error) {
        if (list === this.#lists.value) {
          this.#state = 'failed';
          this.#error = error;
        }
        throw error;
      } finally {
        if (list === this.#lists.value) this.#loading = undefined;
        this.#onDidChange.fire();
      }
    })();
    return this.#loading;
  }

  nodes(): MessageRow[] {
    const store = this.store;
    const list = this.#lists.value;
    if (!store || !list) return [];
    return messageRows(list.messages(), {
      ownUserId: store.ownUserId,
      userName: (id) => store.user(id)?.full_name,
      channelName: (id) => store.channelName(id),
      emptyTopicName: store.realm.emptyTopicDisplayName,
      highlight: (id) => list.highlight(id),
    });
  }

  #reset(): void {
    const wasLoaded = this.#lists.value !== undefined;
    this.#drop();
    this.#state = 'idle';
    this.#onDidChange.fire();
    if (wasLoaded && this.sessions.current) void this.load().catch(() => undefined);
  }

  #drop(): void {
    this.#lists.clear();
    this.#loading = undefined;
  }
}
