/** Renders the drafts: the conversation, then the first line and the age; the whole text as tooltip. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { DraftTarget } from '../../drafts/compose';
import type { CurrentSession } from '../../session/manager';
import { relative } from '../../time/when';
import { ListProvider } from '../tree';
import type { DraftNode, DraftsModel } from './model';

/** "#engineering > deploys", or the other participants' names ("yourself" for notes to self). */
export function conversationLabel(target: DraftTarget, current: CurrentSession | undefined): string {
  const store = current?.store;
  if (target.type === 'stream') {
    const channel = store?.channelName(target.streamId) ?? vscode.l10n.t('channel {0}', target.streamId);
    return (
      `#${channel} > ` +
      `${target.topic === '' ? (store?.realm.emptyTopicDisplayName ?? vscode.l10n.t('general chat')) : target.topic}`
    );
  }
  if (target.userIds.length === 0) return vscode.l10n.t('yourself');
  return target.userIds.map((id) => store?.user(id)?.full_name ?? vscode.l10n.t('user {0}', id)).join(', ');
}

/** The first non-empty line, shortened. */
export function firstLine(content: string, max = 60): string {
  const line =
    content
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return [...line].length > max ? `${[...line].slice(0, max - 1).join('')}…` : line;
}

export class DraftsProvider extends ListProvider<DraftNode, DraftsModel> {
  constructor(
    model: DraftsModel,
    private readonly current: () => CurrentSession | undefined,
    private readonly now: () => number = Date.now,
  ) {
    super(model);
  }

  getTreeItem(node: DraftNode): vscode.TreeItem {
    const row = this.model.row(node);
    const item = new vscode.TreeItem(
      row ? conversationLabel(row.target, this.current()) : vscode.l10n.t('(sent or deleted draft)'),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    if (!row) return item;
    const age = relative(row.updatedAt - this.now());
    item.description = `${firstLine(row.content)} · ${age}`;
    item.iconPath = new vscode.ThemeIcon(row.target.type === 'stream' ? 'comment-draft' : 'mail');
    item.contextValue = row.remote ? 'draft remote' : 'draft';
    const md = new vscode.MarkdownString();
    const edited = row.remote
      ? vscode.l10n.t('Draft from another device, edited {0}', age)
      : vscode.l10n.t('Draft, edited {0}', age);
    md.appendText(`${edited}\n\n`);
    md.appendCodeblock(row.content, 'markdown');
    item.tooltip = md;
    item.command = { command: Commands.resumeDraft, title: vscode.l10n.t('Resume Draft'), arguments: [node] };
    item.accessibilityInformation = {
      label: vscode.l10n.t('Draft to {0}, edited {1}: {2}', item.label as string, age, firstLine(row.content)),
    };
    return item;
  }
}
