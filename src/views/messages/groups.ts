/**
 * Message rows grouped by conversation (a search's results): one group per topic or direct
 * conversation, the newest conversation first, its rows newest first. No `vscode`.
 */
import type { MessageRow, MessageTarget } from './rows';

export interface ConversationGroup {
  /** Equal for one conversation (topics compare case-insensitively, as the server does). */
  readonly key: string;
  /** "#channel › topic", or the direct conversation's people (the rows' description). */
  readonly label: string;
  readonly target: MessageTarget;
  /** Newest first. */
  readonly rows: readonly MessageRow[];
}

export function conversationKey(target: MessageTarget): string {
  return target.kind === 'topic'
    ? `topic:${target.streamId}:${target.topic.toLowerCase()}`
    : `dm:${target.userIds.join(',')}`;
}

/** Groups rows given newest first (as `messageRows` returns them). */
export function groupByConversation(rows: readonly MessageRow[]): ConversationGroup[] {
  const groups = new Map<string, { label: string; target: MessageTarget; rows: MessageRow[] }>();
  for (const row of rows) {
    const key = conversationKey(row.target);
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { label: row.description, target: row.target, rows: [row] });
  }
  return [...groups].map(([key, g]) => ({ key, ...g }));
}
