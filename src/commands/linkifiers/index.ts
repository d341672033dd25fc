/** Registers the linkifier commands (list refresh, add, edit, delete, reorder). */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { LinkifiersModel } from '../../views/linkifiers';
import { runCommand, withProgress, type LinkifierArg } from './common';
import { deleteLinkifierCommand, type DeleteLinkifierArgs } from './delete';
import { addLinkifierCommand, editLinkifierCommand, type EditLinkifierArgs } from './edit';
import { moveLinkifierCommand } from './move';

export function register(services: Services, model: LinkifiersModel): void {
  const { context } = services;
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.refreshLinkifiers, (arg?: object) =>
      runCommand(services, arg, 'Refreshing the linkifiers failed: ', async () => withProgress('Loading the linkifiers…', (signal) => model.refresh(signal)))),
    vscode.commands.registerCommand(Commands.addLinkifier, (arg?: EditLinkifierArgs) => addLinkifierCommand(services, model, arg)),
    vscode.commands.registerCommand(Commands.editLinkifier, (arg?: EditLinkifierArgs) => editLinkifierCommand(services, model, arg)),
    vscode.commands.registerCommand(Commands.deleteLinkifier, (arg?: DeleteLinkifierArgs) => deleteLinkifierCommand(services, model, arg)),
    vscode.commands.registerCommand(Commands.moveLinkifierUp, (arg?: LinkifierArg) => moveLinkifierCommand(services, model, -1, arg)),
    vscode.commands.registerCommand(Commands.moveLinkifierDown, (arg?: LinkifierArg) => moveLinkifierCommand(services, model, 1, arg)),
  );
}
