/** What one change did to a message list, for its views. Ids are in ascending (= display) order. */
export interface MessageListDelta {
  /** Newly in the list: fetched pages, new messages, messages moved in. */
  readonly added: readonly number[];
  /** Still in the list with new content, reactions, flags, submessages or topic. */
  readonly changed: readonly number[];
  /** Gone: deleted, moved out, or no longer matching. */
  readonly removed: readonly number[];
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
}

/** Collects one delta; a message added then removed within it is neither. */
export class DeltaBuilder {
  readonly #added = new Set<number>();
  readonly #changed = new Set<number>();
  readonly #removed = new Set<number>();
  #found = false;

  add(id: number): void {
    if (this.#removed.delete(id)) this.#changed.add(id);
    else this.#added.add(id);
  }

  change(id: number): void {
    if (!this.#added.has(id)) this.#changed.add(id);
  }

  remove(id: number): void {
    if (this.#added.delete(id)) return;
    this.#changed.delete(id);
    this.#removed.add(id);
  }

  /** found_oldest or found_newest changed. */
  found(): void {
    this.#found = true;
  }

  get empty(): boolean {
    return this.#added.size + this.#changed.size + this.#removed.size === 0 && !this.#found;
  }

  build(foundOldest: boolean, foundNewest: boolean): MessageListDelta {
    const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);
    return {
      added: sorted(this.#added),
      changed: sorted(this.#changed),
      removed: sorted(this.#removed),
      foundOldest,
      foundNewest,
    };
  }
}
