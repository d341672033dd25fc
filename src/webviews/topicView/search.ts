/**
 * The topic view's search highlights. A search is a narrow like any other (the view's channel or
 * topic plus `search:`): a {@link MessageList} of it supplies the highlighted HTML, and its live
 * additions (decided by the server with matches_narrow) are the live matches.
 */
import * as vscode from 'vscode';
import { MessageList, type MessageListSource } from '../../messageList';
import { searchNarrow, type Narrow } from '../../messageList/narrow';
import type { MatchModel } from './protocol';

/** Search results fetched for the highlights (the API notes ask for at most 1000). */
const SEARCH_PAGE = 1000;

export function matchModel(list: MessageList, id: number): MatchModel | undefined {
  const h = list.highlight(id);
  if (!h) return undefined;
  return { id, html: h.content, subjectHtml: h.subject || undefined };
}

export function matchModels(list: MessageList | undefined): Map<number, MatchModel> {
  const out = new Map<number, MatchModel>();
  for (const id of list?.highlights().keys() ?? []) out.set(id, matchModel(list!, id)!);
  return out;
}

/** One active search of the view's search box. */
export class SearchHighlights implements vscode.Disposable {
  readonly list: MessageList;
  readonly #subscription: vscode.Disposable;

  private constructor(source: MessageListSource, narrow: Narrow, onLive: (matches: MatchModel[]) => void) {
    this.list = new MessageList(source, narrow);
    this.#subscription = this.list.onDidChange((delta) => {
      if (!this.list.fetched) return;
      const found = delta.added.flatMap((id) => matchModel(this.list, id) ?? []);
      if (found.length > 0) onLive(found);
    });
  }

  /** Fetches the matches of `query` within `base`; `onLive` hears the matching messages that arrive later. */
  static async start(
    source: MessageListSource,
    base: Narrow,
    query: string,
    onLive: (matches: MatchModel[]) => void,
  ): Promise<SearchHighlights> {
    let live: (matches: MatchModel[]) => void = () => {};
    const search = new SearchHighlights(source, searchNarrow(query, base), (m) => live(m));
    try {
      await search.list.fetchInitial({ before: SEARCH_PAGE });
    } catch (error) {
      search.dispose();
      throw error;
    }
    live = onLive;
    return search;
  }

  matches(): Map<number, MatchModel> {
    return matchModels(this.list);
  }

  dispose(): void {
    this.#subscription.dispose();
    this.list.dispose();
  }
}
