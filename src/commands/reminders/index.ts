/** Reminders (operation 16 and the list/delete operations). */
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands, type CommandDeclaration } from '../../ui/commands';
import { createReminder, type CreateReminderArgs } from './createReminder';
import { DELETE_FAILED, deleteById, listReminders, requireReminders } from './listReminders';

const commands: CommandDeclaration[] = [
  {
    id: Commands.createReminder,
    session: true,
    failure: 'Could not create the reminder',
    // Scripted callers read the id (undefined: nothing created), so failures are shown.
    scripted: 'report',
    run: ({ current }, args?: CreateReminderArgs) => createReminder(current, args ?? {}),
  },
  { id: Commands.listReminders, session: true, failure: 'Could not show the reminders', run: ({ services, current }) => listReminders(services, current) },
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

export function register(services: Services): void {
  registerCommands(services, commands);
}
