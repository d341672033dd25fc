/**
 * Renders the topics model: newest first, resolved topics marked (✔ icon, prefix dropped from
 * the label), the visibility policy as icon and text, unread count, a click that opens the
 * topic, and a `contextValue` the menus match on:
 * `topic[.resolved][.muted|.unmuted|.followed][.channelMuted][.unread][.canResolve][.canMove]`.
 */
import { isArchived } from '../../store/channelPolicy';
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { ChatStore, TopicItem } from '../../store';
import { POLICY } from '../../store/userTopics';
import { RESOLVED_PREFIX } from '../../store/keys';
import { TreeProvider } from '../tree';
import type { TopicNode, TopicsModel } from './model';

const POLICY_TEXT: Record<number, string> = {
  [POLICY.muted]: 'muted',
  [POLICY.unmuted]: 'unmuted',
  [POLICY.followed]: 'followed',
};
/** The policy as the user reads it (POLICY_TEXT is also the context value's part). */
const POLICY_LABEL: Record<number, () => string> = {
  [POLICY.muted]: () => vscode.l10n.t('muted'),
  [POLICY.unmuted]: () => vscode.l10n.t('unmuted'),
  [POLICY.followed]: () => vscode.l10n.t('followed'),
};

export class TopicsProvider extends TreeProvider<TopicNode> {
  /** Permissions and the channel's mute, read once per listing rather than per row. */
  #context = {
    canResolve: false,
    canMove: false,
    channelMuted: false,
    emptyName: vscode.l10n.t('general chat'),
    archived: false,
  };

  constructor(private readonly model: TopicsModel) {
    super();
    this._register(model.onDidChange(() => this.refresh()));
  }

  getChildren(element?: TopicNode): TopicNode[] {
    if (element) return [];
    const store = this.model.store;
    const streamId = this.model.streamId;
    if (store && streamId !== undefined) {
      const realm = store.realm;
      const sub = store.subscription(streamId);
      this.#context = {
        // The channel's own groups (FL 396/402) can allow what the organisation's do not.
        canResolve: realm.canResolveTopics(sub),
        canMove: realm.canMoveBetweenTopics(sub) || realm.canMoveBetweenChannels(sub),
        channelMuted: sub?.is_muted ?? false,
        emptyName: realm.emptyTopicDisplayName,
        archived: isArchived(store.channel(streamId)),
      };
    }
    return this.model.topics();
  }

  getParent(): undefined {
    return undefined;
  }

  getTreeItem(node: TopicNode): vscode.TreeItem {
    const t: TopicItem | undefined = this.model.item(node);
    const ctx = this.#context;
    const bare = t?.resolved ? node.topic.slice(RESOLVED_PREFIX.length) : node.topic;
    const label = bare === '' ? ctx.emptyName : bare;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `topic:${node.streamId}:${node.topic.toLowerCase()}`;
    const unread = t?.unread ?? 0;
    const policy = t?.visibilityPolicy ?? POLICY.none;
    item.iconPath = topicIcon(t?.resolved ?? false, policy, ctx.channelMuted);
    const parts: string[] = [];
    if (unread > 0) parts.push(String(unread));
    const policyLabel = POLICY_LABEL[policy]?.();
    if (policyLabel) parts.push(policyLabel);
    if (t?.resolved) parts.push(vscode.l10n.t('resolved'));
    item.description = parts.join(' · ');
    item.tooltip =
      `${t?.resolved ? `✔ ${vscode.l10n.t('resolved')} · ` : ''}${label}\n` +
      `${vscode.l10n.t('{0} unread', unread)}${policyLabel ? ` · ${policyLabel}` : ''}`;
    let context = 'topic';
    if (t?.resolved) context += '.resolved';
    if (POLICY_TEXT[policy]) context += `.${POLICY_TEXT[policy]}`;
    if (ctx.channelMuted) context += '.channelMuted';
    if (unread > 0) context += '.unread';
    // An archived channel's topics are read-only: neither resolved nor moved (src/store/channelPolicy.ts).
    if (ctx.canResolve && node.topic !== '' && !ctx.archived) context += '.canResolve';
    if (ctx.canMove && !ctx.archived) context += '.canMove';
    item.contextValue = context;
    item.command = {
      command: Commands.openTopic,
      title: vscode.l10n.t('Open Topic'),
      arguments: [{ streamId: node.streamId, topic: node.topic }],
    };
    return item;
  }
}

function topicIcon(resolved: boolean, policy: number, channelMuted: boolean): vscode.ThemeIcon {
  if (policy === POLICY.muted || (channelMuted && policy !== POLICY.unmuted && policy !== POLICY.followed)) {
    return new vscode.ThemeIcon('bell-slash', new vscode.ThemeColor('disabledForeground'));
  }
  if (resolved) return new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'));
  if (policy === POLICY.followed) return new vscode.ThemeIcon('eye');
  return new vscode.ThemeIcon('comment-discussion');
}

/** For menus on a store-less node (e.g. commands given only ids). */
export function topicUnread(store: ChatStore, node: TopicNode): number {
  return store.unreadCount({ streamId: node.streamId, topic: node.topic });
}
