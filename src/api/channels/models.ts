import * as z from 'zod';
import * as l10n from '@vscode/l10n';
import { pure } from '../parse';

/** The nine per-subscription properties of docs/API.md ("Channel subscription properties"). */
export const SUBSCRIPTION_PROPERTIES = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
export type SubscriptionProperty = (typeof SUBSCRIPTION_PROPERTIES)[number];

/** A property name, refused with a message listing the allowed ones. */
export const SubscriptionPropertyName = z.enum(SUBSCRIPTION_PROPERTIES, {
  error: () => l10n.t('The subscription property must be one of {0}.', SUBSCRIPTION_PROPERTIES.join(', ')),
});

/** A permission group setting: a group id, or an anonymous group of members and subgroups. */
export const GroupSettingValue = z.union([
  z.number().int(),
  z.looseObject({ direct_members: z.array(z.number().int()), direct_subgroups: z.array(z.number().int()) }),
]);

/**
 * A channel's own permission groups, read by `RealmState` before an action is offered: absent
 * below their feature levels (within / out of channel 396, resolve 402, delete 407, new topics 441).
 */
const ChannelPermissionGroups = {
  can_administer_channel_group: GroupSettingValue.optional(),
  can_move_messages_within_channel_group: GroupSettingValue.optional(),
  can_move_messages_out_of_channel_group: GroupSettingValue.optional(),
  can_resolve_topics_group: GroupSettingValue.optional(),
  can_delete_any_message_group: GroupSettingValue.optional(),
  can_delete_own_message_group: GroupSettingValue.optional(),
  can_create_topic_group: GroupSettingValue.optional(),
};

/** Older servers send only `in_home_view`, the inverse of `is_muted`. */
function upgradeSubscription(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const s = raw as Record<string, unknown>;
  if (s.is_muted === undefined && typeof s.in_home_view === 'boolean') return { ...s, is_muted: !s.in_home_view };
  return s;
}

/** A channel subscription of the current user (docs/API.md, `GET /users/me/subscriptions`). */
export const Subscription = z.preprocess(
  pure(upgradeSubscription),
  z.looseObject({
    stream_id: z.number().int(),
    name: z.string(),
    description: z.string().default(''),
    rendered_description: z.string().optional(),
    invite_only: z.boolean().default(false),
    is_web_public: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    /** FL 392: which topics messages may go to (src/store/channelPolicy.ts); absent: the realm's. */
    topics_policy: z.string().optional(),
    color: z.string(),
    is_muted: z.boolean(),
    /** Legacy inverse of `is_muted`. */
    in_home_view: z.boolean().optional(),
    pin_to_top: z.boolean().default(false),
    /** The notification flags: null follows the user's default setting. */
    desktop_notifications: z.boolean().nullable().default(null),
    audible_notifications: z.boolean().nullable().default(null),
    push_notifications: z.boolean().nullable().default(null),
    email_notifications: z.boolean().nullable().default(null),
    wildcard_mentions_notify: z.boolean().nullable().default(null),
    stream_weekly_traffic: z.number().int().nullable().optional(),
    subscriber_count: z.number().int().optional(),
    can_remove_subscribers_group: GroupSettingValue.optional(),
    /** The channel folder (feature level 389); null or absent: none. */
    folder_id: z.number().int().nullable().optional(),
    ...ChannelPermissionGroups,
    subscribers: z.array(z.number().int()).optional(),
    /** `include_subscribers: "partial"` on a channel of 250 subscribers or more: bots and users active lately. */
    partial_subscribers: z.array(z.number().int()).optional(),
  }),
);
export type Subscription = z.infer<typeof Subscription>;

/**
 * A channel as `GET /streams` lists it (the real API's basic channel object): what the client
 * reads. `subscriber_count` from feature level 394 (`FL.subscriberCount`).
 */
export const Channel = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string().default(''),
  rendered_description: z.string().optional(),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().default(false),
  is_archived: z.boolean().default(false),
  /** FL 392: `inherit`, `allow_empty_topic`, `disable_empty_topic`, `empty_topic_only` (FL 404). */
  topics_policy: z.string().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  date_created: z.number().int().optional(),
  stream_weekly_traffic: z.number().int().nullable().optional(),
  subscriber_count: z.number().int().optional(),
  can_send_message_group: GroupSettingValue.optional(),
  can_remove_subscribers_group: GroupSettingValue.optional(),
  ...ChannelPermissionGroups,
  stream_post_policy: z.number().int().optional(),
  is_announcement_only: z.boolean().optional(),
  /** The channel folder (feature level 389); null or absent: none. */
  folder_id: z.number().int().nullable().optional(),
});
export type Channel = z.infer<typeof Channel>;

/** A topic of a channel (`GET /users/me/{stream_id}/topics`), newest first. */
export const Topic = z.looseObject({
  name: z.string(),
  max_id: z.number().int(),
});
export type Topic = z.infer<typeof Topic>;

/** Topic visibility policy codes (docs/API.md). */
export const VISIBILITY_POLICY = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;
export type VisibilityPolicyName = keyof typeof VISIBILITY_POLICY | 'unknown';

export function visibilityPolicyName(policy: number): VisibilityPolicyName {
  for (const [name, code] of Object.entries(VISIBILITY_POLICY))
    if (code === policy) return name as VisibilityPolicyName;
  return 'unknown';
}

/** A per-user topic preference (`user_topics` of `/register`, `user_topic` events). */
export const UserTopic = z.looseObject({
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().int(),
  visibility_policy: z.number().int(),
});
export type UserTopic = z.infer<typeof UserTopic>;
