/** Quick picks shared by the topic commands: a channel, a topic of it, recent topics everywhere. */
import * as vscode from 'vscode';
import type { ChatStore } from '../../store';
import { channelChoices, suggestFirst, type ChannelPurpose } from './channelChoices';

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
export async function pickChannel(store: ChatStore, title: string, purpose: ChannelPurpose = 'view', suggested?: number): Promise<number | undefined> {
  const items = suggestFirst(channelChoices(store, purpose), suggested);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(purpose === 'post' ? vscode.l10n.t('You may not post in any of your channels.') : vscode.l10n.t('You are not subscribed to any channel.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Choose a channel'), matchOnDescription: true });
  return picked?.streamId;
}

export async function pickTopicOf(store: ChatStore, streamId: number, title: string, allowNew = false): Promise<string | undefined> {
  const topics = store.topics(streamId) ?? (await store.loadTopics(streamId));
  const NEW = '\u0000new';
  const items: (vscode.QuickPickItem & { topic: string })[] = topics.map((t) => ({
    label: t.name,
    description: t.unread > 0 ? vscode.l10n.t('{0} unread', t.unread) : undefined,
    topic: t.name,
  }));
  if (allowNew) items.unshift({ label: vscode.l10n.t('$(add) New topic…'), topic: NEW, alwaysShow: true });
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Choose a topic') });
  if (!picked) return undefined;
  if (picked.topic !== NEW) return picked.topic;
  return askTopicName(store);
}

export async function askTopicName(store: ChatStore): Promise<string | undefined> {
  const max = store.realm.maxTopicLength;
  return vscode.window.showInputBox({
    title: vscode.l10n.t('New topic'),
    prompt: vscode.l10n.t('Topic name'),
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a topic name.') : [...v].length > max ? vscode.l10n.t('At most {0} characters.', max) : undefined),
  });
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
    subs.map(async (s) => ({ sub: s, topics: store.topics(s.stream_id) ?? (await store.loadTopics(s.stream_id).catch(() => [])) })),
  );
  const rows = lists.flatMap(({ sub, topics }) => topics.map((t) => ({ sub, t })));
  rows.sort((a, b) => b.t.maxId - a.t.maxId);
  type Item = vscode.QuickPickItem & { target?: TopicTarget };
  const items: Item[] = [
    ...rows.slice(0, 200).map(({ sub, t }) => ({ label: t.name, description: `#${sub.name}`, target: { streamId: sub.stream_id, topic: t.name } })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: vscode.l10n.t('$(add) New topic in channel…'), alwaysShow: true },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Choose a topic (recent first)'), matchOnDescription: true });
  if (!picked) return undefined;
  if (picked.target) return picked.target;
  const streamId = await pickChannel(store, title, 'post');
  if (streamId === undefined) return undefined;
  const topic = await askTopicName(store);
  return topic === undefined ? undefined : { streamId, topic: topic.trim() };
}
