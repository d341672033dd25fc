/** The "Saved Snippets" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { SnippetsModel, type SnippetNode } from './model';
import { SnippetsProvider } from './provider';
import { createTree } from '../tree';

export { SnippetsModel, type SnippetNode } from './model';

export interface SnippetsView {
  readonly model: SnippetsModel;
  /** The rows as the tree shows them (tests read labels, descriptions and context values). */
  readonly provider: SnippetsProvider;
  readonly view: vscode.TreeView<SnippetNode>;
}

export function register(services: Services): SnippetsView {
  const model = new SnippetsModel(services.sessions);
  const provider = new SnippetsProvider(model);
  return {
    model,
    provider,
    view: createTree(services, Views.snippets, model, provider, { emptyKey: ContextKeys.snippetsEmpty }),
  };
}
