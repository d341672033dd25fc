/**
 * The saved-snippets tree's model: the store's snippets (live through `saved_snippets` events),
 * with one stable node per snippet so rows keep their selection across refreshes.
 */
import { Emitter } from '../../base/event';
import type { SavedSnippet } from '../../api/personal/models';
import type { SessionManager } from '../../session/manager';
import { Disposable } from '../../base/lifecycle';
import { StableNodes } from '../tree';

export interface SnippetNode {
  readonly kind: 'snippet';
  readonly snippetId: number;
}

export class SnippetsModel extends Disposable {
  readonly #nodes = new StableNodes<SnippetNode>((snippetId) => ({ kind: 'snippet', snippetId }));
  readonly #onDidChange = this._register(new Emitter<void>());
  /** The list or a snippet changed (or the account did). */
  readonly onDidChange = this.#onDidChange.event;

  constructor(private readonly sessions: SessionManager) {
    super();
    this._register(sessions.onDidChange(() => this.#onDidChange.fire()));
    this._register(
      sessions.onDidChangeStore((c) => {
        if (c.full || c.areas.has('savedSnippets')) this.#onDidChange.fire();
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
    return this.#nodes.list(this.snippets().map((s) => s.id));
  }
}
