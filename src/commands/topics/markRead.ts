/** Mark a topic as read (docs/API.md operation 12 with a channel + topic narrow). */
import * as vscode from 'vscode';
import * as narrow from '../../api/messages/narrowTerms';
import { Commands } from '../../constants';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { channelName, topicCommand } from '../channels/common';
import { markNarrowRead } from '../channels/markRead';

export const commands: CommandDeclaration[] = [
  topicCommand(
    {
      id: Commands.topicMarkRead,
      failure: vscode.l10n.t('Could not mark the topic as read'),
      placeHolder: vscode.l10n.t('Choose a topic to mark as read'),
    },
    ({ current }, t) => {
      const label = t.topic || current.store.realm.emptyTopicDisplayName;
      return withNotification(
        vscode.l10n.t('Marking "{0}" in {1} as read…', label, channelName(current, t.streamId)),
        (signal, progress) =>
          markNarrowRead(current.client, [narrow.channel(t.streamId), narrow.topic(t.topic)], signal, progress),
      );
    },
  ),
];
