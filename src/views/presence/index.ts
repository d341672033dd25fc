/**
 * The People view: active / idle / offline groups following the current session's store, re-grouped
 * on a timer as presence ages, and the `teamChat.isAdmin` context key for admin-only menus.
 */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import type { ChatStore } from '../../store';
import { PeopleTreeModel } from './model';
import { PeopleTreeProvider } from './provider';
import { CustomEmojiIcons } from './emojiIcons';
import { toDisposable } from '../../base/lifecycle';
import { followStore, registerTree, type TreeParts } from '../tree';

/** How often groups are re-checked as presence ages (the store caches until someone would move). */
export const REGROUP_INTERVAL_MS = 10_000;

export type PeopleView = TreeParts<PeopleTreeModel, PeopleTreeProvider>;

export function registerPeopleView(services: Services): PeopleView {
  const { context, sessions } = services;
  const emojiIcons = services.disposables.add(new CustomEmojiIcons(context.globalStorageUri, services.log));
  const tree = registerTree(
    services,
    Views.presence,
    new PeopleTreeModel(),
    (m) => new PeopleTreeProvider(m, (id) => (sessions.current ? emojiIcons.icon(sessions.current, id) : undefined)),
    { showCollapseAll: true },
  );
  const { model, provider } = tree;
  services.disposables.add(emojiIcons.onDidLoad(() => provider.redraw()));

  let isAdmin: boolean | undefined;
  const updateAdmin = (store: ChatStore | undefined): void => {
    const role = store?.ownUser?.role;
    const next = role !== undefined && role <= 200;
    if (next === isAdmin) return;
    isAdmin = next;
    void vscode.commands.executeCommand('setContext', ContextKeys.isAdmin, next);
  };

  followStore(services, model);
  updateAdmin(sessions.current?.store);
  services.disposables.add(sessions.onDidChange((current) => updateAdmin(current?.store)));
  services.disposables.add(
    sessions.onDidChangeStore((change) => {
      if (change.full || change.areas.has('users')) updateAdmin(model.store);
    }),
  );

  const timer = setInterval(() => model.tick(), REGROUP_INTERVAL_MS);
  services.disposables.add(toDisposable(() => clearInterval(timer)));
  return tree;
}
