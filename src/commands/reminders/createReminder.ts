/**
 * `teamChat.createReminder` (operation 16): a reminder about the editor selection. The note holds
 * the selection and its `path:line-range`; a message can be linked (the topic view passes the one
 * its "Create reminder" action was used on, otherwise one can be picked from a topic).
 */
import * as vscode from 'vscode';
import { ValidationError } from '../../api/errors';
import { FL } from '../../api/features';
import type { Message } from '../../api/messages/models';
import { channel, topic as topicTerm } from '../../api/messages/narrowTerms';
import { createReminder as postReminder } from '../../api/personal/routes';
import { getMessages } from '../../api/messages/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import { describeWhen, toUnixSeconds } from '../../time/when';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { requireReminders } from './listReminders';
import { buildNote, buildTruncatedNote, type NoteParts } from './note';
import { type FileReminder, type FileReminders } from './fileReminders';
import { NOT_A_TIME, pickWhen } from './whenPicker';
import { channelChoices } from '../topic/channelChoices';
import { askText, pickOne } from '../../ui/quickInput';

export interface CreateReminderArgs {
  /** Delivery time, unix seconds (skips the when-picker). */
  when?: number;
  /** A remark above the code in the note (skips the remark box; '' for none). */
  note?: string;
  /** Linked message; `null` for none (skips the link question). */
  messageId?: number | null;
  /** Accept shortening the selection when the note is too long (skips the question). */
  truncate?: boolean;
  /** Remind the next time the selection's file is opened, on this machine (skips the when-picker). */
  onOpen?: boolean;
}

const TITLE = vscode.l10n.t('Team Chat: Create Reminder');

/** Returns the new reminder's id, or undefined when nothing was created. */
export async function createReminder(
  current: CurrentSession,
  args: CreateReminderArgs = {},
  files?: FileReminders,
): Promise<number | FileReminder | undefined> {
  const selection = selectionParts();
  if (!selection && typeof args.messageId !== 'number') {
    throw new UserFacingError(
      vscode.l10n.t(
        'Select the code to be reminded about in an editor first (or use "Remind me" on a message in a topic view).',
      ),
    );
  }
  const interactive = args.when === undefined && !args.onOpen;
  const onOpen: vscode.QuickPickItem | undefined =
    selection && files
      ? {
          label: vscode.l10n.t('$(file-code) When I next open this file'),
          description: vscode.l10n.t('{0}, on this machine', selection.path),
        }
      : undefined;
  const picked = args.onOpen
    ? NOT_A_TIME
    : args.when !== undefined
      ? new Date(args.when * 1000)
      : onOpen
        ? await pickWhen(TITLE, { notATime: onOpen })
        : await pickWhen(TITLE);
  if (!picked) return undefined;
  if (picked === NOT_A_TIME) {
    if (!selection || !files)
      throw new UserFacingError(vscode.l10n.t('Select the code to be reminded about in an editor first.'));
    let remark = args.note;
    if (remark === undefined) {
      remark = await askText({
        title: TITLE,
        prompt: vscode.l10n.t('A note for when you open the file (optional)'),
        ignoreFocusOut: true,
      });
      if (remark === undefined) return undefined;
    }
    const reminder = await files.add(selection.uri, { start: selection.startLine, end: selection.endLine }, remark);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('You will be reminded the next time you open {0}.', selection.path),
    );
    return reminder;
  }
  const when = picked;
  requireReminders(current);
  const level = current.store.featureLevel;

  let messageId: number | null | undefined = args.messageId;
  if (messageId === undefined) {
    messageId = interactive ? await pickLinkedMessage(current) : null;
    if (messageId === undefined) return undefined;
  }

  let remark = args.note;
  if (remark === undefined && interactive && selection) {
    remark = await askText({
      title: TITLE,
      prompt: vscode.l10n.t('A note above the code (optional)'),
      placeHolder: vscode.l10n.t('e.g. Refactor this once the API lands'),
      ignoreFocusOut: true,
    });
    if (remark === undefined) return undefined;
  }

  let note: string | undefined;
  if (selection) {
    const parts: NoteParts = { ...selection, remark: remark ?? '' };
    note = buildNote(parts);
    if (level < FL.reminderNote) {
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'This chat server (feature level {0}) cannot keep a note on a reminder, so the selection would not be in it.',
          level,
        ),
        { modal: true },
        vscode.l10n.t('Create Without the Note'),
      );
      if (choice === undefined) return undefined;
      note = undefined;
    }
    const max = current.client.limits.maxReminderNoteLength;
    if (note !== undefined && max !== undefined) {
      // Let the API layer judge (its message is shown); offer to shorten the selection instead of losing it.
      try {
        postReminderCheck(current, note);
      } catch (error) {
        if (!(error instanceof ValidationError) || error.field !== 'note') throw error;
        const shortened = buildTruncatedNote(parts, max);
        if (!shortened) throw error;
        const shorten = vscode.l10n.t('Shorten the Selection');
        const accept =
          args.truncate ??
          (await vscode.window.showWarningMessage(
            error.message,
            {
              modal: true,
              detail: vscode.l10n.t(
                'The selection is too long for the note. Shorten it to fit (it ends with "…")? {0}:{1}-{2} stays ' +
                  'in the note.',
                selection.path,
                selection.startLine,
                selection.endLine,
              ),
            },
            shorten,
          )) === shorten;
        if (!accept) return undefined;
        note = shortened;
      }
    }
  }

  if (when.getTime() <= Date.now()) {
    throw new ValidationError(
      vscode.l10n.t('{0} is in the past. Pick a later time.', describeWhen(when, new Date())),
      'POST /reminders',
      'scheduled_delivery_timestamp',
    );
  }
  const at = when;
  const { reminder_id } = await withNotification(vscode.l10n.t('Creating the reminder…'), (signal) =>
    postReminder(
      current.client,
      {
        scheduled_delivery_timestamp: toUnixSeconds(at),
        ...(messageId !== null ? { message_id: messageId } : {}),
        ...(note !== undefined ? { note } : {}),
      },
      { signal },
    ),
  );
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t('Reminder set for {0}.', describeWhen(at, new Date())),
      vscode.l10n.t('Show Reminders'),
    )
    .then((c) => {
      if (c) void vscode.commands.executeCommand(Commands.listReminders);
    });
  return reminder_id;
}

/**
 * Runs the API layer's own check (the single source of the rule and its message) of `POST /reminders` on the note
 * (throws its ValidationError).
 */
function postReminderCheck(current: CurrentSession, note: string): void {
  current.client.validate('POST /reminders', { note }, 'some');
}

/** The selection of the active editor, or of a visible one (the topic view may have the focus). */
function selectionParts(): (Omit<NoteParts, 'remark'> & { uri: vscode.Uri }) | undefined {
  const editors = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors].filter(
    (e): e is vscode.TextEditor => !!e,
  );
  const editor = editors.find((e) => !e.selection.isEmpty && e.document.getText(e.selection).trim() !== '');
  if (!editor) return undefined;
  const { selection, document } = editor;
  // A selection ending at column 0 does not really include that line.
  const endLine =
    selection.end.character === 0 && selection.end.line > selection.start.line
      ? selection.end.line - 1
      : selection.end.line;
  return {
    uri: document.uri,
    path: vscode.workspace.asRelativePath(document.uri, false).replace(/\\/g, '/'),
    startLine: selection.start.line + 1,
    endLine: endLine + 1,
    language: document.languageId === 'plaintext' ? '' : document.languageId,
    text: document.getText(selection),
  };
}

/** `null` for no link, a message id, or undefined when cancelled. */
async function pickLinkedMessage(current: CurrentSession): Promise<number | null | undefined> {
  const choice = await pickOne(
    [
      { label: vscode.l10n.t('$(circle-slash) No linked message'), id: 'none' as const },
      { label: vscode.l10n.t('$(comment-discussion) Link a recent message of a topic…'), id: 'pick' as const },
    ],
    { title: TITLE, placeHolder: vscode.l10n.t('Link the reminder to a message?'), ignoreFocusOut: true },
  );
  if (!choice) return undefined;
  if (choice.id === 'none') return null;

  const ch = await pickOne(channelChoices(current.store, 'view'), {
    title: TITLE,
    placeHolder: vscode.l10n.t('Channel of the message'),
    ignoreFocusOut: true,
  });
  if (!ch) return undefined;
  const topics = await current.store.loadTopics(ch.streamId);
  const tp = await pickOne(
    topics.map((t) => ({ label: t.name || current.store.realm.emptyTopicDisplayName, topic: t.name })),
    { title: TITLE, placeHolder: vscode.l10n.t('Topic of the message (newest first)'), ignoreFocusOut: true },
  );
  if (!tp) return undefined;
  const { messages } = await withNotification(vscode.l10n.t('Loading messages…'), (signal) =>
    getMessages(
      current.client,
      {
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow: [channel(ch.streamId), topicTerm(tp.topic)],
        apply_markdown: false,
      },
      { signal },
    ),
  );
  const msg = await pickOne(
    [...messages].reverse().map((m: Message) => ({
      label: m.sender_full_name,
      description: new Date(m.timestamp * 1000).toLocaleString(),
      detail: m.content.replace(/\s+/g, ' ').slice(0, 160),
      id: m.id,
    })),
    {
      title: TITLE,
      placeHolder: vscode.l10n.t('The message to link (newest first)'),
      matchOnDetail: true,
      ignoreFocusOut: true,
    },
  );
  return msg?.id;
}
