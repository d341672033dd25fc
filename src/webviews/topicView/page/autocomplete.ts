/**
 * Completions in the compose box, as the chat service's web app offers them: typing `@`, `@_`,
 * `#`, `#channel>` or `:` plus two characters asks the host for choices (`topic/autocomplete`),
 * shown in a list above the box. ArrowUp/ArrowDown move, Enter or Tab accept, Escape closes (and
 * goes no further: the panel stays), a click accepts. The box is a combobox of that listbox.
 */
import { request } from '../../page/common';
import { delegate, html, nothing, renderInto, type TemplateResult } from '../../page/view';
import { AutocompleteRequest, type TypeaheadItem } from '../autocompleteProtocol';
import { parseTrigger, type TypeaheadTrigger } from '../../page/shared';
import { dom } from './state';

const { compose, text } = dom;
const listbox = dom.$('compose-suggestions') as HTMLUListElement;

let items: TypeaheadItem[] = [];
let trigger: TypeaheadTrigger | undefined;
let active = 0;
/** Bumped by every lookup and close: an answer to an older lookup is dropped. */
let generation = 0;

export function suggestionsOpen(): boolean {
  return !listbox.hidden;
}

export function closeSuggestions(): void {
  generation++;
  items = [];
  trigger = undefined;
  listbox.hidden = true;
  renderInto(nothing, listbox);
  text.setAttribute('aria-expanded', 'false');
  text.removeAttribute('aria-activedescendant');
}

function setActive(index: number): void {
  active = (index + items.length) % items.length;
  listbox
    .querySelectorAll('[role="option"]')
    .forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
  const option = listbox.children[active] as HTMLElement | undefined;
  if (option) {
    text.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }
}

/** One choice of the list; a click on it accepts it (`accept`, delegated). */
function suggestion(item: TypeaheadItem, i: number): TemplateResult {
  const glyph = item.glyph ? html`<span class="suggestion-glyph">${item.glyph}</span>` : nothing;
  const detail = item.detail ? html`<span class="suggestion-detail">${item.detail}</span>` : nothing;
  // No whitespace between the parts: the option's text is exactly theirs.
  // prettier-ignore
  return html`<li class="suggestion" id=${`compose-suggestion-${i}`} role="option" data-insert=${item.insert}
    data-action="accept" data-index=${i}
    >${glyph}<span class="suggestion-label">${item.label}</span>${detail}</li
  >`;
}

function show(found: TypeaheadItem[], at: TypeaheadTrigger): void {
  if (found.length === 0) return closeSuggestions();
  items = found;
  trigger = at;
  // Drawn anew (no element of an older list kept), as the options of another lookup.
  renderInto(nothing, listbox);
  renderInto(found.map(suggestion), listbox);
  listbox.hidden = false;
  text.setAttribute('aria-expanded', 'true');
  setActive(0);
}

/** Looks up what the text before the caret asks for (closes when it asks for nothing). */
async function update(): Promise<void> {
  const caret = text.selectionStart;
  const at = caret === text.selectionEnd && !text.hidden ? parseTrigger(text.value.slice(0, caret)) : undefined;
  if (!at) return closeSuggestions();
  const mine = ++generation;
  try {
    const answer = await request(AutocompleteRequest, { kind: at.kind, query: at.query, channel: at.channel });
    if (mine === generation) show(answer.items, at);
  } catch {
    if (mine === generation) closeSuggestions();
  }
}

/** Replaces the trigger with the choice (and a space); the compose box hears it as typing. */
function accept(index: number): void {
  const item = items[index];
  const at = trigger;
  if (!item || !at) return closeSuggestions();
  closeSuggestions();
  text.setRangeText(`${item.insert} `, at.start, text.selectionStart, 'end');
  text.focus();
  text.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts completions: the box becomes a combobox of the list; typing asks, the keys choose. */
export function startAutocomplete(): void {
  text.setAttribute('role', 'combobox');
  text.setAttribute('aria-autocomplete', 'list');
  text.setAttribute('aria-haspopup', 'listbox');
  text.setAttribute('aria-controls', listbox.id);
  text.setAttribute('aria-expanded', 'false');
  // The box keeps the focus (and its caret) while the mouse chooses.
  delegate(listbox, { accept: (_option, event) => event.preventDefault() }, 'mousedown');
  delegate(listbox, { accept: (option) => accept(Number(option.dataset.index)) });

  // Captured on the form: these keys are the list's while it is open, before the box's own
  // handlers (Ctrl+Enter sends only when the list is closed) and before VS Code hears them.
  compose.addEventListener(
    'keydown',
    (event) => {
      if (event.target !== text || listbox.hidden || event.isComposing) return;
      switch (event.key) {
        case 'ArrowDown':
          setActive(active + 1);
          break;
        case 'ArrowUp':
          setActive(active - 1);
          break;
        case 'Enter':
        case 'Tab':
          accept(active);
          break;
        case 'Escape':
          closeSuggestions();
          break;
        default:
          return;
      }
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );

  text.addEventListener('input', () => void update());
  text.addEventListener('click', () => void update());
  text.addEventListener('keyup', (event) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) void update();
  });
  text.addEventListener('blur', () => closeSuggestions());
  compose.addEventListener('submit', () => closeSuggestions());
}
