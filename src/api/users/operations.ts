import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { extraEmojiType, FL } from '../features';
import { type CallContext, defineOperation, envelope } from '../operation';
import { flag, idOf, InputReactionType, maxCodePoints, textOf } from '../params';
import { STATUS_TEXT_MAX } from '../validation';
import { User } from './models';
import { PresenceMap, upgradePresenceEntry } from './presence';

const userId = idOf(() => l10n.t('The user id'));

/** Status fields shared by operations 9 and 11. */
const statusShape = {
  status_text: maxCodePoints(STATUS_TEXT_MAX, () => l10n.t('The status text')).optional(),
  emoji_name: z.string({ error: () => l10n.t('The emoji name must be text.') }).optional(),
  emoji_code: z.string({ error: () => l10n.t('The emoji code must be text.') }).optional(),
  reaction_type: InputReactionType.optional(),
};

interface StatusInput {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  away?: boolean;
}

/** docs/API.md operation 11's rules (and 9's, which shares them). */
function checkStatus(p: StatusInput, ctx: CallContext): void {
  if (Object.values(p).every((v) => v === undefined)) {
    throw new ValidationError(l10n.t('Nothing to change: give a status text, an emoji or the away flag.'), ctx.route);
  }
  if (p.emoji_name === undefined && (p.emoji_code !== undefined || p.reaction_type !== undefined)) {
    throw new ValidationError(
      l10n.t('An emoji code or reaction type needs the emoji name too.'),
      ctx.route,
      'emoji_name',
    );
  }
}

/** The extra-emoji reaction type goes out in the connected server's spelling. */
function encodeStatus(p: StatusInput, ctx: CallContext): Record<string, unknown> {
  if (p.reaction_type === 'chat_extra_emoji' || p.reaction_type === 'zulip_extra_emoji') {
    return { ...p, reaction_type: extraEmojiType(ctx.server.flavor) };
  }
  return { ...p };
}

// ---------------------------------------------------------------------------------------------
// Users, statuses and presence

/** 8. `GET /users/{email}` — by real email or dummy `user<id>@<realm_host>`. */
const getUserByEmail = defineOperation({
  method: 'GET',
  path: '/users/{email}',
  params: z.object({
    email: textOf(() => l10n.t('The email address'))
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, { error: () => l10n.t('Give an email address, e.g. user12@chat.example.com.') }),
    client_gravatar: flag('client_gravatar').optional(),
    include_custom_profile_fields: flag('include_custom_profile_fields').optional(),
  }),
  response: envelope({ user: User }),
});

const getUsers = defineOperation({
  method: 'GET',
  path: '/users',
  params: z.object({
    client_gravatar: flag('client_gravatar').optional(),
    include_custom_profile_fields: flag('include_custom_profile_fields').optional(),
    /** Only these users (feature level 384); all of them without it. */
    user_ids: z.array(z.number().int().positive()).optional(),
  }),
  response: envelope({ members: z.array(User) }),
});

/** The own user's fields come at the top level of the envelope. */
const getOwnUser = defineOperation({
  method: 'GET',
  path: '/users/me',
  params: z.object({}),
  response: envelope({
    ...User.shape,
    is_active: z.boolean().optional(),
    date_joined: z.string().optional(),
    max_message_id: z.number().int().optional(),
  }),
});

/** 9. `POST /users/{user_id}/status` — administrators only (server-checked: `BAD_REQUEST`). */
const updateUserStatus = defineOperation({
  method: 'POST',
  path: '/users/{user_id}/status',
  params: z.object({ user_id: userId, ...statusShape }),
  response: envelope({}),
  check: ({ user_id: _userId, ...status }, ctx) => checkStatus(status, ctx),
  encode: encodeStatus,
});

/** 11. `POST /users/me/status` — changes only what is passed. */
const updateStatus = defineOperation({
  method: 'POST',
  path: '/users/me/status',
  params: z.object({
    ...statusShape,
    away: z.boolean({ error: () => l10n.t('Away must be true or false.') }).optional(),
  }),
  response: envelope({}),
  check: checkStatus,
  encode: encodeStatus,
});

/** Presence bodies from servers before FL.presenceWebsiteAggregated carry one key per client. */
function normalizePresences(body: Record<string, unknown>, ctx: CallContext): Record<string, unknown> {
  const presences = body.presences;
  if (ctx.server.featureLevel >= FL.presenceWebsiteAggregated || typeof presences !== 'object' || presences === null)
    return body;
  const upgraded: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(presences as Record<string, unknown>)) {
    const e = upgradePresenceEntry(entry) as Record<string, unknown>;
    upgraded[key] = typeof e === 'object' && e !== null ? { website: e.website, aggregated: e.aggregated } : e;
  }
  return { ...body, presences: upgraded };
}

/** 20. `GET /realm/presence`. */
const getPresence = defineOperation({
  method: 'GET',
  path: '/realm/presence',
  params: z.object({}),
  response: envelope({ server_timestamp: z.number(), presences: PresenceMap }),
  normalize: normalizePresences,
});

const updatePresence = defineOperation({
  method: 'POST',
  path: '/users/me/presence',
  params: z.object({
    status: z.enum(['active', 'idle'], { error: () => l10n.t('The presence status must be active or idle.') }),
    ping_only: flag('ping_only').optional(),
    new_user_input: flag('new_user_input').optional(),
    slim_presence: flag('slim_presence').optional(),
    /** The `presence_last_update_id` seen last: only presence changed since comes back (feature level 263). */
    last_update_id: z.number().int().min(-1).optional(),
    /** How far back presence data goes, in days (feature level 288; default 14). */
    history_limit_days: z.number().int().positive().optional(),
  }),
  response: envelope({
    presences: PresenceMap.optional(),
    server_timestamp: z.number().optional(),
    presence_last_update_id: z.number().int().optional(),
  }),
  normalize: normalizePresences,
});
/** `POST /users/me/muted_users/{muted_user_id}`: mutes a user for the own account (Zulip 4.0+). */
const muteUser = defineOperation({
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  params: z.object({ muted_user_id: idOf(() => l10n.t('The muted user id')) }),
  response: envelope({}),
});

/** `DELETE /users/me/muted_users/{muted_user_id}`: unmutes a user. */
const unmuteUser = defineOperation({
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  params: z.object({ muted_user_id: idOf(() => l10n.t('The muted user id')) }),
  response: envelope({}),
});

/** Users, statuses and presence. */
export const userOperations = {
  'POST /users/me/muted_users/{muted_user_id}': muteUser,
  'DELETE /users/me/muted_users/{muted_user_id}': unmuteUser,
  'GET /users/{email}': getUserByEmail,
  'POST /users/{user_id}/status': updateUserStatus,
  'POST /users/me/status': updateStatus,
  'GET /realm/presence': getPresence,
  'GET /users': getUsers,
  'GET /users/me': getOwnUser,
  'POST /users/me/presence': updatePresence,
} as const;
