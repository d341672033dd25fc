/**
 * The Search Results tree: a search's matching messages across the organisation, live, grouped by
 * conversation (newest first). Hidden until a search runs (`teamChat.searchResultsShown`); "Clear"
 * hides it again. The view's description is the query; its message says what is happening
 * ("Searching…", the counts, "No messages match …", why the search failed).
 */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Narrow } from '../../messageList/narrow';
import type { Services } from '../../services';
import { describeError } from '../../ui/errorMessage';
import { GroupedMessagesProvider } from '../messages/grouped';
import { MESSAGE_TREE_SIZE, MessagesModel } from '../messages/model';
import { registerTree, type TreeParts } from '../tree';

export interface SearchResultsView extends TreeParts<MessagesModel, GroupedMessagesProvider> {
  /** The query the view shows (undefined: none). */
  readonly query: string | undefined;
  /** Shows the view and lists the narrow's newest matches (or those around `near`). */
  show(query: string, narrow: Narrow, near?: number): Promise<void>;
  /** Empties and hides the view. */
  clear(): Promise<void>;
}

export function register(services: Services): SearchResultsView {
  const { sessions, log } = services;
  let query: string | undefined;
  let accountId: string | undefined;
  // Subscribed before the model exists, so a search of another account is dropped before the
  // model would reload it (its channel and user ids mean nothing there).
  services.disposables.add(
    sessions.onDidChange((current) => {
      if (query !== undefined && current?.account.id !== accountId) void results.clear();
    }),
  );
  const tree = registerTree(
    services,
    Views.searchResults,
    new MessagesModel(sessions, undefined, log),
    (m) => new GroupedMessagesProvider(m),
    { showCollapseAll: true, ownDescription: true },
  );
  const { model, provider, view } = tree;

  const update = (): void => {
    view.description = query;
    const state = model.state;
    if (query === undefined || state === 'idle') view.message = undefined;
    else if (state === 'loading') view.message = vscode.l10n.t('Searching…');
    else if (state === 'failed') view.message = vscode.l10n.t('The search failed: {0}', describeError(model.error));
    else {
      const groups = provider.groups();
      const count = groups.reduce((n, g) => n + g.rows.length, 0);
      const more = model.list?.foundOldest === false ? ' ' + vscode.l10n.t('(the newest {0})', MESSAGE_TREE_SIZE) : '';
      view.message =
        count === 0
          ? vscode.l10n.t('No messages match “{0}”.', query)
          : count === 1
            ? vscode.l10n.t('1 message.')
            : groups.length === 1
              ? vscode.l10n.t('{0} messages in 1 conversation.', count) + more
              : vscode.l10n.t('{0} messages in {1} conversations.', count, groups.length) + more;
    }
  };
  services.disposables.add(model.onDidChange(update));

  const setShown = (shown: boolean): Thenable<unknown> =>
    vscode.commands.executeCommand('setContext', ContextKeys.searchResultsShown, shown);

  const results: SearchResultsView = {
    model,
    provider,
    view,
    get query() {
      return query;
    },
    async show(text, narrow, near) {
      query = text;
      accountId = sessions.current?.account.id;
      model.setNarrow(narrow, near);
      await setShown(true);
      // Shows the view (not fatal: the results load either way).
      await vscode.commands
        .executeCommand(`${Views.searchResults}.focus`)
        .then(undefined, (e: unknown) => log.warn(`Could not show the search results: ${String(e)}`));
      try {
        await model.load();
      } catch (error) {
        // The view shows why (state `failed`); the log keeps the details.
        log.warn(`Search "${text}" failed: ${String(error)}`);
      }
    },
    async clear() {
      query = undefined;
      accountId = undefined;
      model.setNarrow(undefined);
      await setShown(false);
    },
  };
  update();
  return results;
}
