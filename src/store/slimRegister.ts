import type { ChatClient, ParamsOf } from '../api/client';
import { FL } from '../api/features';

/**
 * `POST /register` the way the web app asks on large organisations: avatars computed here
 * (`client_gravatar`), partial subscriber lists (full ones below 250 subscribers), presence of the
 * last two weeks keyed by id, and a user list that may leave out users (`user_list_incomplete`;
 * `LazyUsers` fetches them). `event_types` and `fetch_event_types` are added by the session.
 */
export const SLIM_REGISTER = {
  apply_markdown: true,
  client_gravatar: true,
  slim_presence: true,
  presence_history_limit_days: 14,
  include_subscribers: 'partial',
  client_capabilities: {
    simplified_presence_events: true,
    stream_typing_notifications: true,
    user_list_incomplete: true,
  },
} as const satisfies ParamsOf<'POST /register'>;

/**
 * Event types with no section of their own in the snapshot (nothing to fetch), and `stream`, whose
 * section (`streams`, every channel) the store does not read: it builds channels from
 * `subscriptions` and `never_subscribed`.
 */
// `channel_folder` events update the `channel_folders` section (asked for by the session).
const NO_SNAPSHOT_SECTION = new Set([
  'update_message',
  'delete_message',
  'reaction',
  'submessage',
  'typing',
  'stream',
  'channel_folder',
  'user_group',
]);

/** The snapshot sections worth fetching for these event types. */
export function snapshotFetchTypes(eventTypes: readonly string[]): string[] {
  return eventTypes.filter((t) => !NO_SNAPSHOT_SECTION.has(t));
}

/** The session's register parameters (one object: `adaptToServer` adjusts it before the first register). */
export function slimRegisterParams(eventTypes: string[], fetchEventTypes: string[]): ParamsOf<'POST /register'> {
  return {
    ...SLIM_REGISTER,
    client_capabilities: { ...SLIM_REGISTER.client_capabilities },
    event_types: eventTypes,
    fetch_event_types: fetchEventTypes,
  };
}

/**
 * Servers before FL.partialSubscribers refuse `include_subscribers: "partial"` (it was a boolean):
 * they get no subscriber lists. When the version cannot be learnt, the same (accepted everywhere).
 */
export async function adaptToServer(client: ChatClient, params: ParamsOf<'POST /register'>): Promise<void> {
  const server = await client.ensureServerInfo().catch(() => undefined);
  params.include_subscribers = server !== undefined && server.featureLevel >= FL.partialSubscribers ? 'partial' : false;
}
