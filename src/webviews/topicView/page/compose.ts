/**
 * The compose box: the draft is saved in state; text the host inserts (snippets) goes in at the
 * caret; the page reports what the box holds (`topic/composeText`) as the user types.
 */
import { command, errorText, request } from '../../page/common';
import { ComposeTextCommand, SendRequest } from '../protocol';
import { dom, save, state, view } from './state';

const { compose, text, composeError, composeCount, sendButton } = dom;

export function updateCount(): void {
  const n = [...text.value].length;
  composeCount.textContent = n > view.maxLength * 0.8 ? `${n} / ${view.maxLength}` : '';
  composeCount.classList.toggle('over', n > view.maxLength);
}

let draftTimer: ReturnType<typeof setTimeout> | undefined;
/** Tells the host what the box holds (debounced while typing). */
function reportDraft(delayMs: number): void {
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => command(ComposeTextCommand, { text: text.value }), delayMs);
}

/** Host text (a snippet) at the caret, replacing a selection; the draft around it stays. */
export function insertIntoCompose(insert: unknown): void {
  if (compose.hidden || typeof insert !== 'string') return;
  text.setRangeText(insert, text.selectionStart, text.selectionEnd, 'end');
  state.draft = text.value;
  save();
  composeError.textContent = '';
  updateCount();
  text.focus();
  reportDraft(0);
}

/** Starts the compose box: the saved draft back in it (and told to the host), saving, sending. */
export function startCompose(): void {
  text.value = state.draft || '';
  text.addEventListener('input', () => {
    state.draft = text.value;
    save();
    composeError.textContent = '';
    updateCount();
    // At once: the host keeps it as the conversation's draft, and the view may close any moment.
    reportDraft(0);
  });

  if (text.value !== '') reportDraft(0);

  text.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });

  compose.addEventListener('submit', async (event) => {
    event.preventDefault();
    const content = text.value;
    if (content.trim() === '') return;
    sendButton.disabled = true;
    composeError.textContent = '';
    try {
      await request(SendRequest, { content });
      if (text.value === content) text.value = '';
      state.draft = text.value;
      save();
      updateCount();
      reportDraft(0);
      state.atBottom = true;
    } catch (e) {
      // The text stays; the API layer's message says what to fix (e.g. too long).
      composeError.textContent = errorText(e);
    } finally {
      sendButton.disabled = false;
      text.focus();
    }
  });
}
