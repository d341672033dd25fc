/**
 * The live session's code (the event queue, its parsers, the store's reducers) and the outbox's
 * (the checks of a message to send), loaded when first needed rather than with the extension: they
 * need the client's code first, which `loadClient()` loads a part at a time (src/api/load.ts).
 */
import { loadClient, nextTurn } from '../api/load';

export async function loadChatSession(): Promise<typeof import('./session')> {
  await loadClient();
  await nextTurn();
  return import('./session');
}

export async function loadOutbox(): Promise<typeof import('./outbox')> {
  await loadClient();
  await nextTurn();
  return import('./outbox');
}
