/** Unread messages the user can see are reported to the host (`topic/visible`), which marks them read. */
import { command } from '../../page/common';
import { VisibleCommand } from '../protocol';
import { dom, models } from './state';

const visible = new Set<number>();
let visibleTimer: ReturnType<typeof setTimeout> | undefined;
let observer: IntersectionObserver;

/** Starts watching: messages half in view while the page is visible are reported. */
export function startVisible(): void {
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = Number((entry.target as HTMLElement).dataset.id);
        if (entry.isIntersecting) visible.add(id);
        else visible.delete(id);
      }
      reportVisible();
    },
    { root: dom.scroller, threshold: 0.5 },
  );
  document.addEventListener('visibilitychange', reportVisible);
}

/** Watches a rendered message while it is unread. */
export function observe(node: HTMLElement): void {
  if (node.classList.contains('unread')) observer.observe(node);
}

/** The message's element left the DOM (scrolled out of the list's window, or replaced). */
export function unobserve(node: HTMLElement): void {
  observer.unobserve(node);
  visible.delete(Number(node.dataset.id));
}

function reportVisible(): void {
  clearTimeout(visibleTimer);
  visibleTimer = setTimeout(() => {
    if (document.visibilityState !== 'visible' || visible.size === 0) return;
    const ids = [...visible].filter((id) => {
      const m = models.get(id);
      return m && m.unread;
    });
    if (ids.length > 0) command(VisibleCommand, { ids: ids.slice(0, 1000) });
  }, 300);
}
