/**
 * One topic view (or one search result list): a webview panel over a live {@link MessageList} of
 * its narrow, and the handlers for what the page asks (load, send, react, search, mark read). The
 * page (`./page/`) keeps its own state with getState/setState; the panel has no retained context,
 * so a hidden page reloads and asks again (`topic/init`). Its parts (./context.ts) share one
 * {@link TopicContext} and register their own handlers with the view's host.
 */
import * as vscode from 'vscode';
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import { Emitter, type Event } from '../../base/event';
import { WebviewPanels } from '../../constants';
import { MessageList, type MessageListDelta, type MessageListSource } from '../../messageList';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { seedSaved } from './warm';
import { followPermissions } from './permissions';
import { followConnectionNotice, type ConnectionNotice } from './notice';
import { requireSession } from '../../ui/session';
import { definePanel, HostedPanel, type PanelHost, type WebviewHost } from '../host';
import { realmImageOrigins } from '../html';
import { body } from './markup';
import { CONTENT_STYLES, registerContentHandlers } from './content';
import { registerCodeBlockHandlers } from './codeBlocks';
import { ViewUploads } from './uploads';
import { ComposeBox } from './drafts';
import { ViewOutbox } from './outbox';
import { registerAutocompleteHandlers } from './autocomplete';
import { editHistory, ReadMarker, runAction, toggleReaction, type EmojiParams } from './actions';
import type { TopicContext } from './context';
import { pickEmoji } from './emoji';
import { messageModel, modelContextOf, readOnlyLine, topicLinkModels } from './model';
import {
  ActionCommand,
  HistoryRequest,
  InsertComposeNotification,
  InitRequest,
  isTopicViewKey,
  LoadOlderRequest,
  ReactRequest,
  RemoveNotification,
  RevealNotification,
  SearchRequest,
  SendRequest,
  UpsertNotification,
  VisibleCommand,
  type MatchModel,
  type MessageAction,
  type ReactParams,
  type TopicSnapshot,
  type TopicViewKey,
} from './protocol';
import { ViewSearch } from './search';
import { TypingHandlers } from './typing';
export type { TopicViewKey } from './protocol';
export { keyString, narrowOfKey } from './key';
import { keyString, narrowOfKey } from './key';

/** The live list of the view's narrow for one session, and its subscription. */
class ViewList extends Disposable {
  constructor(
    readonly list: MessageList,
    onDelta: (delta: MessageListDelta) => void,
  ) {
    super();
    this._register(list);
    this._register(list.onDidChange(onDelta));
  }
}

export class TopicPanel extends HostedPanel {
  static readonly kind = definePanel({
    viewType: WebviewPanels.topicView,
    title: () => vscode.l10n.t('Team Chat'),
    script: 'topicView',
    styles: ['topicView.css', ...CONTENT_STYLES],
    body,
    mode: 'keyed',
    keyString,
    // The page's saved state names what it showed.
    restore: (state: unknown): TopicViewKey | undefined => {
      const key = typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : undefined;
      return isTopicViewKey(key) ? key : undefined;
    },
    create: (services, view, key: TopicViewKey) => new TopicPanel(services, view, key),
  });

  readonly panel: vscode.WebviewPanel;
  readonly #host: WebviewHost;
  /** What the view's parts share. */
  readonly #ctx: TopicContext;
  /** The live list of the panel's narrow, for the active account (rebuilt when it changes). */
  readonly #viewList = this._register(new MutableDisposable<ViewList>());
  /** Its list, kept after the view closes (what the conversation cache saves then). */
  #list: MessageList | undefined;
  /** The search box's query and its highlights (a search view starts with its own query). */
  readonly #search: ViewSearch;
  readonly #reads: ReadMarker;
  /** The page has asked for its content at least once since the last (re)load. */
  #served = false;
  /** Insertions posted while the page was not ready (the host keeps only the latest post per method). */
  #pendingInsert = '';
  /** The message to open at (`revealMessage`), until the page has shown it. */
  #anchor: number | undefined;

  readonly #onDidLoad = this._register(new Emitter<readonly number[]>());
  /** Messages were posted to the page (ids of the whole list after init, or of a page). */
  readonly onDidLoad = this.#onDidLoad.event;
  readonly onDidMarkRead: Event<readonly number[]>;
  /** Live messages found to match the active search (tests). */
  readonly onDidMatch: Event<readonly number[]>;
  readonly #onDidReveal = this._register(new Emitter<number>());
  /** The page was told to show a message (opened at it). */
  readonly onDidReveal = this.#onDidReveal.event;
  #revealed: number | undefined;
  /** Typing notifications: the compose box's sent, others' shown (./typing.ts). */
  readonly typing: TypingHandlers;
  /** Files going up from this view (Attach, paste, drop, the upload commands). */
  readonly uploads: ViewUploads;
  /** What this view sends, through the outbox, and its unsent messages (./outbox.ts). */
  readonly outbox: ViewOutbox;
  /** The connection notice above the messages (./notice.ts). */
  readonly notice: ConnectionNotice;
  /** The compose box's text, kept as the conversation's draft (./drafts.ts). */
  readonly #compose: ComposeBox;

  private constructor(
    private readonly services: Services,
    view: PanelHost,
    readonly key: TopicViewKey,
  ) {
    super(view);
    this.panel = view.panel;
    this.#host = view.host;
    const ctx: TopicContext = {
      key,
      services,
      view,
      log: services.log,
      session: () => requireSession(services),
      message: (id) => this.list?.get(id),
      refetch: (id) => this.list?.refetch([id]) ?? Promise.resolve(),
      insertIntoCompose: (text) => this.insertIntoCompose(text),
      suspendReads: () => this.#reads.suspend(),
    };
    this.#ctx = ctx;
    this.#reads = this._register(
      new ReadMarker({ message: ctx.message, current: () => services.sessions.current }, services.log),
    );
    this.onDidMarkRead = this.#reads.onDidMarkRead;
    this.#search = this._register(
      new ViewSearch(this.#host, ctx, { list: () => this.list, source: () => this.#source(ctx.session()) }),
    );
    this.onDidMatch = this.#search.onDidMatch;
    this._register(this.#onDidReveal.event((id) => (this.#revealed = id)));
    this._register(this.#host.onDidBecomeReady(() => (this.#pendingInsert = '')));
    // The hidden page is dropped (PanelHost): shown again, it asks for its content anew.
    this._register(
      this.panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.#served = false;
      }),
    );
    this._register(services.sessions.onDidChange((current) => this.#follow(current)));
    this._register(followPermissions(this.#host, services.sessions, key, () => (this.#served ? this.list : undefined)));
    this.notice = this._register(followConnectionNotice(this.#host, services.sessions, () => this.list, services.log));
    this.#registerHandlers();
    this.typing = this._register(new TypingHandlers(this.#host, ctx));
    this._register(registerContentHandlers(this.#host, ctx));
    this._register(registerCodeBlockHandlers(view, ctx));
    this.uploads = this._register(new ViewUploads(this.#host, ctx));
    this.outbox = this._register(new ViewOutbox(this.#host, ctx));
    this.#compose = this._register(new ComposeBox(this.#host, ctx));
    this._register(registerAutocompleteHandlers(this.#host, ctx));
    this.#follow(services.sessions.current);
    this.#render();
  }

  get title(): string {
    return this.panel.title;
  }

  /** The live message list this view shows (undefined while signed out). */
  get list(): MessageList | undefined {
    return this.#list;
  }

  /** Resolves once the page has loaded its content (tests, and commands that act on the view). */
  whenLoaded(): Promise<readonly number[]> {
    if (this.#served) return Promise.resolve(this.list?.ids() ?? []);
    return new Promise((resolve) => {
      const d = this.onDidLoad(() => {
        // A live message can reach the list before the page asked for its content: not loaded yet.
        if (!this.#served) return;
        d.dispose();
        resolve(this.list?.ids() ?? []);
      });
    });
  }

  #requireList(): MessageList {
    this.#ctx.session();
    return this.list!;
  }

  #channelName(current: CurrentSession): string {
    if (this.key.mode === 'dm') return '';
    return current.store.channelName(this.key.streamId) ?? `channel ${this.key.streamId}`;
  }

  /** The other participants' names of a direct conversation (empty for a channel view). */
  #dmNames(current: CurrentSession): string[] {
    if (this.key.mode !== 'dm') return [];
    return this.key.userIds.map((id) => current.store.user(id)?.full_name ?? `user ${id}`);
  }

  #source(current: CurrentSession): MessageListSource {
    return {
      client: current.client,
      store: current.store,
      onError: (error, what) => this.services.log.warn(`Topic view: ${what} failed: ${String(error)}`),
    };
  }

  /** Follows the active account: a new session means new events and possibly another realm. */
  #follow(current: CurrentSession | undefined): void {
    this.#viewList.clear();
    this.#list = undefined;
    this.#search.reset();
    if (current) {
      const list = new MessageList(this.#source(current), narrowOfKey(this.key, current.store.ownUserId));
      // Warm start: the messages saved before the reload, shown until the server's replace them.
      seedSaved(list, this.key, this.services.sessions, current.session);
      this.#viewList.value = new ViewList(list, (delta) => this.#onDelta(delta));
      this.#list = list;
    }
    if (this.#served) this.#render();
  }

  #render(): void {
    this.#served = false;
    this.view.render({
      title: this.panel.title,
      imageOrigins: realmImageOrigins(this.services.sessions.current?.account.realmUrl),
    });
  }

  #registerHandlers(): void {
    const host = this.#host;
    this._register(host.onRequest(InitRequest, (p) => this.#init(p.oldestLoadedId)));
    this._register(host.onRequest(LoadOlderRequest, () => this.loadOlder()));
    this._register(host.onRequest(SendRequest, (p) => this.outbox.enqueue(p.content)));
    this._register(host.onRequest(ReactRequest, (p) => this.#react(p)));
    this._register(host.onRequest(HistoryRequest, (p) => this.editHistory(p.messageId)));
    this._register(host.onRequest(SearchRequest, (p) => this.search(p.query)));
    this._register(host.onCommand(VisibleCommand, ({ ids }) => this.markVisible(ids)));
    this._register(host.onCommand(ActionCommand, (p) => this.runAction(p.messageId, p.action)));
  }

  /** The page's reaction: the one named, or one picked from the emoji picker. */
  async #react(p: ReactParams): Promise<void> {
    if (p.emojiName === undefined) {
      const emoji = await pickEmoji(this.#ctx.session().store.realmEmoji());
      if (!emoji) return;
      const reactionType = emoji.type ?? 'unicode_emoji';
      await this.toggleReaction(p.messageId, { emojiName: emoji.name, emojiCode: emoji.code, reactionType }, 'add');
    } else {
      const emoji = { emojiName: p.emojiName, emojiCode: p.emojiCode, reactionType: p.reactionType };
      await this.toggleReaction(p.messageId, emoji);
    }
  }

  // ---- loading ------------------------------------------------------------------------------

  async #init(oldestLoadedId: number | undefined): Promise<TopicSnapshot> {
    const current = this.#ctx.session();
    const list = this.#requireList();
    // Fetched once per list; again when the page's saved state reaches further back.
    const anchor = this.#anchor;
    this.#anchor = undefined;
    if (anchor !== undefined && !list.get(anchor)) {
      // Opened at a message: the page around it, and everything after it when the list is short.
      await list.fetchInitial({ anchor, before: 50, after: 1000 });
      if (list !== this.list) return this.#init(oldestLoadedId);
    } else if (list.seeded && (oldestLoadedId === undefined || list.ids()[0]! <= oldestLoadedId)) {
      // Warm start: the saved messages at once; the server's replace them as a delta (no redraw).
      void list
        .reconcile()
        .catch((e: unknown) => this.services.log.warn(`Topic view: reloading the saved messages failed: ${String(e)}`));
    } else if (!list.fetched || (oldestLoadedId !== undefined && (list.ids()[0] ?? Infinity) > oldestLoadedId)) {
      if (oldestLoadedId !== undefined) {
        // Restore the range the page had (its saved state); fall back to the newest page.
        await list.fetchInitial({ anchor: oldestLoadedId, before: 0, after: 1000 });
      }
      if (oldestLoadedId === undefined || !list.foundNewest) await list.fetchInitial();
      // The account changed meanwhile: that list is disposed; load the new one instead.
      if (list !== this.list) return this.#init(oldestLoadedId);
    }
    const ctx = modelContextOf(current);
    const messages = list.messages();
    const links = messages.length > 0 ? messages[messages.length - 1]!.topic_links : [];
    const snapshot: TopicSnapshot = {
      key: this.key,
      mode: this.key.mode,
      title: this.panel.title,
      channelName: this.#channelName(current),
      topic: this.key.mode === 'dm' ? this.#dmNames(current).join(', ') : (this.key.topic ?? ''),
      messages: messages.map((m) => messageModel(m, ctx)),
      foundOldest: list.foundOldest,
      topicLinks: topicLinkModels(links, current.account.realmUrl),
      maxMessageLength: current.client.limits?.maxMessageLength ?? 10000,
      realmUrl: current.account.realmUrl,
      query: this.#search.query,
      matches: this.#search.query ? [...this.matches().values()] : undefined,
      anchor: anchor !== undefined && list.get(anchor) ? anchor : undefined,
      readOnly: readOnlyLine(current.store, this.key),
    };
    this.#served = true;
    setImmediate(() => {
      this.#onDidLoad.fire(list.ids());
      if (snapshot.anchor !== undefined) this.#onDidReveal.fire(snapshot.anchor);
    });
    return snapshot;
  }

  /** The next older page. */
  async loadOlder(): Promise<{ messages: ReturnType<typeof messageModel>[]; foundOldest: boolean }> {
    const current = this.#ctx.session();
    const list = this.#requireList();
    if (list.size === 0 || list.foundOldest) return { messages: [], foundOldest: true };
    const ids = await list.loadOlder();
    const ctx = modelContextOf(current);
    setImmediate(() => this.#onDidLoad.fire(ids));
    return {
      messages: ids.flatMap((id) => (list.get(id) ? [messageModel(list.get(id)!, ctx)] : [])),
      foundOldest: list.foundOldest,
    };
  }

  /** Posts what changed in the list to the page; live matches of a search view are highlighted. */
  #onDelta(delta: MessageListDelta): void {
    const list = this.list;
    const current = this.services.sessions.current;
    if (this.isDisposed || !list || !current || !this.#served) return;
    if (delta.removed.length > 0 && this.#host.ready) this.#host.notify(RemoveNotification, { ids: delta.removed });
    const ids = [...delta.added, ...delta.changed].sort((a, b) => a - b);
    if (ids.length === 0) return;
    if (this.#host.ready) {
      const ctx = modelContextOf(current);
      const messages = ids.flatMap((id) => (list.get(id) ? [messageModel(list.get(id)!, ctx)] : []));
      this.#host.notify(UpsertNotification, { messages });
    }
    setImmediate(() => this.#onDidLoad.fire(ids));
    this.#search.added(delta.added);
  }

  // ---- search -------------------------------------------------------------------------------

  /** Current highlights by message id (tests). */
  matches(): ReadonlyMap<number, MatchModel> {
    return this.#search.matches();
  }

  /** The view's search box: highlights the messages that match (live ones too); empty clears. */
  search(query: string): Promise<MatchModel[]> {
    return this.#search.search(query);
  }

  // ---- actions ------------------------------------------------------------------------------

  /** Sends `content` through the outbox and waits for the new message (tests); throws when refused or queued. */
  send(content: string): Promise<{ id: number }> {
    return this.outbox.send(content);
  }

  toggleReaction(messageId: number, emoji: EmojiParams, op?: 'add' | 'remove'): Promise<void> {
    return toggleReaction(this.#ctx, messageId, emoji, op);
  }

  editHistory(messageId: number): ReturnType<typeof editHistory> {
    return editHistory(this.#ctx, messageId);
  }

  /** The page reports messages on screen: unread ones are marked read, in batches. */
  markVisible(ids: readonly number[]): void {
    this.#reads.markVisible(ids);
  }

  runAction(messageId: number, action: MessageAction): Promise<void> {
    return runAction(this.#ctx, messageId, action);
  }

  /** The compose box's text as the page last reported it (after an insertion, and as the user types). */
  get composeText(): string {
    return this.#compose.text;
  }

  /** Topic and direct-message views have a compose box; search result lists and archived channels' views do not. */
  get canCompose(): boolean {
    return (
      this.key.mode !== 'search' &&
      (!this.services.sessions.current || readOnlyLine(this.services.sessions.current.store, this.key) === undefined)
    );
  }

  /**
   * Reveals the panel and inserts `text` at the compose box's caret, keeping the draft. A hidden
   * page reloads first: the insertion waits for it (several insertions are joined in order).
   */
  insertIntoCompose(text: string): boolean {
    if (!this.canCompose || this.isDisposed) return false;
    this.reveal();
    this.#pendingInsert = this.#host.ready ? text : this.#pendingInsert + text;
    this.#host.notify(InsertComposeNotification, { text: this.#pendingInsert });
    if (this.#host.ready) this.#pendingInsert = '';
    return true;
  }

  reveal(): void {
    this.panel.reveal();
  }

  /**
   * Shows the message `id` (scrolled to, highlighted, focused). A loaded page that has it is told
   * to scroll; otherwise the page reloads and the list is fetched around it (`topic/init`).
   */
  revealMessage(id: number): void {
    if (this.isDisposed) return;
    this.reveal();
    if (this.#served && this.#host.ready && this.list?.get(id)) {
      this.#host.notify(RevealNotification, { id });
      setImmediate(() => this.#onDidReveal.fire(id));
      return;
    }
    this.#anchor = id;
    if (this.#served) this.#render();
  }

  /** The last message the page was asked to reveal (tests). */
  get revealed(): number | undefined {
    return this.#revealed;
  }
}

export const TOPIC_VIEW_TYPE = WebviewPanels.topicView;
