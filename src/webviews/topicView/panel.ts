/**
 * One topic view (or one search result list): a webview panel, its message cache fed by the
 * session's raw events, and the handlers for what the page asks (load, send, react, search, mark
 * read). The page (`./page/`) keeps its own state with getState/setState; the panel
 * has no retained context, so a hidden page reloads and asks again (`topic/init`).
 */
import * as vscode from 'vscode';
import { ApiError } from '../../api/errors';
import type { ChatEvent } from '../../api/events/models';
import type { Message } from '../../api/messages/models';
import type { NarrowTerm } from '../../api/messages/narrow';
import {
  addReaction,
  checkMessagesMatchNarrow,
  getMessage,
  getMessages,
  removeReaction,
  sendMessage,
  updateMessageFlags,
} from '../../api/messages/routes';
import { Commands, WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { PanelHost, type WebviewHost } from '../host';
import { realmImageOrigins } from '../html';
import { sanitizeServerHtml } from '../sanitize';
import { MessageCache } from './cache';
import { pickEmoji } from './emoji';
import { historyItems, messageLink, messageModel, topicLinkModels, type ModelContext } from './model';
import { reportError } from '../../ui/report';
import { requireSession } from '../../ui/session';
import {
  ActionCommand,
  ComposeTextCommand,
  HistoryRequest,
  InsertComposeNotification,
  InitRequest,
  LoadOlderRequest,
  MatchesNotification,
  NoticeNotification,
  ReactRequest,
  RemoveNotification,
  SearchRequest,
  SendRequest,
  UpsertNotification,
  VisibleCommand,
  type MatchModel,
  type MessageAction,
  type TopicSnapshot,
} from './protocol';

/** What a panel shows: a topic, or the search results in a channel (and topic). */
export interface TopicViewKey {
  readonly streamId: number;
  /** Undefined only for a channel-wide search. */
  readonly topic?: string;
  readonly mode: 'topic' | 'search';
  readonly query?: string;
}

interface FetchResult {
  messages: Message[];
  foundOldest: boolean;
  foundNewest: boolean;
}

export function keyString(key: TopicViewKey): string {
  return JSON.stringify([key.mode, key.streamId, key.topic?.toLowerCase() ?? null, key.query ?? null]);
}

/** First page and every older page; the API notes ask for at most 1000, the brief for ≤ 100. */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 100;
const READ_BATCH_DELAY_MS = 400;

const BODY = `
<header class="topic-header">
  <h1 id="title" class="title"></h1>
  <nav id="topic-links" class="topic-links" aria-label="Topic links"></nav>
  <form id="search-form" class="search" role="search">
    <input id="search" type="search" placeholder="Search in this topic" aria-label="Search in this topic">
  </form>
</header>
<main id="messages" class="messages" aria-live="polite">
  <div id="older" class="older muted"></div>
  <ol id="list" class="message-list"></ol>
</main>
<div id="notice" class="notice" role="status" hidden></div>
<form id="compose" class="compose">
  <textarea id="compose-text" rows="3" placeholder="Message this topic (Ctrl+Enter to send)" aria-label="Message"></textarea>
  <div class="compose-row">
    <span id="compose-error" class="compose-error" role="alert"></span>
    <span id="compose-count" class="muted compose-count"></span>
    <button id="send" type="submit">Send</button>
  </div>
</form>`;

export class TopicPanel implements vscode.Disposable {
  readonly cache: MessageCache;
  readonly #view: PanelHost;
  readonly #host: WebviewHost;
  readonly #disposables: vscode.Disposable[] = [];
  #sessionListener: vscode.Disposable | undefined;
  #searchQuery: string | undefined;
  readonly #readQueue = new Set<number>();
  readonly #readRequested = new Set<number>();
  #readTimer: NodeJS.Timeout | undefined;
  #disposed = false;
  /** The page has asked for its content at least once since the last (re)load. */
  #served = false;
  /**
   * The first page was fetched into the cache (since the cache was last cleared). Live messages
   * can reach the cache before that: a non-empty cache does not mean the topic is loaded.
   */
  #fetched = false;
  /** What the compose box holds, as the page last reported it. */
  #composeText = '';
  /** Insertions posted while the page was not ready (the host keeps only the latest post per method). */
  #pendingInsert = '';

  readonly #onDidLoad = new vscode.EventEmitter<readonly number[]>();
  /** Messages were posted to the page (ids of the whole cache after init, or of a page). */
  readonly onDidLoad = this.#onDidLoad.event;
  readonly #onDidMarkRead = new vscode.EventEmitter<readonly number[]>();
  readonly onDidMarkRead = this.#onDidMarkRead.event;
  readonly #onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.#onDidDispose.event;

  constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    readonly key: TopicViewKey,
  ) {
    this.cache = new MessageCache({ streamId: key.streamId, topic: key.topic });
    this.#searchQuery = key.mode === 'search' ? key.query : undefined;
    this.#view = new PanelHost(panel, services.context.extensionUri, services.log);
    this.#host = this.#view.host;
    this.#disposables.push(
      this.#view,
      this.#onDidLoad,
      this.#onDidMarkRead,
      this.#view.onDidDispose(() => this.dispose()),
      this.#host.onDidBecomeReady(() => (this.#pendingInsert = '')),
      // The hidden page is dropped (PanelHost): shown again, it asks for its content anew.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.#served = false;
      }),
      services.sessions.onDidChange((current) => this.#follow(current)),
      services.sessions.onDidChangeStore((change) => {
        // A rebuilt store means events were lost: reload what the page shows.
        if (change.full && this.#served) void this.#refresh();
      }),
      services.sessions.onDidChangeStatus((s) => {
        this.#host.notify(NoticeNotification, { text: s.status === 'reconnecting' ? 'Connection lost — reconnecting…' : '' });
      }),
    );
    this.#registerHandlers();
    this.#follow(services.sessions.current);
    this.#render();
  }

  get title(): string {
    return this.panel.title;
  }

  /** Resolves once the page has loaded its content (tests, and commands that act on the view). */
  whenLoaded(): Promise<readonly number[]> {
    if (this.#served) return Promise.resolve(this.cache.ids());
    return new Promise((resolve) => {
      const d = this.onDidLoad(() => {
        // A live message can reach the cache before the page asked for its content: not loaded yet.
        if (!this.#served) return;
        d.dispose();
        resolve(this.cache.ids());
      });
    });
  }

  get searchQuery(): string | undefined {
    return this.#searchQuery;
  }

  #session(): CurrentSession {
    return requireSession(this.services);
  }

  #ctx(current: CurrentSession): ModelContext {
    return {
      realmUrl: current.account.realmUrl,
      ownUserId: current.store.ownUserId,
      userName: (id) => current.store.user(id)?.full_name,
      channelName: (id) => current.store.channelName(id),
      emptyTopicName: current.store.realm.emptyTopicDisplayName,
    };
  }

  #channelName(current: CurrentSession): string {
    return current.store.channelName(this.key.streamId) ?? `channel ${this.key.streamId}`;
  }

  #narrow(withSearch = this.#searchQuery): NarrowTerm[] {
    const narrow: NarrowTerm[] = [{ operator: 'channel', operand: this.key.streamId }];
    if (this.key.topic !== undefined) narrow.push({ operator: 'topic', operand: this.key.topic });
    if (withSearch) narrow.push({ operator: 'search', operand: withSearch });
    return narrow;
  }

  /** Follows the active account: a new session means new events and possibly another realm. */
  #follow(current: CurrentSession | undefined): void {
    this.#sessionListener?.dispose();
    this.#sessionListener = current?.store.onDidApplyEvents((events) => this.#onEvents(events));
    if (this.#served) {
      this.cache.clear();
      this.#fetched = false;
      this.#render();
    }
  }

  #render(): void {
    this.#served = false;
    this.#view.render({
      title: this.panel.title,
      styles: ['topicView.css'],
      script: 'topicView',
      body: BODY,
      imageOrigins: realmImageOrigins(this.services.sessions.current?.account.realmUrl),
    });
  }

  #registerHandlers(): void {
    const host = this.#host;
    host.onRequest(InitRequest, (p) => this.#init(p.oldestLoadedId));
    host.onRequest(LoadOlderRequest, () => this.loadOlder());
    host.onRequest(SendRequest, (p) => this.send(p.content));
    host.onRequest(ReactRequest, async (p) => {
      if (p.emojiName === undefined) {
        const emoji = await pickEmoji(this.#session().store.realmEmoji());
        if (!emoji) return;
        await this.toggleReaction(p.messageId, { emojiName: emoji.name, emojiCode: emoji.code, reactionType: emoji.type ?? 'unicode_emoji' }, 'add');
      } else {
        await this.toggleReaction(p.messageId, { emojiName: p.emojiName, emojiCode: p.emojiCode, reactionType: p.reactionType });
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

  async #fetch(params: { anchor: number | 'newest'; before: number; after: number; includeAnchor?: boolean }): Promise<FetchResult> {
    const current = this.#session();
    const result = await getMessages(current.client, {
      anchor: params.anchor,
      include_anchor: params.includeAnchor ?? true,
      num_before: params.before,
      num_after: params.after,
      narrow: this.#narrow(this.key.mode === 'search' ? this.#searchQuery : undefined),
      apply_markdown: true,
      client_gravatar: false,
    });
    return { messages: result.messages, foundOldest: result.found_oldest ?? false, foundNewest: result.found_newest ?? false };
  }

  async #init(oldestLoadedId: number | undefined): Promise<TopicSnapshot> {
    const current = this.#session();
    // Always fetch the first page once: live messages that arrived earlier (or arrive while it
    // loads) are already in the cache, and put() merges the page with them by id.
    if (!this.#fetched || (oldestLoadedId !== undefined && (this.cache.oldestId() ?? Infinity) > oldestLoadedId)) {
      let page: FetchResult | undefined;
      if (oldestLoadedId !== undefined) {
        // Restore the range the page had (its saved state); fall back to the newest page.
        page = await this.#fetch({ anchor: oldestLoadedId, before: 0, after: 1000 });
        if (!page.foundNewest) page = undefined;
      }
      page ??= await this.#fetch({ anchor: 'newest', before: PAGE_SIZE, after: 0 });
      // A message already cached came (or was kept current) by live events since: it is at least as
      // fresh as the page's copy, which may predate an edit or reaction applied meanwhile.
      this.cache.put(page.messages.filter((m) => !this.cache.get(m.id)));
      this.cache.foundOldest = page.foundOldest;
      this.#fetched = true;
      if (this.key.mode === 'search') this.#storeMatches(page.messages);
    }
    const ctx = this.#ctx(current);
    const messages = this.cache.messages();
    const links = messages.length > 0 ? messages[messages.length - 1]!.topic_links : [];
    const snapshot: TopicSnapshot = {
      key: this.key,
      mode: this.key.mode,
      title: this.panel.title,
      channelName: this.#channelName(current),
      topic: this.key.topic ?? '',
      messages: messages.map((m) => messageModel(m, ctx)),
      foundOldest: this.cache.foundOldest,
      topicLinks: topicLinkModels(links, current.account.realmUrl),
      maxMessageLength: current.client.limits?.maxMessageLength ?? 10000,
      query: this.#searchQuery,
      matches: this.#searchQuery ? [...this.#matches.values()] : undefined,
    };
    this.#served = true;
    setImmediate(() => this.#onDidLoad.fire(this.cache.ids()));
    return snapshot;
  }

  /** The next older page. */
  async loadOlder(): Promise<{ messages: ReturnType<typeof messageModel>[]; foundOldest: boolean }> {
    const current = this.#session();
    const oldest = this.cache.oldestId();
    if (oldest === undefined || this.cache.foundOldest) return { messages: [], foundOldest: true };
    const page = await this.#fetch({ anchor: oldest, before: MAX_PAGE, after: 0, includeAnchor: false });
    const ids = this.cache.put(page.messages);
    this.cache.foundOldest = page.foundOldest;
    if (this.key.mode === 'search') this.#storeMatches(page.messages);
    const ctx = this.#ctx(current);
    setImmediate(() => this.#onDidLoad.fire(ids));
    return { messages: ids.map((id) => messageModel(this.cache.get(id)!, ctx)), foundOldest: page.foundOldest };
  }

  /** Refetches everything the page shows (after a store rebuild: events in between were lost). */
  async #refresh(): Promise<void> {
    const oldest = this.cache.oldestId();
    const before = new Set(this.cache.ids());
    try {
      const page = oldest === undefined ? await this.#fetch({ anchor: 'newest', before: PAGE_SIZE, after: 0 }) : await this.#fetch({ anchor: oldest, before: 0, after: 1000 });
      this.cache.clear();
      this.cache.put(page.messages);
      this.cache.foundOldest = page.foundOldest || oldest === undefined ? page.foundOldest : false;
      this.#fetched = true;
      const removed = [...before].filter((id) => !this.cache.get(id));
      if (removed.length) this.#host.notify(RemoveNotification, { ids: removed });
      this.#postUpsert(this.cache.ids());
    } catch (error) {
      this.services.log.warn(`Topic view refresh failed: ${String(error)}`);
    }
  }

  #postUpsert(ids: readonly number[]): void {
    const current = this.services.sessions.current;
    if (!current || ids.length === 0 || !this.#host.ready || !this.#served) return;
    const ctx = this.#ctx(current);
    const messages = ids.flatMap((id) => {
      const m = this.cache.get(id);
      return m ? [messageModel(m, ctx)] : [];
    });
    this.#host.notify(UpsertNotification, { messages });
  }

  // ---- live events --------------------------------------------------------------------------

  #onEvents(events: readonly ChatEvent[]): void {
    if (this.#disposed) return;
    const newIds = new Set(events.flatMap((e) => (e.type === 'message' ? [e.message.id] : [])));
    // A channel-wide or search view adds only matching new messages (checked below).
    const delta = this.cache.apply(this.key.mode === 'search' ? events.filter((e) => e.type !== 'message') : events);
    if (delta.removed.length > 0 && this.#host.ready && this.#served) this.#host.notify(RemoveNotification, { ids: delta.removed });
    this.#postUpsert(delta.changed);
    if (delta.missing.length > 0) void this.#fetchByIds(delta.missing);
    if (delta.changed.length > 0) setImmediate(() => this.#onDidLoad.fire(delta.changed));
    if (this.#searchQuery) {
      const candidates =
        this.key.mode === 'search'
          ? events.flatMap((e) => (e.type === 'message' && e.message.stream_id === this.key.streamId ? [e.message] : []))
          : delta.changed.filter((id) => newIds.has(id)).map((id) => this.cache.get(id)!);
      if (candidates.length > 0) void this.#checkLiveMatches(candidates);
    }
  }

  async #fetchByIds(ids: number[]): Promise<void> {
    try {
      const result = await getMessages(this.#session().client, { message_ids: ids, apply_markdown: true, client_gravatar: false });
      this.#postUpsert(this.cache.put(result.messages));
    } catch (error) {
      this.services.log.warn(`Topic view: loading moved messages failed: ${String(error)}`);
    }
  }

  // ---- search -------------------------------------------------------------------------------

  readonly #matches = new Map<number, MatchModel>();

  #storeMatches(messages: readonly Message[]): void {
    const realmUrl = this.#session().account.realmUrl;
    for (const m of messages) {
      const extra = m as Message & { match_content?: unknown; match_subject?: unknown };
      if (typeof extra.match_content !== 'string') continue;
      this.#matches.set(m.id, {
        id: m.id,
        html: sanitizeServerHtml(extra.match_content, realmUrl),
        subjectHtml: typeof extra.match_subject === 'string' ? sanitizeServerHtml(extra.match_subject, realmUrl) : undefined,
      });
    }
  }

  /** The topic view's search box: highlights the loaded messages that match; empty clears. */
  async search(query: string): Promise<MatchModel[]> {
    const trimmed = query.trim();
    this.#matches.clear();
    if (trimmed === '') {
      this.#searchQuery = undefined;
      return [];
    }
    this.#searchQuery = trimmed;
    const current = this.#session();
    const result = await getMessages(current.client, {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: this.#narrow(trimmed),
      apply_markdown: true,
      client_gravatar: false,
    });
    this.#storeMatches(result.messages);
    return [...this.#matches.values()];
  }

  /** Live messages while a search is active: ask the server which match (operation 6). */
  async #checkLiveMatches(messages: readonly Message[]): Promise<void> {
    const query = this.#searchQuery;
    if (!query) return;
    try {
      const current = this.#session();
      const result = await checkMessagesMatchNarrow(current.client, { msg_ids: messages.map((m) => m.id), narrow: this.#narrow(query) });
      if (query !== this.#searchQuery) return;
      const found: MatchModel[] = [];
      for (const [idText, match] of Object.entries(result.messages)) {
        const id = Number(idText);
        const model: MatchModel = {
          id,
          html: sanitizeServerHtml(match.match_content, current.account.realmUrl),
          subjectHtml: sanitizeServerHtml(match.match_subject, current.account.realmUrl),
        };
        this.#matches.set(id, model);
        found.push(model);
      }
      if (this.key.mode === 'search') {
        this.#postUpsert(this.cache.put(messages.filter((m) => this.#matches.has(m.id))));
      }
      if (found.length > 0) {
        this.#host.notify(MatchesNotification, { matches: found });
        this.#onDidMatch.fire(found.map((m) => m.id));
      }
    } catch (error) {
      this.services.log.warn(`Topic view: checking live messages against the search failed: ${String(error)}`);
    }
  }

  readonly #onDidMatch = new vscode.EventEmitter<readonly number[]>();
  /** Live messages found to match the active search (tests). */
  readonly onDidMatch = this.#onDidMatch.event;

  /** Current highlights by message id (tests). */
  matches(): ReadonlyMap<number, MatchModel> {
    return this.#matches;
  }

  // ---- actions ------------------------------------------------------------------------------

  /** Sends `content` to the topic (compose box and tests). Throws a user-facing error. */
  async send(content: string): Promise<{ id: number }> {
    if (this.key.topic === undefined) throw new Error('Open a topic to send a message.');
    const current = this.#session();
    const result = await sendMessage(current.client, { type: 'stream', to: this.key.streamId, topic: this.key.topic, content });
    return { id: result.id };
  }

  /**
   * Adds or removes the user's reaction (`op` undefined: toggle by whether the user has it).
   * A reaction that is already gone (or already there) refreshes that message quietly.
   */
  async toggleReaction(
    messageId: number,
    emoji: { emojiName: string; emojiCode?: string; reactionType?: string },
    op?: 'add' | 'remove',
  ): Promise<void> {
    const current = this.#session();
    const message = this.cache.get(messageId);
    const reactionType = (emoji.reactionType ?? 'unicode_emoji') as 'unicode_emoji';
    const mine = message?.reactions.some(
      (r) => r.user_id === current.store.ownUserId && r.reaction_type === reactionType && (emoji.emojiCode === undefined || r.emoji_code === emoji.emojiCode) && r.emoji_name === emoji.emojiName,
    );
    const action = op ?? (mine ? 'remove' : 'add');
    const params = { message_id: messageId, emoji_name: emoji.emojiName, emoji_code: emoji.emojiCode, reaction_type: reactionType };
    try {
      if (action === 'add') await addReaction(current.client, params);
      else await removeReaction(current.client, params);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'REACTION_DOES_NOT_EXIST' || error.code === 'REACTION_ALREADY_EXISTS')) {
        await this.refreshMessage(messageId);
        return;
      }
      throw error;
    }
  }

  /** Refetches one message (e.g. our copy of its reactions was stale). */
  async refreshMessage(messageId: number): Promise<void> {
    const current = this.#session();
    try {
      const { message } = await getMessage(current.client, { message_id: messageId, apply_markdown: true });
      const before = this.cache.get(messageId);
      const changed = this.cache.put([{ ...message, flags: message.flags ?? before?.flags }]);
      if (changed.length === 0) this.#host.notify(RemoveNotification, { ids: [messageId] });
      this.#postUpsert(changed);
    } catch (error) {
      this.services.log.warn(`Topic view: refreshing message ${messageId} failed: ${String(error)}`);
    }
  }

  /** Edit history (operation 7), sanitised, most recent first. */
  async editHistory(messageId: number): Promise<ReturnType<typeof historyItems>> {
    const current = this.#session();
    const { message } = await getMessage(current.client, { message_id: messageId, apply_markdown: true });
    if (!message.edit_history || message.edit_history.length === 0) {
      throw new Error('The organization does not show the edit history of this message, or it has none.');
    }
    return historyItems(message.edit_history, this.#ctx(current));
  }

  /** The page reports messages on screen: unread ones are marked read, in batches. */
  markVisible(ids: readonly number[]): void {
    for (const id of ids) {
      const m = this.cache.get(id);
      if (!m || this.#readRequested.has(id)) continue;
      if (m.flags !== undefined && m.flags.includes('read')) continue;
      if (m.flags === undefined && !this.services.sessions.current?.store.isUnread(id)) continue;
      this.#readQueue.add(id);
    }
    if (this.#readQueue.size > 0 && !this.#readTimer) {
      this.#readTimer = setTimeout(() => void this.#flushRead(), READ_BATCH_DELAY_MS);
    }
  }

  async #flushRead(): Promise<void> {
    this.#readTimer = undefined;
    const ids = [...this.#readQueue];
    this.#readQueue.clear();
    if (ids.length === 0 || this.#disposed) return;
    for (const id of ids) this.#readRequested.add(id);
    try {
      await updateMessageFlags(this.#session().client, { messages: ids, op: 'add', flag: 'read' });
      this.#onDidMarkRead.fire(ids);
    } catch (error) {
      for (const id of ids) this.#readRequested.delete(id);
      this.services.log.warn(`Marking messages as read failed: ${String(error)}`);
    }
  }

  async runAction(messageId: number, action: MessageAction): Promise<void> {
    try {
      switch (action) {
        case 'edit':
          // Built by the message-editing feature; the topic view only hands over the id.
          await vscode.commands.executeCommand(Commands.editMessage, { messageId });
          break;
        case 'remind':
          await vscode.commands.executeCommand(Commands.createReminder, { messageId });
          break;
        case 'copyLink': {
          const current = this.#session();
          const topic = this.cache.get(messageId)?.subject ?? this.key.topic ?? '';
          await vscode.env.clipboard.writeText(messageLink(current.account.realmUrl, this.key.streamId, this.#channelName(current), topic, messageId));
          vscode.window.setStatusBarMessage('Team Chat: message link copied.', 3000);
          break;
        }
        case 'openTopic': {
          const topic = this.cache.get(messageId)?.subject;
          if (topic !== undefined) await vscode.commands.executeCommand(Commands.openTopic, { streamId: this.key.streamId, topic });
          break;
        }
      }
    } catch (error) {
      reportError(this.services.log, error, 'Team Chat');
    }
  }

  /** The compose box's text as the page last reported it (after an insertion, and as the user types). */
  get composeText(): string {
    return this.#composeText;
  }

  /** Topic views have a compose box; search result lists do not. */
  get canCompose(): boolean {
    return this.key.mode === 'topic' && this.key.topic !== undefined;
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

  dispose(): void {
    if (this.#disposed) return;
    if (this.#readTimer) clearTimeout(this.#readTimer);
    void this.#flushRead();
    this.#disposed = true;
    this.#sessionListener?.dispose();
    this.#onDidDispose.fire();
    this.#onDidDispose.dispose();
    this.#onDidMatch.dispose();
    for (const d of this.#disposables) d.dispose();
    this.panel.dispose();
  }
}

export const TOPIC_VIEW_TYPE = WebviewPanels.topicView;
