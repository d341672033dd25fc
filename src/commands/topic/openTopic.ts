/**
 * `teamChat.openTopic` ({streamId, topic, anchor?}): opens the topic view (from the Topics tree, or a
 * pick); with `anchor` (a message id), scrolled to that message.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import type { TopicViews } from '../../webviews/topicView/manager';
import { topicTitle } from '../../webviews/topicView/manager';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { anchorOf, isTopicTarget, knownTopics, pickChannel, pickTopicOf } from './pickers';

export function register(services: Services, views: TopicViews): void {
  registerCommands(services, [
    {
      id: Commands.openTopic,
      session: true,
      failure: vscode.l10n.t('Could not open the topic'),
      scripted: 'report',
      run: async ({ current }, args?: unknown): Promise<TopicPanel | undefined> => {
        let target = isTopicTarget(args) ? args : undefined;
        if (!target) {
          const streamId = await pickChannel(current.store, vscode.l10n.t('Open Topic'));
          if (streamId === undefined) return undefined;
          const topic = await pickTopicOf(current.store, streamId, vscode.l10n.t('Open Topic'), false, () =>
            knownTopics(current.store, streamId, services.sessions.conversations),
          );
          if (topic === undefined) return undefined;
          target = { streamId, topic };
        }
        const channel = current.store.channelName(target.streamId) ?? vscode.l10n.t('channel {0}', target.streamId);
        return views.open(
          { streamId: target.streamId, topic: target.topic, mode: 'topic' },
          topicTitle(channel, target.topic, current.store.realm.emptyTopicDisplayName),
          anchorOf(args),
        );
      },
    },
  ]);
}
