/**
 * What a channel lets anyone write, whatever their permissions: an archived channel nothing (it
 * is read-only), and its topics policy which topics (feature levels 392 and 404). Pure functions
 * over the channel and realm records as the server sent them, so pickers, the conversation view
 * and commands decide alike, and unit tests reach every boundary. The per-user permission groups
 * are decided elsewhere (the realm state and the channel permissions).
 */
import * as l10n from '@vscode/l10n';
import { FL } from '../api/features';

/** The effective policy of a channel: which topics messages may go to. */
export type TopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/**
 * How a picker shows the topic box: a topic must be typed, may be left empty, or is not asked (only "general chat").
 */
export type TopicBox = 'required' | 'optional' | 'hidden';

/** What a channel record needs to have for these rules (subscriptions and channel records both do). */
export interface PolicyChannel {
  readonly is_archived?: boolean;
  readonly topics_policy?: unknown;
  readonly name?: string;
  readonly [key: string]: unknown;
}

/** The realm settings read here, under their bare names (`topics_policy`, `mandatory_topics`). */
export type PolicyRealm = Readonly<Record<string, unknown>>;

/** Whether the channel is archived (FL 315 lets clients see them; they stay read-only). */
export function isArchived(channel: PolicyChannel | undefined): boolean {
  return channel?.is_archived === true;
}

/** Why nothing may be written in the channel (sent, edited, moved, reacted to); undefined when it may. */
export function archivedRefusal(channel: PolicyChannel | undefined): string | undefined {
  if (!isArchived(channel)) return undefined;
  return channel?.name
    ? l10n.t('#{0} is archived: it can be read but not changed.', channel.name)
    : l10n.t('This channel is archived: it can be read but not changed.');
}

/**
 * The realm's default: `realm_topics_policy` from FL.topicsPolicy (unknown values: the empty topic
 * allowed, as the server's own default), before it `realm_mandatory_topics`.
 */
export function realmTopicsPolicy(realm: PolicyRealm, featureLevel: number): TopicsPolicy {
  const policy = realm.topics_policy;
  if (featureLevel >= FL.topicsPolicy && typeof policy === 'string') {
    if (policy === 'disable_empty_topic') return 'disable_empty_topic';
    if (policy === 'empty_topic_only' && featureLevel >= FL.emptyTopicOnly) return 'empty_topic_only';
    return 'allow_empty_topic';
  }
  return realm.mandatory_topics === true ? 'disable_empty_topic' : 'allow_empty_topic';
}

/**
 * A channel's effective topics policy: its own `topics_policy` (FL.topicsPolicy; `empty_topic_only`
 * from FL.emptyTopicOnly), `inherit`, absent or unknown ones the realm's default.
 */
export function channelTopicsPolicy(
  channel: PolicyChannel | undefined,
  realm: PolicyRealm,
  featureLevel: number,
): TopicsPolicy {
  const own = channel?.topics_policy;
  if (featureLevel >= FL.topicsPolicy) {
    if (own === 'allow_empty_topic' || own === 'disable_empty_topic') return own;
    if (own === 'empty_topic_only' && featureLevel >= FL.emptyTopicOnly) return own;
  }
  return realmTopicsPolicy(realm, featureLevel);
}

/** The topic box a policy calls for. */
export function topicBox(policy: TopicsPolicy): TopicBox {
  return policy === 'disable_empty_topic' ? 'required' : policy === 'empty_topic_only' ? 'hidden' : 'optional';
}

/**
 * Whether `topic` is the empty topic: "", "(no topic)" or the realm's name for it (the server reads all three as "").
 */
export function isEmptyTopicName(topic: string, emptyTopicName: string): boolean {
  const t = topic.trim();
  return t === '' || t === '(no topic)' || t === emptyTopicName;
}

/**
 * Why a message may not go to `topic` under `policy` (said to the user before sending); undefined
 * when it may. `emptyTopicName` is the realm's name for the empty topic ("general chat").
 */
export function topicRefusal(policy: TopicsPolicy, topic: string, emptyTopicName: string): string | undefined {
  const empty = isEmptyTopicName(topic, emptyTopicName);
  if (policy === 'disable_empty_topic' && empty)
    return l10n.t('This channel requires a topic: messages cannot go to “{0}”.', emptyTopicName);
  if (policy === 'empty_topic_only' && !empty)
    return l10n.t('Only the “{0}” topic is allowed in this channel.', emptyTopicName);
  return undefined;
}

/** Why a message may not be written to (channel, topic): archived first, then the topics policy. */
export function writeRefusal(
  channel: PolicyChannel | undefined,
  topic: string,
  realm: PolicyRealm,
  featureLevel: number,
  emptyTopicName: string,
): string | undefined {
  return (
    archivedRefusal(channel) ?? topicRefusal(channelTopicsPolicy(channel, realm, featureLevel), topic, emptyTopicName)
  );
}

/** What the store-level helpers read (a `ChatStore` has it). */
export interface PolicyStore {
  channel(streamId: number): PolicyChannel | undefined;
  readonly realm: { readonly settings: PolicyRealm; readonly emptyTopicDisplayName: string };
  readonly featureLevel: number;
}

/** The effective topics policy of a channel the store knows. */
export function topicsPolicyOf(store: PolicyStore, streamId: number): TopicsPolicy {
  return channelTopicsPolicy(store.channel(streamId), store.realm.settings, store.featureLevel);
}

/** Why a message may not go to (channel, topic) (see {@link writeRefusal}); undefined when it may. */
export function writeRefusalOf(store: PolicyStore, streamId: number, topic: string): string | undefined {
  return writeRefusal(
    store.channel(streamId),
    topic,
    store.realm.settings,
    store.featureLevel,
    store.realm.emptyTopicDisplayName,
  );
}
