/** Channel commands (the channels tree's context menu and the palette) and the refresh commands. */
import * as vscode from 'vscode';
import { Commands, Views } from '../../constants';
import type { Services } from '../../services';
import type { ChannelsView } from '../../views/subscriptions';
import type { TopicsView } from '../../views/topics';
import * as copyEmail from './copyEmail';
import * as markRead from './markRead';
import * as properties from './properties';
import * as unsubscribe from './unsubscribe';

export function register(services: Services, views: { channels: ChannelsView; topics: TopicsView }): void {
  services.context.subscriptions.push(
    ...properties.register(services),
    ...copyEmail.register(services),
    ...unsubscribe.register(services),
    ...markRead.register(services),
    // Rebuilds from a fresh snapshot (as after an expired queue): the reliable "reload".
    vscode.commands.registerCommand(Commands.refreshChannels, () =>
      vscode.window.withProgress({ location: { viewId: Views.subscriptions }, title: 'Refreshing channels' }, () => services.sessions.restart()),
    ),
  );
}
