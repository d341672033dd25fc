/** The "Drafts" tree in the Team Chat container. */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { createTree } from '../tree';
import { DraftsModel, type DraftNode } from './model';
import { DraftsProvider } from './provider';

export { DraftsModel, type DraftNode, type DraftRow } from './model';

export interface DraftsView {
  readonly model: DraftsModel;
  /** The rows as the tree shows them (tests read labels and descriptions). */
  readonly provider: DraftsProvider;
  readonly view: vscode.TreeView<DraftNode>;
}

export function register(services: Services): DraftsView {
  const model = new DraftsModel(services.sessions, services.drafts);
  const provider = new DraftsProvider(model, () => services.sessions.current);
  return { model, provider, view: createTree(services, Views.drafts, model, provider) };
}
