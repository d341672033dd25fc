import { ChatServer } from './core';
import { badRequest } from './errors';
import { UNICODE_EMOJI_NAMES } from '../../src/emoji/names';

/**
 * Unicode emoji names the server knows (name → dash-separated code points, as `emoji_code`).
 * The real service accepts every standard emoji; this is a wide selection of the common ones (and
 * a few aliases), enough that statuses and reactions a user picks are not refused by the demo.
 * It is the table the client completes from (one list).
 */
export const UNICODE_EMOJI: Record<string, string> = UNICODE_EMOJI_NAMES;

const UNICODE_CODES = new Set(Object.values(UNICODE_EMOJI));

/**
 * Validate an emoji triple as the service does for reactions and statuses; returns the
 * (possibly looked-up) code and internal reaction type.
 */
export function checkEmoji(
  srv: ChatServer,
  name: string,
  code: string | undefined,
  type: string | undefined,
): { code: string; type: string } {
  const t = type ?? (code === undefined ? guessType(srv, name) : 'unicode_emoji');
  if (t === 'unicode_emoji') {
    const known = UNICODE_EMOJI[name];
    if (code === undefined) {
      if (!known) throw badRequest(`Emoji '${name}' does not exist`);
      return { code: known, type: t };
    }
    if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code) || !UNICODE_CODES.has(code)) throw badRequest('Invalid emoji code.');
    if (known && known !== code) throw badRequest('Invalid emoji name.');
    if (!known) throw badRequest('Invalid emoji name.');
    return { code, type: t };
  }
  if (t === 'realm_emoji') {
    const byCode =
      code !== undefined
        ? srv.state.realmEmoji.get(code)
        : [...srv.state.realmEmoji.values()].find((e) => e.name === name);
    if (!byCode || byCode.deactivated) throw badRequest('Invalid custom emoji.');
    if (byCode.name !== name) throw badRequest('Invalid custom emoji name.');
    return { code: byCode.id, type: t };
  }
  if (t === srv.extraEmojiType) {
    if (name !== 'zulip' || (code !== undefined && code !== 'zulip')) throw badRequest('Invalid emoji code.');
    return { code: 'zulip', type: 'extra_emoji' };
  }
  throw badRequest('Invalid reaction_type', 'REQUEST_VARIABLE_INVALID', { var_name: 'reaction_type' });
}

function guessType(srv: ChatServer, name: string): string {
  if (UNICODE_EMOJI[name]) return 'unicode_emoji';
  if ([...srv.state.realmEmoji.values()].some((e) => e.name === name && !e.deactivated)) return 'realm_emoji';
  if (name === 'zulip') return srv.extraEmojiType;
  return 'unicode_emoji';
}
