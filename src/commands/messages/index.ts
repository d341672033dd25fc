/**
 * Message editing, moves and scheduled messages: registers the commands, the `teamchat-draft:`
 * file system and, on activation, offers the drafts left from an earlier window.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { DRAFT_SCHEME, DraftFileSystem } from '../../drafts/documents';
import { DraftStore } from '../../drafts/store';
import type { Services } from '../../services';
import { discardEdit, type EditContext, type EditMessageArgs, editMessage, offerPendingDrafts, type SendEditArgs, sendEdit } from './editMessage';
import type { TopicNode } from '../../views/topics/model';
import { type ScheduleArgs, type ScheduledArgs, scheduledMessages, scheduleMessage, sendScheduledDraft } from './scheduled';

export function register(services: Services): { drafts: DraftStore } {
  const { context } = services;
  const drafts = new DraftStore(context.globalState);
  const files = new DraftFileSystem(drafts);
  context.subscriptions.push(files);
  context.subscriptions.push(vscode.workspace.registerFileSystemProvider(DRAFT_SCHEME, files, { isCaseSensitive: true }));
  const ctx: EditContext = { services, drafts, files };
  ctx.sendScheduled = (draft, args) => sendScheduledDraft(ctx, draft, args);
  const report = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R | undefined> => {
    try {
      return await fn(...a);
    } catch (e) {
      services.log.error(e instanceof Error ? e : String(e));
      void vscode.window.showErrorMessage(`Team Chat: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.editMessage, report((args?: EditMessageArgs) => editMessage(ctx, args))),
    vscode.commands.registerCommand(Commands.sendEdit, report((arg?: SendEditArgs | vscode.Uri) => sendEdit(ctx, arg))),
    vscode.commands.registerCommand(Commands.discardEdit, report((arg?: SendEditArgs | vscode.Uri) => discardEdit(ctx, arg))),
    vscode.commands.registerCommand(Commands.scheduledMessages, report((args?: ScheduledArgs) => scheduledMessages(ctx, args))),
    vscode.commands.registerCommand(Commands.scheduleMessage, report((arg?: ScheduleArgs | TopicNode) => scheduleMessage(ctx, arg))),
  );
  void offerPendingDrafts(ctx);
  context.subscriptions.push(services.onDidChangeSession(() => void offerPendingDrafts(ctx)));
  return { drafts };
}
