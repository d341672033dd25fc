/** The topic view's search box (`topic/search`): matches are shown highlighted in place. */
import { errorText, request } from '../../page/common';
import { SearchRequest, type MatchModel } from '../protocol';
import { rows } from './messages';
import { dom, matches, save, showNotice, state } from './state';

const { searchForm, searchInput } = dom;

/** Shows `found` highlighted (live messages that match the active search, too). */
export function applyMatches(found: readonly MatchModel[]): void {
  for (const match of found) {
    matches.set(match.id, match);
    rows.rerender(match.id);
  }
}

export async function runSearch(query: string): Promise<void> {
  state.query = query;
  save();
  const had = [...matches.keys()];
  matches.clear();
  for (const id of had) rows.rerender(id);
  if (query.trim() === '') {
    await request(SearchRequest, { query: '' }).catch(() => undefined);
    return;
  }
  try {
    applyMatches(await request(SearchRequest, { query }));
    const first = rows.ids().find((id) => matches.has(id));
    if (first !== undefined) rows.scrollTo(first, 'center');
  } catch (e) {
    showNotice(errorText(e));
  }
}

/** Starts the search box. */
export function startSearch(): void {
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void runSearch(searchInput.value);
  });
  searchInput.addEventListener('search', () => {
    if (searchInput.value === '') void runSearch('');
  });
}
