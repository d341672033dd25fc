// Strict shape for the local server (issue 13 item 6): in unit tests, every JSON success the
// server sends for an operation of the client's table is checked against that operation's
// response schema with every object closed. A field the real API lacks is then caught where the
// server makes it (the server answers 500 naming it, and the test fails), instead of passing
// silently through the client's lenient (loose) parsing.
import * as z from 'zod';
import type { NameFlavor } from '../../../src/api';
import { SETTINGS_DESCRIPTION } from '../../../src/api/personal/settings';
import type { CallContext, Operation } from '../../../src/api/operation';
import { operations } from '../../../src/api/operations';

/** Settings of the real `user_settings` object the client's own list does not describe. */
const OTHER_USER_SETTINGS = [
  'email_address_visibility',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enter_sends',
  'presence_enabled',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
  'wildcard_mentions_notify',
];

/** The top-level copies `/register` sends clients without `user_settings_object` (feature level 89's legacy set). */
const LEGACY_TOP_LEVEL_SETTINGS = [
  'color_scheme',
  'default_language',
  'demote_inactive_streams',
  'dense_mode',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'presence_enabled',
  'wildcard_mentions_notify',
];

/** `realm_bots` entries: the real API's Bot schema, closed (the client does not read them). */
const Bot = z.strictObject({
  user_id: z.number().int(),
  full_name: z.string(),
  api_key: z.string(),
  default_sending_stream: z.string().nullable(),
  default_events_register_stream: z.string().nullable(),
  default_all_public_streams: z.boolean(),
  avatar_url: z.string(),
  owner_id: z.number().int().nullable(),
  services: z.array(z.unknown()),
  email: z.string(),
  bot_type: z.number().int(),
  is_active: z.boolean(),
});

/**
 * Fields the real API sends that the client's schemas leave out (it does not read them), from the
 * real service's published response schemas; keyed by the object's path in the (normalised)
 * response: `[]` for array items, `{}` for record values. A schema checks the field's value too.
 */
const REAL_BUT_UNMODELLED: Record<string, Record<string, z.ZodType | true | { below: number }>> = {
  '': {
    // Not `max_stream_size_for_typing_notifications`: a server setting the real API never sends.
    ...names([
      'server_typing_started_expiry_period_milliseconds',
      'server_typing_started_wait_period_milliseconds',
      'server_typing_stopped_wait_period_milliseconds',
      'presence_last_update_id',
      'realm_can_delete_any_message_group',
      'realm_can_delete_own_message_group',
      'realm_can_mention_many_users_group',
      'realm_default_language',
      'realm_description',
      'realm_enable_spectator_access',
      'realm_icon_url',
      'realm_message_content_delete_limit_seconds',
      'realm_message_edit_history_visibility_policy',
      'realm_message_retention_days',
      'realm_presence_disabled',
      'realm_upload_quota_mib',
      'realm_uri',
      'realm_video_chat_provider',
      'realm_waiting_period_threshold',
      ...LEGACY_TOP_LEVEL_SETTINGS,
    ]),
    // Fetch type `stream`: every channel the user can access (the client reads `subscriptions` and `never_subscribed`).
    streams: true,
    realm_bots: z.array(Bot),
  },
  'never_subscribed[]': names([
    'can_administer_channel_group',
    'can_remove_subscribers_group',
    'can_send_message_group',
    'creator_id',
    'date_created',
    'first_message_id',
    'folder_id',
    'history_public_to_subscribers',
    'is_announcement_only',
    'message_retention_days',
    'rendered_description',
    'stream_post_policy',
    'stream_weekly_traffic',
    // A channel's own permission groups (feature levels 396, 402, 407, 441).
    'can_move_messages_within_channel_group',
    'can_move_messages_out_of_channel_group',
    'can_resolve_topics_group',
    'can_delete_any_message_group',
    'can_delete_own_message_group',
    'can_create_topic_group',
  ]),
  // `GET /streams`: the basic channel object (`is_default` with `include_default`).
  'streams[]': names([
    'can_administer_channel_group',
    'creator_id',
    'first_message_id',
    'folder_id',
    'message_retention_days',
    'is_default',
  ]),
  // Deprecated, still sent: the other user of a 1:1 conversation.
  'unread_msgs.pms[]': names(['sender_id']),
  'realm_user_groups[]': names([
    'date_created',
    'creator_id',
    'deactivated',
    'can_add_members_group',
    'can_join_group',
    'can_leave_group',
    'can_manage_group',
    'can_mention_group',
    'can_remove_members_group',
  ]),
  'reminders[]': names(['type', 'to']),
  // Replaced by `message_ids` at feature level 472.
  'attachments[]': { messages: { below: 472 } },
  'detached_uploads[]': { messages: { below: 472 } },
  user_settings: names([...SETTINGS_DESCRIPTION.map((d) => d.name), ...OTHER_USER_SETTINGS]),
};

/**
 * Stricter than the client: fields a shared client model allows that the real API does not send
 * in this operation's response (top level).
 */
const NOT_IN_REAL_RESPONSE: Record<string, readonly string[]> = {
  // The real `GET /users/me` has no bot fields, unlike the user objects of `GET /users`.
  'GET /users/me': ['bot_type', 'bot_owner_id'],
  // Not at the feature level the local server claims (see issue 13).
  'POST /register': [
    'realm_email_address_visibility',
    'realm_email_gateway_bot_id',
    'realm_notification_bot_id',
    'realm_user_groups_system',
    'user_role',
  ],
};

function names(list: readonly string[]): Record<string, true> {
  return Object.fromEntries(list.map((n) => [n, true as const]));
}

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The keys of `value` that `schema` (taken as closed everywhere) does not declare, as paths. */
function extraKeys(
  schema: z.ZodType,
  value: unknown,
  path: string,
  out: string[],
  featureLevel: number,
  depth = 0,
): void {
  if (depth > 40 || value === null || value === undefined) return;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const shape = def.shape as Record<string, z.ZodType>;
      const known = REAL_BUT_UNMODELLED[path] ?? {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const at = path ? `${path}.${k}` : k;
        // The deployed servers' spelling of the version keys (docs/API.md, "Names").
        const field = shape[k] ?? shape[k.replace(/^zulip_/, 'chat_')];
        const extra = known[k];
        if (field) extraKeys(field, v, at, out, featureLevel, depth + 1);
        else if (extra === undefined || (typeof extra === 'object' && 'below' in extra && featureLevel >= extra.below))
          out.push(at);
        else if (extra instanceof z.ZodType) {
          const parsed = extra.safeParse(v);
          if (!parsed.success)
            out.push(`${at} (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
        }
      }
      return;
    }
    case 'array':
      if (Array.isArray(value))
        for (const v of value) extraKeys(def.element as z.ZodType, v, `${path}[]`, out, featureLevel, depth + 1);
      return;
    case 'record':
      if (typeof value === 'object')
        for (const v of Object.values(value as object))
          extraKeys(def.valueType as z.ZodType, v, `${path}{}`, out, featureLevel, depth + 1);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return extraKeys(def.innerType as z.ZodType, value, path, out, featureLevel, depth + 1);
    case 'pipe':
      return extraKeys(def.in as z.ZodType, value, path, out, featureLevel, depth + 1);
    case 'lazy':
      return extraKeys((def.getter as () => z.ZodType)(), value, path, out, featureLevel, depth + 1);
    case 'union': {
      // The option that accepts the value with the fewest undeclared keys.
      let best: string[] | undefined;
      for (const option of def.options as z.ZodType[]) {
        if (!option.safeParse(value).success) continue;
        const found: string[] = [];
        extraKeys(option, value, path, found, featureLevel, depth + 1);
        if (!best || found.length < best.length) best = found;
      }
      out.push(...(best ?? []));
      return;
    }
    case 'intersection': {
      const left: string[] = [];
      const right: string[] = [];
      extraKeys(def.left as z.ZodType, value, path, left, featureLevel, depth + 1);
      extraKeys(def.right as z.ZodType, value, path, right, featureLevel, depth + 1);
      out.push(...left.filter((k) => right.includes(k)));
      return;
    }
    default:
      return;
  }
}

/** Operation paths with every `{name}` as `{}`, keyed by method: the server's templates match them. */
const byRoute = new Map<string, Operation>();
for (const op of Object.values(operations) as Operation[])
  byRoute.set(`${op.method} ${op.path.replace(/\{\w+\}/g, '{}')}`, op);

/**
 * The server's response check: undefined when `body` (a success sent for `method template` by a
 * server of `featureLevel` and `flavor`) is what the real API would send as far as the client's
 * schemas tell, else what is wrong. Bodies are first upgraded as the client does (`normalize`).
 */
export function checkResponseShape(
  method: string,
  template: string,
  body: Record<string, unknown>,
  server: { featureLevel: number; flavor: NameFlavor },
): string | undefined {
  const op = byRoute.get(`${method} ${template.replace(/\{\w+\}/g, '{}')}`);
  // Endpoints the service calls (webhooks) have no response of the server's to check.
  if (!op || op.payload) return undefined;
  const ctx: CallContext = {
    route: `${method} ${template}`,
    server: { ...server, version: 'test', mergeBase: undefined },
    limits: {},
  };
  const upgraded = op.normalize ? op.normalize(body, ctx) : body;
  const parsed = op.response.safeParse(upgraded);
  if (!parsed.success)
    return `${method} ${template}: the response does not parse: ${parsed.error.message.slice(0, 500)}`;
  const extra: string[] = (NOT_IN_REAL_RESPONSE[`${op.method} ${op.path}`] ?? []).filter((k) => k in upgraded);
  extraKeys(op.response, upgraded, '', extra, server.featureLevel);
  return extra.length
    ? `${method} ${template}: fields the API's response does not have: ${[...new Set(extra)].join(', ')}`
    : undefined;
}
