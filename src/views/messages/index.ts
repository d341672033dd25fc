/**
 * The Mentions and Starred trees: live lists of the messages that mention the user (`is:mentioned`)
 * and that the user starred (`is:starred`), newest first, fetched when a tree is first shown.
 */
import * as vscode from 'vscode';
import { Views } from '../../constants';
import { mentionedNarrow, starredNarrow } from '../../messageList/narrow';
import type { Services } from '../../services';
import { reportError } from '../../ui/report';
import { registerTree, type TreeParts } from '../tree';
import { MessagesModel } from './model';
import { MessagesProvider } from './provider';

export { MessagesModel } from './model';
export type { MessageRow } from './rows';

export type MessagesView = TreeParts<MessagesModel, MessagesProvider>;

function registerOne(services: Services, viewId: string, model: MessagesModel, empty: string): MessagesView {
  const tree = registerTree(services, viewId, model, (m) => new MessagesProvider(m));
  const { view } = tree;
  const load = (): void => {
    if (view.visible && services.sessions.current) {
      void model
        .load()
        .catch((error) =>
          reportError(
            services.log,
            error,
            vscode.l10n.t('Could not load the {0}', view.title ?? vscode.l10n.t('messages')),
            load,
          ),
        );
    }
  };
  const update = (): void => {
    const state = model.state;
    if (!services.sessions.current) view.message = undefined;
    else if (state === 'loading') view.message = vscode.l10n.t('Loading…');
    else if (state === 'failed') view.message = vscode.l10n.t('The messages could not be loaded.');
    else if (state === 'loaded' && model.nodes().length === 0) view.message = empty;
    else view.message = undefined;
  };
  services.disposables.add(model.onDidChange(update));
  services.disposables.add(view.onDidChangeVisibility(load));
  services.disposables.add(services.sessions.onDidChange(load));
  load();
  update();
  return tree;
}

export function register(services: Services): { mentions: MessagesView; starred: MessagesView } {
  const { sessions, log } = services;
  return {
    mentions: registerOne(
      services,
      Views.mentions,
      new MessagesModel(sessions, mentionedNarrow(), log),
      vscode.l10n.t('No messages mention you.'),
    ),
    starred: registerOne(
      services,
      Views.starred,
      new MessagesModel(sessions, starredNarrow(), log),
      vscode.l10n.t('No starred messages. Star one with ☆ in a conversation.'),
    ),
  };
}
