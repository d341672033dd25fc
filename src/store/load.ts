/**
 * The live session's code (the event queue, its parsers, the store's reducers), loaded when the
 * first session starts rather than with the extension: it needs the client's code first, which
 * `loadClient()` loads a part at a time (src/api/load.ts).
 */
import { loadClient, nextTurn } from '../api/load';

export async function loadChatSession(): Promise<typeof import('./session')> {
  await loadClient();
  await nextTurn();
  return import('./session');
}
