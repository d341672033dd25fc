import { ChatServer } from './core';
import { badRequest } from './errors';

/** A small slice of the service's unicode emoji names (name → dash-separated code points). */
export const UNICODE_EMOJI: Record<string, string> = {
  '+1': '1f44d', thumbs_up: '1f44d', '-1': '1f44e', smile: '1f604', slight_smile: '1f642', grinning: '1f600',
  heart: '2764', tada: '1f389', rocket: '1f680', eyes: '1f440', coffee: '2615', check: '2705',
  working_on_it: '1f6e0', laughing: '1f606', octopus: '1f419', wave: '1f44b', calendar: '1f4c6',
  palm_tree: '1f334', house: '1f3e0', car: '1f697', sick: '1f912', thinking: '1f914', fire: '1f525',
  clap: '1f44f', pray: '1f64f', airplane: '2708', headphones: '1f3a7', computer: '1f4bb', cake: '1f370',
  question: '2753', exclamation: '2757', star: '2b50', zzz: '1f4a4', bike: '1f6b2', coffee_cup: '2615',
};

/**
 * Validate an emoji triple as the service does for reactions and statuses; returns the
 * (possibly looked-up) code and internal reaction type.
 */
export function checkEmoji(srv: ChatServer, name: string, code: string | undefined, type: string | undefined): { code: string; type: string } {
  const t = type ?? (code === undefined ? guessType(srv, name) : 'unicode_emoji');
  if (t === 'unicode_emoji') {
    const known = UNICODE_EMOJI[name];
    if (code === undefined) {
      if (!known) throw badRequest(`Emoji '${name}' does not exist`);
      return { code: known, type: t };
    }
    if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code) || !Object.values(UNICODE_EMOJI).includes(code)) throw badRequest('Invalid emoji code.');
    if (known && known !== code) throw badRequest('Invalid emoji name.');
    if (!known) throw badRequest('Invalid emoji name.');
    return { code, type: t };
  }
  if (t === 'realm_emoji') {
    const byCode = code !== undefined ? srv.state.realmEmoji.get(code) : [...srv.state.realmEmoji.values()].find((e) => e.name === name);
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
