/**
 * The controls inside a message row (markers, actions, links, reactions, widgets): what the
 * keyboard reaches from the message with ←/→ (./keyboard.ts), and which of them keeps the focus
 * when the row is rendered again (./virtualList.ts).
 */
import { actionElement } from '../../page/view';

/** What can take the focus inside a row. */
export const CONTROLS = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

/** A row's controls, in order, that can take the focus now. */
export function controlsOf(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (c) => !(c as HTMLButtonElement).disabled && c.checkVisibility(),
  );
}

/**
 * Which control of a row has the focus, in terms that survive drawing the row again: its action
 * (`data-action`, and for a reaction its emoji), never its title or label (those change with the
 * control's state, as a star's or a reaction's do); a control without an action (a link in the
 * content) by its place among the row's controls.
 */
export type ControlKey = { readonly action: string; readonly emoji: string | undefined } | { readonly index: number };

/** The key of `focused`, a control inside `row`. */
export function controlKey(row: HTMLElement, focused: HTMLElement): ControlKey | undefined {
  if (actionElement(focused, row) === focused) return { action: focused.dataset.action!, emoji: focused.dataset.emoji };
  const index = [...row.querySelectorAll(CONTROLS)].indexOf(focused);
  return index < 0 ? undefined : { index };
}

/** The control of `row` with that key, if it still has one. */
export function controlOf(row: HTMLElement, key: ControlKey): HTMLElement | undefined {
  if ('index' in key) return row.querySelectorAll<HTMLElement>(CONTROLS)[key.index] ?? undefined;
  const emoji = key.emoji === undefined ? '' : `[data-emoji="${CSS.escape(key.emoji)}"]`;
  return [...row.querySelectorAll<HTMLElement>(`[data-action="${CSS.escape(key.action)}"]${emoji}`)].find(
    (c) => actionElement(c, row) === c,
  );
}

/** In a row rendered again, the control that stands where `focused` stood in `old`. */
export function sameControl(old: HTMLElement, focused: HTMLElement, fresh: HTMLElement): HTMLElement | undefined {
  const key = controlKey(old, focused);
  return key && controlOf(fresh, key);
}
