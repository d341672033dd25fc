/**
 * Opening at a message (`topic/reveal`, or the snapshot's `anchor`): the message is scrolled into
 * the middle of the list, highlighted for a moment and focused so the keyboard starts there.
 */
import { rows } from './messages';
import { save, state } from './state';

const HIGHLIGHT_MS = 2500;

/** Scrolls to, highlights and focuses message `id`; false when it is not loaded. */
export function revealMessage(id: number): boolean {
  rows.setCurrent(id);
  const node = rows.scrollTo(id, 'center');
  if (!node) return false;
  node.focus({ preventScroll: true });
  node.classList.remove('revealed');
  // Restart the highlight when the same message is revealed twice.
  void node.offsetWidth;
  node.classList.add('revealed');
  setTimeout(() => rows.node(id)?.classList.remove('revealed'), HIGHLIGHT_MS);
  state.atBottom = false;
  save();
  return true;
}
