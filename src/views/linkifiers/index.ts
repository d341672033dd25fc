/** The "Linkifiers" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { LinkifiersModel, type LinkifierNode } from './model';
import { LinkifiersProvider } from './provider';
import { createTree } from '../tree';

export { LinkifiersModel, type LinkifierNode } from './model';

export interface LinkifiersView {
  readonly model: LinkifiersModel;
  readonly view: vscode.TreeView<LinkifierNode>;
}

export function register(services: Services): LinkifiersView {
  const model = new LinkifiersModel(services.sessions);
  return { model, view: createTree(services, Views.linkifiers, model, new LinkifiersProvider(model)) };
}
