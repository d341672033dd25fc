/** The "Linkifiers" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { LinkifiersModel, type LinkifierNode } from './model';
import { LinkifiersProvider } from './provider';
import { createTree } from '../tree';

export { LinkifiersModel, type LinkifierNode } from './model';

export interface LinkifiersView {
  readonly model: LinkifiersModel;
  /** The rows as the tree shows them (tests read labels, descriptions and context values). */
  readonly provider: LinkifiersProvider;
  readonly view: vscode.TreeView<LinkifierNode>;
}

export function register(services: Services): LinkifiersView {
  const model = new LinkifiersModel(services.sessions);
  const provider = new LinkifiersProvider(model);
  return {
    model,
    provider,
    view: createTree(services, Views.linkifiers, model, provider, { emptyKey: ContextKeys.linkifiersEmpty }),
  };
}
