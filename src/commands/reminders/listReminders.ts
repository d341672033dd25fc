/**
 * `teamChat.listReminders`: the pending reminders (live from the store), earliest first, with
 * their time, note excerpt and linked message; delete one with its trash button, or pick one to
 * open the code its note points at, copy the note, or delete it. `teamChat.deleteReminder` deletes
 * by id (tests) or from the same list.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import type { Reminder } from '../../api/personal/models';
import { deleteReminder as apiDeleteReminder } from '../../api/personal/routes';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { describeWhen } from '../../time/when';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { reportError } from '../../ui/report';
import { pickOne, showQuickInput } from '../../ui/quickInput';

const TITLE = vscode.l10n.t('Team Chat: Reminders');

/** The note the user wrote (servers from FL.reminderNote send it), else the message content. */
export function reminderNote(r: Reminder): string {
  const note = (r as { note?: unknown }).note;
  if (typeof note === 'string') return note;
  return r.content ?? '';
}

/** The first `path:line[-line]` reference in a note, if any. */
export function noteLocation(note: string): { path: string; start: number; end: number } | undefined {
  const m = /^(?:\S.*\n)?([^\s`:][^\n:`]*):(\d+)(?:-(\d+))?$/m.exec(note);
  if (!m) return undefined;
  const start = Number(m[2]);
  return { path: m[1], start, end: m[3] ? Number(m[3]) : start };
}

function excerpt(text: string, max = 120): string {
  const flat = text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** Refuses on servers without reminders. */
export function requireReminders(current: CurrentSession): void {
  if (current.store.featureLevel >= FL.reminders) return;
  throw new UserFacingError(
    vscode.l10n.t(
      'This chat server does not support reminders (its feature level is {0}; reminders need {1}, Zulip 11.0 or ' +
        'later).',
      current.store.featureLevel,
      FL.reminders,
    ),
  );
}

type ReminderItem = vscode.QuickPickItem & { reminder: Reminder };
const DELETE_BUTTON: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('trash'),
  tooltip: vscode.l10n.t('Delete reminder'),
};

export function listReminders(services: Services, current: CurrentSession): void {
  requireReminders(current);
  void showQuickInput<Reminder, ReminderItem>({
    kind: 'pick',
    setup(pick, flow) {
      pick.title = TITLE;
      pick.matchOnDetail = true;
      const refresh = (): void => {
        pick.items = reminderItems(current);
        pick.placeholder =
          pick.items.length === 0
            ? vscode.l10n.t('No pending reminders. Select code and run "Team Chat: Create Reminder from Selection".')
            : vscode.l10n.t('Pick a reminder for its actions; the trash button deletes it.');
      };
      refresh();
      flow.own(
        services.sessions.onDidChangeStore((c) => {
          if (c.full || c.areas.has('reminders')) refresh();
        }),
      );
      pick.onDidTriggerItemButton(async (e) => {
        await removeReminder(services, current, e.item.reminder.reminder_id);
      });
      pick.onDidAccept(() => flow.done(pick.selectedItems[0]?.reminder));
    },
  }).then((reminder) => {
    if (reminder) void reminderActions(services, current, reminder);
  });
}

function reminderItems(current: CurrentSession): ReminderItem[] {
  const now = new Date();
  return current.store.reminders().map((r) => {
    const note = reminderNote(r);
    const target = r.reminder_target_message_id;
    return {
      label:
        `${r.failed ? '$(error) ' : '$(bell) '}` +
        `${describeWhen(new Date(r.scheduled_delivery_timestamp * 1000), now)}`,
      description: [
        typeof target === 'number'
          ? vscode.l10n.t('linked to message {0}', target)
          : vscode.l10n.t('no linked message'),
        r.failed ? vscode.l10n.t('failed') : '',
      ]
        .filter(Boolean)
        .join(' · '),
      detail: excerpt(note) || vscode.l10n.t('(no note)'),
      buttons: [DELETE_BUTTON],
      reminder: r,
    };
  });
}

async function reminderActions(services: Services, current: CurrentSession, r: Reminder): Promise<void> {
  const note = reminderNote(r);
  const location = noteLocation(note);
  const actions = [
    ...(location
      ? [
          {
            label: vscode.l10n.t(
              '$(go-to-file) Open {0}',
              `${location.path}:${location.start}${location.end !== location.start ? `-${location.end}` : ''}`,
            ),
            id: 'open' as const,
          },
        ]
      : []),
    { label: vscode.l10n.t('$(copy) Copy the note'), id: 'copy' as const },
    { label: vscode.l10n.t('$(trash) Delete the reminder'), id: 'delete' as const },
  ];
  const choice = await pickOne(actions, {
    title: TITLE,
    placeHolder: excerpt(note, 80) || vscode.l10n.t('Reminder'),
  });
  if (!choice) return;
  if (choice.id === 'copy') await vscode.env.clipboard.writeText(note);
  else if (choice.id === 'delete') await removeReminder(services, current, r.reminder_id);
  else if (location) await openLocation(location);
}

async function openLocation(location: { path: string; start: number; end: number }): Promise<void> {
  const uris = await vscode.workspace.findFiles(location.path, undefined, 1);
  const folder = vscode.workspace.workspaceFolders?.[0];
  const uri = uris[0] ?? (folder ? vscode.Uri.joinPath(folder.uri, location.path) : undefined);
  if (!uri) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} is not in this workspace.', location.path));
    return;
  }
  try {
    const range = new vscode.Range(location.start - 1, 0, location.end - 1, Number.MAX_SAFE_INTEGER);
    await vscode.window.showTextDocument(uri, { selection: range });
  } catch {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} could not be opened in this workspace.', location.path));
  }
}

export const DELETE_FAILED = vscode.l10n.t('Could not delete the reminder');

/** From the list (outside any command's run): failures are reported here. */
async function removeReminder(services: Services, current: CurrentSession, reminderId: number): Promise<void> {
  try {
    await deleteById(current, reminderId);
  } catch (error) {
    reportError(services.log, error, DELETE_FAILED);
  }
}

export function deleteById(current: CurrentSession, reminderId: number): Promise<unknown> {
  return withNotification(vscode.l10n.t('Deleting the reminder…'), (signal) =>
    apiDeleteReminder(current.client, { reminder_id: reminderId }, { signal }),
  );
}
