/**
 * The heights of a virtualised list's rows (./virtualList.ts): measured ones cached by id, the
 * others estimated as the average of those measured; and the top of each row from them.
 */

/** The height of a row not measured yet, before any row was measured. */
const FIRST_ESTIMATE = 72;

export class RowHeights {
  readonly #heights = new Map<number, number>();
  #measuredSum = 0;
  /** Top of each row and, last, the total height; rebuilt when stale. */
  #prefix = new Float64Array(1);
  #stale = true;

  /** The rows changed (added, removed, or reordered): the tops are computed again. */
  invalidate(): void {
    this.#stale = true;
  }

  get(id: number): number | undefined {
    return this.#heights.get(id);
  }

  /** Records a row's height; true when it differs from what the layout assumed. */
  measure(id: number, h: number): boolean {
    if (h <= 0) return false;
    const old = this.#heights.get(id);
    if (old !== undefined && Math.abs(old - h) < 0.5) return false;
    this.#measuredSum += h - (old ?? 0);
    this.#heights.set(id, h);
    this.#stale = true;
    return true;
  }

  forget(id: number): void {
    const h = this.#heights.get(id);
    if (h === undefined) return;
    this.#measuredSum -= h;
    this.#heights.delete(id);
    this.#stale = true;
  }

  /** Forgets every height but those of `keep` (the rows' width changed: the others are guesses again). */
  forgetAllBut(keep: (id: number) => boolean): void {
    for (const id of [...this.#heights.keys()]) if (!keep(id)) this.forget(id);
  }

  /** The top of each of `ids` and, at index `ids.length`, the total height. */
  layout(ids: readonly number[]): Float64Array {
    if (!this.#stale) return this.#prefix;
    const n = ids.length;
    if (this.#prefix.length !== n + 1) this.#prefix = new Float64Array(n + 1);
    const estimate = this.#heights.size > 0 ? this.#measuredSum / this.#heights.size : FIRST_ESTIMATE;
    let y = 0;
    for (let i = 0; i < n; i++) {
      this.#prefix[i] = y;
      y += this.#heights.get(ids[i]!) ?? estimate;
    }
    this.#prefix[n] = y;
    this.#stale = false;
    return this.#prefix;
  }
}

/** The index of the row at `y` in a layout of `n` rows (clamped to the rows). */
export function rowAt(prefix: Float64Array, n: number, y: number): number {
  if (n === 0 || y <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (prefix[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
