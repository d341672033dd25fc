/** The topic view's search box (`topic/search`): matches are shown highlighted in place. */
import { errorText, request } from '../../page/common';
import { SearchRequest, type MatchModel } from '../protocol';
import { nodeOf, renderMessage } from './messages';
import { dom, matches, models, save, showNotice, state } from './state';

const { list, searchForm, searchInput } = dom;

/** Shows `found` highlighted (live messages that match the active search, too). */
export function applyMatches(found: readonly MatchModel[]): void {
  for (const match of found) {
    matches.set(match.id, match);
    const m = models.get(match.id);
    const node = nodeOf(match.id);
    if (m && node) node.replaceWith(renderMessage(m));
  }
}

export async function runSearch(query: string): Promise<void> {
  state.query = query;
  save();
  const had = [...matches.keys()];
  matches.clear();
  for (const id of had) {
    const m = models.get(id);
    const node = nodeOf(id);
    if (m && node) node.replaceWith(renderMessage(m));
  }
  if (query.trim() === '') {
    await request(SearchRequest, { query: '' }).catch(() => undefined);
    return;
  }
  try {
    applyMatches(await request(SearchRequest, { query }));
    const first = list.querySelector('li.match');
    if (first) first.scrollIntoView({ block: 'center' });
  } catch (e) {
    showNotice(errorText(e));
  }
}

searchForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void runSearch(searchInput.value);
});
searchInput.addEventListener('search', () => {
  if (searchInput.value === '') void runSearch('');
});
