/**
 * Owns the open topic views: one panel per topic (or per search), revealed when opened again,
 * and the serializer that brings them back after a window reload (the page's saved state names
 * what it showed).
 */
import * as vscode from 'vscode';
import { WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import type { CachedMessages } from '../../session/snapshotCache';
import { savedConversation } from './warm';
import { cacheInboxConversations } from './inboxCache';
import { keyString, TopicPanel } from './panel';
import { isTopicViewKey as isKey, type TopicViewKey } from './protocol';

/** How long after a change of an open conversation the messages are saved (warm start). */
const SAVE_DELAY_MS = 2_000;

export class TopicViews implements vscode.Disposable {
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #panels = new Map<string, TopicPanel>();
  /** Key strings, least recently active first (the compose target falls back to the last). */
  #used: string[] = [];
  readonly #disposables: vscode.Disposable[] = [];

  constructor(private readonly services: Services) {
    this.#disposables.push(
      cacheInboxConversations(services.sessions, services.log),
      services.host.registerWebviewPanelSerializer(WebviewPanels.topicView, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          const key = typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : undefined;
          if (!isKey(key) || this.#panels.has(keyString(key))) {
            panel.dispose();
            return;
          }
          this.#adopt(panel, key);
        },
      }),
    );
  }

  /** Open panels (tests). */
  get panels(): readonly TopicPanel[] {
    return [...this.#panels.values()];
  }

  find(key: TopicViewKey): TopicPanel | undefined {
    return this.#panels.get(keyString(key));
  }

  /** Opens (or reveals) the panel for `key`; with `anchor`, scrolled to that message. */
  open(key: TopicViewKey, title: string, anchor?: number): TopicPanel {
    const existing = this.find(key);
    if (existing) {
      if (anchor !== undefined) existing.revealMessage(anchor);
      else existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(WebviewPanels.topicView, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: false,
    });
    const view = this.#adopt(panel, key);
    if (anchor !== undefined) view.revealMessage(anchor);
    return view;
  }

  /**
   * Inserts `text` into the compose box of the active topic view, else of the one used last;
   * false when no topic view (search lists have no compose box) is open.
   */
  insertIntoCompose(text: string): boolean {
    const composable = (id: string | undefined) => {
      const view = id === undefined ? undefined : this.#panels.get(id);
      return view?.canCompose ? view : undefined;
    };
    const active = [...this.#panels.values()].find((p) => p.panel.active && p.canCompose);
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

  #adopt(panel: vscode.WebviewPanel, key: TopicViewKey): TopicPanel {
    const view = new TopicPanel(this.services, panel, key);
    const id = keyString(key);
    this.#panels.set(id, view);
    this.#markUsed(id);
    const viewState = panel.onDidChangeViewState((e) => {
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
      if (this.#panels.get(id) === view) this.#panels.delete(id);
    });
    return view;
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
    const open = [...this.#panels].sort(([a], [b]) => this.#used.indexOf(a) - this.#used.indexOf(b));
    for (const [id, view] of open) {
      const saved = savedConversation(view);
      if (saved) messages[id] = saved;
    }
    return this.services.sessions.saveMessages(messages);
  }

  dispose(): void {
    // The window is closing or reloading: the latest messages (the write finishes if the host lets it).
    if (this.#saveTimer) void this.saveMessages();
    for (const p of [...this.#panels.values()]) p.dispose();
    for (const d of this.#disposables) d.dispose();
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
