/**
 * Owns the open topic views: one panel per topic (or per search), revealed when opened again,
 * and the serializer that brings them back after a window reload (the page's saved state names
 * what it showed).
 */
import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { CachedMessages } from '../../session/snapshotCache';
import { savedConversation } from './warm';
import { cacheInboxConversations } from './inboxCache';
import { keyString, TopicPanel } from './panel';
import type { TopicViewKey } from './protocol';
import { Disposable, toDisposable } from '../../base/lifecycle';

/** How long after a change of an open conversation the messages are saved (warm start). */
const SAVE_DELAY_MS = 2_000;

export class TopicViews extends Disposable {
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Key strings, least recently active first (the compose target falls back to the last). */
  #used: string[] = [];

  constructor(private readonly services: Services) {
    super();
    this._register(cacheInboxConversations(services.sessions, services.log));
    this._register(TopicPanel.kind.onDidOpen((view) => this.#adopt(view)));
    this._register(TopicPanel.kind.registerRestore(services));
    // The window is closing or reloading: the latest messages (the write finishes if the host lets it).
    this._register(
      toDisposable(() => {
        if (this.#saveTimer) void this.saveMessages();
        for (const p of TopicPanel.kind.open) p.dispose();
      }),
    );
  }

  /** Open panels (tests). */
  get panels(): readonly TopicPanel[] {
    return TopicPanel.kind.open;
  }

  find(key: TopicViewKey): TopicPanel | undefined {
    return TopicPanel.kind.find(key);
  }

  /** Opens (or reveals) the panel for `key`; with `anchor`, scrolled to that message. */
  open(key: TopicViewKey, title: string, anchor?: number): TopicPanel {
    const existing = this.find(key);
    if (existing) {
      if (anchor !== undefined) existing.revealMessage(anchor);
      else existing.reveal();
      return existing;
    }
    const view = TopicPanel.kind.show(this.services, key, title);
    if (anchor !== undefined) view.revealMessage(anchor);
    return view;
  }

  /**
   * Inserts `text` into the compose box of the active topic view, else of the one used last;
   * false when no topic view (search lists have no compose box) is open.
   */
  insertIntoCompose(text: string): boolean {
    const open = new Map(this.panels.map((p) => [keyString(p.key), p]));
    const composable = (id: string | undefined) => {
      const view = id === undefined ? undefined : open.get(id);
      return view?.canCompose ? view : undefined;
    };
    const active = this.panels.find((p) => p.panel.active && p.canCompose);
    const target =
      active ??
      [...this.#used]
        .reverse()
        .map(composable)
        .find((v) => v !== undefined);
    return target?.insertIntoCompose(text) ?? false;
  }

  #markUsed(id: string): void {
    this.#used = [...this.#used.filter((u) => u !== id), id];
  }

  /** A view opened or restored: followed for the compose target and the conversation cache. */
  #adopt(view: TopicPanel): void {
    const id = keyString(view.key);
    this.#markUsed(id);
    const viewState = view.panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.#markUsed(id);
    });
    const loaded = view.onDidLoad(() => this.#scheduleSave());
    view.onDidDispose(() => {
      viewState.dispose();
      loaded.dispose();
      // Kept in the conversation cache after it closes (its list still holds its messages).
      const saved = savedConversation(view);
      if (saved) void this.services.sessions.saveMessages({ [id]: saved });
      this.#used = this.#used.filter((u) => u !== id);
    });
  }

  /** Saves the open conversations' newest messages a little after they change (at most once per delay). */
  #scheduleSave(): void {
    if (this.#saveTimer) return;
    this.#saveTimer = setTimeout(() => void this.saveMessages(), SAVE_DELAY_MS);
  }

  /**
   * Keeps the newest messages of the open topic and direct-message views in the conversation cache (the active one as
   * the most recently used) and saves it.
   */
  saveMessages(): Promise<void> {
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    const messages: CachedMessages = {};
    const open = this.panels.map((view) => [keyString(view.key), view] as const);
    open.sort(([a], [b]) => this.#used.indexOf(a) - this.#used.indexOf(b));
    for (const [id, view] of open) {
      const saved = savedConversation(view);
      if (saved) messages[id] = saved;
    }
    return this.services.sessions.saveMessages(messages);
  }
}

/**
 * Panel titles: `#channel › topic` (the empty topic by the realm's name for it), the search, or the names of a direct
 * conversation.
 */
export function topicTitle(channelName: string, topic: string, emptyTopicName = vscode.l10n.t('general chat')): string {
  return `#${channelName} › ${topic === '' ? emptyTopicName : topic}`;
}
export function searchTitle(
  channelName: string,
  topic: string | undefined,
  query: string,
  emptyTopicName = vscode.l10n.t('general chat'),
): string {
  return topic !== undefined
    ? vscode.l10n.t('Search “{0}” in #{1} › {2}', query, channelName, topic === '' ? emptyTopicName : topic)
    : vscode.l10n.t('Search “{0}” in #{1}', query, channelName);
}
export function dmTitle(names: readonly string[]): string {
  return names.length === 0 ? vscode.l10n.t('Notes to self') : names.join(', ');
}
