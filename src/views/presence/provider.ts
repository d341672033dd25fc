import * as vscode from 'vscode';
import { roleName, type RoleName } from '../../api/users/roles';
import { Commands } from '../../constants';
import type { PresenceState } from '../../store';
import { TreeProvider } from '../tree';
import type { PeopleNode, PeopleTreeModel } from './model';
import { statusEmoji, statusLabel } from '../../emoji/status';

const GROUP_LABEL: Record<PresenceState, () => string> = {
  active: () => vscode.l10n.t('Active'),
  idle: () => vscode.l10n.t('Idle'),
  offline: () => vscode.l10n.t('Offline'),
};

/** "3 active people", "1 idle person"... (the group row's tooltip). */
const GROUP_TOOLTIP: Record<PresenceState, (count: number) => string> = {
  active: (n) => (n === 1 ? vscode.l10n.t('1 active person') : vscode.l10n.t('{0} active people', n)),
  idle: (n) => (n === 1 ? vscode.l10n.t('1 idle person') : vscode.l10n.t('{0} idle people', n)),
  offline: (n) => (n === 1 ? vscode.l10n.t('1 offline person') : vscode.l10n.t('{0} offline people', n)),
};

const ROLE_LABEL: Record<RoleName, () => string> = {
  owner: () => vscode.l10n.t('Owner'),
  administrator: () => vscode.l10n.t('Administrator'),
  moderator: () => vscode.l10n.t('Moderator'),
  member: () => vscode.l10n.t('Member'),
  guest: () => vscode.l10n.t('Guest'),
  unknown: () => vscode.l10n.t('Member'),
};

const PRESENCE_ICON: Record<PresenceState, vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('charts.green')),
  idle: new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('charts.yellow')),
  offline: new vscode.ThemeIcon('circle-outline', new vscode.ThemeColor('disabledForeground')),
};

/** Context values of user rows (menus match `viewItem =~ /^teamChat\.user/`). */
export const USER_CONTEXT = 'teamChat.user';
export const OWN_USER_CONTEXT = 'teamChat.user.self';

/** Renders the model; refreshes exactly the nodes the model names. */
export class PeopleTreeProvider extends TreeProvider<PeopleNode> {
  constructor(
    private readonly model: PeopleTreeModel,
    /** Custom status emoji as row icons (absent: the presence icon only). */
    private readonly emojiIcon?: (emojiId: string) => vscode.Uri | undefined,
  ) {
    super();
    this._register(model.onDidChange((change) => this.refresh(change.all ? undefined : change.nodes)));
  }

  /** An icon arrived: redraw every row. */
  redraw(): void {
    this.refresh();
  }

  getChildren(node?: PeopleNode): PeopleNode[] {
    return this.model.children(node);
  }

  getParent(node: PeopleNode): PeopleNode | undefined {
    return node.kind === 'user' ? this.model.groupNode(node.state) : undefined;
  }

  getTreeItem(node: PeopleNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const count = this.model.groups()[node.state].length;
      const item = new vscode.TreeItem(
        GROUP_LABEL[node.state](),
        node.state === 'offline' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
      );
      item.id = `presence/${node.state}`;
      item.description = String(count);
      item.tooltip = GROUP_TOOLTIP[node.state](count);
      item.contextValue = `teamChat.presenceGroup.${node.state}`;
      return item;
    }
    const store = this.model.store;
    const user = store?.user(node.userId);
    const own = store?.ownUserId === node.userId;
    const name = user?.full_name ?? vscode.l10n.t('User {0}', node.userId);
    const item = new vscode.TreeItem(
      own ? vscode.l10n.t('{0} (you)', name) : name,
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `presence/${node.state}/${node.userId}`;
    const status = store?.status(node.userId);
    // A custom status emoji is the row's icon (a row shows no image inline); unicode ones are text.
    const custom =
      status?.reaction_type === 'realm_emoji' && status.emoji_code ? this.emojiIcon?.(status.emoji_code) : undefined;
    item.description = (custom ? status?.status_text : statusLabel(status)) || undefined;
    item.iconPath = custom ?? PRESENCE_ICON[node.state];
    item.contextValue = own ? OWN_USER_CONTEXT : USER_CONTEXT;
    item.command = { command: Commands.showProfile, title: vscode.l10n.t('Show Profile'), arguments: [node.userId] };
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown('**').appendText(name).appendMarkdown('**');
    tip.appendText(`\n${GROUP_LABEL[node.state]()}${user ? ` · ${roleLabel(user.role)}` : ''}`);
    const emoji = statusEmoji(status);
    if (emoji || status?.status_text) tip.appendText(`\n${[emoji, status?.status_text].filter(Boolean).join(' ')}`);
    if (user?.timezone) tip.appendText(`\n${localTime(user.timezone)}`);
    item.tooltip = tip;
    item.accessibilityInformation = {
      label: `${name}, ${GROUP_LABEL[node.state]()}${item.description ? `, ${item.description}` : ''}`,
    };
    return item;
  }
}

function roleLabel(role: number): string {
  return ROLE_LABEL[roleName(role)]();
}

function localTime(timezone: string): string {
  try {
    const time = new Intl.DateTimeFormat(undefined, { timeZone: timezone, hour: 'numeric', minute: '2-digit' }).format(
      new Date(),
    );
    return vscode.l10n.t('Local time {0} ({1})', time, timezone);
  } catch {
    return timezone;
  }
}
