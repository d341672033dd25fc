/**
 * The host side of code blocks in a conversation view: their actions run the
 * `teamChat.codeBlockAction` command (src/commands/code/codeBlock.ts), and the page is told which
 * code playgrounds the organisation has (so each block offers the ones for its language).
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { PanelHost } from '../host';
import { CodeBlockCommand, PlaygroundsNotification, type PlaygroundModel } from './codeBlockProtocol';

function playgroundModels(services: Services): PlaygroundModel[] {
  const store = services.sessions.current?.store;
  return (store?.playgrounds() ?? []).map((p) => ({ id: p.id, name: p.name, language: p.pygments_language }));
}

export function registerCodeBlockHandlers(view: PanelHost, services: Services): vscode.Disposable {
  const publish = (): void => view.publish(PlaygroundsNotification, { playgrounds: playgroundModels(services) });
  publish();
  return vscode.Disposable.from(
    services.sessions.onDidChange(publish),
    services.sessions.onDidChangeStore((change) => {
      if (change.areas.has('playgrounds')) publish();
    }),
    view.webview.onDidReceiveMessage((m: unknown) => {
      if (CodeBlockCommand.is(m)) void vscode.commands.executeCommand(Commands.codeBlockAction, m.params);
    }),
  );
}
