/**
 * `teamChat.resumeDraft` (a Drafts row): opens the draft's conversation with the draft in the
 * compose box. `teamChat.deleteDraft` (a Drafts row): deletes it here and on the server.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { targetKey } from '../../drafts/compose';
import type { DraftNode, DraftRow, DraftsModel } from '../../views/drafts';
import { draftTarget } from '../../webviews/topicView/drafts';
import type { TopicViews } from '../../webviews/topicView/manager';
import type { TopicPanel } from '../../webviews/topicView/panel';

function isDraftNode(value: unknown): value is DraftNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as DraftNode).kind === 'draft' &&
    typeof (value as DraftNode).id === 'string'
  );
}

function rowOf(model: DraftsModel, arg: unknown): DraftRow {
  const row = isDraftNode(arg) ? model.row(arg) : undefined;
  if (!row) throw new UserFacingError(vscode.l10n.t('That draft was sent or deleted meanwhile.'));
  return row;
}

export function register(services: Services, model: DraftsModel, views: TopicViews): void {
  registerCommands(services, [
    {
      id: Commands.resumeDraft,
      session: true,
      failure: vscode.l10n.t('Could not resume the draft'),
      async run({ current }, arg?: unknown): Promise<TopicPanel | undefined> {
        const row = rowOf(model, arg);
        // A draft from another device becomes this conversation's draft here, then the view restores it.
        if (row.remote) services.drafts.adopt(current.account.id, row.remote, row.target);
        const t = row.target;
        const open = views.panels.find((p) => {
          const target = draftTarget(p.key);
          return target !== undefined && targetKey(target) === targetKey(t);
        });
        const panel = await vscode.commands.executeCommand<TopicPanel | undefined>(
          t.type === 'stream' ? Commands.openTopic : Commands.openDirectMessage,
          t.type === 'stream'
            ? { streamId: t.streamId, topic: t.topic }
            : { userIds: t.userIds.length > 0 ? [...t.userIds] : [current.store.ownUserId] },
        );
        // A view already open with an empty box gets the text now (a new one asks for it as it loads).
        if (open && panel === open && panel.composeText === '') panel.insertIntoCompose(row.content);
        return panel;
      },
    },
    {
      id: Commands.deleteDraft,
      session: true,
      failure: vscode.l10n.t('Could not delete the draft'),
      async run({ current }, arg?: unknown): Promise<void> {
        const row = rowOf(model, arg);
        if (row.local) {
          services.drafts.remove(current.account.id, row.local.key);
          await services.drafts.flush();
        } else if (row.remote) {
          await services.drafts.deleteServerDraft(row.remote.id);
        }
      },
    },
  ]);
}
