/** Registers the linkifier commands (list refresh, add, edit, delete, reorder). */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import type { LinkifiersModel } from '../../views/linkifiers';
import { deleteLinkifierCommand } from './delete';
import { addLinkifierCommand, editLinkifierCommand } from './edit';
import { moveLinkifierCommand } from './move';

export function register(services: Services, model: LinkifiersModel): void {
  registerCommands(services, [
    {
      id: Commands.refreshLinkifiers,
      failure: vscode.l10n.t('Could not refresh the linkifiers'),
      progress: { place: 'notification', title: vscode.l10n.t('Loading the linkifiers…') },
      run: ({ signal }) => model.refresh(signal),
    },
    addLinkifierCommand(model),
    editLinkifierCommand(model),
    deleteLinkifierCommand(model),
    moveLinkifierCommand(model, -1),
    moveLinkifierCommand(model, 1),
  ]);
}
