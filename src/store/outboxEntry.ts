/** An outbox entry and its storage: what src/store/outbox.ts keeps and src/session/outboxFile.ts writes. */

export type OutboxDestination =
  { type: 'stream'; streamId: number; topic: string } | { type: 'private'; userIds: number[] };

/**
 * `waiting`: not sent yet, or to be sent again (by itself); `sending`: a send or its duplicate
 * check is under way; `failed`: the server could not be reached, sent again on `resume()` or the
 * backoff timer; `refused`: the server said no (its reason in `error`), sent only on `retry()`.
 */
export type OutboxState = 'waiting' | 'sending' | 'failed' | 'refused';

export interface OutboxError {
  /** For the user; the server's own words for a refusal (untrusted text: show it as text). */
  message: string;
  /** The API error code, when the server gave one. */
  code?: string;
}

export interface OutboxEntry {
  readonly localId: string;
  readonly to: OutboxDestination;
  readonly content: string;
  /** ms since the epoch. */
  readonly createdAt: number;
  readonly state: OutboxState;
  readonly error?: OutboxError;
  /** Sends begun (checks not counted). */
  readonly attempts: number;
  /** When the last send began, while its outcome is unknown: it is checked before a new send. */
  readonly sendStartedAt?: number;
  /** The newest message this outbox had delivered when that send began (none of them is this one). */
  readonly afterMessageId?: number;
  /** The text that send carried, when the entry was edited since. */
  readonly sentContent?: string;
}

/** Where entries are kept between runs (src/session/outboxFile.ts; in memory in tests). */
export interface OutboxStorage {
  load(): Promise<OutboxEntry[]>;
  save(entries: readonly OutboxEntry[]): Promise<void>;
}
