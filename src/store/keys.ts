/** Topics compare case-insensitively on the server; maps are keyed by this. */
export function topicKey(topic: string): string {
  return topic.toLowerCase();
}

/** The prefix of resolved topics: U+2714 then a space. */
export const RESOLVED_PREFIX = '\u2714 ';

export function isResolved(topic: string): boolean {
  return topic.startsWith(RESOLVED_PREFIX);
}

/**
 * The key of a direct conversation: the sorted ids of the users in it other than the own user;
 * the conversation with oneself is keyed by the own id.
 */
export function dmKey(userIds: Iterable<number>, ownUserId: number): string {
  const others = [...new Set(userIds)].filter((id) => id !== ownUserId).sort((a, b) => a - b);
  return others.length === 0 ? String(ownUserId) : others.join(',');
}

/** A presence key that is a user id (`slim_presence`); other keys are emails. */
export const USER_ID_KEY = /^\d+$/;
