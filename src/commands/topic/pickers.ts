/** Quick picks shared by the topic commands: a channel, a topic of it, recent topics everywhere. */
import * as vscode from 'vscode';
import { NetworkError } from '../../api/errors';
import type { ConversationCache } from '../../session/conversationCache';
import type { ChatStore } from '../../store';
import { channelChoices, suggestFirst, type ChannelPurpose } from './channelChoices';
import { isEmptyTopicName, topicBox, topicRefusal, topicsPolicyOf } from '../../store/channelPolicy';
import { askText, pickOne } from '../../ui/quickInput';

export interface TopicTarget {
  readonly streamId: number;
  readonly topic: string;
}

export function isTopicTarget(value: unknown): value is TopicTarget {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.streamId === 'number' && Number.isSafeInteger(v.streamId) && typeof v.topic === 'string';
}

/** The `anchor` (a message id to open at) of a command's arguments, if it has a valid one. */
export function anchorOf(args: unknown): number | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const anchor = (args as Record<string, unknown>).anchor;
  return typeof anchor === 'number' && Number.isSafeInteger(anchor) && anchor > 0 ? anchor : undefined;
}

/**
 * A subscribed channel; for `post` only those the user may post in (see `channelChoices`).
 * A `suggested` channel comes first, marked, so Enter picks it.
 */
export async function pickChannel(
  store: ChatStore,
  title: string,
  purpose: ChannelPurpose = 'view',
  suggested?: number,
): Promise<number | undefined> {
  const items = suggestFirst(channelChoices(store, purpose), suggested);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(
      purpose === 'post'
        ? vscode.l10n.t('You may not post in any of your channels.')
        : vscode.l10n.t('You are not subscribed to any channel.'),
    );
    return undefined;
  }
  const picked = await pickOne(items, {
    title,
    placeHolder: vscode.l10n.t('Choose a channel'),
    matchOnDescription: true,
  });
  return picked?.streamId;
}

/** A topic known without the server. */
export interface KnownTopic {
  readonly name: string;
  readonly unread: number;
}

/**
 * The topics of a channel known without the server: those with unread messages (the saved
 * snapshot's) and those in the conversation cache (their newest message's spelling), unread first.
 */
export function knownTopics(store: ChatStore, streamId: number, cache: ConversationCache | undefined): KnownTopic[] {
  const topics = new Map<string, KnownTopic>();
  for (const [key, name, count] of store.unreads.topicsOf(streamId)) topics.set(key, { name, unread: count });
  for (const key of cache?.keys() ?? []) {
    const parsed = JSON.parse(key) as unknown[];
    if (parsed[0] !== 'topic' || parsed[1] !== streamId || typeof parsed[2] !== 'string' || topics.has(parsed[2]))
      continue;
    const name = cache?.get(key)?.messages.at(-1)?.subject;
    if (name !== undefined) topics.set(parsed[2], { name, unread: 0 });
  }
  return [...topics.values()].sort((a, b) => b.unread - a.unread);
}

/**
 * A topic of the channel. Its topic list comes from the server; offline (the server cannot be
 * reached), the topics `known()` names (see {@link knownTopics}) are offered instead, if any.
 */
export async function pickTopicOf(
  store: ChatStore,
  streamId: number,
  title: string,
  allowNew = false,
  known?: () => readonly KnownTopic[],
): Promise<string | undefined> {
  // To post in a "general chat" channel there is nothing to choose: its one topic.
  if (allowNew && topicBox(topicsPolicyOf(store, streamId)) === 'hidden') return '';
  let topics: readonly KnownTopic[];
  let offline = false;
  try {
    topics = store.topics(streamId) ?? (await store.loadTopics(streamId));
  } catch (error) {
    const saved = error instanceof NetworkError ? (known?.() ?? []) : [];
    if (saved.length === 0) throw error;
    topics = saved;
    offline = true;
  }
  const NEW = '\u0000new';
  const empty = store.realm.emptyTopicDisplayName;
  // To post: only the topics the channel's policy allows (not the empty topic where topics are required).
  if (allowNew)
    topics = topics.filter((t) => topicRefusal(topicsPolicyOf(store, streamId), t.name, empty) === undefined);
  const items: (vscode.QuickPickItem & { topic: string })[] = topics.map((t) => ({
    label: t.name === '' ? empty : t.name,
    description: t.unread > 0 ? vscode.l10n.t('{0} unread', t.unread) : undefined,
    topic: t.name,
  }));
  // Not offered where the channel lets only some users start topics and the user is not one.
  const sub = store.subscription(streamId);
  if (allowNew && !(sub && store.realm.newTopicRefusal(sub)))
    items.unshift({ label: vscode.l10n.t('$(add) New topic…'), topic: NEW, alwaysShow: true });
  const placeHolder = offline
    ? vscode.l10n.t('Offline: the topics you read recently and the unread ones')
    : vscode.l10n.t('Choose a topic');
  const picked = await pickOne(items, { title, placeHolder });
  if (!picked) return undefined;
  if (picked.topic !== NEW) return picked.topic;
  return askTopicName(store, streamId);
}

/**
 * The topic box for a new message to `streamId`, as its topics policy has it: a name is required,
 * may be left empty (the empty topic, shown by the realm's name for it), or is not asked ("general
 * chat" channels: '' at once). Without a channel: a name is required.
 */
export async function askTopicName(store: ChatStore, streamId?: number): Promise<string | undefined> {
  const max = store.realm.maxTopicLength;
  const box = streamId === undefined ? 'required' : topicBox(topicsPolicyOf(store, streamId));
  if (box === 'hidden') return '';
  const empty = store.realm.emptyTopicDisplayName;
  const typed = await askText({
    title: vscode.l10n.t('New topic'),
    prompt:
      box === 'optional'
        ? vscode.l10n.t('Topic name (leave empty for “{0}”)', empty)
        : vscode.l10n.t('Topic name (this channel requires one)'),
    validateInput: (v) => {
      if (box === 'required' && isEmptyTopicName(v, empty))
        return vscode.l10n.t('Enter a topic name: this channel does not allow “{0}”.', empty);
      return [...v].length > max ? vscode.l10n.t('At most {0} characters.', max) : undefined;
    },
  });
  return typed === undefined ? undefined : typed.trim();
}

/**
 * Where to post: the recent topics of the channels the user may post in (newest message first,
 * so Enter picks the most recent), then "New topic in channel…". Topics of channels not loaded
 * yet are fetched (errors skip that channel).
 */
export async function pickRecentTopic(store: ChatStore, title: string): Promise<TopicTarget | undefined> {
  const postable = new Set(channelChoices(store, 'post').map((c) => c.streamId));
  const subs = store.subscriptions().filter((s) => postable.has(s.stream_id));
  const lists = await Promise.all(
    subs.map(async (s) => ({
      sub: s,
      topics: store.topics(s.stream_id) ?? (await store.loadTopics(s.stream_id).catch(() => [])),
    })),
  );
  const empty = store.realm.emptyTopicDisplayName;
  // Only the topics each channel's policy allows posting to.
  const rows = lists.flatMap(({ sub, topics }) =>
    topics
      .filter((t) => topicRefusal(topicsPolicyOf(store, sub.stream_id), t.name, empty) === undefined)
      .map((t) => ({ sub, t })),
  );
  rows.sort((a, b) => b.t.maxId - a.t.maxId);
  type Item = vscode.QuickPickItem & { target?: TopicTarget };
  const items: Item[] = [
    ...rows.slice(0, 200).map(({ sub, t }) => ({
      label: t.name === '' ? empty : t.name,
      description: `#${sub.name}`,
      target: { streamId: sub.stream_id, topic: t.name },
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: vscode.l10n.t('$(add) New topic in channel…'), alwaysShow: true },
  ];
  const picked = await pickOne(items, {
    title,
    placeHolder: vscode.l10n.t('Choose a topic (recent first)'),
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.target) return picked.target;
  const streamId = await pickChannel(store, title, 'post');
  if (streamId === undefined) return undefined;
  const topic = await askTopicName(store, streamId);
  return topic === undefined ? undefined : { streamId, topic };
}
