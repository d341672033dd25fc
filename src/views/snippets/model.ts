/**
 * The saved-snippets tree's model: the store's snippets (live through `saved_snippets` events),
 * with one stable node per snippet so rows keep their selection across refreshes.
 */
import * as vscode from 'vscode';
import type { SavedSnippet } from '../../api/personal/models';
import type { SessionManager } from '../../session/manager';

export interface SnippetNode {
  readonly kind: 'snippet';
  readonly snippetId: number;
}

export class SnippetsModel implements vscode.Disposable {
  #nodes = new Map<number, SnippetNode>();
  readonly #onDidChange = new vscode.EventEmitter<void>();
  /** The list or a snippet changed (or the account did). */
  readonly onDidChange = this.#onDidChange.event;
  readonly #disposables: vscode.Disposable[] = [this.#onDidChange];

  constructor(private readonly sessions: SessionManager) {
    this.#disposables.push(
      sessions.onDidChange(() => this.#changed()),
      sessions.onDidChangeStore((c) => {
        if (c.full || c.areas.has('savedSnippets')) this.#changed();
      }),
    );
  }

  /** By title; empty while signed out. */
  snippets(): readonly SavedSnippet[] {
    return this.sessions.current?.store.savedSnippets() ?? [];
  }

  get(snippetId: number): SavedSnippet | undefined {
    return this.snippets().find((s) => s.id === snippetId);
  }

  nodes(): SnippetNode[] {
    const next = new Map<number, SnippetNode>();
    for (const s of this.snippets()) next.set(s.id, this.#nodes.get(s.id) ?? { kind: 'snippet', snippetId: s.id });
    this.#nodes = next;
    return [...next.values()];
  }

  #changed(): void {
    this.#onDidChange.fire();
  }

  dispose(): void {
    for (const d of this.#disposables) d.dispose();
  }
}
