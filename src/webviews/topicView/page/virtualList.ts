/**
 * A virtualised list: of the rows (ids, ascending), only those in the viewport and a margin around
 * it are in the DOM, plus the current row (the one the keyboard is on) wherever it is. The list's
 * padding above and below, and a top margin on a row after a gap (rules of a constructed style
 * sheet), hold the height of the rows that are not there. Heights are measured once a row is shown (a
 * ResizeObserver follows images, an opened edit history and a new width) and cached by id; rows never shown count as
 * the average.
 *
 * The reader's place is kept in data terms: before each change the row at the top of the viewport
 * and the distance into it are noted, and after it the list scrolls to put that row there again.
 * So rows above growing, older rows prepended and rows re-rendered do not move what is read; a
 * reader at the bottom stays at the bottom when rows are appended.
 */
import { controlKey, controlOf, sameControl } from './rowFocus';
import { RowHeights, rowAt } from './rowHeights';

export interface RowRenderer {
  /** A new element for the row `id` (its `data-id` is set by the list). */
  render(id: number): HTMLElement;
  /** The row's element entered the DOM. */
  attached?(id: number, node: HTMLElement): void;
  /** The row's element left the DOM (scrolled out, replaced or deleted). */
  detached?(id: number, node: HTMLElement): void;
}

type Anchor = { readonly bottom: true } | { readonly bottom: false; readonly id: number; readonly offset: number };

/** How far beyond the viewport rows are kept rendered, in viewport heights. */
const MARGIN_SCREENS = 1;
/** Within this many pixels of the end, the reader is "at the bottom". */
const BOTTOM_SLACK = 40;

export class VirtualList {
  #ids: number[] = [];
  #index = new Map<number, number>();
  readonly #heights = new RowHeights();
  readonly #rows = new Map<number, HTMLElement>();
  #current: number | undefined;
  #anchor: Anchor | undefined;
  #pinned = true;
  #width = 0;
  #height = 0;
  #setSize = -1;
  readonly #resize: ResizeObserver;
  readonly #above = new Map<HTMLElement, number>();
  readonly #sheet = new CSSStyleSheet();
  #sheetText = '';

  constructor(
    readonly list: HTMLElement,
    readonly scroller: HTMLElement,
    private readonly renderer: RowRenderer,
  ) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.#sheet];
    this.#resize = new ResizeObserver((entries) => this.#resized(entries));
    this.#resize.observe(scroller);
    scroller.addEventListener('scroll', () => this.#scrolled(), { passive: true });
  }

  // ---- reading ------------------------------------------------------------------------------

  /** All ids, ascending (rendered or not). */
  ids(): readonly number[] {
    return this.#ids;
  }

  has(id: number): boolean {
    return this.#index.has(id);
  }

  indexOf(id: number): number {
    return this.#index.get(id) ?? -1;
  }

  /** The row's element while it is in the DOM. */
  node(id: number): HTMLElement | undefined {
    return this.#rows.get(id);
  }

  /** Whether the reader is at the end of the list (new rows keep it there). */
  get pinned(): boolean {
    return this.#pinned;
  }

  /** The row the keyboard is on (one row is in the Tab order); kept in the DOM wherever it is. */
  get current(): number | undefined {
    return this.#current;
  }

  /** The first row whose lower part is in the viewport. */
  topVisible(): { id: number; offset: number } | undefined {
    const a = this.#capture(false);
    return a.bottom ? undefined : { id: a.id, offset: a.offset };
  }

  // ---- changing -----------------------------------------------------------------------------

  /**
   * Replaces every row (heights measured before are kept: the ids are the same messages); a focused
   * row keeps the focus, on the same control.
   */
  reset(ids: readonly number[], setSize = -1): void {
    const focused = this.#focusedId();
    const old = focused === undefined ? undefined : this.#rows.get(focused);
    const control =
      old && old !== document.activeElement ? controlKey(old, document.activeElement as HTMLElement) : undefined;
    for (const [id, node] of this.#rows) this.#detach(id, node);
    this.list.replaceChildren();
    this.#ids = [...ids].sort((a, b) => a - b);
    this.#reindex();
    this.#setSize = setSize;
    if (this.#current !== undefined && !this.#index.has(this.#current)) this.#current = undefined;
    this.#anchor = { bottom: true };
    this.#pinned = true;
    if (focused !== undefined && this.#index.has(focused)) this.#current = focused;
    this.refresh();
    const row = focused === undefined ? undefined : this.#rows.get(focused);
    row?.focus({ preventScroll: true });
    if (row && control) controlOf(row, control)?.focus({ preventScroll: true });
  }

  /** Adds rows and re-renders those given that are shown; the reader's place is kept. */
  upsert(ids: readonly number[]): void {
    this.#note();
    const fresh = ids.filter((id) => !this.#index.has(id));
    if (fresh.length > 0) {
      const last = this.#ids[this.#ids.length - 1];
      const sorted = [...new Set(fresh)].sort((a, b) => a - b);
      this.#ids =
        last !== undefined && sorted[0]! > last
          ? this.#ids.concat(sorted)
          : [...this.#ids, ...sorted].sort((a, b) => a - b);
      this.#reindex();
    }
    for (const id of ids) {
      const old = this.#rows.get(id);
      if (old && !fresh.includes(id)) this.#replace(id, old);
    }
    this.refresh();
  }

  /** Removes rows. */
  remove(ids: readonly number[]): void {
    this.#note();
    const gone = new Set(ids.filter((id) => this.#index.has(id)));
    if (gone.size === 0) return;
    this.#ids = this.#ids.filter((id) => !gone.has(id));
    this.#reindex();
    for (const id of gone) {
      const node = this.#rows.get(id);
      if (node) {
        node.remove();
        this.#detach(id, node);
      }
      this.#heights.forget(id);
    }
    if (this.#current !== undefined && gone.has(this.#current)) this.#current = undefined;
    this.refresh();
  }

  /** The total number of rows when known (aria-setsize; -1: not known yet). */
  setSetSize(size: number): void {
    if (size === this.#setSize) return;
    this.#setSize = size;
    for (const [id, node] of this.#rows) this.#aria(id, node);
  }

  /** Renders the row again (its model or search highlight changed), if it is shown. */
  rerender(id: number): void {
    const old = this.#rows.get(id);
    if (!old) return;
    this.#note();
    this.#replace(id, old);
    this.refresh();
  }

  /** Makes `id` the row the Tab key reaches. */
  setCurrent(id: number | undefined): void {
    if (id === this.#current) return;
    const before = this.#current === undefined ? undefined : this.#rows.get(this.#current);
    this.#current = id;
    if (before) before.tabIndex = -1;
    const node = id === undefined ? undefined : this.#rows.get(id);
    if (node) node.tabIndex = 0;
    else if (id !== undefined) this.refresh();
  }

  /**
   * Scrolls row `id` into view (`start`, `center`, or `nearest`: only as far as needed) and
   * returns its element; undefined when the list has no such row.
   */
  scrollTo(id: number, block: 'start' | 'center' | 'nearest'): HTMLElement | undefined {
    const i = this.#index.get(id);
    if (i === undefined) return undefined;
    this.#anchor = { bottom: false, id, offset: 0 };
    this.refresh();
    // Measured now: place it for real.
    const prefix = this.#heights.layout(this.#ids);
    const top = prefix[i]!;
    const height = prefix[i + 1]! - top;
    const view = this.scroller.clientHeight;
    const listTop = this.#listTop();
    const now = this.scroller.scrollTop - listTop;
    let to = top;
    if (block === 'center') to = top - (view - height) / 2;
    else if (block === 'nearest') to = top < now ? top : top + height > now + view ? top + height - view : now;
    this.#anchor = this.#anchorAt(to);
    this.refresh();
    return this.#rows.get(id);
  }

  scrollToBottom(): void {
    this.#anchor = { bottom: true };
    this.#pinned = true;
    this.refresh();
  }

  /** Lays the rows out around the reader's place (noted before the change, or now). */
  refresh(): void {
    const anchor = this.#anchor ?? this.#capture(this.#pinned);
    this.#anchor = undefined;
    const view = this.scroller.clientHeight;
    const margin = Math.max(200, view * MARGIN_SCREENS);
    let viewTop = 0;
    const listTop = this.#listTop();
    // Rows measured for the first time can move the anchor: lay out again (at most a few times).
    for (let pass = 0; pass < 4; pass++) {
      const prefix = this.#heights.layout(this.#ids);
      const total = prefix[this.#ids.length]!;
      viewTop = anchor.bottom ? Math.max(0, total - view) : prefix[this.#index.get(anchor.id) ?? 0]! + anchor.offset;
      // What is above the list (the "older" line) may be in view at the top.
      viewTop = Math.max(-listTop, Math.min(viewTop, Math.max(0, total - view)));
      const first = rowAt(prefix, this.#ids.length, viewTop - margin);
      const last = Math.min(this.#ids.length - 1, rowAt(prefix, this.#ids.length, viewTop + view + margin));
      const wanted = new Set<number>();
      for (let i = first; i <= last; i++) wanted.add(this.#ids[i]!);
      if (this.#current !== undefined && this.#index.has(this.#current)) wanted.add(this.#current);
      // The row holding the focus stays too (it leaves only when deleted).
      const focused = this.#focusedId();
      if (focused !== undefined) wanted.add(focused);
      if (!this.#sync(wanted)) break;
    }
    this.#place(this.#heights.layout(this.#ids));
    this.scroller.scrollTop = listTop + viewTop;
    if (anchor.bottom) this.scroller.scrollTop = this.scroller.scrollHeight;
    this.#pinned = anchor.bottom || this.#atEnd();
  }

  #atEnd(): boolean {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < BOTTOM_SLACK;
  }

  // ---- inside -------------------------------------------------------------------------------

  #reindex(): void {
    this.#index = new Map(this.#ids.map((id, i) => [id, i]));
    this.#heights.invalidate();
  }

  /** Where the list starts in the scroller's content. */
  #listTop(): number {
    return (
      this.list.getBoundingClientRect().top -
      this.scroller.getBoundingClientRect().top +
      this.scroller.scrollTop -
      this.scroller.clientTop
    );
  }

  #anchorAt(y: number): Anchor {
    if (this.#ids.length === 0) return { bottom: true };
    const prefix = this.#heights.layout(this.#ids);
    const i = rowAt(prefix, this.#ids.length, Math.max(0, y));
    return { bottom: false, id: this.#ids[i]!, offset: y - prefix[i]! };
  }

  /** The reader's place now (from the layout before the change about to happen). */
  #capture(atBottom: boolean): Anchor {
    if (atBottom || this.#ids.length === 0) return { bottom: true };
    return this.#anchorAt(this.scroller.scrollTop - this.#listTop());
  }

  /** Notes the reader's place before a change (once per batch of changes). */
  #note(): void {
    if (!this.#anchor) this.#anchor = this.#capture(this.#pinned);
  }

  #focusedId(): number | undefined {
    const active = document.activeElement;
    if (!active || !this.list.contains(active)) return undefined;
    const row = active.closest<HTMLElement>('[data-id]');
    const id = row ? Number(row.dataset.id) : NaN;
    return this.#rows.get(id) === row ? id : undefined;
  }

  /** Puts exactly the `wanted` rows in the DOM, in order; true when rows were measured anew. */
  #sync(wanted: ReadonlySet<number>): boolean {
    for (const [id, node] of this.#rows) {
      if (wanted.has(id)) continue;
      node.remove();
      this.#detach(id, node);
    }
    const order = [...wanted].sort((a, b) => a - b);
    const added: number[] = [];
    let before: ChildNode | null = this.list.firstChild;
    for (const id of order) {
      let node = this.#rows.get(id);
      if (!node) {
        node = this.#build(id);
        this.#rows.set(id, node);
        added.push(id);
      }
      if (node !== before) this.list.insertBefore(node, before);
      before = node.nextSibling;
    }
    for (const id of added) this.renderer.attached?.(id, this.#rows.get(id)!);
    let changed = false;
    for (const id of added) {
      const h = this.#rows.get(id)!.getBoundingClientRect().height;
      if (this.#heights.measure(id, h)) changed = true;
    }
    return changed;
  }

  /**
   * The padding and margins that stand for the rows not in the DOM, as rules of the page's own
   * constructed style sheet (no inline style: the content security policy has no 'unsafe-inline').
   */
  #place(prefix: Float64Array): void {
    const shown = [...this.#rows.keys()].sort((a, b) => a - b);
    const n = this.#ids.length;
    const list = `#${CSS.escape(this.list.id)}`;
    let end = 0;
    let top = 0;
    const gaps: string[] = [];
    shown.forEach((id, k) => {
      const i = this.#index.get(id)!;
      const gap = prefix[i]! - prefix[end]!;
      if (k === 0) top = gap;
      else if (gap > 0) gaps.push(`${list} > [data-id="${id}"] { margin-top: ${gap}px; }`);
      end = i + 1;
      this.#aria(id, this.#rows.get(id)!);
    });
    const bottom = prefix[n]! - prefix[Math.min(end, n)]!;
    const text = [`${list} { padding-top: ${top}px; padding-bottom: ${bottom}px; }`, ...gaps].join('\n');
    if (text !== this.#sheetText) {
      this.#sheetText = text;
      this.#sheet.replaceSync(text);
    }
  }

  #aria(id: number, node: HTMLElement): void {
    const i = this.#index.get(id);
    if (i === undefined) return;
    node.setAttribute('aria-posinset', String(this.#setSize > 0 ? this.#setSize - this.#ids.length + i + 1 : i + 1));
    node.setAttribute('aria-setsize', String(this.#setSize > 0 ? this.#setSize : -1));
  }

  #build(id: number): HTMLElement {
    const node = this.renderer.render(id);
    node.dataset.id = String(id);
    node.tabIndex = id === this.#current ? 0 : -1;
    this.#resize.observe(node);
    return node;
  }

  #detach(id: number, node: HTMLElement): void {
    this.#rows.delete(id);
    this.#resize.unobserve(node);
    this.renderer.detached?.(id, node);
  }

  /** Renders the row again in place; the keyboard stays on it (or on the same action of it). */
  #replace(id: number, old: HTMLElement): void {
    const focused = old.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    const node = this.#build(id);
    old.replaceWith(node);
    this.#detach(id, old);
    this.#rows.set(id, node);
    this.renderer.attached?.(id, node);
    this.#aria(id, node);
    if (focused) {
      // The message first: its actions show only while it has the focus within.
      node.focus({ preventScroll: true });
      if (focused !== old) sameControl(old, focused, node)?.focus({ preventScroll: true });
    }
    this.#heights.measure(id, node.getBoundingClientRect().height);
  }

  #scrolled(): void {
    this.#pinned = this.#atEnd();
    this.#check();
  }

  /** Lays out when the viewport (and its margin) is no longer covered by the rows in the DOM. */
  #check(): void {
    if (this.#ids.length === 0) return;
    const prefix = this.#heights.layout(this.#ids);
    const view = this.scroller.clientHeight;
    const top = this.scroller.scrollTop - this.#listTop();
    const first = rowAt(prefix, this.#ids.length, top - view / 2);
    const last = rowAt(prefix, this.#ids.length, top + view + view / 2);
    // Every row of the span, not only its ends: the current row stays in the DOM wherever it is,
    // so both ends can be there with a hole between them (a blank row above the current one).
    if (this.#ids.slice(first, last + 1).some((id) => !this.#rows.has(id))) this.refresh();
  }

  /** Elements above the list in the scroller (their height changes move the rows). */
  watchAbove(element: HTMLElement): void {
    this.#above.set(element, element.getBoundingClientRect().height);
    this.#resize.observe(element);
  }

  #resized(entries: readonly ResizeObserverEntry[]): void {
    let changed = false;
    let shift = 0;
    for (const entry of entries) {
      const before = this.#above.get(entry.target as HTMLElement);
      if (before === undefined) continue;
      const h = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      shift += h - before;
      this.#above.set(entry.target as HTMLElement, h);
    }
    // What is above the list grew or shrank: the reader's rows keep their place on screen.
    if (shift !== 0 && !this.#pinned) this.scroller.scrollTop += shift;
    for (const entry of entries) {
      const target = entry.target as HTMLElement;
      if (this.#above.has(target)) continue;
      if (target === this.scroller) {
        const width = entry.contentRect.width;
        if (width !== this.#width) {
          // Another width: heights not measured at it are guesses again.
          if (this.#width !== 0) {
            this.#note();
            this.#heights.forgetAllBut((id) => this.#rows.has(id));
            changed = true;
          }
          this.#width = width;
        }
        // A lower viewport (the compose box grew): a reader at the end stays at the end.
        if (entry.contentRect.height !== this.#height) {
          if (this.#height !== 0 && this.#pinned) this.scroller.scrollTop = this.scroller.scrollHeight;
          this.#height = entry.contentRect.height;
          this.#check();
        }
        continue;
      }
      const id = Number(target.dataset.id);
      if (this.#rows.get(id) !== target) continue;
      const h = entry.borderBoxSize?.[0]?.blockSize ?? target.getBoundingClientRect().height;
      const old = this.#heights.get(id);
      if (old !== undefined && Math.abs(old - h) < 0.5) continue;
      if (!changed) this.#note();
      changed = true;
      this.#heights.measure(id, h);
    }
    if (changed) {
      if (!this.#anchor) this.#note();
      this.refresh();
    }
  }
}
