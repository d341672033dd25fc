/**
 * Chat narrow URLs (`<realm>/#narrow/channel/12-general/topic/deploys/near/345`), as the web app
 * writes them: which channel and topic, conversation or message they point at. No `vscode`.
 */

export type NarrowTarget =
  | { readonly kind: 'topic'; readonly streamId: number; readonly topic: string; readonly messageId?: number }
  | { readonly kind: 'channel'; readonly streamId: number; readonly messageId?: number }
  | { readonly kind: 'dm'; readonly userIds: readonly number[]; readonly messageId?: number };

/** The web app's hash encoding, undone: `.` stands for `%` (and `%2E` for a dot). */
export function decodeHashComponent(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\./g, '%'));
  } catch {
    return part;
  }
}

const CHANNEL = new Set(['channel', 'stream']);
const TOPIC = new Set(['topic', 'subject']);
const MESSAGE = new Set(['near', 'with']);
const DM = new Set(['dm', 'pm-with']);

/**
 * What a narrow URL of the realm at `realmUrl` shows; undefined for other origins and for narrows
 * that are not a channel, topic or direct conversation.
 */
export function parseNarrowUrl(url: string, realmUrl: string): NarrowTarget | undefined {
  let parsed: URL;
  let realm: URL;
  try {
    parsed = new URL(url);
    realm = new URL(realmUrl);
  } catch {
    return undefined;
  }
  if (parsed.origin !== realm.origin || !parsed.hash.startsWith('#narrow/')) return undefined;
  const parts = parsed.hash.slice('#narrow/'.length).split('/');
  if (parts.length % 2 !== 0) return undefined;
  let streamId: number | undefined;
  let topic: string | undefined;
  let messageId: number | undefined;
  let userIds: number[] | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const operator = parts[i]!;
    const operand = decodeHashComponent(parts[i + 1]!);
    if (CHANNEL.has(operator)) {
      const id = /^(\d+)(?:-|$)/.exec(operand);
      if (!id) return undefined;
      streamId = Number(id[1]);
    } else if (TOPIC.has(operator)) {
      topic = operand;
    } else if (MESSAGE.has(operator)) {
      if (!/^\d+$/.test(operand)) return undefined;
      messageId = Number(operand);
    } else if (DM.has(operator)) {
      const ids = /^([\d,]+)(?:-|$)/.exec(operand);
      if (!ids) return undefined;
      userIds = ids[1]!.split(',').filter(Boolean).map(Number);
    } else {
      return undefined;
    }
  }
  if (userIds && streamId === undefined) return { kind: 'dm', userIds, messageId };
  if (streamId === undefined || userIds) return undefined;
  return topic === undefined ? { kind: 'channel', streamId, messageId } : { kind: 'topic', streamId, topic, messageId };
}

/** Every narrow URL of the realm in `text` (e.g. one line of code), with where it is. */
export function findNarrowUrls(text: string, realmUrl: string): { index: number; length: number; target: NarrowTarget }[] {
  const found: { index: number; length: number; target: NarrowTarget }[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s"'<>()`]+#narrow\/[^\s"'<>()`]+/g)) {
    const url = m[0].replace(/[.,;:!?\]]+$/, '');
    const target = parseNarrowUrl(url, realmUrl);
    if (target) found.push({ index: m.index, length: url.length, target });
  }
  return found;
}
