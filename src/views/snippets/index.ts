/** The "Saved Snippets" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { SnippetsModel, type SnippetNode } from './model';
import { SnippetsProvider } from './provider';
import { createTree } from '../tree';

export { SnippetsModel, type SnippetNode } from './model';

export function register(services: Services): { model: SnippetsModel; view: vscode.TreeView<SnippetNode> } {
  const model = new SnippetsModel(services.sessions);
  return { model, view: createTree(services, Views.snippets, model, new SnippetsProvider(model)) };
}
