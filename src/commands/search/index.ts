/**
 * `teamChat.searchMessages` ({query?}): searches every message the user may see with Zulip's
 * search syntax; the query is parsed and its names resolved first (a bad query is an error and
 * nothing is sent), then the Search Results view lists the matches by conversation.
 * `teamChat.clearSearchResults` empties and hides that view.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { dayText } from '../../messageList/dateInput';
import { firstMessageAt } from '../../messageList/goToDate';
import type { Narrow } from '../../messageList/narrow';
import { parseSearchQuery } from '../../messageList/searchQuery';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import type { SearchResultsView } from '../../views/search';
import { requireGoToDate } from '../goToDate';
import { pickSearchQuery } from './queryPicker';
import { describeQueryError, storeDirectory } from './queryText';

/** How many recent queries the search box offers. */
export const RECENT_SEARCHES = 10;
const RECENT_KEY = 'teamChat.recentSearches';

function queryArg(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && typeof (value as { query?: unknown }).query === 'string'
    ? (value as { query: string }).query
    : undefined;
}

/**
 * `date:`: the first match on or after the day (`anchor=date`, feature level 445; refused with the
 * reason before). None: the newest matches, and the user is told.
 */
async function nearDate(current: CurrentSession, narrow: Narrow, date: Date): Promise<number | undefined> {
  requireGoToDate(current);
  const first = await firstMessageAt(current.client, [...narrow.terms], date);
  if (!first)
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No match on or after {0}: the newest matches are listed.', dayText(date)),
    );
  return first?.id;
}

export function register(services: Services, results: SearchResultsView): void {
  const state = services.context.globalState;
  const recent = (): string[] => state.get<string[]>(RECENT_KEY) ?? [];
  const remember = (query: string): Thenable<void> =>
    state.update(RECENT_KEY, [query, ...recent().filter((q) => q !== query)].slice(0, RECENT_SEARCHES));

  registerCommands(services, [
    {
      id: Commands.searchMessages,
      session: true,
      failure: vscode.l10n.t('Could not search'),
      run: async ({ current }, args?: unknown) => {
        const directory = storeDirectory(current.store);
        const given = queryArg(args);
        let text: string;
        let parsed;
        if (given !== undefined) {
          const result = parseSearchQuery(given, directory);
          if (!result.ok) throw new UserFacingError(describeQueryError(result.error));
          text = given.trim();
          parsed = result.query;
        } else {
          const picked = await pickSearchQuery(directory, recent(), results.query ?? '');
          if (!picked) return;
          text = picked.text;
          parsed = picked.query;
        }
        await remember(text);
        const near = parsed.date ? await nearDate(current, parsed.narrow, parsed.date) : parsed.near;
        await results.show(text, parsed.narrow, near);
      },
    },
    {
      id: Commands.clearSearchResults,
      failure: vscode.l10n.t('Could not clear the search results'),
      run: () => results.clear(),
    },
  ]);
}
