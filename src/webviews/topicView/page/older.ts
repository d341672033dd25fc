/** Older messages load when the list is scrolled to the top (`topic/loadOlder`); the scroll position is saved. */
import * as l10n from '@vscode/l10n';
import { errorText, request } from '../../page/common';
import { LoadOlderRequest } from '../protocol';
import { isAtBottom, nodeOf, renderMessage, updateEmpty, updateOldest } from './messages';
import { dom, models, save, showNotice, state, view } from './state';
import { observe } from './visible';

const { list, scroller, older } = dom;

export async function maybeLoadOlder(): Promise<void> {
  if (view.loadingOlder || view.foundOldest || scroller.scrollTop > 80 || models.size === 0) return;
  view.loadingOlder = true;
  older.textContent = l10n.t('Loading older messages…');
  const before = scroller.scrollHeight - scroller.scrollTop;
  try {
    const page = await request(LoadOlderRequest, {});
    view.foundOldest = page.foundOldest;
    for (const m of page.messages) models.set(m.id, m);
    const frag = document.createDocumentFragment();
    for (const m of page.messages) {
      if (nodeOf(m.id)) continue;
      const node = renderMessage(m);
      frag.append(node);
      observe(node);
    }
    list.insertBefore(frag, list.firstChild);
    // Keep the messages that were in view where they were.
    scroller.scrollTop = scroller.scrollHeight - before;
    updateOldest();
  } catch (e) {
    showNotice(errorText(e));
  } finally {
    view.loadingOlder = false;
    updateEmpty();
  }
}

let scrollTimer: ReturnType<typeof setTimeout> | undefined;
scroller.addEventListener('scroll', () => {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    state.scrollTop = scroller.scrollTop;
    state.atBottom = isAtBottom();
    save();
    void maybeLoadOlder();
  }, 100);
});
