/** The channels tree: model + provider + muted-row decorations + the unread badge on the container. */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import { ContextKeys, Settings, Views } from '../../constants';
import type { Services } from '../../services';
import { ChannelColorIcons } from '../colors';
import { ChannelsModel } from './model';
import { ChannelsProvider, MutedChannelDecorations } from './provider';
import { registerTree, type TreeParts } from '../tree';
import { noDataMessage } from '../sessionText';
import { badgeOf, unreadCounts } from '../unreadCounts';

export { ChannelsModel, type ChannelNode, type ChannelsTreeNode, type FolderNode } from './model';

export type ChannelsView = TreeParts<ChannelsModel, ChannelsProvider>;

export function register(services: Services): ChannelsView {
  const { context, sessions } = services;
  const icons = new ChannelColorIcons(context.globalStorageUri);
  const tree = registerTree(
    services,
    Views.subscriptions,
    new ChannelsModel(sessions),
    (m) => new ChannelsProvider(m, icons),
    {
      showCollapseAll: false,
    },
  );
  const { model, view } = tree;
  const decorations = new MutedChannelDecorations(model);
  services.disposables.add(decorations);
  services.disposables.add(vscode.window.registerFileDecorationProvider(decorations));

  // The badge on the Team Chat container (`teamChat.badge.counts`): unread direct messages and
  // mentions, or the unread total (muted channels and topics left out); its tooltip names it.
  const updateBadge = (): void => {
    const store = model.store;
    const mode =
      vscode.workspace.getConfiguration().get<string>(Settings.badgeCounts) === 'allUnreads'
        ? 'allUnreads'
        : 'dmsAndMentions';
    view.badge = store ? badgeOf(unreadCounts(store), mode) : undefined;
  };
  let noSubscriptions: boolean | undefined;
  let hasFolders: boolean | undefined;
  const updateMessage = (): void => {
    if (!services.accounts.active) view.message = undefined;
    // Nothing to show yet (no saved snapshot): say what is happening, never "not connected" while connecting.
    else if (!sessions.current)
      view.message = noDataMessage(
        sessions.state.phase === 'signedOut' ? { ...sessions.state, phase: 'starting' } : sessions.state,
      );
    // No subscriptions: the view's welcome content offers Browse Channels and Create Channel.
    else view.message = undefined;
    const none = sessions.current !== undefined && sessions.current.store.subscriptions().length === 0;
    if (none !== noSubscriptions)
      void vscode.commands.executeCommand('setContext', ContextKeys.noSubscriptions, (noSubscriptions = none));
    const folders = (sessions.current?.store.featureLevel ?? 0) >= FL.channelFolders;
    if (folders !== hasFolders)
      void vscode.commands.executeCommand('setContext', ContextKeys.channelFolders, (hasFolders = folders));
  };
  services.disposables.add(model.onDidChangeTotal(updateBadge));
  services.disposables.add(
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(Settings.badgeCounts) && updateBadge()),
  );
  services.disposables.add(sessions.onDidChangeState(updateMessage));
  services.disposables.add(sessions.onDidChange(updateMessage));
  services.disposables.add(
    // Any change: joining or leaving the first channel changes only the rows.
    model.onDidChange(() => updateMessage()),
  );
  updateBadge();
  updateMessage();
  return tree;
}
