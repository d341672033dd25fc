/** The "Direct Messages" tree in the Team Chat container: recent conversations following the current session. */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { createTree } from '../tree';
import { DirectMessagesModel, type ConversationNode } from './model';
import { DirectMessagesProvider } from './provider';

export { DirectMessagesModel, type ConversationNode, type ConversationRow } from './model';

export interface DirectMessagesView {
  readonly model: DirectMessagesModel;
  /** The rows as the tree shows them (tests read labels, descriptions and commands). */
  readonly provider: DirectMessagesProvider;
  readonly view: vscode.TreeView<ConversationNode>;
}

export function register(services: Services): DirectMessagesView {
  const { sessions } = services;
  const model = new DirectMessagesModel();
  const provider = new DirectMessagesProvider(model);
  const view = createTree(services, Views.directMessages, model, provider, {
    emptyKey: ContextKeys.directMessagesEmpty,
  });
  model.setStore(sessions.current?.store);
  services.disposables.add(sessions.onDidChange((current) => model.setStore(current?.store)));
  services.disposables.add(sessions.onDidChangeStore((change) => model.onStoreChange(change)));
  return { model, provider, view };
}
