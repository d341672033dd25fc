/**
 * The host side of code blocks in a conversation view: their actions run the
 * `teamChat.codeBlockAction` command (src/commands/code/codeBlock.ts), and the page is told which
 * code playgrounds the organisation has (so each block offers the ones for its language).
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { PanelHost } from '../host';
import { DisposableStore, type IDisposable } from '../../base/lifecycle';
import type { TopicContext } from './context';
import { CodeBlockCommand, PlaygroundsNotification, type PlaygroundModel } from './codeBlockProtocol';

function playgroundModels(services: Services): PlaygroundModel[] {
  const store = services.sessions.current?.store;
  return (store?.playgrounds() ?? []).map((p) => ({ id: p.id, name: p.name, language: p.pygments_language }));
}

export function registerCodeBlockHandlers(view: PanelHost, { services }: Pick<TopicContext, 'services'>): IDisposable {
  const publish = (): void => view.publish(PlaygroundsNotification, { playgrounds: playgroundModels(services) });
  publish();
  const handlers = new DisposableStore();
  handlers.add(services.sessions.onDidChange(publish));
  handlers.add(
    services.sessions.onDidChangeStore((change) => {
      if (change.areas.has('playgrounds')) publish();
    }),
  );
  handlers.add(
    view.host.onCommand(CodeBlockCommand, (p) => vscode.commands.executeCommand(Commands.codeBlockAction, p)),
  );
  return handlers;
}
