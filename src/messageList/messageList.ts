/**
 * A live list of the messages of one narrow (a topic, a channel, a 1:1 or group conversation,
 * `is:mentioned`, `is:starred`, a search, any combination of narrow terms). No `vscode` import.
 *
 * ```ts
 * const list = new MessageList({ client, store }, topicNarrow(streamId, 'lunch'));
 * list.onDidChange((delta) => render(delta.added, delta.changed, delta.removed));
 * await list.fetchInitial();              // the newest page; or { anchor: id, before: 0, after: 1000 }
 * await list.loadOlder();                 // until list.foundOldest
 * list.messages(); list.get(id); list.highlight(id);   // highlight: search narrows only
 * list.dispose();
 * ```
 *
 * - Pages come from `GET /messages` by anchor and before/after counts; `foundOldest` and
 *   `foundNewest` say whether either end is reached. A new message is appended only once
 *   `foundNewest` is true (otherwise it belongs to a page not loaded yet).
 * - Every event batch the store applied is applied here: new messages (matched locally where the
 *   narrow allows, else with `GET /messages/matches_narrow`), edits and moves (moved-in messages
 *   are fetched by id), deletions, reactions, flags, submessages; content changes go through the
 *   store's one reducer (`reduceMessage`). Each batch fires at most one `onDidChange`.
 * - Events that arrive while a request is in flight are replayed on its answer (the reducer is
 *   idempotent), so a page never undoes a newer edit, and nothing sent meanwhile is missed.
 * - A rebuilt store (events lost) reloads the loaded range by itself.
 */
import { isDeepStrictEqual } from 'util';
import type { ChatEvent } from '../api/events/models';
import type { Message } from '../api/messages/models';
import { checkMessagesMatchNarrow, getMessages } from '../api/messages/routes';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { contentTargets, moveOf, reduceMessage } from '../store/reducers/messageContent';
import { DeltaBuilder, type MessageListDelta } from './delta';
import { MAX_PAGE, PAGE_SIZE, type Highlight, type MessageListSource, type PageRequest } from './types';
import { dependsOnStarred, factsOf, matchesLocally, narrowSearch, type Narrow } from './narrow';

export type { MessageListDelta } from './delta';
export { MAX_PAGE, PAGE_SIZE, type Highlight, type MessageListSource, type PageRequest } from './types';

type Merge<T> = (result: T, delta: DeltaBuilder) => void;

export class MessageList extends Disposable {
  readonly #messages = new Map<number, Message>();
  #sorted: number[] | undefined;
  readonly #highlights = new Map<number, Highlight>();
  #foundOldest = false;
  #foundNewest = false;
  #fetched = false;
  #reconciling: Promise<void> | undefined;
  /** Bumped by every full reload: answers to older requests are dropped. */
  #generation = 0;
  /** Events seen while requests are in flight (replayed on their answers), and the log position of `#log[0]`. */
  #log: ChatEvent[] = [];
  #logStart = 0;
  #inFlight = 0;
  readonly #onDidChange = this._register(new Emitter<MessageListDelta>());
  readonly onDidChange: Event<MessageListDelta> = this.#onDidChange.event;

  constructor(
    private readonly source: MessageListSource,
    readonly narrow: Narrow,
  ) {
    super();
    this._register(source.store.onDidApplyEvents((events) => this.#onEvents(events)));
    this._register(
      // A rebuilt store means events were lost (or the server answers at last): reload what the list holds.
      source.store.onDidChange((change) => {
        if (!change.full) return;
        if (this.#fetched) void this.refresh().catch((e) => this.#report(e, 'reloading the list'));
        else if (this.seeded) void this.reconcile().catch((e) => this.#report(e, 'reloading the saved messages'));
      }),
    );
  }

  get foundOldest(): boolean {
    return this.#foundOldest;
  }
  get foundNewest(): boolean {
    return this.#foundNewest;
  }
  /** The first page has arrived (since the last full reload started). */
  get fetched(): boolean {
    return this.#fetched;
  }
  get size(): number {
    return this.#messages.size;
  }

  /** Ids in ascending order (the order to show them in). */
  ids(): readonly number[] {
    this.#sorted ??= [...this.#messages.keys()].sort((a, b) => a - b);
    return this.#sorted;
  }
  get(id: number): Message | undefined {
    return this.#messages.get(id);
  }
  messages(): Message[] {
    return this.ids().map((id) => this.#messages.get(id)!);
  }
  highlight(id: number): Highlight | undefined {
    return this.#highlights.get(id);
  }
  highlights(): ReadonlyMap<number, Highlight> {
    return this.#highlights;
  }

  /** Holds messages saved before a window reload that no page from the server has replaced yet. */
  get seeded(): boolean {
    return !this.#fetched && this.#messages.size > 0;
  }

  /**
   * Warm start: fills an empty list with the messages saved before a window reload, shown until
   * {@link reconcile} replaces them with the server's (the list is not `fetched` meanwhile, so new
   * messages wait for that page, and edits of the saved ones apply as usual).
   */
  seed(messages: readonly Message[], foundOldest: boolean): void {
    if (this.#fetched || this.#messages.size > 0 || messages.length === 0) return;
    const delta = new DeltaBuilder();
    for (const m of messages) this.#put(m, delta);
    this.#foundOldest = foundOldest;
    this.#emit(delta);
  }

  /**
   * Replaces seeded messages with the server's for the same range and everything newer (the
   * newest page when more than 1000 came since): one delta of what changed, was added or removed;
   * messages the server sends unchanged are no change, so the page does not redraw them.
   */
  reconcile(): Promise<void> {
    this.#reconciling ??= (async () => {
      try {
        await this.refresh();
        if (!this.#foundNewest) await this.fetchInitial();
      } finally {
        this.#reconciling = undefined;
      }
    })();
    return this.#reconciling;
  }

  // ---- fetching -----------------------------------------------------------------------------

  /** Replaces the contents with one page (default: the newest {@link PAGE_SIZE}). */
  async fetchInitial(request: PageRequest = {}): Promise<void> {
    const generation = ++this.#generation;
    const params = {
      anchor: request.anchor ?? 'newest',
      before: request.before ?? PAGE_SIZE,
      after: request.after ?? 0,
    };
    await this.#guarded(
      () => this.#page(params.anchor, params.before, params.after, true),
      (page, delta) => {
        if (generation !== this.#generation) return;
        const keep = new Set(page.messages.map((m) => m.id));
        for (const id of this.ids()) if (!keep.has(id)) this.#remove(id, delta);
        this.#highlights.clear();
        this.#mergePage(page.messages, delta);
        this.#foundOldest = page.found_oldest ?? false;
        this.#foundNewest = page.found_newest ?? false;
        this.#fetched = true;
        delta.found();
      },
      false,
    );
  }

  /**
   * Reloads the loaded range from its oldest end up (after events were lost). A list that had
   * reached the oldest message anchors at `oldest`: servers count found_oldest only with a
   * `num_before` or that anchor.
   */
  async refresh(): Promise<void> {
    const oldest = this.ids()[0];
    if (oldest === undefined) return this.fetchInitial();
    await this.fetchInitial({ anchor: this.#foundOldest ? 'oldest' : oldest, before: 0, after: 1000 });
  }

  /** The next older page; resolves to the ids added. */
  async loadOlder(count = MAX_PAGE): Promise<number[]> {
    const oldest = this.ids()[0];
    if (this.#foundOldest) return [];
    if (oldest === undefined) return this.#edge(() => this.fetchInitial({ before: count }));
    return this.#extend(oldest, count, 0, (page) => (this.#foundOldest = page.found_oldest ?? false));
  }

  /** The next newer page (a list opened at an older anchor); resolves to the ids added. */
  async loadNewer(count = MAX_PAGE): Promise<number[]> {
    const newest = this.ids()[this.ids().length - 1];
    if (this.#foundNewest) return [];
    if (newest === undefined) return this.#edge(() => this.fetchInitial({ before: count }));
    return this.#extend(newest, 0, count, (page) => (this.#foundNewest = page.found_newest ?? false));
  }

  /** Fetches messages by id again (e.g. a copy known to be stale) and keeps those that still match. */
  async refetch(ids: readonly number[]): Promise<void> {
    await this.#fetchByIds(ids, true);
  }

  async #edge(load: () => Promise<void>): Promise<number[]> {
    await load();
    return [...this.ids()];
  }

  async #extend(anchor: number, before: number, after: number, found: (page: Page) => void): Promise<number[]> {
    const generation = this.#generation;
    let added: number[] = [];
    await this.#guarded(
      () => this.#page(anchor, before, after, false),
      (page, delta) => {
        if (generation !== this.#generation) return;
        added = page.messages.filter((m) => !this.#messages.has(m.id)).map((m) => m.id);
        this.#mergePage(page.messages, delta);
        found(page);
        delta.found();
      },
    );
    return added.filter((id) => this.#messages.has(id)).sort((a, b) => a - b);
  }

  #page(anchor: number | string, before: number, after: number, includeAnchor: boolean): Promise<Page> {
    const narrow = [...this.narrow.terms];
    const params = {
      anchor: anchor as number,
      include_anchor: includeAnchor,
      num_before: before,
      num_after: after,
      narrow,
    };
    return getMessages(this.source.client, {
      ...params,
      apply_markdown: true,
      client_gravatar: false,
      allow_empty_topic_name: true,
    });
  }

  #mergePage(messages: readonly Message[], delta: DeltaBuilder): void {
    for (const m of messages) {
      this.#put(m, delta);
      if (m.match_content !== undefined) {
        this.#highlights.set(m.id, { content: m.match_content, subject: m.match_subject ?? '' });
      }
    }
  }

  /**
   * Runs one request; on its answer, merges it and replays the events that arrived meanwhile,
   * then fires one delta. `report`: a failure is reported (background work) instead of thrown.
   */
  async #guarded<T>(work: () => Promise<T>, merge: Merge<T>, report?: string | false): Promise<void> {
    const mark = this.#logStart + this.#log.length;
    this.#inFlight++;
    try {
      const result = await work();
      if (this.isDisposed) return;
      const delta = new DeltaBuilder();
      merge(result, delta);
      this.#applyEvents(this.#log.slice(mark - this.#logStart), delta);
      this.#emit(delta);
    } catch (error) {
      if (typeof report === 'string') this.#report(error, report);
      else throw error;
    } finally {
      if (--this.#inFlight === 0) {
        this.#logStart += this.#log.length;
        this.#log = [];
      }
    }
  }

  // ---- events -------------------------------------------------------------------------------

  #onEvents(events: readonly ChatEvent[]): void {
    if (this.isDisposed) return;
    if (this.#inFlight > 0) this.#log.push(...events);
    const delta = new DeltaBuilder();
    this.#applyEvents(events, delta);
    this.#emit(delta);
  }

  #applyEvents(events: readonly ChatEvent[], delta: DeltaBuilder): void {
    const own = this.source.store.ownUserId;
    const toCheck: Message[] = [];
    const toRecheck = new Set<number>();
    const toFetch = new Set<number>();
    for (const event of events) {
      switch (event.type) {
        case 'message': {
          const m = { ...event.message, flags: event.flags };
          if (!this.#foundNewest || this.#messages.has(m.id)) break;
          const match = matchesLocally(this.narrow, factsOf(m), own);
          if (match === true) this.#put(m, delta);
          else if (match === undefined) toCheck.push(m);
          break;
        }
        case 'delete_message':
          for (const id of event.message_ids) this.#remove(id, delta);
          break;
        default:
          this.#reduce(event, delta, toRecheck);
      }
      const move = event.type === 'update_message' ? moveOf(event) : undefined;
      if (move && event.type === 'update_message') {
        for (const id of event.message_ids) {
          if (this.#messages.has(id)) continue;
          // Only where it went is known: fetch it when that may match and falls in the loaded range.
          const facts = { id, type: 'stream' as const, streamId: move.toStreamId, topic: move.toTopic };
          if (matchesLocally(this.narrow, facts, own) !== false && this.#inRange(id)) toFetch.add(id);
        }
      }
      if (
        event.type === 'update_message_flags' &&
        event.flag === 'starred' &&
        event.op === 'add' &&
        dependsOnStarred(this.narrow)
      ) {
        for (const id of event.messages) if (!this.#messages.has(id) && this.#inRange(id)) toFetch.add(id);
      }
    }
    if (toCheck.length > 0) void this.#checkNew(toCheck);
    if (toRecheck.size > 0) void this.#recheck([...toRecheck]);
    if (toFetch.size > 0) void this.#fetchByIds([...toFetch], false);
  }

  /** Applies a content event to the messages it targets; those that stop matching leave. */
  #reduce(event: ChatEvent, delta: DeltaBuilder, recheck: Set<number>): void {
    const targets = contentTargets(event);
    const ids = targets === 'all' ? [...this.ids()] : targets.filter((id) => this.#messages.has(id));
    for (const id of ids) {
      const before = this.#messages.get(id)!;
      const after = reduceMessage(before, event);
      if (after === before) continue;
      this.#messages.set(id, after);
      const match = matchesLocally(this.narrow, factsOf(after), this.source.store.ownUserId);
      // Reading never takes a message out (see dependsOnStarred); starring and moving can.
      const flagOnly = event.type === 'update_message_flags';
      if (match === false && (!flagOnly || dependsOnStarred(this.narrow))) this.#remove(id, delta);
      else delta.change(id);
      // An edit or move of a search result: the server decides again (and highlights anew).
      if (match === undefined && event.type === 'update_message') recheck.add(id);
    }
  }

  /** New messages the narrow cannot decide locally (search...): the server says which match. */
  async #checkNew(candidates: readonly Message[]): Promise<void> {
    const generation = this.#generation;
    await this.#guarded(
      () => this.#matches(candidates.map((m) => m.id)),
      (matched, delta) => {
        if (generation !== this.#generation || !this.#foundNewest) return;
        for (const m of candidates) if (matched.has(m.id) && !this.#messages.has(m.id)) this.#put(m, delta);
      },
      'checking new messages against the narrow',
    );
  }

  /** Known messages that were edited or moved, where only the server can say whether they still match. */
  async #recheck(ids: readonly number[]): Promise<void> {
    await this.#guarded(
      () => this.#matches(ids),
      (matched, delta) => {
        for (const id of ids) {
          if (!this.#messages.has(id)) continue;
          if (matched.has(id)) delta.change(id);
          else this.#remove(id, delta);
        }
      },
      'checking changed messages against the narrow',
    );
  }

  /** Messages moved in or starred that the list has not seen: fetched, then checked like new ones. */
  async #fetchByIds(ids: readonly number[], evenOutOfRange: boolean): Promise<void> {
    const generation = this.#generation;
    await this.#guarded(
      async () => {
        const { messages } = await getMessages(this.source.client, {
          message_ids: [...ids],
          apply_markdown: true,
          client_gravatar: false,
          allow_empty_topic_name: true,
        });
        const own = this.source.store.ownUserId;
        const undecided = messages
          .filter((m) => matchesLocally(this.narrow, factsOf(m), own) === undefined)
          .map((m) => m.id);
        const matched = undecided.length > 0 ? await this.#matches(undecided) : new Set<number>();
        return messages.filter((m) => matched.has(m.id) || matchesLocally(this.narrow, factsOf(m), own) === true);
      },
      (matching, delta) => {
        if (generation !== this.#generation) return;
        const keep = new Set(matching.map((m) => m.id));
        for (const id of ids) if (!keep.has(id)) this.#remove(id, delta);
        for (const m of matching)
          if (this.#messages.has(m.id) || evenOutOfRange || this.#inRange(m.id)) this.#put(m, delta);
      },
      'loading messages by id',
    );
  }

  /** `GET /messages/matches_narrow`: the ids that match; search highlights are kept. */
  async #matches(ids: readonly number[]): Promise<Set<number>> {
    const result = await checkMessagesMatchNarrow(this.source.client, {
      msg_ids: [...ids],
      narrow: [...this.narrow.terms],
    });
    const matched = new Set<number>();
    const search = narrowSearch(this.narrow) !== undefined;
    for (const [idText, match] of Object.entries(result.messages)) {
      const id = Number(idText);
      matched.add(id);
      if (search) this.#highlights.set(id, { content: match.match_content, subject: match.match_subject });
    }
    return matched;
  }

  // ---- contents -----------------------------------------------------------------------------

  /** Whether a message with this id belongs between the loaded ends (or beyond a found end). */
  #inRange(id: number): boolean {
    const ids = this.ids();
    if (!this.#fetched) return false;
    const low = this.#foundOldest || (ids.length > 0 && id >= ids[0]!);
    const high = this.#foundNewest || (ids.length > 0 && id <= ids[ids.length - 1]!);
    return low && high;
  }

  #put(m: Message, delta: DeltaBuilder): void {
    const had = this.#messages.get(m.id);
    this.#messages.set(m.id, m);
    // A page that brings a message back unchanged (a reload, a warm start's reconcile) changes nothing.
    if (had) {
      if (!isDeepStrictEqual(had, m)) delta.change(m.id);
    } else {
      this.#sorted = undefined;
      delta.add(m.id);
    }
  }

  #remove(id: number, delta: DeltaBuilder): void {
    if (!this.#messages.delete(id)) return;
    this.#sorted = undefined;
    this.#highlights.delete(id);
    delta.remove(id);
  }

  #emit(delta: DeltaBuilder): void {
    if (!delta.empty && !this.isDisposed) this.#onDidChange.fire(delta.build(this.#foundOldest, this.#foundNewest));
  }

  #report(error: unknown, what: string): void {
    if (this.isDisposed) return;
    if (this.source.onError) this.source.onError(error, what);
    else console.error(`Team Chat: message list: ${what} failed`, error);
  }
}

type Page = Awaited<ReturnType<typeof getMessages>>;
