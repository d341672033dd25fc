/**
 * Older messages load as the list nears its top (`topic/loadOlder`), before the reader reaches it;
 * the rows prepended do not move what is read (./virtualList.ts). The scroll position is saved.
 */
import * as l10n from '@vscode/l10n';
import { errorText, request } from '../../page/common';
import { LoadOlderRequest } from '../protocol';
import { rows, updateEmpty, updateOldest } from './messages';
import { dom, models, save, showNotice, state, view } from './state';

const { scroller, older } = dom;

/** Older messages are fetched once the reader is within this many screens of the top. */
const AHEAD_SCREENS = 2;

const nearTop = (): boolean => scroller.scrollTop <= Math.max(80, scroller.clientHeight * AHEAD_SCREENS);

export async function maybeLoadOlder(): Promise<void> {
  if (view.loadingOlder || view.foundOldest || !nearTop() || models.size === 0) return;
  view.loadingOlder = true;
  older.textContent = l10n.t('Loading older messages…');
  let loaded = false;
  try {
    const asked = performance.now();
    const page = await request(LoadOlderRequest, {});
    // One page fetched, parsed and received (User Timing: the UI test's baseline).
    performance.measure('topic:older-page', { start: asked, detail: page.messages.length });
    view.foundOldest = page.foundOldest;
    const fresh = page.messages.filter((m) => !models.has(m.id));
    for (const m of fresh) models.set(m.id, m);
    rows.upsert(fresh.map((m) => m.id));
    updateOldest();
    loaded = fresh.length > 0;
  } catch (e) {
    showNotice(errorText(e));
  } finally {
    view.loadingOlder = false;
    updateEmpty();
  }
  // Still near the top (a short page, or a fast reader): the next one.
  if (loaded) void maybeLoadOlder();
}

let scrollTimer: ReturnType<typeof setTimeout> | undefined;

/** Loads older messages near the top and saves the scroll position as the reader scrolls. */
export function startOlder(): void {
  scroller.addEventListener('scroll', () => {
    if (nearTop()) void maybeLoadOlder();
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => {
      const top = rows.topVisible();
      state.scrollTop = scroller.scrollTop;
      state.topId = top?.id;
      state.topOffset = top?.offset;
      state.atBottom = rows.pinned;
      save();
    }, 100);
  });
}
