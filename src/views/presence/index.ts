/**
 * The People view: active / idle / offline groups following the current session's store, re-grouped
 * on a timer as presence ages, and the `teamChat.isAdmin` context key for admin-only menus.
 */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import type { ChatStore } from '../../store';
import { PeopleTreeModel, type PeopleNode } from './model';
import { PeopleTreeProvider } from './provider';
import { CustomEmojiIcons } from './emojiIcons';
import { createTree } from '../tree';

/** How often groups are re-checked as presence ages (the store caches until someone would move). */
export const REGROUP_INTERVAL_MS = 10_000;

export interface PeopleView {
  readonly model: PeopleTreeModel;
  readonly provider: PeopleTreeProvider;
  readonly treeView: vscode.TreeView<PeopleNode>;
}

export function registerPeopleView(services: Services): PeopleView {
  const { context, sessions } = services;
  const model = new PeopleTreeModel();
  const emojiIcons = new CustomEmojiIcons(context.globalStorageUri, services.log);
  const provider = new PeopleTreeProvider(model, (id) =>
    sessions.current ? emojiIcons.icon(sessions.current, id) : undefined,
  );
  services.disposables.add(emojiIcons);
  services.disposables.add(emojiIcons.onDidLoad(() => provider.redraw()));
  const treeView = createTree(services, Views.presence, model, provider, { showCollapseAll: true });

  let isAdmin: boolean | undefined;
  const updateAdmin = (store: ChatStore | undefined): void => {
    const role = store?.ownUser?.role;
    const next = role !== undefined && role <= 200;
    if (next === isAdmin) return;
    isAdmin = next;
    void vscode.commands.executeCommand('setContext', ContextKeys.isAdmin, next);
  };

  const follow = (store: ChatStore | undefined): void => {
    model.setStore(store);
    updateAdmin(store);
  };
  follow(sessions.current?.store);

  const timer = setInterval(() => model.tick(), REGROUP_INTERVAL_MS);
  services.disposables.add({ dispose: () => clearInterval(timer) });
  services.disposables.add(sessions.onDidChange((current) => follow(current?.store)));
  services.disposables.add(
    sessions.onDidChangeStore((change) => {
      model.onStoreChange(change);
      if (change.full || change.areas.has('users')) updateAdmin(model.store);
    }),
  );
  return { model, provider, treeView };
}
