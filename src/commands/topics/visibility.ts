/**
 * Topic visibility policy (docs/API.md operation 5, `POST /user_topics`): mute, unmute, follow, reset.
 * "Unmute" in a muted channel sets `unmuted` (2) so the topic shows; elsewhere it removes the
 * mute (0), because `unmuted` there behaves like none.
 */
import * as vscode from 'vscode';
import { updateUserTopic } from '../../api/channels/routes';
import { Commands } from '../../constants';
import { POLICY } from '../../store/userTopics';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { topicCommand } from '../channels/common';

type Action = 'mute' | 'unmute' | 'follow' | 'reset';

function policyFor(action: Action, channelMuted: boolean): 0 | 1 | 2 | 3 {
  switch (action) {
    case 'mute':
      return POLICY.muted;
    case 'unmute':
      return channelMuted ? POLICY.unmuted : POLICY.none;
    case 'follow':
      return POLICY.followed;
    case 'reset':
      return POLICY.none;
  }
}

/** A command's texts, each a whole sentence (`progress` gets the topic's name). */
interface VisibilityTexts {
  readonly failure: string;
  readonly placeHolder: string;
  readonly progress: (topic: string) => string;
}

function command(id: CommandDeclaration['id'], action: Action, texts: VisibilityTexts): CommandDeclaration {
  return topicCommand({ id, failure: texts.failure, placeHolder: texts.placeHolder }, async ({ current }, t) => {
    const policy = policyFor(action, current.store.subscription(t.streamId)?.is_muted ?? false);
    await withNotification(texts.progress(t.topic || current.store.realm.emptyTopicDisplayName), (signal) =>
      updateUserTopic(current.client, { stream_id: t.streamId, topic: t.topic, visibility_policy: policy }, { signal }),
    );
    return policy;
  });
}

export const commands: CommandDeclaration[] = [
  command(Commands.topicMute, 'mute', {
    failure: vscode.l10n.t('Could not mute the topic'),
    placeHolder: vscode.l10n.t('Choose a topic to mute'),
    progress: (t) => vscode.l10n.t('Mute: {0}…', t),
  }),
  command(Commands.topicUnmute, 'unmute', {
    failure: vscode.l10n.t('Could not unmute the topic'),
    placeHolder: vscode.l10n.t('Choose a topic to unmute'),
    progress: (t) => vscode.l10n.t('Unmute: {0}…', t),
  }),
  command(Commands.topicFollow, 'follow', {
    failure: vscode.l10n.t('Could not follow the topic'),
    placeHolder: vscode.l10n.t('Choose a topic to follow'),
    progress: (t) => vscode.l10n.t('Follow: {0}…', t),
  }),
  command(Commands.topicResetVisibility, 'reset', {
    failure: vscode.l10n.t('Could not reset the visibility of the topic'),
    placeHolder: vscode.l10n.t('Choose a topic to reset the visibility of'),
    progress: (t) => vscode.l10n.t('Reset the visibility of: {0}…', t),
  }),
];
