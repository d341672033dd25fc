// What the workbench bench (test/bench/workbench.ts) installs in the workbench page with
// page.addInitScript: it runs before the workbench's own scripts on every load of the page, and
// records, in the page's clock (ms since that load's navigation start), when the first row of the
// Explorer's file tree and of Team Chat's Channels view was visible, and every text the Team Chat
// status-bar item showed. A MutationObserver sees each change as the workbench makes it, so no
// polling from the bench skews the times.

export interface StatusStep {
  /** ms since navigation start */
  at: number;
  text: string;
}

export interface PageTimes {
  /** When a row of the Explorer's file tree was first visible (ms since navigation start). */
  explorerRow?: number;
  /** When a row of the Channels view was first visible. */
  channelsRow?: number;
  /** The Team Chat status-bar item's texts, each when it first showed; `(hidden)` when it went away. */
  status: StatusStep[];
  /** When the status-bar item first showed a live session (its chat icon rather than a spinner or an error). */
  live?: number;
}

/** The global the probe keeps its times in. */
export const PAGE_TIMES = '__teamChatBenchTimes';

/**
 * The page's probe. Self-contained (Playwright sends its source to the page): no imports, no
 * helpers from outside. `key` is {@link PAGE_TIMES}.
 */
export function pageProbe(key: string): void {
  const times: PageTimes = { status: [] };
  (window as unknown as Record<string, PageTimes>)[key] = times;
  const visibleRow = (root: Element | null | undefined): boolean => {
    if (!root) return false;
    for (const row of Array.from(root.querySelectorAll('.monaco-list-row'))) {
      const box = row.getBoundingClientRect();
      if (
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        (row.textContent ?? '').trim() !== ''
      )
        return true;
    }
    return false;
  };
  const sideBarPane = (title: string): Element | null => {
    for (const header of Array.from(document.querySelectorAll('.part.sidebar .pane-header'))) {
      if (header.querySelector('h3.title')?.textContent?.trim().toLowerCase() === title) return header.closest('.pane');
    }
    return null;
  };
  let shown: string | undefined;
  const check = (): void => {
    const now = performance.now();
    const item = document.querySelector('.statusbar-item[id$=".teamChat.status"]');
    const text = item
      ? (item.textContent ?? '').trim() || item.getAttribute('aria-label') || ''
      : shown === undefined
        ? undefined
        : '(hidden)';
    if (text !== undefined && text !== shown) {
      shown = text;
      times.status.push({ at: now, text });
    }
    if (times.live === undefined && item?.querySelector('.codicon-comment-discussion')) times.live = now;
    if (times.explorerRow === undefined && visibleRow(document.querySelector('.part.sidebar .explorer-folders-view')))
      times.explorerRow = now;
    if (times.channelsRow === undefined && visibleRow(sideBarPane('channels'))) times.channelsRow = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'aria-expanded', 'aria-label'],
  });
}
