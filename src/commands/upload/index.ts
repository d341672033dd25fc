/**
 * Upload commands. `teamChat.uploadFile` ("Upload File…"): picks files, then uploads them into the
 * compose box of the active conversation view (or one the user chooses). `teamChat.shareFileToChat`
 * ("Share File to Chat…", Explorer context menu): uploads the selected files into a topic the user
 * picks and opens it with the links in the compose box — the user adds a word and presses Send.
 *
 * Scripted arguments (tests, other commands): `uploadFile({ files, streamId?, topic?, userIds? })`,
 * `shareFileToChat(uri, uris?, { streamId, topic })`.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { isRecord } from '../../guards';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import type { TopicViews } from '../../webviews/topicView/manager';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { isDirectMessageTarget } from '../topic/openDirectMessage';
import { isTopicTarget, pickRecentTopic, type TopicTarget } from '../topic/pickers';
import { pickOne } from '../../ui/quickInput';

const uris = (value: unknown): vscode.Uri[] | undefined =>
  Array.isArray(value) && value.length > 0 && value.every((u) => u instanceof vscode.Uri) ? value : undefined;

async function pickFiles(title: string): Promise<vscode.Uri[] | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: true,
    canSelectFolders: false,
    openLabel: vscode.l10n.t('Upload'),
    title,
  });
  return picked?.length ? picked : undefined;
}

/** Opens (or reveals) the conversation of a topic target or a DM target. */
async function openConversation(target: TopicTarget | { userIds: readonly number[] }): Promise<TopicPanel | undefined> {
  const command = 'userIds' in target ? Commands.openDirectMessage : Commands.openTopic;
  return vscode.commands.executeCommand<TopicPanel | undefined>(command, target);
}

/** The active conversation view, or the one the user chooses among the open ones or any topic. */
async function targetView(current: CurrentSession, views: TopicViews, args: unknown): Promise<TopicPanel | undefined> {
  if (isTopicTarget(args)) return openConversation({ streamId: args.streamId, topic: args.topic });
  if (isDirectMessageTarget(args)) return openConversation({ userIds: args.userIds });
  const open = views.panels.filter((p) => p.canCompose);
  const active = open.find((p) => p.panel.active);
  if (active) return active;
  type Item = vscode.QuickPickItem & { view?: TopicPanel };
  const items: Item[] = [
    ...open.map((view) => ({ label: view.title, description: vscode.l10n.t('open'), view })),
    { label: vscode.l10n.t('$(comment-discussion) Another topic…'), alwaysShow: true },
  ];
  const picked = await pickOne(items, {
    title: vscode.l10n.t('Upload File'),
    placeHolder: vscode.l10n.t('Which conversation gets the file?'),
  });
  if (!picked) return undefined;
  if (picked.view) return picked.view;
  const target = await pickRecentTopic(current.store, vscode.l10n.t('Upload File'));
  return target && openConversation(target);
}

/** Uploads into `view` under a cancellable notification (the compose row shows it too). */
function uploadInto(view: TopicPanel, files: readonly vscode.Uri[]): Promise<string[]> {
  view.reveal();
  const title =
    files.length === 1
      ? vscode.l10n.t('Team Chat: uploading {0}', files[0]!.path.split('/').pop() ?? '')
      : vscode.l10n.t('Team Chat: uploading {0} files', files.length);
  return withNotification(title, (signal, progress) => view.uploads.uploadUris(files, { signal, progress }));
}

export function register(services: Services, views: TopicViews): void {
  registerCommands(services, [
    {
      id: Commands.uploadFile,
      session: true,
      failure: vscode.l10n.t('Could not upload the file'),
      run: async ({ current }, args?: unknown): Promise<string[] | undefined> => {
        const given = isRecord(args) ? uris(args.files) : undefined;
        const files = given ?? (await pickFiles(vscode.l10n.t('Upload File')));
        if (!files) return undefined;
        const view = await targetView(current, views, args);
        if (!view) return undefined;
        if (!view.canCompose)
          throw new UserFacingError(
            vscode.l10n.t('This view has no compose box: open a topic or a direct conversation.'),
          );
        return uploadInto(view, files);
      },
    },
    {
      id: Commands.shareFileToChat,
      session: true,
      failure: vscode.l10n.t('Could not share the file'),
      run: async ({ current }, uri?: unknown, selected?: unknown, target?: unknown): Promise<string[] | undefined> => {
        // The Explorer passes the clicked file and every selected one.
        const files =
          uris(selected) ?? (uri instanceof vscode.Uri ? [uri] : await pickFiles(vscode.l10n.t('Share File to Chat')));
        if (!files) return undefined;
        const topic = isTopicTarget(target)
          ? target
          : await pickRecentTopic(current.store, vscode.l10n.t('Share File to Chat'));
        if (!topic) return undefined;
        const view = await openConversation(topic);
        if (!view) return undefined;
        return uploadInto(view, files);
      },
    },
  ]);
}
