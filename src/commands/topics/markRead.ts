/** Mark a topic as read (SPEC.md operation 12 with a channel + topic narrow). */
import * as vscode from 'vscode';
import * as narrow from '../../api/messages/narrow';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { channelName, requireSession, runCommand, topicOf, withProgress, type TopicArg } from '../channels/common';
import { markNarrowRead } from '../channels/markRead';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.topicMarkRead, (arg?: TopicArg) =>
      runCommand(services, arg, 'Could not mark the topic as read: ', async () => {
        const current = requireSession(services);
        const t = await topicOf(current, arg, 'Choose a topic to mark as read');
        if (!t) return undefined;
        const label = t.topic || current.store.realm.emptyTopicDisplayName;
        return withProgress(`Marking "${label}" in ${channelName(current, t.streamId)} as read…`, (signal, progress) =>
          markNarrowRead(current.client, [narrow.channel(t.streamId), narrow.topic(t.topic)], signal, progress),
        );
      }),
    ),
  ];
}
