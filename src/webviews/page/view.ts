/**
 * The pages' view layer: lit-html templates rendered into the page's own containers, and one
 * delegated listener per container keyed on `data-action` (no listener per button). Text and
 * attributes in a template are escaped by lit-html; server HTML never goes through a template: it
 * goes into its element through ./sanitize.ts (`setServerHtml`) after rendering, and that element is
 * marked `data-server-html` so nothing inside it can name an action.
 */
import { html, render } from 'lit-html';

export { html, nothing, render, type TemplateResult } from 'lit-html';

/** What one action does: the element that names it and the event that reached it. */
export type ActionHandler<E extends Event = Event> = (element: HTMLElement, event: E) => void;

/**
 * The element whose `data-action` an event inside `container` reached: the nearest one around
 * `target` that is not inside server HTML (there the search goes on from the server HTML's element,
 * which may itself name an action, as a search result's topic does).
 */
export function actionElement(target: EventTarget | null, container: Element): HTMLElement | undefined {
  let node = target instanceof Element ? target.closest<HTMLElement>('[data-action]') : null;
  while (node && container.contains(node)) {
    const server = node.parentElement?.closest<HTMLElement>('[data-server-html]');
    if (!server || !container.contains(server)) return node;
    node = server.closest<HTMLElement>('[data-action]');
  }
  return undefined;
}

/**
 * One `type` listener (click by default) on `container` that runs the handler named by the
 * `data-action` of the element the event reached. Actions not named here are left alone.
 */
export function delegate<E extends Event = MouseEvent>(
  container: HTMLElement,
  handlers: Readonly<Record<string, ActionHandler<E>>>,
  type = 'click',
): void {
  container.addEventListener(type, (event) => {
    const element = actionElement(event.target, container);
    const handler =
      element && Object.hasOwn(handlers, element.dataset.action!) ? handlers[element.dataset.action!] : undefined;
    if (!handler || (element as HTMLButtonElement).disabled) return;
    handler(element!, event as E);
  });
}

const owned = new WeakSet<Element>();

/**
 * Renders `template` into `container`; the first time, what the page's HTML put there (a
 * "Loading…" line) goes first. Rendered again, lit-html changes only what differs.
 */
export function renderInto(template: unknown, container: HTMLElement): void {
  if (!owned.has(container)) {
    container.replaceChildren();
    owned.add(container);
  }
  render(template, container);
}

/** The one element a template renders (rendered into a fragment: the element is new each time). */
export function renderElement<T extends Element = HTMLElement>(template: unknown): T {
  const fragment = document.createDocumentFragment();
  render(template, fragment);
  const element = fragment.firstElementChild;
  if (!element) throw new Error('the template rendered no element');
  return element as T;
}

/**
 * The picture at `avatarUrl`, or the initials when there is none or it does not load (an element,
 * new each time: the picture that fails is replaced by the initials in place).
 */
export function avatar(model: { readonly initials: string; readonly avatarUrl?: string }): HTMLElement {
  const initials = (): HTMLElement =>
    renderElement(html`<div class="avatar initials" aria-hidden="true">${model.initials}</div>`);
  if (!model.avatarUrl) return initials();
  const img = renderElement<HTMLImageElement>(html`<img class="avatar" alt="" />`);
  // An image's error does not bubble: no container could take it for the picture.
  img.addEventListener('error', () => img.replaceWith(initials()), { once: true });
  img.src = model.avatarUrl;
  return img;
}
