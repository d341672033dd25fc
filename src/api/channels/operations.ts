import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { type CallContext, defineOperation, envelope } from '../operation';
import { flag, hexColor, idOf, requiredText, textOf } from '../params';
import { codePointLength, DEFAULT_MAX_TOPIC_LENGTH } from '../validation';
import { Channel, Subscription, SubscriptionPropertyName, Topic } from './models';

const channelId = idOf(() => l10n.t('The channel id'));
const userId = idOf(() => l10n.t('The user id'));

/** `color` takes a `#rrggbb` string; the other eight properties take booleans. */
function checkPropertyValue(property: string, value: unknown, route: string, field: string): void {
  if (property === 'color') {
    const parsed = hexColor.safeParse(value);
    if (!parsed.success)
      throw new ValidationError(l10n.t('The colour must be a string of the form #rrggbb.'), route, field);
  } else if (typeof value !== 'boolean') {
    throw new ValidationError(l10n.t('The value of {0} must be true or false.', property), route, field);
  }
}

const principalsSchema = z
  .array(
    z.union(
      [
        userId,
        z
          .string()
          .trim()
          .min(1, { error: () => l10n.t('A principal email cannot be empty.') }),
      ],
      { error: () => l10n.t('Principals must be user ids or emails.') },
    ),
    {
      error: () => l10n.t('Principals must be a list of user ids or of emails.'),
    },
  )
  .optional();

/** Principals are all user ids or all API emails, never a mix. */
function checkPrincipals({ principals }: { principals?: (number | string)[] }, ctx: CallContext): void {
  if (!principals || principals.length === 0) return;
  const kind = typeof principals[0];
  if (principals.some((p) => typeof p !== kind)) {
    throw new ValidationError(
      l10n.t('Principals must be all user ids or all emails, not a mix.'),
      ctx.route,
      'principals',
    );
  }
}

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
          name: requiredText(
            () => l10n.t('The channel name'),
            () => l10n.t('The channel name cannot be empty.'),
          ),
          description: z.string({ error: () => l10n.t('The channel description must be text.') }).optional(),
        }),
        { error: () => l10n.t('Subscriptions must be a list of {name, description} objects.') },
      )
      .min(1, { error: () => l10n.t('Choose at least one channel to subscribe to.') }),
    principals: principalsSchema,
    authorization_errors_fatal: flag('authorization_errors_fatal').optional(),
    announce: flag('announce').optional(),
    invite_only: flag('invite_only').optional(),
    /** Creating a web-public channel (feature level 98); the realm must allow web-public channels. */
    is_web_public: flag('is_web_public').optional(),
    history_public_to_subscribers: flag('history_public_to_subscribers').optional(),
  }),
  response: envelope({
    /** Keyed by user id (or email on older servers): channel names newly subscribed. */
    subscribed: z.record(z.string(), z.array(z.string())),
    already_subscribed: z.record(z.string(), z.array(z.string())),
    unauthorized: z.array(z.string()).optional(),
  }),
  check: checkPrincipals,
});

/**
 * `GET /streams`: the channels the user may see. Archived ones are left out by default; servers
 * before `FL.channelsExcludeArchived` never list them and know no `exclude_archived`, and before
 * `FL.channelsIncludeAll` `include_all` is spelled `include_all_active`.
 */
const getChannels = defineOperation({
  method: 'GET',
  path: '/streams',
  params: z.object({
    include_public: flag('include_public').optional(),
    include_web_public: flag('include_web_public').optional(),
    include_subscribed: flag('include_subscribed').optional(),
    exclude_archived: flag('exclude_archived').optional(),
    include_all: flag('include_all').optional(),
    include_default: flag('include_default').optional(),
    include_owner_subscribed: flag('include_owner_subscribed').optional(),
  }),
  response: envelope({ streams: z.array(Channel) }),
  encode: (p, ctx) => {
    const { exclude_archived, include_all, ...rest } = p;
    const out: Record<string, unknown> = { ...rest };
    if (exclude_archived !== undefined && ctx.server.featureLevel >= FL.channelsExcludeArchived)
      out.exclude_archived = exclude_archived;
    if (include_all !== undefined)
      out[ctx.server.featureLevel >= FL.channelsIncludeAll ? 'include_all' : 'include_all_active'] = include_all;
    return out;
  },
});

const channelNameList = (): string => l10n.t('Subscriptions must be a list of channel names.');

/** 10. `DELETE /users/me/subscriptions`. */
const unsubscribe = defineOperation({
  method: 'DELETE',
  path: '/users/me/subscriptions',
  params: z.object({
    subscriptions: z
      .array(
        z
          .string({ error: channelNameList })
          .trim()
          .min(1, { error: () => l10n.t('A channel name cannot be empty.') }),
        {
          error: channelNameList,
        },
      )
      .min(1, { error: () => l10n.t('Choose at least one channel to unsubscribe from.') }),
    principals: principalsSchema,
  }),
  response: envelope({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  check: checkPrincipals,
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
          value: z.union([z.boolean(), z.string()], {
            error: () => l10n.t('A property value must be true, false or a colour.'),
          }),
        }),
        { error: () => l10n.t('Subscription data must be a list of {stream_id, property, value} objects.') },
      )
      .min(1, { error: () => l10n.t('Give at least one subscription property to change.') }),
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
    value: z.union([z.boolean(), z.string()], {
      error: () => l10n.t('A property value must be true, false or a colour.'),
    }),
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
    topic: textOf(() => l10n.t('The topic')),
    visibility_policy: z.literal([0, 1, 2, 3], {
      error: () => l10n.t('The visibility policy must be 0 (none), 1 (muted), 2 (unmuted) or 3 (followed).'),
    }),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (ctx.server.featureLevel < FL.userTopics) {
      throw new ValidationError(
        l10n.t('This server (feature level {0}) does not support topic visibility policies.', ctx.server.featureLevel),
        ctx.route,
        'visibility_policy',
      );
    }
    const max = ctx.limits.maxTopicLength ?? DEFAULT_MAX_TOPIC_LENGTH;
    if (codePointLength(p.topic) > max)
      throw new ValidationError(l10n.t('The topic can be at most {0} characters.', max), ctx.route, 'topic');
  },
  encode: (p, ctx) => {
    // docs/API.md convention 9: the empty topic's display name is read as "".
    const display = ctx.limits.emptyTopicDisplayName;
    return display !== undefined && p.topic === display ? { ...p, topic: '' } : { ...p };
  },
});

/** 17. `GET /streams/{stream_id}/email_address`. */
const getChannelEmailAddress = defineOperation({
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  params: z.object({ stream_id: channelId, sender_id: idOf(() => l10n.t('The sender id')).optional() }),
  response: envelope({ email: z.string() }),
  check: (p, ctx) => {
    if (p.sender_id !== undefined && ctx.server.featureLevel < FL.channelEmailSender) {
      throw new ValidationError(
        l10n.t(
          'This server (feature level {0}) cannot choose the sender of a channel email address.',
          ctx.server.featureLevel,
        ),
        ctx.route,
        'sender_id',
      );
    }
  },
});
/** Subscriptions, channel topics, topic preferences and channel email addresses. */
export const channelOperations = {
  'POST /users/me/subscriptions/properties': updateSubscriptionProperties,
  'POST /user_topics': updateUserTopic,
  'DELETE /users/me/subscriptions': unsubscribe,
  'GET /streams/{stream_id}/email_address': getChannelEmailAddress,
  'GET /users/me/subscriptions': getSubscriptions,
  'GET /streams': getChannels,
  'POST /users/me/subscriptions': subscribe,
  'POST /users/me/subscriptions/{stream_id}': updateSubscriptionProperty,
  'GET /users/me/{stream_id}/topics': getChannelTopics,
} as const;
