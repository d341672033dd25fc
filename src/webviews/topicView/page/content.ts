/**
 * Message content as the chat service's own app shows it, from the sanitised HTML: unicode emoji
 * as glyphs (from their `emoji-<code points>` class, the label kept), images of the organisation
 * loaded through the host (`data-src` → a `data:` URI), spoilers that open and close, `<time>` in
 * the user's time zone, links to conversations opened in the extension, mentions that show the
 * profile card; custom emoji reactions as images; the message's poll or to-do list.
 */
import * as l10n from '@vscode/l10n';
import { command, request } from '../../page/common';
import { html, renderElement } from '../../page/view';
import { ImageRequest, OpenNarrowCommand, ShowUserCommand } from '../contentProtocol';
import { glyphOfEmojiClass } from '../../page/shared';
import type { MessageModel } from '../protocol';
import { dom } from './state';
import { linkifyCodeReferences } from './codeLinks';
import { enhanceCodeBlocks } from './codeBlocks';
import { renderWidget } from './widgets';

/** Images already loaded (or loading) this page, by URL. */
const images = new Map<string, Promise<string>>();

/** Shows the image at `url` in `img`, asked of the host; on failure the alt text (or a note) stays. */
export function loadImage(img: HTMLImageElement, url: string, onFail?: () => void): void {
  let pending = images.get(url);
  if (!pending) {
    pending = request(ImageRequest, { url }).then((r) => r.dataUri);
    images.set(url, pending);
    pending.catch(() => images.delete(url));
  }
  img.classList.add('loading');
  pending.then(
    (dataUri) => {
      img.src = dataUri;
      img.classList.remove('loading');
    },
    () => {
      img.classList.remove('loading');
      if (onFail) {
        onFail();
        return;
      }
      img.classList.add('image-error');
      if (!img.alt) img.alt = l10n.t('Image not available');
      img.title = img.title || l10n.t('The image could not be loaded');
    },
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The spoilers the reader opened, as `<message id>:<index of the spoiler in it>`: a message drawn
 * again (a flag or reaction changed, or it scrolled out of the virtualised list and back) keeps
 * them open.
 */
const openSpoilers = new Set<string>();

function toggleSpoiler(
  block: HTMLElement,
  header: HTMLElement,
  key: string | undefined,
  open = !block.classList.contains('open'),
): void {
  if (key !== undefined) {
    if (open) openSpoilers.add(key);
    else openSpoilers.delete(key);
  }
  block.classList.toggle('open', open);
  header.setAttribute('aria-expanded', String(open));
  block.querySelector(':scope > .spoiler-content')?.setAttribute('aria-hidden', String(!open));
}

/** Makes `node` act as a button (click, Enter, Space). */
function asButton(node: HTMLElement, label: string | undefined, onActivate: () => void): void {
  node.setAttribute('role', 'button');
  node.tabIndex = 0;
  if (label) node.title = label;
  node.addEventListener('click', (e) => {
    e.preventDefault();
    onActivate();
  });
  node.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onActivate();
  });
}

/**
 * Post-processes the content of one message (its `.content` element); `messageId` (absent for a
 * preview) lets its spoilers stay open when it is drawn again.
 */
export function enhanceContent(body: HTMLElement, messageId?: number): void {
  for (const span of body.querySelectorAll<HTMLElement>('span.emoji')) {
    const glyph = glyphOfEmojiClass(span.className);
    if (glyph) span.textContent = glyph;
  }
  // KaTeX's positioning, checked in the host; the CSP refuses style attributes, not the CSSOM.
  for (const node of body.querySelectorAll<HTMLElement | SVGElement>('.katex [data-style]')) {
    for (const declaration of (node.dataset.style ?? '').split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) node.style.setProperty(declaration.slice(0, colon), declaration.slice(colon + 1));
    }
  }
  for (const img of body.querySelectorAll<HTMLImageElement>('img[data-src]')) loadImage(img, img.dataset.src!);
  let index = 0;
  for (const block of body.querySelectorAll<HTMLElement>('.spoiler-block')) {
    const header = block.querySelector<HTMLElement>(':scope > .spoiler-header');
    if (!header) continue;
    if (!header.textContent?.trim()) header.textContent = l10n.t('Spoiler');
    const key = messageId === undefined ? undefined : `${messageId}:${index++}`;
    toggleSpoiler(block, header, undefined, key !== undefined && openSpoilers.has(key));
    asButton(header, undefined, () => toggleSpoiler(block, header, key));
  }
  for (const time of body.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    const date = new Date(time.dateTime);
    if (Number.isNaN(date.getTime())) continue;
    time.textContent = timeFormat.format(date);
    time.title = date.toISOString();
    time.classList.add('local-time');
  }
  for (const mention of body.querySelectorAll<HTMLElement>('.user-mention[data-user-id]')) {
    const userId = Number(mention.dataset.userId);
    if (!Number.isSafeInteger(userId) || userId <= 0) continue;
    asButton(
      mention,
      l10n.t('Show the profile of {0}', mention.textContent?.replace(/^@/, '') ?? l10n.t('this user')),
      () => command(ShowUserCommand, { userId }),
    );
  }
}

/** Custom emoji reactions show their image (the `:name:` text stays as the alternative). */
export function enhanceReactions(container: HTMLElement, m: MessageModel): void {
  for (const r of m.reactions) {
    if (!r.imageUrl) continue;
    for (const button of container.querySelectorAll<HTMLElement>('.reaction')) {
      if (button.dataset.emoji !== r.emojiName) continue;
      const slot = button.querySelector('.reaction-emoji');
      if (!slot) continue;
      const img = renderElement<HTMLImageElement>(html`<img class="emoji" alt=${`:${r.emojiName}:`} />`);
      loadImage(img, r.imageUrl);
      slot.replaceChildren(img);
    }
  }
}

/** Everything above for one rendered message; a poll or to-do list replaces the content. */
export function enhanceMessage(li: HTMLElement, m: MessageModel): void {
  // The avatar too comes through the host (an upload of the organisation needs the credentials);
  // one the host does not load (another origin, e.g. a gravatar) is loaded as before.
  const picture = li.querySelector<HTMLImageElement>('img.avatar');
  if (picture && m.avatarUrl) {
    const url = m.avatarUrl;
    picture.removeAttribute('src');
    loadImage(picture, url, () => (picture.src = url));
  }
  const body = li.querySelector<HTMLElement>('.content');
  if (body) {
    enhanceContent(body, m.id);
    linkifyCodeReferences(body);
    enhanceCodeBlocks(body);
    // As the chat service's app: a widget takes the place of its message's text (`/poll …`).
    if (m.widget) body.replaceChildren(renderWidget(m.id, m.widget));
  }
  enhanceReactions(li, m);
}

/** Links to conversations of the organisation in messages open in the extension. */
export function startNarrowLinks(): void {
  // Links to conversations of the organisation open here; the host checks them (other links open
  // as before, through the page's common handler and the host's allowlist).
  dom.list.addEventListener('click', (event) => {
    const a = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.content a[href]') : null;
    if (!a) return;
    const href = a.getAttribute('href') || '';
    if (!href.includes('#narrow/')) return;
    event.preventDefault();
    event.stopPropagation();
    command(OpenNarrowCommand, { href });
  });
}
