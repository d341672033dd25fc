/** Message notifications, their Do Not Disturb switch and its command. */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Services } from '../services';
import { registerCommands } from '../ui/commands';
import type { TopicViews } from '../webviews/topicView/manager';
import { DoNotDisturb } from './dnd';
import { Notifier } from './notifier';

export type { ShownNotification, ConversationTarget } from './notifier';

export interface Notifications {
  readonly notifier: Notifier;
  readonly dnd: DoNotDisturb;
}

export function register(services: Services, views: TopicViews): Notifications {
  const dnd = new DoNotDisturb(services.context.globalState);
  services.disposables.add(dnd);
  const notifier = new Notifier(services, views, dnd);
  services.disposables.add(notifier);
  registerCommands(services, [
    {
      id: Commands.toggleDoNotDisturb,
      failure: vscode.l10n.t('Could not switch Do Not Disturb'),
      run: async (): Promise<boolean> => {
        await dnd.toggle();
        return dnd.on;
      },
    },
  ]);
  return { notifier, dnd };
}
