/**
 * The controls inside a message row (markers, actions, links, reactions, widgets): what the
 * keyboard reaches from the message with ←/→ (./keyboard.ts), and which of them keeps the focus
 * when the row is rendered again (./virtualList.ts).
 */

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
 * In a row rendered again, the control that stands where `focused` stood in `old`: the one with
 * its title, or else the one at its place among the row's controls (a title can change with the
 * control's state, as a star's does).
 */
export function sameControl(old: HTMLElement, focused: HTMLElement, fresh: HTMLElement): HTMLElement | undefined {
  if (focused.title) {
    const byTitle = fresh.querySelector<HTMLElement>(`${focused.localName}[title="${CSS.escape(focused.title)}"]`);
    if (byTitle) return byTitle;
  }
  const i = [...old.querySelectorAll(CONTROLS)].indexOf(focused);
  return i < 0 ? undefined : (fresh.querySelectorAll<HTMLElement>(CONTROLS)[i] ?? undefined);
}
