/** Renders the linkifiers: pattern → URL template, the reverse-linkifier details as tooltip. */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import { checkLinkifier } from '../../linkifiers/check';
import { ListProvider } from '../tree';
import type { LinkifierNode, LinkifiersModel } from './model';

/** `linkifier` plus `canMoveUp` / `canMoveDown` where a move is possible (menu `when` clauses). */
export function linkifierContextValue(position: number, count: number): string {
  return ['linkifier', ...(position > 1 ? ['canMoveUp'] : []), ...(position < count ? ['canMoveDown'] : [])].join(' ');
}

export class LinkifiersProvider extends ListProvider<LinkifierNode, LinkifiersModel> {
  getTreeItem(node: LinkifierNode): vscode.TreeItem {
    const l = this.model.get(node.linkifierId);
    const item = new vscode.TreeItem(
      l?.pattern ?? vscode.l10n.t('(deleted linkifier)'),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `linkifier:${node.linkifierId}`;
    if (!l) return item;
    const position = this.model.position(l.id);
    item.contextValue = linkifierContextValue(position, this.model.linkifiers().length);
    item.description = `→ ${l.url_template}`;
    item.iconPath = new vscode.ThemeIcon(l.reverse_template ? 'arrow-swap' : 'link');
    item.tooltip = linkifierTooltip(l, position);
    item.accessibilityInformation = {
      label: vscode.l10n.t('Linkifier {0}: {1} links to {2}', position, l.pattern, l.url_template),
    };
    return item;
  }
}

export function linkifierTooltip(l: Linkifier, position: number): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(
    `**${vscode.l10n.t('Linkifier {0}', position)}** ${vscode.l10n.t('(processed in this order)')}\n\n`,
  );
  md.appendMarkdown(vscode.l10n.t('Pattern:'));
  md.appendCodeblock(l.pattern, 'regex');
  md.appendMarkdown(vscode.l10n.t('URL template:'));
  md.appendCodeblock(l.url_template, 'text');
  if (l.example_input) {
    const preview = checkLinkifier(l).preview;
    md.appendMarkdown(vscode.l10n.t('Example input:'));
    md.appendCodeblock(preview ? `${l.example_input}  →  ${preview.url}` : l.example_input, 'text');
  }
  if (l.reverse_template) {
    md.appendMarkdown(vscode.l10n.t('Reverse template:'));
    md.appendCodeblock(l.reverse_template, 'text');
  }
  if (l.alternative_url_templates.length > 0) {
    md.appendMarkdown(vscode.l10n.t('Alternative URL templates:'));
    md.appendCodeblock(l.alternative_url_templates.join('\n'), 'text');
  }
  return md;
}
