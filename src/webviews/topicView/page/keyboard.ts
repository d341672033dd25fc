/**
 * The message list from the keyboard: one message is in the Tab order at a time (a roving
 * tabindex), and nothing inside a message is (its markers, actions, links and reactions are
 * reached from it with ←/→); ↑/↓ (and Home/End) move between messages; on a message, `r`
 * replies, `q` quotes, `e` edits your own, `s` stars, `u` marks unread from here.
 */
import { command } from '../../page/common';
import { ActionCommand, type MessageAction } from '../protocol';
import { dom, models, view } from './state';
import { rows } from './messages';
import { CONTROLS, controlsOf } from './rowFocus';

const { list, compose, text } = dom;

/** Where the arrow keys belong to the control (a caret or a choice moves), not to the list. */
function ownsArrows(target: HTMLElement): boolean {
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'image'].includes(target.type)
  );
}

/** Takes `node` (a message or something inside one) and the controls it holds out of the Tab order. */
function leaveTabOrder(node: Element): void {
  const itself = !node.matches('li.message') && node.matches(CONTROLS) ? [node as HTMLElement] : [];
  for (const c of [...itself, ...node.querySelectorAll<HTMLElement>(CONTROLS)]) if (c.tabIndex !== -1) c.tabIndex = -1;
}

/** Keeps whatever enters a message out of the Tab order. */
function startTabOrder(): void {
  // Rows are rendered, re-rendered and filled in later (widgets, an edit history): whatever enters a
  // message leaves the Tab order before the next key press (observer callbacks run as microtasks).
  new MutationObserver((records) => {
    for (const r of records) {
      if (!(r.target instanceof Element) || (r.target !== list && !r.target.closest('li.message'))) continue;
      for (const n of r.addedNodes) if (n instanceof Element) leaveTabOrder(n);
    }
  }).observe(list, { childList: true, subtree: true });
}

/** Makes message `id` the one the Tab key reaches (and focuses it, scrolled into view, when asked). */
export function makeCurrent(id: number, focus = false): void {
  rows.setCurrent(id);
  if (focus) rows.scrollTo(id, 'nearest')?.focus({ preventScroll: true });
}

/** After the list changed: exactly one message stays reachable (the newest unless one was chosen). */
export function keepOneReachable(): void {
  const ids = rows.ids();
  if (rows.current === undefined && ids.length > 0) rows.setCurrent(ids[ids.length - 1]);
}

/** Reply: the compose box of this conversation (a search result opens its topic). */
export function reply(id: number): void {
  if (!compose.hidden) {
    text.focus();
    return;
  }
  command(ActionCommand, { messageId: id, action: 'openTopic' });
}

const KEY_ACTIONS: Record<string, MessageAction | 'reply'> = {
  r: 'reply',
  q: 'quote',
  e: 'edit',
  s: 'star',
  u: 'markUnread',
};

/** Starts the list's keyboard: the message focused becomes the current one; the keys move and act. */
export function startKeyboard(): void {
  startTabOrder();
  list.addEventListener('focusin', (event) => {
    const li = event.target instanceof Element ? event.target.closest<HTMLElement>('li.message') : null;
    if (li && li.tabIndex !== 0) makeCurrent(Number(li.dataset.id));
  });

  list.addEventListener('keydown', (event) => {
    if (!(event.target instanceof HTMLElement) || event.altKey || event.ctrlKey || event.metaKey) return;
    const li = event.target.closest<HTMLElement>('li.message');
    if (!li || ownsArrows(event.target)) return;
    const onMessage = event.target === li;
    // By the data, not the DOM: the next message may not be rendered yet (a virtualised list).
    const ids = rows.ids();
    const at = rows.indexOf(Number(li.dataset.id));
    let next: number | undefined;
    if (event.key === 'ArrowDown') next = ids[at + 1];
    else if (event.key === 'ArrowUp') next = ids[at - 1];
    else if (event.key === 'Home' && onMessage) next = ids[0];
    else if (event.key === 'End' && onMessage) next = ids[ids.length - 1];
    if (next !== undefined && at >= 0) {
      event.preventDefault();
      makeCurrent(next, true);
      return;
    }
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const controls = controlsOf(li);
      if (controls.length === 0) return;
      const i = controls.indexOf(event.target);
      const to = event.key === 'ArrowRight' ? (i < 0 ? 0 : Math.min(i + 1, controls.length - 1)) : i <= 0 ? -1 : i - 1;
      event.preventDefault();
      if (to < 0) li.focus();
      else controls[to]!.focus();
      return;
    }
    if (!onMessage) return;
    const action = KEY_ACTIONS[event.key];
    const id = Number(li.dataset.id);
    if (!action || !models.has(id)) return;
    if (action === 'edit' && !models.get(id)!.own) return;
    // An archived channel's view writes nothing (the row has no such buttons either).
    if ((action === 'edit' || action === 'reply' || action === 'quote') && view.snapshot?.readOnly !== undefined)
      return;
    event.preventDefault();
    if (action === 'reply') reply(id);
    else command(ActionCommand, { messageId: id, action });
  });
}
