import * as z from 'zod';
import { ValidationError } from '../errors';
import { extraEmojiType, FL } from '../features';
import { Linkifier } from '../models/linkifier';
import { PresenceMap, upgradePresenceEntry } from '../models/presence';
import { SettingsChanges, TargetUsers } from '../models/settings';
import { Subscription, SubscriptionPropertyName, Topic } from '../models/subscription';
import { User } from '../models/user';
import { OutgoingWebhookPayload, WebhookReply } from '../models/webhook';
import { type CallContext, defineOperation, envelope } from '../operation';
import { codePointLength, DEFAULT_MAX_TOPIC_LENGTH, hexColor, maxCodePoints, STATUS_TEXT_MAX } from '../validation';

// ---------------------------------------------------------------------------------------------
// Shared parameter pieces and rules

/** The message for a missing or wrongly typed value: `what` is required / must be `kind`. */
function typeError(what: string, kind: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `${what} is required.` : `${what} must be ${kind}.`);
}

/** A boolean parameter with a user-facing message. */
function flag(name: string) {
  return z.boolean({ error: `"${name}" must be true or false.` });
}

/** A positive integer id with user-facing messages. */
function idOf(what: string) {
  return z
    .number({ error: typeError(what, 'a number') })
    .int({ error: `${what} must be a whole number.` })
    .positive({ error: `${what} must be a positive number.` });
}

const channelId = idOf('The channel id');
const userId = idOf('The user id');
const linkifierId = idOf('The linkifier id');

/** Reaction types accepted on input; both spellings of the extra-emoji type are sent in the server's. */
const InputReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'chat_extra_emoji', 'zulip_extra_emoji'], {
  error: 'The reaction type must be unicode_emoji, realm_emoji or chat_extra_emoji.',
});

/** Status fields shared by operations 9 and 11. */
const statusShape = {
  status_text: maxCodePoints(STATUS_TEXT_MAX, 'The status text').optional(),
  emoji_name: z.string({ error: 'The emoji name must be text.' }).optional(),
  emoji_code: z.string({ error: 'The emoji code must be text.' }).optional(),
  reaction_type: InputReactionType.optional(),
};

interface StatusInput {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  away?: boolean;
}

/** SPEC.md operation 11's rules (and 9's, which shares them). */
function checkStatus(p: StatusInput, ctx: CallContext): void {
  if (Object.values(p).every((v) => v === undefined)) {
    throw new ValidationError('Nothing to change: give a status text, an emoji or the away flag.', ctx.route);
  }
  if (p.emoji_name === undefined && (p.emoji_code !== undefined || p.reaction_type !== undefined)) {
    throw new ValidationError('An emoji code or reaction type needs the emoji name too.', ctx.route, 'emoji_name');
  }
}

/** The extra-emoji reaction type goes out in the connected server's spelling. */
function encodeStatus(p: StatusInput, ctx: CallContext): Record<string, unknown> {
  if (p.reaction_type === 'chat_extra_emoji' || p.reaction_type === 'zulip_extra_emoji') {
    return { ...p, reaction_type: extraEmojiType(ctx.server.flavor) };
  }
  return { ...p };
}

/** `color` takes a `#rrggbb` string; the other eight properties take booleans. */
function checkPropertyValue(property: string, value: unknown, route: string, field: string): void {
  if (property === 'color') {
    const parsed = hexColor.safeParse(value);
    if (!parsed.success) throw new ValidationError('The colour must be a string of the form #rrggbb.', route, field);
  } else if (typeof value !== 'boolean') {
    throw new ValidationError(`The value of ${property} must be true or false.`, route, field);
  }
}

const principalsSchema = z
  .array(z.union([userId, z.string().trim().min(1, { error: 'A principal email cannot be empty.' })], { error: 'Principals must be user ids or emails.' }), {
    error: 'Principals must be a list of user ids or of emails.',
  })
  .optional();

/** Principals are all user ids or all API emails, never a mix. */
function checkPrincipals(principals: (number | string)[] | undefined, route: string): void {
  if (!principals || principals.length === 0) return;
  const kind = typeof principals[0];
  if (principals.some((p) => typeof p !== kind)) {
    throw new ValidationError('Principals must be all user ids or all emails, not a mix.', route, 'principals');
  }
}

const linkifierShape = {
  pattern: z.string({ error: typeError('The pattern', 'text') }).trim().min(1, { error: 'The pattern cannot be empty.' }),
  url_template: z.string({ error: typeError('The URL template', 'text') }).trim().min(1, { error: 'The URL template cannot be empty.' }),
  /** Null or "" resets it. */
  example_input: z.string({ error: 'The example input must be text or null.' }).nullable().optional(),
  /** Null or "" resets it. */
  reverse_template: z.string({ error: 'The reverse template must be text or null.' }).nullable().optional(),
  alternative_url_templates: z
    .array(z.string().trim().min(1, { error: 'An alternative URL template cannot be empty.' }), {
      error: 'Alternative URL templates must be a list of strings.',
    })
    .optional(),
};

interface LinkifierInput {
  example_input?: string | null;
  reverse_template?: string | null;
}

function checkLinkifier(p: LinkifierInput, ctx: CallContext): void {
  const reverse = !!p.example_input || !!p.reverse_template;
  if (reverse && ctx.server.featureLevel < FL.linkifierReverse) {
    throw new ValidationError(
      `This server (feature level ${ctx.server.featureLevel}) does not support reverse linkifiers (example input and reverse template).`,
      ctx.route,
      p.example_input ? 'example_input' : 'reverse_template',
    );
  }
  if (p.reverse_template && !p.example_input) {
    throw new ValidationError('A reverse template needs an example input that the pattern matches.', ctx.route, 'example_input');
  }
}

/** Null resets as "" (SPEC.md op 13); servers before FL.linkifierReverse get neither field. */
function encodeLinkifier(p: LinkifierInput, ctx: CallContext): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  for (const k of ['example_input', 'reverse_template'] as const) {
    if (out[k] === null) out[k] = '';
    if (ctx.server.featureLevel < FL.linkifierReverse) delete out[k];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Users, statuses and presence

/** 8. `GET /users/{email}` — by real email or dummy `user<id>@<realm_host>`. */
const getUserByEmail = defineOperation({
  method: 'GET',
  path: '/users/{email}',
  params: z.object({
    email: z.string({ error: typeError('The email address', 'text') }).trim().regex(/^[^\s@]+@[^\s@]+$/, { error: 'Give an email address, e.g. user12@chat.example.com.' }),
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
  params: z.object({ ...statusShape, away: z.boolean({ error: 'Away must be true or false.' }).optional() }),
  response: envelope({}),
  check: checkStatus,
  encode: encodeStatus,
});

/** Presence bodies from servers before FL.presenceWebsiteAggregated carry one key per client. */
function normalizePresences(body: Record<string, unknown>, ctx: CallContext): Record<string, unknown> {
  const presences = body.presences;
  if (ctx.server.featureLevel >= FL.presenceWebsiteAggregated || typeof presences !== 'object' || presences === null) return body;
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
    status: z.enum(['active', 'idle'], { error: 'The presence status must be active or idle.' }),
    ping_only: flag('ping_only').optional(),
    new_user_input: flag('new_user_input').optional(),
    slim_presence: flag('slim_presence').optional(),
  }),
  response: envelope({
    presences: PresenceMap.optional(),
    server_timestamp: z.number().optional(),
    presence_last_update_id: z.number().int().optional(),
  }),
  normalize: normalizePresences,
});

// ---------------------------------------------------------------------------------------------
// Settings

/** 2. `PATCH /settings`. */
const updateSettings = defineOperation({
  method: 'PATCH',
  path: '/settings',
  params: SettingsChanges.extend({ target_users: TargetUsers.optional() }),
  response: envelope({}),
  check: (p, ctx) => {
    if (p.new_password !== undefined && !p.old_password) {
      throw new ValidationError('Enter your current password to set a new one.', ctx.route, 'old_password');
    }
    if (p.target_users !== undefined) {
      if (ctx.server.featureLevel < FL.settingsTargetUsers) {
        throw new ValidationError(
          `This server (feature level ${ctx.server.featureLevel}) cannot change other users' settings.`,
          ctx.route,
          'target_users',
        );
      }
      if (!p.target_users.user_ids?.length && !p.target_users.group_ids?.length) {
        throw new ValidationError('Choose the users or groups whose settings to change.', ctx.route, 'target_users');
      }
    }
  },
  encode: (p, ctx) => {
    // FL.homeViewRecent: older servers call the recent view `recent_topics`.
    if (p.web_home_view === 'recent' && ctx.server.featureLevel < FL.homeViewRecent) {
      return { ...p, web_home_view: 'recent_topics' };
    }
    return { ...p };
  },
});

// ---------------------------------------------------------------------------------------------
// Subscriptions and topics

const getSubscriptions = defineOperation({
  method: 'GET',
  path: '/users/me/subscriptions',
  params: z.object({ include_subscribers: flag('include_subscribers').optional() }),
  response: envelope({ subscriptions: z.array(Subscription) }),
});

const subscribe = defineOperation({
  method: 'POST',
  path: '/users/me/subscriptions',
  params: z.object({
    subscriptions: z
      .array(
        z.object({
          name: z.string({ error: typeError('The channel name', 'text') }).trim().min(1, { error: 'The channel name cannot be empty.' }),
          description: z.string({ error: 'The channel description must be text.' }).optional(),
        }),
        { error: 'Subscriptions must be a list of {name, description} objects.' },
      )
      .min(1, { error: 'Choose at least one channel to subscribe to.' }),
    principals: principalsSchema,
    authorization_errors_fatal: flag('authorization_errors_fatal').optional(),
    announce: flag('announce').optional(),
    invite_only: flag('invite_only').optional(),
    history_public_to_subscribers: flag('history_public_to_subscribers').optional(),
  }),
  response: envelope({
    /** Keyed by user id (or email on older servers): channel names newly subscribed. */
    subscribed: z.record(z.string(), z.array(z.string())),
    already_subscribed: z.record(z.string(), z.array(z.string())),
    unauthorized: z.array(z.string()).optional(),
  }),
  check: (p, ctx) => checkPrincipals(p.principals, ctx.route),
});

/** 10. `DELETE /users/me/subscriptions`. */
const unsubscribe = defineOperation({
  method: 'DELETE',
  path: '/users/me/subscriptions',
  params: z.object({
    subscriptions: z
      .array(z.string().trim().min(1, { error: 'A channel name cannot be empty.' }), {
        error: 'Subscriptions must be a list of channel names.',
      })
      .min(1, { error: 'Choose at least one channel to unsubscribe from.' }),
    principals: principalsSchema,
  }),
  response: envelope({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  check: (p, ctx) => checkPrincipals(p.principals, ctx.route),
});

/** 3. `POST /users/me/subscriptions/properties`. */
const updateSubscriptionProperties = defineOperation({
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  params: z.object({
    subscription_data: z
      .array(
        z.object({
          stream_id: channelId,
          property: SubscriptionPropertyName,
          value: z.union([z.boolean(), z.string()], { error: 'A property value must be true, false or a colour.' }),
        }),
        { error: 'Subscription data must be a list of {stream_id, property, value} objects.' },
      )
      .min(1, { error: 'Give at least one subscription property to change.' }),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    p.subscription_data.forEach((d) => checkPropertyValue(d.property, d.value, ctx.route, 'subscription_data'));
  },
});

/** One property of one subscription. */
const updateSubscriptionProperty = defineOperation({
  method: 'POST',
  path: '/users/me/subscriptions/{stream_id}',
  params: z.object({
    stream_id: channelId,
    property: SubscriptionPropertyName,
    value: z.union([z.boolean(), z.string()], { error: 'A property value must be true, false or a colour.' }),
  }),
  response: envelope({}),
  check: (p, ctx) => checkPropertyValue(p.property, p.value, ctx.route, 'value'),
});

const getChannelTopics = defineOperation({
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  params: z.object({ stream_id: channelId, allow_empty_topic_name: flag('allow_empty_topic_name').optional() }),
  response: envelope({ topics: z.array(Topic) }),
  encode: (p, ctx) => {
    // FL.emptyTopicName: older servers know no `allow_empty_topic_name`.
    const { allow_empty_topic_name, ...rest } = p;
    return ctx.server.featureLevel >= FL.emptyTopicName ? p : rest;
  },
});

/** 5. `POST /user_topics`. */
const updateUserTopic = defineOperation({
  method: 'POST',
  path: '/user_topics',
  params: z.object({
    stream_id: channelId,
    topic: z.string({ error: typeError('The topic', 'text') }),
    visibility_policy: z.literal([0, 1, 2, 3], {
      error: 'The visibility policy must be 0 (none), 1 (muted), 2 (unmuted) or 3 (followed).',
    }),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (ctx.server.featureLevel < FL.userTopics) {
      throw new ValidationError(
        `This server (feature level ${ctx.server.featureLevel}) does not support topic visibility policies.`,
        ctx.route,
        'visibility_policy',
      );
    }
    const max = ctx.limits.maxTopicLength ?? DEFAULT_MAX_TOPIC_LENGTH;
    if (codePointLength(p.topic) > max) throw new ValidationError(`The topic can be at most ${max} characters.`, ctx.route, 'topic');
  },
  encode: (p, ctx) => {
    // SPEC.md convention 9: the empty topic's display name is read as "".
    const display = ctx.limits.emptyTopicDisplayName;
    return display !== undefined && p.topic === display ? { ...p, topic: '' } : { ...p };
  },
});

/** 17. `GET /streams/{stream_id}/email_address`. */
const getChannelEmailAddress = defineOperation({
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  params: z.object({ stream_id: channelId, sender_id: idOf('The sender id').optional() }),
  response: envelope({ email: z.string() }),
  check: (p, ctx) => {
    if (p.sender_id !== undefined && ctx.server.featureLevel < FL.channelEmailSender) {
      throw new ValidationError(
        `This server (feature level ${ctx.server.featureLevel}) cannot choose the sender of a channel email address.`,
        ctx.route,
        'sender_id',
      );
    }
  },
});

// ---------------------------------------------------------------------------------------------
// Linkifiers and outgoing webhooks

/** 18. `GET /realm/linkifiers`, in processing order. */
const getLinkifiers = defineOperation({
  method: 'GET',
  path: '/realm/linkifiers',
  params: z.object({}),
  response: envelope({ linkifiers: z.array(Linkifier) }),
});

const addLinkifier = defineOperation({
  method: 'POST',
  path: '/realm/filters',
  params: z.object(linkifierShape),
  response: envelope({ id: z.number().int() }),
  check: checkLinkifier,
  encode: encodeLinkifier,
});

/** 13. `PATCH /realm/filters/{filter_id}`. */
const updateLinkifier = defineOperation({
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  params: z.object({ filter_id: linkifierId, ...linkifierShape }),
  response: envelope({}),
  check: checkLinkifier,
  encode: encodeLinkifier,
});

const removeLinkifier = defineOperation({
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  params: z.object({ filter_id: linkifierId }),
  response: envelope({}),
});

const reorderLinkifiers = defineOperation({
  method: 'PATCH',
  path: '/realm/linkifiers',
  params: z.object({ ordered_linkifier_ids: z.array(linkifierId, { error: 'The order must be a list of linkifier ids.' }) }),
  response: envelope({}),
  check: (p, ctx) => {
    if (new Set(p.ordered_linkifier_ids).size !== p.ordered_linkifier_ids.length) {
      throw new ValidationError('Each linkifier can appear only once in the order.', ctx.route, 'ordered_linkifier_ids');
    }
  },
});

/**
 * 21. `POST /chat-outgoing-webhook`: the service POSTs `payload` to a bot and reads the bot's
 * reply; the client never sends it (the path is `/zulip-outgoing-webhook` on the `zulip` flavour,
 * see `outgoingWebhookPath`).
 */
const outgoingWebhook = defineOperation({
  method: 'POST',
  path: '/chat-outgoing-webhook',
  params: z.object({}),
  payload: OutgoingWebhookPayload,
  response: WebhookReply,
});

/** Operations on users, statuses, presence, settings, subscriptions, topics and the realm (linkifiers, webhooks). */
export const peopleOperations = {
  'PATCH /settings': updateSettings,
  'POST /users/me/subscriptions/properties': updateSubscriptionProperties,
  'POST /user_topics': updateUserTopic,
  'GET /users/{email}': getUserByEmail,
  'POST /users/{user_id}/status': updateUserStatus,
  'DELETE /users/me/subscriptions': unsubscribe,
  'POST /users/me/status': updateStatus,
  'PATCH /realm/filters/{filter_id}': updateLinkifier,
  'GET /streams/{stream_id}/email_address': getChannelEmailAddress,
  'GET /realm/linkifiers': getLinkifiers,
  'GET /realm/presence': getPresence,
  'POST /chat-outgoing-webhook': outgoingWebhook,
  'GET /users/me/subscriptions': getSubscriptions,
  'POST /users/me/subscriptions': subscribe,
  'POST /users/me/subscriptions/{stream_id}': updateSubscriptionProperty,
  'GET /users/me/{stream_id}/topics': getChannelTopics,
  'GET /users': getUsers,
  'GET /users/me': getOwnUser,
  'POST /users/me/presence': updatePresence,
  'POST /realm/filters': addLinkifier,
  'DELETE /realm/filters/{filter_id}': removeLinkifier,
  'PATCH /realm/linkifiers': reorderLinkifiers,
} as const;
