/**
 * The compose box's Markdown preview: the Preview button shows the draft as the server renders it
 * (`topic/preview`, sanitised here as message content is) in the box's place, with the same enhancements as
 * messages (emoji, KaTeX, images, spoilers, mentions); Edit goes back to the text, unchanged.
 */
import * as l10n from '@vscode/l10n';
import { errorText, request } from '../../page/common';
import { html, renderElement } from '../../page/view';
import { setServerHtml } from '../../page/sanitize';
import { PreviewRequest } from '../autocompleteProtocol';
import { closeSuggestions } from './autocomplete';
import { enhanceContent } from './content';
import { dom, view } from './state';

const { compose, text, composeError } = dom;
const toggle = dom.$('compose-preview-toggle') as HTMLButtonElement;
const preview = dom.$('compose-preview');

let previewing = false;

function setPreviewing(on: boolean): void {
  previewing = on;
  text.hidden = on;
  preview.hidden = !on;
  toggle.textContent = on ? l10n.t('Edit') : l10n.t('Preview');
  toggle.title = on ? l10n.t('Back to the message text') : l10n.t('Show the message as it will look');
  toggle.setAttribute('aria-pressed', String(on));
}

async function showPreview(): Promise<void> {
  const content = text.value;
  composeError.textContent = '';
  if (content.trim() === '') {
    preview.replaceChildren(renderElement(html`<p class="muted">${l10n.t('Nothing to preview.')}</p>`));
  } else {
    toggle.disabled = true;
    try {
      const rendered = (await request(PreviewRequest, { content })).html;
      setServerHtml(preview, rendered, view.snapshot?.realmUrl ?? '', { deferImages: true });
      enhanceContent(preview);
    } catch (e) {
      composeError.textContent = errorText(e);
      return;
    } finally {
      toggle.disabled = false;
    }
  }
  closeSuggestions();
  setPreviewing(true);
}

function showEditor(): void {
  setPreviewing(false);
  preview.replaceChildren();
  text.focus();
}

/** Starts the Preview button (sending, too, returns to the text). */
export function startPreview(): void {
  toggle.addEventListener('click', () => (previewing ? showEditor() : void showPreview()));
  // Sending returns to the (emptied) box.
  compose.addEventListener('submit', () => {
    if (previewing) showEditor();
  });
}
