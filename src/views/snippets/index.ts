/** The "Saved Snippets" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { SnippetsModel, type SnippetNode } from './model';
import { SnippetsProvider } from './provider';

export { SnippetsModel, type SnippetNode } from './model';

export function register(services: Services): { model: SnippetsModel; view: vscode.TreeView<SnippetNode> } {
  const model = new SnippetsModel(services.sessions);
  services.context.subscriptions.push(model);
  const provider = new SnippetsProvider(model);
  services.context.subscriptions.push(provider);
  const view = vscode.window.createTreeView(Views.snippets, { treeDataProvider: provider });
  services.context.subscriptions.push(view);
  return { model, view };
}
