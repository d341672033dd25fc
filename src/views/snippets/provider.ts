/** Renders the saved-snippets model: title, first line of content, the whole snippet as tooltip. */
import * as vscode from 'vscode';
import { ListProvider } from '../tree';
import type { SnippetNode, SnippetsModel } from './model';

export const SNIPPET_CONTEXT_VALUE = 'snippet';

export class SnippetsProvider extends ListProvider<SnippetNode, SnippetsModel> {
  getTreeItem(node: SnippetNode): vscode.TreeItem {
    const snippet = this.model.get(node.snippetId);
    const item = new vscode.TreeItem(
      snippet?.title ?? vscode.l10n.t('(deleted snippet)'),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `snippet:${node.snippetId}`;
    item.contextValue = SNIPPET_CONTEXT_VALUE;
    item.iconPath = new vscode.ThemeIcon('note');
    if (snippet) {
      item.description = firstLine(snippet.content);
      const tooltip = new vscode.MarkdownString();
      tooltip.appendText(snippet.title);
      tooltip.appendCodeblock(snippet.content, 'markdown');
      item.tooltip = tooltip;
      item.accessibilityInformation = {
        label: vscode.l10n.t('Snippet {0}: {1}', snippet.title, firstLine(snippet.content)),
      };
    }
    return item;
  }
}

export function firstLine(text: string, max = 60): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}
