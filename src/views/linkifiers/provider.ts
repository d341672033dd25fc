/** Renders the linkifiers: pattern → URL template, the reverse-linkifier details as tooltip. */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import { checkLinkifier } from '../../linkifiers/check';
import type { LinkifierNode, LinkifiersModel } from './model';

/** `linkifier` plus `canMoveUp` / `canMoveDown` where a move is possible (menu `when` clauses). */
export function linkifierContextValue(position: number, count: number): string {
  return ['linkifier', ...(position > 1 ? ['canMoveUp'] : []), ...(position < count ? ['canMoveDown'] : [])].join(' ');
}

export class LinkifiersProvider implements vscode.TreeDataProvider<LinkifierNode>, vscode.Disposable {
  readonly #onDidChangeTreeData = new vscode.EventEmitter<LinkifierNode | undefined>();
  readonly onDidChangeTreeData = this.#onDidChangeTreeData.event;
  readonly #subscription: vscode.Disposable;

  constructor(private readonly model: LinkifiersModel) {
    // A handful of rows whose order matters: any change reloads the flat list.
    this.#subscription = model.onDidChange(() => this.#onDidChangeTreeData.fire(undefined));
  }

  getChildren(element?: LinkifierNode): LinkifierNode[] {
    return element ? [] : this.model.nodes();
  }

  getTreeItem(node: LinkifierNode): vscode.TreeItem {
    const l = this.model.get(node.linkifierId);
    const item = new vscode.TreeItem(l?.pattern ?? '(deleted linkifier)', vscode.TreeItemCollapsibleState.None);
    item.id = `linkifier:${node.linkifierId}`;
    if (!l) return item;
    const position = this.model.position(l.id);
    item.contextValue = linkifierContextValue(position, this.model.linkifiers().length);
    item.description = `→ ${l.url_template}`;
    item.iconPath = new vscode.ThemeIcon(l.reverse_template ? 'arrow-swap' : 'link');
    item.tooltip = linkifierTooltip(l, position);
    item.accessibilityInformation = { label: `Linkifier ${position}: ${l.pattern} links to ${l.url_template}` };
    return item;
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#onDidChangeTreeData.dispose();
  }
}

export function linkifierTooltip(l: Linkifier, position: number): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**Linkifier ${position}** (processed in this order)\n\n`);
  md.appendMarkdown('Pattern:');
  md.appendCodeblock(l.pattern, 'regex');
  md.appendMarkdown('URL template:');
  md.appendCodeblock(l.url_template, 'text');
  if (l.example_input) {
    const preview = checkLinkifier(l).preview;
    md.appendMarkdown('Example input:');
    md.appendCodeblock(preview ? `${l.example_input}  →  ${preview.url}` : l.example_input, 'text');
  }
  if (l.reverse_template) {
    md.appendMarkdown('Reverse template:');
    md.appendCodeblock(l.reverse_template, 'text');
  }
  if (l.alternative_url_templates.length > 0) {
    md.appendMarkdown('Alternative URL templates:');
    md.appendCodeblock(l.alternative_url_templates.join('\n'), 'text');
  }
  return md;
}
