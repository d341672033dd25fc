/**
 * Topic visibility policy (docs/API.md operation 5, `POST /user_topics`): mute, unmute, follow, reset.
 * "Unmute" in a muted channel sets `unmuted` (2) so the topic shows; elsewhere it removes the
 * mute (0), because `unmuted` there behaves like none.
 */
import * as vscode from 'vscode';
import { updateUserTopic } from '../../api/channels/routes';
import { Commands } from '../../constants';
import { POLICY } from '../../store';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { topicCommand } from '../channels/common';

type Action = 'mute' | 'unmute' | 'follow' | 'reset';

function policyFor(action: Action, channelMuted: boolean): 0 | 1 | 2 | 3 {
  switch (action) {
    case 'mute': return POLICY.muted;
    case 'unmute': return channelMuted ? POLICY.unmuted : POLICY.none;
    case 'follow': return POLICY.followed;
    case 'reset': return POLICY.none;
  }
}

function command(id: CommandDeclaration['id'], action: Action, verb: string): CommandDeclaration {
  return topicCommand({ id, failure: vscode.l10n.t('Could not {0} the topic', verb), placeHolder: vscode.l10n.t('Choose a topic to {0}', verb) }, async ({ current }, t) => {
    const policy = policyFor(action, current.store.subscription(t.streamId)?.is_muted ?? false);
    await withNotification(`${verb[0]!.toUpperCase()}${verb.slice(1)}: ${t.topic || current.store.realm.emptyTopicDisplayName}…`, (signal) =>
      updateUserTopic(current.client, { stream_id: t.streamId, topic: t.topic, visibility_policy: policy }, { signal }),
    );
    return policy;
  });
}

export const commands: CommandDeclaration[] = [
  command(Commands.topicMute, 'mute', 'mute'),
  command(Commands.topicUnmute, 'unmute', 'unmute'),
  command(Commands.topicFollow, 'follow', 'follow'),
  command(Commands.topicResetVisibility, 'reset', 'reset the visibility of'),
];
