/**
 * The topic view's search highlights. A search is a narrow like any other (the view's channel or
 * topic plus `search:`): a {@link MessageList} of it supplies the highlighted HTML, and its live
 * additions (decided by the server with matches_narrow) are the live matches.
 */
import { MessageList, type MessageListSource } from '../../messageList';
import { searchNarrow, type Narrow } from '../../messageList/narrow';
import { MatchesNotification, type MatchModel } from './protocol';
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import { Emitter } from '../../base/event';
import type { WebviewHost } from '../host';
import type { TopicContext } from './context';
import { baseNarrow } from './key';

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
export class SearchHighlights extends Disposable {
  readonly list: MessageList;

  private constructor(source: MessageListSource, narrow: Narrow, onLive: (matches: MatchModel[]) => void) {
    super();
    this.list = this._register(new MessageList(source, narrow));
    this._register(
      this.list.onDidChange((delta) => {
        if (!this.list.fetched) return;
        const found = delta.added.flatMap((id) => matchModel(this.list, id) ?? []);
        if (found.length > 0) onLive(found);
      }),
    );
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
}

/**
 * A view's search box: the query (a search view starts with its own) and its highlights, live
 * matches posted to the page. A search view's own list supplies its highlights until the box is used.
 */
export class ViewSearch extends Disposable {
  #query: string | undefined;
  readonly #highlights = this._register(new MutableDisposable<SearchHighlights>());
  readonly #onDidMatch = this._register(new Emitter<readonly number[]>());
  /** Live messages found to match the active search (tests). */
  readonly onDidMatch = this.#onDidMatch.event;

  constructor(
    private readonly host: WebviewHost,
    private readonly ctx: Pick<TopicContext, 'key' | 'session'>,
    /** The view's own list and how it reaches the server. */
    private readonly view: { list(): MessageList | undefined; source(): MessageListSource },
  ) {
    super();
    this.#query = ctx.key.mode === 'search' ? ctx.key.query : undefined;
  }

  /** The active query, if any. */
  get query(): string | undefined {
    return this.#query;
  }

  /** Current highlights by message id. */
  matches(): ReadonlyMap<number, MatchModel> {
    if (!this.#query) return new Map();
    if (this.#highlights.value) return this.#highlights.value.matches();
    return this.ctx.key.mode === 'search' ? matchModels(this.view.list()) : new Map();
  }

  /** The view's list changed account: the box's highlights were of the old one. */
  reset(): void {
    this.#highlights.clear();
  }

  /** New messages of the view's list: a search view's own live matches. */
  added(ids: readonly number[]): void {
    const list = this.view.list();
    if (this.ctx.key.mode === 'search' && !this.#highlights.value && this.#query && list) {
      this.#post(ids.flatMap((id) => matchModel(list, id) ?? []));
    }
  }

  /** Highlights the messages that match `query` (live ones too); empty clears. */
  async search(query: string): Promise<MatchModel[]> {
    const trimmed = query.trim();
    this.#highlights.clear();
    this.#query = trimmed === '' ? undefined : trimmed;
    if (trimmed === '') return [];
    const current = this.ctx.session();
    const base = baseNarrow(this.ctx.key, current.store.ownUserId);
    const search = await SearchHighlights.start(this.view.source(), base, trimmed, (found) => this.#post(found));
    if (this.#query !== trimmed || this.isDisposed) {
      search.dispose();
      return [];
    }
    this.#highlights.value = search;
    return [...search.matches().values()];
  }

  #post(found: MatchModel[]): void {
    if (found.length === 0) return;
    this.host.notify(MatchesNotification, { matches: found });
    this.#onDidMatch.fire(found.map((m) => m.id));
  }
}
