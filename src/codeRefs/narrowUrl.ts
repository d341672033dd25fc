/**
 * Links to conversations of the organisation, as the server and the web app write them:
 * `<realm>/#narrow/channel/<id>-<name>/topic/<topic>/near/<message id>` (also `stream`,
 * `subject`, `with`), `#narrow/dm/<ids>-<slug>` (also `pm-with`). Operands are hash-encoded: `%`
 * written as `.`. Also found in code (a comment linking its discussion). Pure; no `vscode`:
 * the pages and the host share it.
 */

/**
 * A link's conversation; `follow`: the link is a `with` link, whose message names the conversation wherever it was
 * moved.
 */
export type NarrowTarget =
  | {
      readonly kind: 'channel';
      readonly streamId: number;
      readonly topic?: string;
      readonly messageId?: number;
      readonly follow?: true;
    }
  | { readonly kind: 'dm'; readonly userIds: readonly number[]; readonly messageId?: number; readonly follow?: true };

function decodeOperand(operand: string): string | undefined {
  try {
    return decodeURIComponent(operand.replace(/\./g, '%'));
  } catch {
    return undefined;
  }
}

/**
 * The conversation `href` links to, when it is a `#narrow` link on `realmUrl` (relative links
 * resolve against it); undefined for anything else (other origins keep the browser behaviour).
 */
export function parseNarrowLink(href: string, realmUrl: string): NarrowTarget | undefined {
  let url: URL;
  const realm = new URL(realmUrl.replace(/\/*$/, '/'));
  try {
    url = new URL(href, realm);
  } catch {
    return undefined;
  }
  if (url.origin !== realm.origin || !url.hash.startsWith('#narrow/')) return undefined;
  if (url.pathname !== realm.pathname && url.pathname !== realm.pathname.replace(/\/$/, '')) return undefined;
  const parts = url.hash.slice('#narrow/'.length).split('/');
  let streamId: number | undefined;
  let topic: string | undefined;
  let messageId: number | undefined;
  let follow = false;
  let userIds: number[] | undefined;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const operator = parts[i]!.toLowerCase();
    const operand = decodeOperand(parts[i + 1]!);
    if (operand === undefined) return undefined;
    if (operator === 'channel' || operator === 'stream') {
      const id = /^(\d+)(?:-|$)/.exec(operand);
      if (!id) return undefined;
      streamId = Number(id[1]);
    } else if (operator === 'topic' || operator === 'subject') {
      topic = operand;
    } else if (operator === 'near' || operator === 'with' || operator === 'id') {
      if (!/^\d+$/.test(operand)) return undefined;
      messageId = Number(operand);
      follow = operator === 'with';
    } else if (operator === 'dm' || operator === 'pm-with') {
      const ids = /^([\d,]+)(?:-|$)/.exec(operand);
      if (!ids) return undefined;
      userIds = ids[1]!.split(',').filter(Boolean).map(Number);
    }
  }
  const at = messageId !== undefined ? { messageId, ...(follow ? { follow: true as const } : {}) } : {};
  if (streamId !== undefined && Number.isSafeInteger(streamId) && streamId > 0) {
    return { kind: 'channel', streamId, ...(topic !== undefined ? { topic } : {}), ...at };
  }
  if (userIds && userIds.length > 0 && userIds.every((id) => Number.isSafeInteger(id) && id > 0))
    return { kind: 'dm', userIds, ...at };
  return undefined;
}

/** Every narrow URL of the realm in `text` (e.g. one line of code), with where it is. */
export function findNarrowUrls(
  text: string,
  realmUrl: string,
): { index: number; length: number; target: NarrowTarget }[] {
  const found: { index: number; length: number; target: NarrowTarget }[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s"'<>()`]+#narrow\/[^\s"'<>()`]+/g)) {
    const url = m[0].replace(/[.,;:!?\]]+$/, '');
    const target = parseNarrowLink(url, realmUrl);
    if (target) found.push({ index: m.index, length: url.length, target });
  }
  return found;
}
