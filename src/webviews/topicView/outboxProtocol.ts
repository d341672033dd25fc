/**
 * The conversation view's unsent messages (host ↔ page): the host posts this conversation's
 * outbox entries (src/session/outbox.ts), the page shows them below the messages with Retry, Edit
 * and Delete. Imported by both sides, like `./protocol`.
 */
import { CommandType, NotificationType } from '../protocol';
import { isRecord } from '../../guards';

export interface OutboxEntryModel {
  readonly localId: string;
  readonly content: string;
  /** `sending`: waiting or being sent; `failed`: could not reach the server; `refused`: the server said no. */
  readonly state: 'sending' | 'failed' | 'refused';
  /** Why it was not sent (the server's words for a refusal: untrusted text). */
  readonly reason?: string;
}

/** This conversation's entries, in sending order (none: the list is hidden). */
export const OutboxNotification = new NotificationType<{ readonly entries: readonly OutboxEntryModel[] }>(
  'topic/outbox',
);

export const OUTBOX_ACTIONS = ['retry', 'edit', 'delete'] as const;
export type OutboxAction = (typeof OUTBOX_ACTIONS)[number];

/** Retry sends the entry again; Edit puts its text in the compose box and drops it; Delete drops it. */
export const OutboxActionCommand = new CommandType<{ readonly localId: string; readonly action: OutboxAction }>(
  'topic/outboxAction',
  (p): p is { localId: string; action: OutboxAction } =>
    isRecord(p) &&
    typeof p.localId === 'string' &&
    p.localId.length <= 100 &&
    (OUTBOX_ACTIONS as readonly unknown[]).includes(p.action),
);
