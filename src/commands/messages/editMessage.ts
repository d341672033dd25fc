/**
 * "Edit Message": content edits in a draft editor tab (sent with `prev_content_sha256`, conflicts
 * shown as a diff and resolved by the user), topic renames and channel moves through
 * {@link moveMessages}. Drafts live in the {@link DraftStore} until sent or discarded.
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { FL } from '../../api/features';
import type { Message } from '../../api/messages/models';
import { sender } from '../../api/messages/narrowTerms';
import { getMessage, getMessages, updateMessage } from '../../api/messages/routes';
import { getSubscriptions } from '../../api/channels/routes';
import type { Account } from '../../auth/accounts';
import { Commands } from '../../constants';
import { documentShows, DRAFT_SCHEME, type DraftFileSystem, draftUri, theirsUri } from '../../drafts/documents';
import {
  type ConflictChoice,
  type Draft,
  draftKey,
  type DraftStore,
  hasConflictMarkers,
  resolveConflict,
} from '../../drafts/store';
import type { Services } from '../../services';
import { describeError, explainApiError, UserFacingError } from '../../ui/errorMessage';
import { archivedRefusal } from '../../store/channelPolicy';
import { offeredChannels } from '../topic/channelChoices';
import { withActiveClient } from './client';
import { offerDeleteDetached } from './detached';
import { type MoveOutcome, moveMessages, type PropagateMode, pickNotifications, pickPropagateMode } from './moveFlow';
import { askText, pickOne } from '../../ui/quickInput';
import { failed } from '../../ui/commands';

/** Arguments of `teamChat.editMessage` (all optional: without them the command asks). */
export interface EditMessageArgs {
  messageId?: number;
  /** New content: sent at once (no editor). */
  content?: string;
  /** New topic (rename), and/or new channel (move). */
  topic?: string;
  streamId?: number;
  propagateMode?: PropagateMode;
  sendNotificationToOldThread?: boolean;
  sendNotificationToNewThread?: boolean;
  /** Answer to the time-limit offer (move only the allowed part). */
  moveAllowedPart?: boolean;
  /** Answer to "delete the detached uploads?". */
  deleteDetached?: boolean;
  /** Answer to a conflict; `defer` keeps the draft in conflict without asking. */
  onConflict?: ConflictChoice | 'defer';
}

/** Arguments of `teamChat.sendEdit` (or the draft document's URI, from the editor title). */
export interface SendEditArgs {
  messageId?: number;
  key?: string;
  /** Replaces the draft's text before sending. */
  content?: string;
  deleteDetached?: boolean;
  onConflict?: ConflictChoice | 'defer';
  /** Scheduled-message drafts: the new delivery time (UNIX seconds or "YYYY-MM-DD HH:MM"). */
  time?: number | string;
}

export type EditResult =
  | { status: 'opened'; key: string; uri: string }
  | {
      status: 'sent';
      key: string;
      deletedUploads: number[];
      detachedUploads: number;
      resolvedConflict?: ConflictChoice;
    }
  | { status: 'conflict'; key: string; theirs: string; mine: string }
  | { status: 'discarded'; key: string }
  | { status: 'merging'; key: string; text: string }
  | { status: 'failed'; key?: string; message: string; code?: string }
  | { status: 'cancelled' }
  | MoveOutcome;

export interface EditContext {
  services: Services;
  drafts: DraftStore;
  files: DraftFileSystem;
  /** Saves a scheduled-message draft (set by the scheduled-messages feature). */
  sendScheduled?: (draft: Draft, args: { time?: number | string }) => Promise<unknown>;
}

/** The message's raw Markdown, as the server has it now. */
export async function fetchRaw(client: ChatClient, messageId: number): Promise<{ raw: string; message: Message }> {
  const res = await getMessage(client, { message_id: messageId, apply_markdown: false });
  return { raw: res.raw_content ?? res.message.content, message: res.message };
}

export function messageLabel(m: Message): string {
  if (m.type === 'stream') return `#${String(m.display_recipient)} > ${m.subject}`;
  const names = Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.full_name).join(', ') : '';
  return vscode.l10n.t('Direct message ({0})', names);
}

export async function editMessage(ctx: EditContext, args: EditMessageArgs = {}): Promise<EditResult> {
  const result = await withActiveClient(ctx.services, async (client, account) => {
    let messageId = args.messageId;
    let what: 'content' | 'topic' | 'channel' | undefined;
    if (args.topic !== undefined || args.streamId !== undefined)
      what = args.streamId !== undefined ? 'channel' : 'topic';
    else if (args.messageId !== undefined) what = 'content';
    if (messageId === undefined) {
      const picked = await pickOwnMessage(client, account);
      if (!picked) return { status: 'cancelled' } as const;
      messageId = picked.id;
      what = await pickWhatToEdit(picked);
      if (!what) return { status: 'cancelled' } as const;
    }
    if (what === 'content') return editContent(ctx, client, account, messageId, args);
    return moveOrRename(client, messageId, what ?? 'topic', args, ctx);
  });
  return result ?? { status: 'cancelled' };
}

async function pickOwnMessage(client: ChatClient, account: Account): Promise<Message | undefined> {
  const res = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading your recent messages…') },
    () =>
      getMessages(client, {
        anchor: 'newest',
        num_before: 30,
        num_after: 0,
        narrow: [sender(account.userId)],
        apply_markdown: false,
      }),
  );
  if (res.messages.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('You have not sent any messages yet: there is nothing to edit.'),
    );
    return undefined;
  }
  const items = [...res.messages].reverse().map((m) => ({
    label: excerpt(m.content),
    description: messageLabel(m),
    detail: new Date(m.timestamp * 1000).toLocaleString(),
    message: m,
  }));
  return (
    await pickOne(items, {
      title: vscode.l10n.t('Edit which of your messages?'),
      matchOnDescription: true,
    })
  )?.message;
}

async function pickWhatToEdit(m: Message): Promise<'content' | 'topic' | 'channel' | undefined> {
  const items: (vscode.QuickPickItem & { what: 'content' | 'topic' | 'channel' })[] = [
    {
      what: 'content',
      label: vscode.l10n.t('$(edit) Edit the text'),
      detail: vscode.l10n.t('Opens the Markdown in an editor tab; send it with "Send Edit".'),
    },
  ];
  if (m.type === 'stream') {
    items.push(
      {
        what: 'topic',
        label: vscode.l10n.t('$(symbol-string) Rename the topic…'),
        detail: vscode.l10n.t('Currently "{0}".', m.subject),
      },
      { what: 'channel', label: vscode.l10n.t('$(arrow-right) Move to another channel…') },
    );
  }
  return (await pickOne(items, { title: vscode.l10n.t('What do you want to change?') }))?.what;
}

async function editContent(
  ctx: EditContext,
  client: ChatClient,
  account: Account,
  messageId: number,
  args: EditMessageArgs,
): Promise<EditResult> {
  const key = draftKey('edit', account.id, messageId);
  let draft = ctx.drafts.get(key);
  if (!draft) {
    const { raw, message } = await fetchRaw(client, messageId);
    refuseArchived(ctx, message);
    draft = await ctx.drafts.open({
      kind: 'edit',
      accountId: account.id,
      targetId: messageId,
      base: raw,
      label: messageLabel(message),
    });
  }
  if (args.content === undefined) {
    await openDraftEditor(draft);
    return { status: 'opened', key, uri: draftUri(draft).toString() };
  }
  await ctx.files.setText(draft, args.content);
  return sendDraft(ctx, client, key, { deleteDetached: args.deleteDetached, onConflict: args.onConflict });
}

/**
 * Messages of an archived channel are neither edited nor moved: refused with the reason (the server answers "Invalid
 * message(s)").
 */
function refuseArchived(ctx: EditContext, message: Message): void {
  const store = ctx.services.sessions.current?.store;
  const refusal =
    store && message.stream_id !== undefined ? archivedRefusal(store.channel(message.stream_id)) : undefined;
  if (refusal) throw new UserFacingError(refusal);
}

async function moveOrRename(
  client: ChatClient,
  messageId: number,
  what: 'topic' | 'channel',
  args: EditMessageArgs,
  ctx: EditContext,
): Promise<EditResult> {
  let topic = args.topic;
  let streamId = args.streamId;
  const interactive = args.propagateMode === undefined;
  if (interactive) {
    const { message } = await fetchRaw(client, messageId);
    refuseArchived(ctx, message);
    if (what === 'channel' && streamId === undefined) {
      const subs = await getSubscriptions(client);
      // Never into an archived channel (offeredChannels leaves them out; the server decides the rest).
      const picked = await pickOne(
        offeredChannels(subs.subscriptions, 'post', undefined)
          .filter((s) => s.stream_id !== message.stream_id)
          .map((s) => ({ label: `#${s.name}`, id: s.stream_id })),
        { title: vscode.l10n.t('Move to which channel?') },
      );
      if (!picked) return { status: 'cancelled' };
      streamId = picked.id;
    }
    if (topic === undefined) {
      topic = await askText({
        title: what === 'channel' ? vscode.l10n.t('Topic in the new channel') : vscode.l10n.t('Rename the topic'),
        value: message.subject,
        prompt: vscode.l10n.t('Leave unchanged to keep the topic.'),
      });
      if (topic === undefined) return { status: 'cancelled' };
      if (topic === message.subject) topic = undefined;
    }
    if (topic === undefined && streamId === undefined) return { status: 'cancelled' };
  }
  const propagateMode = args.propagateMode ?? (await pickPropagateMode());
  if (!propagateMode) return { status: 'cancelled' };
  let notify = {
    sendNotificationToOldThread: args.sendNotificationToOldThread ?? false,
    sendNotificationToNewThread: args.sendNotificationToNewThread ?? true,
  };
  if (interactive) {
    const picked = await pickNotifications({ oldThread: false, newThread: true });
    if (!picked) return { status: 'cancelled' };
    notify = picked;
  }
  const outcome = await moveMessages(
    client,
    { messageId, topic, streamId, propagateMode, ...notify },
    { moveAllowedPart: args.moveAllowedPart },
  );
  if (outcome.status === 'moved') {
    void vscode.window.showInformationMessage(
      outcome.partial ? vscode.l10n.t('Moved the messages you were allowed to move.') : vscode.l10n.t('Moved.'),
    );
  } else if (
    outcome.status === 'failed' &&
    args.moveAllowedPart === undefined &&
    outcome.code !== 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'
  ) {
    throw failed(vscode.l10n.t('Could not move the messages: {0}', outcome.explanation), outcome);
  }
  return outcome;
}

/** Opens the draft's editor tab (Markdown). */
export async function openDraftEditor(draft: Draft): Promise<vscode.TextEditor> {
  let doc = await vscode.workspace.openTextDocument(draftUri(draft));
  if (doc.languageId !== 'markdown') doc = await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  // A document VS Code still holds from before may show an older text than the store's; if the
  // store's text was just announced (a conflict resolved), VS Code is reloading it: wait for that.
  if (!doc.isDirty && !(await documentShows(doc, draft.text, 500))) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), draft.text);
    await vscode.workspace.applyEdit(edit);
    await doc.save();
  }
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** Finds the draft named by the arguments, a draft URI, or the active editor. */
export function findDraft(
  ctx: EditContext,
  arg: SendEditArgs | vscode.Uri | undefined,
  kind: Draft['kind'] = 'edit',
): Draft | undefined {
  if (arg instanceof vscode.Uri) return ctx.files.resolve(arg)?.draft;
  if (arg?.key) return ctx.drafts.get(arg.key);
  const account = ctx.services.accounts.active;
  if (arg?.messageId !== undefined && account) return ctx.drafts.get(draftKey(kind, account.id, arg.messageId));
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === DRAFT_SCHEME ? ctx.files.resolve(uri)?.draft : undefined;
}

/** Saves an open draft document into the store (so what is sent is what the user sees). */
export async function saveOpenDocument(ctx: EditContext, draft: Draft): Promise<void> {
  const uri = draftUri(draft);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  // A clean document already matches the store (it was loaded from it or saved into it).
  if (doc?.isDirty) await doc.save();
}

/** Closes every tab showing the draft or its diff. */
export async function closeDraftTabs(draft: Draft): Promise<void> {
  const mine = draftUri(draft).toString();
  const theirs = theirsUri(draft).toString();
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => {
      const input = t.input;
      if (input instanceof vscode.TabInputText) return [mine, theirs].includes(input.uri.toString());
      if (input instanceof vscode.TabInputTextDiff) return [mine, theirs].includes(input.modified.toString());
      return false;
    });
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}

export async function sendEdit(ctx: EditContext, arg?: SendEditArgs | vscode.Uri): Promise<EditResult | unknown> {
  const draft = findDraft(ctx, arg);
  if (draft?.kind === 'scheduled' && ctx.sendScheduled) {
    if (!(arg instanceof vscode.Uri) && arg?.content !== undefined) await ctx.files.setText(draft, arg.content);
    return ctx.sendScheduled(draft, arg instanceof vscode.Uri ? {} : { time: arg?.time });
  }
  if (!draft) {
    const refusal = vscode.l10n.t('No unsent message edit here. Open one with "Team Chat: Edit Message…".');
    throw failed(new UserFacingError(refusal), { status: 'failed', message: vscode.l10n.t('No such draft.') });
  }
  const args = arg instanceof vscode.Uri ? {} : (arg ?? {});
  // Passed content wins over the open document: it replaces the store's text and the document's
  // (unsaved typing is saved first only when there is no content to replace it).
  if (args.content !== undefined) await ctx.files.setText(draft, args.content);
  else await saveOpenDocument(ctx, draft);
  const account = ctx.services.accounts.get(draft.accountId);
  if (!account)
    return {
      status: 'failed',
      key: draft.key,
      message: vscode.l10n.t('The account of this draft is signed out: sign in again to send it.'),
    };
  const result = await withActiveClient(ctx.services, (client) => sendDraft(ctx, client, draft.key, args), account);
  return result ?? { status: 'cancelled' };
}

/** Sends an edit draft; on a conflict shows both versions and applies the user's choice. */
export async function sendDraft(
  ctx: EditContext,
  client: ChatClient,
  key: string,
  args: { deleteDetached?: boolean; onConflict?: ConflictChoice | 'defer' },
  resolved?: ConflictChoice,
): Promise<EditResult> {
  const draft = ctx.drafts.get(key);
  if (!draft) return { status: 'failed', message: vscode.l10n.t('No such draft.') };
  if (hasConflictMarkers(draft.text)) {
    const message = vscode.l10n.t(
      'The edit still holds conflict markers (<<<<<<<, =======, >>>>>>>): merge the two versions into one text first.',
    );
    throw failed(new UserFacingError(message), { status: 'failed', key, message });
  }
  if (draft.text.trim() === '') {
    const message = vscode.l10n.t(
      'The edit is empty. To delete a message use the web app; to drop this edit use "Discard Edit".',
    );
    throw failed(new UserFacingError(message), { status: 'failed', key, message });
  }
  try {
    // Older servers have no prev_content_sha256 check: compare before sending (best effort).
    const info = await client.ensureServerInfo();
    if (info.featureLevel < FL.prevContentSha256) {
      const { raw } = await fetchRaw(client, draft.targetId);
      if (raw !== draft.base) return onConflict(ctx, client, draft, raw, args);
    }
    const res = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending the edit of {0}…', draft.label) },
      () => updateMessage(client, { message_id: draft.targetId, content: draft.text, prevContent: draft.base }),
    );
    await ctx.drafts.remove(key);
    await closeDraftTabs(draft);
    const detached = res.detached_uploads ?? [];
    const deletedUploads = await offerDeleteDetached(ctx.services.log, client, detached, args.deleteDetached);
    if (args.deleteDetached === undefined)
      void vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Edit sent'), 4000);
    return { status: 'sent', key, deletedUploads, detachedUploads: detached.length, resolvedConflict: resolved };
  } catch (e) {
    // A hash mismatch is a plain BAD_REQUEST: tell it apart by comparing with the server's text.
    if (e instanceof ApiError && e.code === 'BAD_REQUEST') {
      let current: string | undefined;
      try {
        current = (await fetchRaw(client, draft.targetId)).raw;
      } catch {
        current = undefined;
      }
      if (current !== undefined && current !== draft.base) return onConflict(ctx, client, draft, current, args);
    }
    const specific = e instanceof ApiError ? explainApiError(e) : undefined;
    const message =
      specific ?? vscode.l10n.t('Could not send the edit: {0} Your text is kept as a draft.', describeError(e));
    throw failed(message, { status: 'failed', key, message, code: e instanceof ApiError ? e.code : undefined });
  }
}

async function onConflict(
  ctx: EditContext,
  client: ChatClient,
  draft: Draft,
  theirs: string,
  args: { deleteDetached?: boolean; onConflict?: ConflictChoice | 'defer' },
): Promise<EditResult> {
  const inConflict: Draft = { ...draft, theirs };
  await ctx.drafts.put(inConflict);
  ctx.files.refresh(inConflict);
  await vscode.commands.executeCommand(
    'vscode.diff',
    theirsUri(draft),
    draftUri(draft),
    vscode.l10n.t('Message {0}: on the server ↔ your edit', draft.targetId),
    { preview: false },
  );
  let choice: ConflictChoice | 'defer' | undefined = args.onConflict;
  if (choice === undefined) {
    const items: Record<string, ConflictChoice> = {
      [vscode.l10n.t('Keep Mine')]: 'keepMine',
      [vscode.l10n.t('Take Theirs')]: 'takeTheirs',
      [vscode.l10n.t('Merge by Hand')]: 'mergeByHand',
    };
    const picked = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        "Someone changed message {0} ({1}) while you were editing it. The diff shows the server's text (left) " +
          'and yours (right).',
        draft.targetId,
        draft.label,
      ),
      ...Object.keys(items),
    );
    choice = picked ? items[picked] : 'defer';
  }
  if (choice === 'defer') return { status: 'conflict', key: draft.key, theirs, mine: draft.text };
  const next = resolveConflict(inConflict, theirs, choice);
  if (!next) {
    await ctx.drafts.remove(draft.key);
    await closeDraftTabs(draft);
    return { status: 'discarded', key: draft.key };
  }
  await ctx.drafts.put(next);
  ctx.files.refresh(next);
  if (choice === 'mergeByHand') {
    await closeDraftTabs(draft);
    await openDraftEditor(next);
    return { status: 'merging', key: draft.key, text: next.text };
  }
  return sendDraft(ctx, client, draft.key, { ...args, onConflict: args.onConflict }, choice);
}

export async function discardEdit(
  ctx: EditContext,
  arg?: SendEditArgs | vscode.Uri,
  confirm = true,
): Promise<EditResult> {
  const draft = findDraft(ctx, arg) ?? (arg instanceof vscode.Uri ? undefined : findDraft(ctx, arg, 'scheduled'));
  if (!draft) return { status: 'failed', message: vscode.l10n.t('No such draft.') };
  if (confirm && !(arg && !(arg instanceof vscode.Uri))) {
    const discard = vscode.l10n.t('Discard');
    const picked = await vscode.window.showWarningMessage(
      vscode.l10n.t('Discard your unsent edit of {0}? Your text will be lost.', draft.label),
      { modal: true },
      discard,
    );
    if (picked !== discard) return { status: 'cancelled' };
  }
  await ctx.drafts.remove(draft.key);
  await closeDraftTabs(draft);
  return { status: 'discarded', key: draft.key };
}

/** On activation: offers the active account's pending drafts ("Resume / Discard"). */
export async function offerPendingDrafts(ctx: EditContext): Promise<void> {
  const account = ctx.services.accounts.active;
  if (!account) return;
  for (const draft of ctx.drafts.forAccount(account.id).slice(0, 3)) {
    const text =
      draft.kind === 'edit'
        ? vscode.l10n.t('You have an unsent edit of message {0} ({1}).', draft.targetId, draft.label)
        : vscode.l10n.t('You have unsent changes to scheduled message {0} ({1}).', draft.targetId, draft.label);
    const resume = vscode.l10n.t('Resume');
    const discard = vscode.l10n.t('Discard');
    void vscode.window.showInformationMessage(text, resume, discard).then(async (picked) => {
      if (picked === resume && ctx.drafts.get(draft.key)) await openDraftEditor(draft);
      if (picked === discard) await vscode.commands.executeCommand(Commands.discardEdit, draftUri(draft));
    });
  }
}

function excerpt(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
export { excerpt };
