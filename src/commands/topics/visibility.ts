/**
 * Topic visibility policy (SPEC.md operation 5, `POST /user_topics`): mute, unmute, follow, reset.
 * "Unmute" in a muted channel sets `unmuted` (2) so the topic shows; elsewhere it removes the
 * mute (0), because `unmuted` there behaves like none.
 */
import * as vscode from 'vscode';
import { updateUserTopic } from '../../api/channels/routes';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { POLICY } from '../../store';
import { requireSession, runCommand, topicOf, withProgress, type TopicArg } from '../channels/common';

type Action = 'mute' | 'unmute' | 'follow' | 'reset';

function policyFor(action: Action, channelMuted: boolean): 0 | 1 | 2 | 3 {
  switch (action) {
    case 'mute': return POLICY.muted;
    case 'unmute': return channelMuted ? POLICY.unmuted : POLICY.none;
    case 'follow': return POLICY.followed;
    case 'reset': return POLICY.none;
  }
}

function command(services: Services, action: Action, verb: string) {
  return (arg?: TopicArg) =>
    runCommand(services, arg, `Could not ${verb} the topic: `, async () => {
      const current = requireSession(services);
      const t = await topicOf(current, arg, `Choose a topic to ${verb}`);
      if (!t) return undefined;
      const policy = policyFor(action, current.store.subscription(t.streamId)?.is_muted ?? false);
      await withProgress(`${verb[0]!.toUpperCase()}${verb.slice(1)}: ${t.topic || current.store.realm.emptyTopicDisplayName}…`, (signal) =>
        updateUserTopic(current.client, { stream_id: t.streamId, topic: t.topic, visibility_policy: policy }, { signal }),
      );
      return policy;
    });
}

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.topicMute, command(services, 'mute', 'mute')),
    vscode.commands.registerCommand(Commands.topicUnmute, command(services, 'unmute', 'unmute')),
    vscode.commands.registerCommand(Commands.topicFollow, command(services, 'follow', 'follow')),
    vscode.commands.registerCommand(Commands.topicResetVisibility, command(services, 'reset', 'reset the visibility of')),
  ];
}
