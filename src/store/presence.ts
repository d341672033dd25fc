import type { PresenceTimes } from '../api/events/models';
import { toPresenceTimes } from '../api/events/parse';

export interface PresenceGroups {
  /** User ids, each list in the order of `orderedUserIds` (by name). */
  readonly active: readonly number[];
  readonly idle: readonly number[];
  readonly offline: readonly number[];
}

export type PresenceState = 'active' | 'idle' | 'offline';

/**
 * Last-seen times per user and the active / idle / offline grouping derived from them.
 * A user is active when an `active` report is within `offline_threshold` seconds of now, idle when
 * any report (active or idle) is, else offline. The grouping is cached until a report arrives, the
 * user list changes, or the clock reaches the next moment somebody's state would change.
 */
export class PresenceIndex {
  readonly #times = new Map<number, { active: number; online: number }>();
  #groups: PresenceGroups | undefined;
  #groupsValidUntil = 0;

  /**
   * @param nowMs injectable clock (ms)
   * @param offsetSeconds server time minus local time, from the snapshot's `server_timestamp`
   */
  constructor(
    private readonly nowMs: () => number,
    public thresholdSeconds = 140,
    public offsetSeconds = 0,
  ) {}

  /** Server time now, in seconds. */
  now(): number {
    return this.nowMs() / 1000 + this.offsetSeconds;
  }

  clear(): void {
    this.#times.clear();
    this.invalidate();
  }

  invalidate(): void {
    this.#groups = undefined;
  }

  /** Merges one report in the modern form; absent fields keep the known value. */
  update(userId: number, times: PresenceTimes): boolean {
    const old = this.#times.get(userId);
    const active = Math.max(times.active_timestamp ?? 0, old?.active ?? 0);
    const online = Math.max(times.idle_timestamp ?? 0, active, old?.online ?? 0);
    if (old && old.active === active && old.online === online) return false;
    this.#times.set(userId, { active, online });
    this.invalidate();
    return true;
  }

  remove(userId: number): void {
    if (this.#times.delete(userId)) this.invalidate();
  }

  times(userId: number): { active: number; online: number } | undefined {
    return this.#times.get(userId);
  }

  state(userId: number, now = this.now()): PresenceState {
    const t = this.#times.get(userId);
    if (!t) return 'offline';
    if (now - t.active <= this.thresholdSeconds) return 'active';
    if (now - t.online <= this.thresholdSeconds) return 'idle';
    return 'offline';
  }

  /** `orderedUserIds`: the humans to group (active accounts, no bots), in display order. */
  groups(orderedUserIds: readonly number[]): PresenceGroups {
    const now = this.now();
    if (this.#groups && now < this.#groupsValidUntil) return this.#groups;
    const active: number[] = [];
    const idle: number[] = [];
    const offline: number[] = [];
    let validUntil = Infinity;
    const limit = this.thresholdSeconds;
    for (const id of orderedUserIds) {
      const t = this.#times.get(id);
      if (t && now - t.active <= limit) {
        active.push(id);
        validUntil = Math.min(validUntil, t.active + limit);
      } else if (t && now - t.online <= limit) {
        idle.push(id);
        validUntil = Math.min(validUntil, t.online + limit);
      } else {
        offline.push(id);
      }
    }
    this.#groups = { active, idle, offline };
    // Strictly after the moment the first user crosses the threshold.
    this.#groupsValidUntil = validUntil + 1e-3;
    return this.#groups;
  }
}

/** A snapshot presence entry (any form) as last-active / last-online times. */
export function snapshotPresenceTimes(entry: unknown): { active_timestamp?: number; idle_timestamp?: number } {
  const e = entry as Record<string, unknown>;
  if (typeof e.active_timestamp === 'number' || typeof e.idle_timestamp === 'number') return toPresenceTimes(e);
  const agg = (e.aggregated ?? e.website) as { status?: string; timestamp?: number } | undefined;
  if (!agg || typeof agg.timestamp !== 'number') return toPresenceTimes(e);
  return agg.status === 'active'
    ? { active_timestamp: agg.timestamp, idle_timestamp: agg.timestamp }
    : { idle_timestamp: agg.timestamp };
}
