/**
 * Message editing, moves and scheduled messages: registers the commands, the `teamchat-draft:`
 * file system and, on activation, offers the drafts left from an earlier window.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { DRAFT_SCHEME, DraftFileSystem } from '../../drafts/documents';
import { DraftStore } from '../../drafts/store';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { deleteMessage } from './deleteMessage';
import { reportMessage } from './reportMessage';
import {
  discardEdit,
  type EditContext,
  type EditMessageArgs,
  editMessage,
  offerPendingDrafts,
  type SendEditArgs,
  sendEdit,
} from './editMessage';
import type { TopicNode } from '../../views/topics/model';
import {
  type ScheduleArgs,
  type ScheduledArgs,
  scheduledMessages,
  scheduleMessage,
  sendScheduledDraft,
} from './scheduled';

export function register(services: Services): { drafts: DraftStore } {
  const { context } = services;
  const drafts = new DraftStore(context.globalState);
  const files = new DraftFileSystem(drafts);
  services.disposables.add(files);
  services.disposables.add(vscode.workspace.registerFileSystemProvider(DRAFT_SCHEME, files, { isCaseSensitive: true }));
  const ctx: EditContext = { services, drafts, files };
  ctx.sendScheduled = (draft, args) => sendScheduledDraft(ctx, draft, args);
  // These commands answer scripted callers with a result (`status`), so failures are shown, not thrown.
  const scripted = 'report' as const;
  registerCommands(services, [
    {
      id: Commands.deleteMessage,
      session: true,
      failure: vscode.l10n.t('Could not delete the message'),
      scripted,
      run: ({ current }, args?: unknown) => deleteMessage(current, args),
    },
    {
      id: Commands.reportMessage,
      session: true,
      failure: vscode.l10n.t('Could not report the message'),
      scripted,
      run: ({ current }, args?: unknown) => reportMessage(current, args),
    },
    {
      id: Commands.editMessage,
      failure: vscode.l10n.t('Could not edit the message'),
      scripted,
      run: (_, args?: EditMessageArgs) => editMessage(ctx, args),
    },
    {
      id: Commands.sendEdit,
      failure: vscode.l10n.t('Could not send the edit'),
      scripted,
      run: (_, arg?: SendEditArgs | vscode.Uri) => sendEdit(ctx, arg),
    },
    {
      id: Commands.discardEdit,
      failure: vscode.l10n.t('Could not discard the edit'),
      scripted,
      run: (_, arg?: SendEditArgs | vscode.Uri) => discardEdit(ctx, arg),
    },
    {
      id: Commands.scheduledMessages,
      failure: vscode.l10n.t('Could not change the scheduled messages'),
      scripted,
      run: (_, args?: ScheduledArgs) => scheduledMessages(ctx, args),
    },
    {
      id: Commands.scheduleMessage,
      failure: vscode.l10n.t('Could not schedule the message'),
      scripted,
      run: (_, arg?: ScheduleArgs | TopicNode) => scheduleMessage(ctx, arg),
    },
  ]);
  void offerPendingDrafts(ctx);
  services.disposables.add(services.onDidChangeActiveAccount(() => void offerPendingDrafts(ctx)));
  return { drafts };
}
