/** Topic commands (the topics tree's context menu and the palette) and the topics refresh. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import type { TopicsView } from '../../views/topics';
import * as markRead from './markRead';
import * as move from './move';
import * as visibility from './visibility';

export function register(services: Services, topics: TopicsView): void {
  registerCommands(services, [
    ...visibility.commands,
    ...move.commands,
    ...markRead.commands,
    {
      id: Commands.refreshTopics,
      failure: vscode.l10n.t('Could not refresh the topics'),
      run: (_, arg?: { streamId?: number }) =>
        topics.showChannel(
          arg?.streamId ?? topics.model.streamId ?? services.sessions.current?.store.subscriptions()[0]?.stream_id,
        ),
    },
  ]);
}
