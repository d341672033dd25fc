/**
 * `teamChat.discussSelection` ({streamId, topic} skips the picks): posts the selection (its code
 * block under its permalink) to a channel and topic, to start a discussion that then shows on
 * those lines. The channel suggested first is the one the workspace's `teamChat.code.channels`
 * maps the file's repository to; the channel picked is remembered there.
 */
import * as vscode from 'vscode';
import { Commands, Settings } from '../../constants';
import type { OutboxService } from '../../session/outbox';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { showQueued } from '../../ui/queued';
import { suggestedChannel } from '../topic/channelChoices';
import { isTopicTarget, pickChannel, pickTopicOf, type TopicTarget } from '../topic/pickers';
import { gitApi, remotesOf, repositoryOf } from './git';
import { describeSelection } from './share';

/** The remote key (`github.com/acme/widgets`) of the repository holding `uri`. */
export async function repositoryKey(uri: vscode.Uri): Promise<string | undefined> {
  const api = uri.scheme === 'file' ? await gitApi() : undefined;
  const repo = api ? await repositoryOf(api, uri) : undefined;
  if (!repo) return undefined;
  const remotes = remotesOf(repo);
  return (remotes.find((r) => r.name === 'origin') ?? remotes[0])?.key;
}

/** Resolves to the new message's id and where it went; no id when it waits in the outbox (the user is told). */
export async function discussSelection(
  current: CurrentSession,
  outbox: OutboxService,
  args: unknown,
): Promise<{ id?: number; target: TopicTarget } | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new UserFacingError(vscode.l10n.t('Open a file and select the code to discuss.'));
  const selection = editor.selection.isEmpty
    ? editor.document.lineAt(editor.selection.active.line).range
    : editor.selection;
  return discussLines(current, outbox, editor.document, selection, args);
}

/**
 * Starts (or adds to) a topic about `selection` of `document`: the picks unless `args` names the
 * topic, then the code block under its reference, after `note` (what the user wrote) if any.
 */
export async function discussLines(
  current: CurrentSession,
  outbox: OutboxService,
  document: vscode.TextDocument,
  selection: vscode.Range,
  args: unknown,
  note?: string,
): Promise<{ id?: number; target: TopicTarget } | undefined> {
  const code = document.getText(selection);
  if (code.trim() === '')
    throw new UserFacingError(vscode.l10n.t('The selection is empty: select the code to discuss.'));
  const config = vscode.workspace.getConfiguration(undefined, document.uri);
  const mapping = config.get<Record<string, unknown>>(Settings.codeChannels) ?? {};
  const repository = await repositoryKey(document.uri);
  let target = isTopicTarget(args) ? args : undefined;
  if (!target) {
    const suggested = suggestedChannel(mapping, repository, current.store);
    const streamId = await pickChannel(current.store, vscode.l10n.t('Discuss Selection'), 'post', suggested);
    if (streamId === undefined) return undefined;
    const topic = await pickTopicOf(current.store, streamId, vscode.l10n.t('Discuss Selection'), true);
    if (topic === undefined) return undefined;
    target = { streamId, topic: topic.trim() };
  }
  const share = await describeSelection(document, selection, code);
  const content = note ? `${note}\n\n${share.content}` : share.content;
  const result = await withNotification(vscode.l10n.t('Team Chat: starting the discussion…'), () =>
    outbox.sendAndWait({ type: 'stream', streamId: target.streamId, topic: target.topic }, content),
  );
  const channel = current.store.channelName(target.streamId);
  if (repository && channel && mapping[repository] !== channel && vscode.workspace.workspaceFolders) {
    await config.update(
      Settings.codeChannels,
      { ...mapping, [repository]: channel },
      vscode.ConfigurationTarget.Workspace,
    );
  }
  const started = share.noPermalinkReason
    ? vscode.l10n.t(
        'Started a discussion of {0} in #{1} › {2}. No permalink: {3}.',
        share.reference,
        channel ?? target.streamId,
        target.topic,
        share.noPermalinkReason,
      )
    : vscode.l10n.t(
        'Started a discussion of {0} in #{1} › {2}.',
        share.reference,
        channel ?? target.streamId,
        target.topic,
      );
  if (result.id === undefined) showQueued();
  else {
    void vscode.window.showInformationMessage(started, vscode.l10n.t('Open Topic')).then((choice) => {
      if (choice) void vscode.commands.executeCommand(Commands.openTopic, target);
    });
  }
  return { id: result.id, target };
}
