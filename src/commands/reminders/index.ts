/** Reminders (operation 16 and the list/delete operations). */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands, type CommandDeclaration } from '../../ui/commands';
import { createReminder, type CreateReminderArgs } from './createReminder';
import { FileReminders } from './fileReminders';
import { DELETE_FAILED, deleteById, listReminders, requireReminders } from './listReminders';

const commands = (files: FileReminders): CommandDeclaration[] => [
  {
    id: Commands.createReminder,
    session: true,
    failure: vscode.l10n.t('Could not create the reminder'),
    // Scripted callers read the id, or the file reminder (undefined: nothing created), so failures are shown.
    scripted: 'report',
    run: ({ current }, args?: CreateReminderArgs) => createReminder(current, args ?? {}, files),
  },
  {
    id: Commands.listReminders,
    session: true,
    failure: vscode.l10n.t('Could not show the reminders'),
    run: ({ services, current }) => listReminders(services, current),
  },
  {
    // By `{ reminderId }` (true when deleted), else from the list (false).
    id: Commands.deleteReminder,
    session: true,
    failure: DELETE_FAILED,
    scripted: 'report',
    failed: false,
    async run({ services, current }, arg?: { reminderId?: number }): Promise<boolean> {
      if (typeof arg?.reminderId !== 'number') {
        listReminders(services, current);
        return false;
      }
      requireReminders(current);
      await deleteById(current, arg.reminderId);
      return true;
    },
  },
];

/** Registers the commands; returns the reminders kept for the next opening of a file. */
export function register(services: Services): FileReminders {
  const files = new FileReminders(services.context.globalState);
  services.disposables.add(files);
  registerCommands(services, commands(files));
  return files;
}
