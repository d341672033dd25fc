import * as z from 'zod';
import { ReactionType } from '../messages/models';

export { BOT_TYPE, botTypeName, ROLE, roleName, type BotTypeName, type RoleName } from './roles';

/** A custom profile field's value; `rendered_value` is user-generated HTML (sanitise like message content). */
export const ProfileFieldValue = z.looseObject({
  value: z.string(),
  rendered_value: z.string().optional(),
});
export type ProfileFieldValue = z.infer<typeof ProfileFieldValue>;

/**
 * One of the organisation's custom profile fields (`custom_profile_fields` of `/register` and of
 * its event); users' `profile_data` is keyed by its `id`. `type`: 1 short text, 2 long text,
 * 3 choice (`field_data` is a JSON map of choices), 4 date, 5 link, 6 users, 7 external account,
 * 8 pronouns; a newer type reads as text.
 */
export const CustomProfileField = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  hint: z.string().optional(),
  /** JSON text for choice and external-account fields; empty for the rest. */
  field_data: z.string().optional(),
  order: z.number().int().optional(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean().optional(),
  /** Whether users may edit their own value (feature level 296). */
  editable_by_user: z.boolean().optional(),
});
export type CustomProfileField = z.infer<typeof CustomProfileField>;

/** A user or bot (docs/API.md, "User"). */
export const User = z.looseObject({
  user_id: z.number().int(),
  delivery_email: z.string().nullable().optional(),
  email: z.string(),
  full_name: z.string(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  bot_type: z.number().int().nullable().optional(),
  /** Present for bots; null for legacy bots without owner. */
  bot_owner_id: z.number().int().nullable().optional(),
  role: z.number().int(),
  timezone: z.string().optional(),
  avatar_url: z.string().nullable().optional(),
  avatar_version: z.number().int().optional(),
  is_imported_stub: z.boolean().optional(),
  /** Present only when true. */
  is_deleted: z.boolean().optional(),
  /** Keyed by custom profile field id; present only for non-bots when requested. */
  profile_data: z.record(z.string(), ProfileFieldValue).optional(),
});
export type User = z.infer<typeof User>;

/**
 * A user's status. Every field is optional: servers omit empty fields in snapshots and
 * `user_status` events carry only the changed ones.
 */
export const UserStatus = z.looseObject({
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  /** `zulip_extra_emoji` reads as `chat_extra_emoji`. */
  reaction_type: ReactionType.optional(),
  /** Deprecated: equals not `presence_enabled`. */
  away: z.boolean().optional(),
});
export type UserStatus = z.infer<typeof UserStatus>;
