/**
 * One topic view (or one search result list): a webview panel over a live {@link MessageList} of
 * its narrow, and the handlers for what the page asks (load, send, react, search, mark read). The
 * page (`./page/`) keeps its own state with getState/setState; the panel has no retained context,
 * so a hidden page reloads and asks again (`topic/init`).
 */
import * as vscode from 'vscode';
import { WebviewPanels } from '../../constants';
import { MessageList, type MessageListDelta, type MessageListSource } from '../../messageList';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { seedSaved } from './warm';
import { followPermissions } from './permissions';
import { followConnectionNotice, type ConnectionNotice } from './notice';
import { requireSession } from '../../ui/session';
import { PanelHost, type WebviewHost } from '../host';
import { realmImageOrigins } from '../html';
import { body } from './markup';
import { CONTENT_STYLES, registerContentHandlers } from './content';
import { registerCodeBlockHandlers } from './codeBlocks';
import { ViewUploads } from './uploads';
import { registerDraftHandlers } from './drafts';
import { ViewOutbox } from './outbox';
import { registerAutocompleteHandlers } from './autocomplete';
import { editHistory, ReadMarker, runAction, toggleReaction, type ActionContext, type EmojiParams } from './actions';
import { pickEmoji } from './emoji';
import { messageModel, modelContextOf, readOnlyLine, topicLinkModels, type ModelContext } from './model';
import {
  ActionCommand,
  ComposeTextCommand,
  HistoryRequest,
  InsertComposeNotification,
  InitRequest,
  LoadOlderRequest,
  MatchesNotification,
  ReactRequest,
  RemoveNotification,
  RevealNotification,
  SearchRequest,
  SendRequest,
  UpsertNotification,
  VisibleCommand,
  type MatchModel,
  type MessageAction,
  type TopicSnapshot,
  type TopicViewKey,
} from './protocol';
import { matchModel, matchModels, SearchHighlights } from './search';
import { registerTypingHandlers, type TypingHandlers } from './typing';
export type { TopicViewKey } from './protocol';
export { keyString, narrowOfKey } from './key';
import { baseNarrow, narrowOfKey } from './key';

export class TopicPanel implements vscode.Disposable {
  readonly #view: PanelHost;
  readonly #host: WebviewHost;
  readonly #disposables: vscode.Disposable[] = [];
  /** The live list of the panel's narrow, for the active account (rebuilt when it changes). */
  #list: MessageList | undefined;
  #listSubscription: { dispose(): void } | undefined;
  /** The search box's query and its highlights (a search view starts with its own query). */
  #searchQuery: string | undefined;
  #search: SearchHighlights | undefined;
  readonly #reads: ReadMarker;
  #disposed = false;
  /** The page has asked for its content at least once since the last (re)load. */
  #served = false;
  /** What the compose box holds, as the page last reported it. */
  #composeText = '';
  /** Insertions posted while the page was not ready (the host keeps only the latest post per method). */
  #pendingInsert = '';
  readonly #actions: ActionContext;
  /** The message to open at (`revealMessage`), until the page has shown it. */
  #anchor: number | undefined;

  readonly #onDidLoad = new vscode.EventEmitter<readonly number[]>();
  /** Messages were posted to the page (ids of the whole list after init, or of a page). */
  readonly onDidLoad = this.#onDidLoad.event;
  readonly onDidMarkRead: vscode.Event<readonly number[]>;
  readonly #onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.#onDidDispose.event;
  readonly #onDidMatch = new vscode.EventEmitter<readonly number[]>();
  /** Live messages found to match the active search (tests). */
  readonly onDidMatch = this.#onDidMatch.event;
  readonly #onDidReveal = new vscode.EventEmitter<number>();
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

  constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    readonly key: TopicViewKey,
  ) {
    this.#searchQuery = key.mode === 'search' ? key.query : undefined;
    this.#view = new PanelHost(panel, services.context.extensionUri, services.log);
    this.#host = this.#view.host;
    this.#actions = {
      session: () => this.#session(),
      message: (id) => this.#list?.get(id),
      refetch: (id) => this.#list?.refetch([id]) ?? Promise.resolve(),
      modelContext: (current) => this.#ctx(current),
      key,
      log: services.log,
      insertIntoCompose: (text) => this.insertIntoCompose(text),
      suspendReads: () => this.#reads.suspend(),
    };
    this.#reads = new ReadMarker(
      { message: (id) => this.#list?.get(id), current: () => services.sessions.current },
      services.log,
    );
    this.onDidMarkRead = this.#reads.onDidMarkRead;
    this.#disposables.push(
      this.#view,
      this.#onDidLoad,
      this.#onDidMatch,
      this.#onDidReveal,
      this.#onDidReveal.event((id) => (this.#revealed = id)),
      this.#view.onDidDispose(() => this.dispose()),
      this.#host.onDidBecomeReady(() => (this.#pendingInsert = '')),
      // The hidden page is dropped (PanelHost): shown again, it asks for its content anew.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.#served = false;
      }),
      services.sessions.onDidChange((current) => this.#follow(current)),
      followPermissions(this.#host, services.sessions, key, () => (this.#served ? this.#list : undefined)),
      (this.notice = followConnectionNotice(this.#host, services.sessions, () => this.#list, services.log)),
    );
    this.#registerHandlers();
    this.#disposables.push(
      (this.typing = registerTypingHandlers(this.#host, panel.webview, {
        key,
        current: () => services.sessions.current,
        onDidChangeSession: services.sessions.onDidChange,
        log: services.log,
      })),
    );
    this.#disposables.push(
      registerContentHandlers(this.#host, panel.webview, {
        session: () => this.#session(),
        message: (id) => this.#list?.get(id),
        log: services.log,
      }),
    );
    this.#disposables.push(registerCodeBlockHandlers(this.#view, services));
    this.#disposables.push(
      (this.uploads = new ViewUploads(this.#host, panel.webview, {
        session: () => this.#session(),
        insert: (t) => this.insertIntoCompose(t),
        log: services.log,
      })),
    );
    this.#disposables.push(
      (this.outbox = new ViewOutbox(this.#host, panel.webview, {
        key,
        outbox: services.outbox,
        session: () => this.#session(),
        insertIntoCompose: (t) => this.insertIntoCompose(t),
        log: services.log,
      })),
    );
    this.#disposables.push(
      registerDraftHandlers(this.#host, panel.webview, { key, drafts: services.drafts, sessions: services.sessions }),
    );
    registerAutocompleteHandlers(this.#host, { session: () => this.#session() });
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
    if (this.#served) return Promise.resolve(this.#list?.ids() ?? []);
    return new Promise((resolve) => {
      const d = this.onDidLoad(() => {
        // A live message can reach the list before the page asked for its content: not loaded yet.
        if (!this.#served) return;
        d.dispose();
        resolve(this.#list?.ids() ?? []);
      });
    });
  }

  #session(): CurrentSession {
    return requireSession(this.services);
  }

  #requireList(): MessageList {
    this.#session();
    return this.#list!;
  }

  #ctx(current: CurrentSession): ModelContext {
    return modelContextOf(current);
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
    this.#listSubscription?.dispose();
    this.#list?.dispose();
    this.#search?.dispose();
    this.#search = undefined;
    this.#list = current
      ? new MessageList(this.#source(current), narrowOfKey(this.key, current.store.ownUserId))
      : undefined;
    // Warm start: the messages saved before the reload, shown until the server's replace them.
    if (current) seedSaved(this.#list!, this.key, this.services.sessions, current.session);
    this.#listSubscription = this.#list?.onDidChange((delta) => this.#onDelta(delta));
    if (this.#served) this.#render();
  }

  #render(): void {
    this.#served = false;
    this.#view.render({
      title: this.panel.title,
      styles: ['topicView.css', ...CONTENT_STYLES],
      script: 'topicView',
      body: body(),
      imageOrigins: realmImageOrigins(this.services.sessions.current?.account.realmUrl),
    });
  }

  #registerHandlers(): void {
    const host = this.#host;
    host.onRequest(InitRequest, (p) => this.#init(p.oldestLoadedId));
    host.onRequest(LoadOlderRequest, () => this.loadOlder());
    host.onRequest(SendRequest, (p) => this.outbox.enqueue(p.content));
    host.onRequest(ReactRequest, async (p) => {
      if (p.emojiName === undefined) {
        const emoji = await pickEmoji(this.#session().store.realmEmoji());
        if (!emoji) return;
        await this.toggleReaction(
          p.messageId,
          { emojiName: emoji.name, emojiCode: emoji.code, reactionType: emoji.type ?? 'unicode_emoji' },
          'add',
        );
      } else {
        await this.toggleReaction(p.messageId, {
          emojiName: p.emojiName,
          emojiCode: p.emojiCode,
          reactionType: p.reactionType,
        });
      }
    });
    host.onRequest(HistoryRequest, (p) => this.editHistory(p.messageId));
    host.onRequest(SearchRequest, (p) => this.search(p.query));
    this.#disposables.push(
      this.panel.webview.onDidReceiveMessage((m: unknown) => {
        if (VisibleCommand.is(m)) this.markVisible(m.params.ids);
        else if (ComposeTextCommand.is(m)) this.#composeText = m.params.text;
        else if (ActionCommand.is(m)) void this.runAction(m.params.messageId, m.params.action);
      }),
    );
  }

  // ---- loading ------------------------------------------------------------------------------

  async #init(oldestLoadedId: number | undefined): Promise<TopicSnapshot> {
    const current = this.#session();
    const list = this.#requireList();
    // Fetched once per list; again when the page's saved state reaches further back.
    const anchor = this.#anchor;
    this.#anchor = undefined;
    if (anchor !== undefined && !list.get(anchor)) {
      // Opened at a message: the page around it, and everything after it when the list is short.
      await list.fetchInitial({ anchor, before: 50, after: 1000 });
      if (list !== this.#list) return this.#init(oldestLoadedId);
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
      if (list !== this.#list) return this.#init(oldestLoadedId);
    }
    const ctx = this.#ctx(current);
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
      query: this.#searchQuery,
      matches: this.#searchQuery ? [...this.matches().values()] : undefined,
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
    const current = this.#session();
    const list = this.#requireList();
    if (list.size === 0 || list.foundOldest) return { messages: [], foundOldest: true };
    const ids = await list.loadOlder();
    const ctx = this.#ctx(current);
    setImmediate(() => this.#onDidLoad.fire(ids));
    return {
      messages: ids.flatMap((id) => (list.get(id) ? [messageModel(list.get(id)!, ctx)] : [])),
      foundOldest: list.foundOldest,
    };
  }

  /** Posts what changed in the list to the page; live matches of a search view are highlighted. */
  #onDelta(delta: MessageListDelta): void {
    const list = this.#list;
    const current = this.services.sessions.current;
    if (this.#disposed || !list || !current || !this.#served) return;
    if (delta.removed.length > 0 && this.#host.ready) this.#host.notify(RemoveNotification, { ids: delta.removed });
    const ids = [...delta.added, ...delta.changed].sort((a, b) => a - b);
    if (ids.length === 0) return;
    if (this.#host.ready) {
      const ctx = this.#ctx(current);
      const messages = ids.flatMap((id) => (list.get(id) ? [messageModel(list.get(id)!, ctx)] : []));
      this.#host.notify(UpsertNotification, { messages });
    }
    setImmediate(() => this.#onDidLoad.fire(ids));
    if (this.key.mode === 'search' && !this.#search && this.#searchQuery) {
      this.#postMatches(delta.added.flatMap((id) => matchModel(list, id) ?? []));
    }
  }

  #postMatches(found: MatchModel[]): void {
    if (found.length === 0) return;
    this.#host.notify(MatchesNotification, { matches: found });
    this.#onDidMatch.fire(found.map((m) => m.id));
  }

  // ---- search -------------------------------------------------------------------------------

  /** Current highlights by message id (tests). */
  matches(): ReadonlyMap<number, MatchModel> {
    if (!this.#searchQuery) return new Map();
    if (this.#search) return this.#search.matches();
    return this.key.mode === 'search' ? matchModels(this.#list) : new Map();
  }

  /** The view's search box: highlights the messages that match (live ones too); empty clears. */
  async search(query: string): Promise<MatchModel[]> {
    const trimmed = query.trim();
    this.#search?.dispose();
    this.#search = undefined;
    this.#searchQuery = trimmed === '' ? undefined : trimmed;
    if (trimmed === '') return [];
    const current = this.#session();
    const base = baseNarrow(this.key, current.store.ownUserId);
    const search = await SearchHighlights.start(this.#source(current), base, trimmed, (found) =>
      this.#postMatches(found),
    );
    if (this.#searchQuery !== trimmed || this.#disposed) {
      search.dispose();
      return [];
    }
    this.#search = search;
    return [...search.matches().values()];
  }

  // ---- actions ------------------------------------------------------------------------------

  /** Sends `content` through the outbox and waits for the new message (tests); throws when refused or queued. */
  send(content: string): Promise<{ id: number }> {
    return this.outbox.send(content);
  }

  toggleReaction(messageId: number, emoji: EmojiParams, op?: 'add' | 'remove'): Promise<void> {
    return toggleReaction(this.#actions, messageId, emoji, op);
  }

  editHistory(messageId: number): ReturnType<typeof editHistory> {
    return editHistory(this.#actions, messageId);
  }

  /** The page reports messages on screen: unread ones are marked read, in batches. */
  markVisible(ids: readonly number[]): void {
    this.#reads.markVisible(ids);
  }

  runAction(messageId: number, action: MessageAction): Promise<void> {
    return runAction(this.#actions, messageId, action);
  }

  /** The compose box's text as the page last reported it (after an insertion, and as the user types). */
  get composeText(): string {
    return this.#composeText;
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
    if (!this.canCompose || this.#disposed) return false;
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
    if (this.#disposed) return;
    this.reveal();
    if (this.#served && this.#host.ready && this.#list?.get(id)) {
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

  dispose(): void {
    if (this.#disposed) return;
    this.#reads.dispose();
    this.#disposed = true;
    this.#listSubscription?.dispose();
    this.#list?.dispose();
    this.#search?.dispose();
    this.#onDidDispose.fire();
    this.#onDidDispose.dispose();
    for (const d of this.#disposables) d.dispose();
    this.panel.dispose();
  }
}

export const TOPIC_VIEW_TYPE = WebviewPanels.topicView;
