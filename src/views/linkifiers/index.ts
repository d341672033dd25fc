/** The "Linkifiers" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { LinkifiersModel, type LinkifierNode } from './model';
import { LinkifiersProvider } from './provider';

export { LinkifiersModel, type LinkifierNode } from './model';

export interface LinkifiersView {
  readonly model: LinkifiersModel;
  readonly view: vscode.TreeView<LinkifierNode>;
}

export function register(services: Services): LinkifiersView {
  const model = new LinkifiersModel(services.sessions);
  services.context.subscriptions.push(model);
  const provider = new LinkifiersProvider(model);
  services.context.subscriptions.push(provider);
  const view = vscode.window.createTreeView(Views.linkifiers, { treeDataProvider: provider });
  services.context.subscriptions.push(view);
  return { model, view };
}
