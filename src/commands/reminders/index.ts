/** Reminders (operation 16 and the list/delete operations). */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { createReminder, type CreateReminderArgs } from './createReminder';
import { deleteReminder, listReminders } from './listReminders';

export function register(services: Services): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.createReminder, (args?: CreateReminderArgs) => createReminder(services, args ?? {})),
    vscode.commands.registerCommand(Commands.listReminders, () => listReminders(services)),
    vscode.commands.registerCommand(Commands.deleteReminder, (args?: { reminderId?: number }) => deleteReminder(services, args)),
  );
}
