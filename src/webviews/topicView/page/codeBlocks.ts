/**
 * Code blocks you can use: each server-rendered block (`.codehilite`, Pygments' token spans
 * coloured by content.css from the theme) gets a toolbar with its language and the actions Copy,
 * Insert at Cursor, Open in New Editor and Compare with Selection, plus the organisation's code
 * playgrounds for its language. The host does the work (`topic/codeBlock`) with the block's text.
 */
import * as l10n from '@vscode/l10n';
import { command, onNotification } from '../../page/common';
import { delegate, html, nothing, renderElement, type TemplateResult } from '../../page/view';
import {
  CodeBlockCommand,
  PlaygroundsNotification,
  type CodeBlockAction,
  type PlaygroundModel,
} from '../codeBlockProtocol';

let playgrounds: readonly PlaygroundModel[] = [];

/** The fixed actions (read when a toolbar is drawn: the translations are configured by then). */
const actions = (): readonly { action: Exclude<CodeBlockAction, 'playground'>; label: string; title: string }[] => [
  { action: 'copy', label: l10n.t('Copy'), title: l10n.t('Copy the code') },
  { action: 'insert', label: l10n.t('Insert'), title: l10n.t('Insert the code at the cursor in the editor') },
  { action: 'open', label: l10n.t('Open'), title: l10n.t('Open the code in a new editor') },
  { action: 'compare', label: l10n.t('Compare'), title: l10n.t('Compare the code with the selection in the editor') },
];

/** The toolbars this page drew (server HTML cannot make one: only these run actions). */
const toolbars = new WeakSet<Element>();

/** The block's code as shown (Pygments' spans joined), without the renderer's final newline. */
function codeOf(block: HTMLElement): string {
  const code = block.querySelector('pre code') ?? block.querySelector('pre');
  return (code?.textContent ?? '').replace(/\n$/, '');
}

function languageOf(block: HTMLElement): string {
  return block.dataset.codeLanguage ?? '';
}

function button(label: string, title: string, action: CodeBlockAction, playgroundId?: number): TemplateResult {
  const className = action === 'playground' ? 'code-action code-playground' : 'code-action';
  // prettier-ignore
  return html`<button class=${className} type="button" title=${title} aria-label=${title} data-action=${action}
    data-playground=${playgroundId ?? nothing}>${label}</button>`;
}

/** The playground links of one toolbar (again when the organisation's playgrounds change). */
function renderPlaygrounds(toolbar: HTMLElement, block: HTMLElement): void {
  toolbar.querySelectorAll('.code-playground').forEach((b) => b.remove());
  const language = languageOf(block).trim().toLowerCase();
  if (language === '') return;
  for (const p of playgrounds) {
    if (p.language.trim().toLowerCase() !== language) continue;
    toolbar.append(renderElement(button(`▶ ${p.name}`, l10n.t('Open the code in {0}', p.name), 'playground', p.id)));
  }
}

/** Runs a toolbar's button for the code block after the toolbar. */
function run(button: HTMLElement, event: Event): void {
  const toolbar = button.closest('.code-toolbar');
  const block = toolbar?.nextElementSibling;
  if (!toolbar || !toolbars.has(toolbar) || !(block instanceof HTMLElement)) return;
  event.stopPropagation();
  const action = button.dataset.action as CodeBlockAction;
  const code = codeOf(block);
  const language = languageOf(block);
  if (action !== 'playground') return command(CodeBlockCommand, { action, code, language });
  const playground = playgrounds.find((p) => String(p.id) === button.dataset.playground);
  if (playground) command(CodeBlockCommand, { action, code, language, playgroundId: playground.id });
}

/** Adds the toolbar to every code block of a message's content (one delegated listener per toolbar). */
export function enhanceCodeBlocks(body: HTMLElement): void {
  for (const block of body.querySelectorAll<HTMLElement>('.codehilite')) {
    if (block.previousElementSibling?.classList.contains('code-toolbar')) continue;
    const language = languageOf(block);
    const label = language ? l10n.t('{0} code block', language) : l10n.t('Code block');
    const buttons = actions().map((a) => button(a.label, a.title, a.action));
    // prettier-ignore
    const toolbar = renderElement(html`<div class="code-toolbar" role="toolbar" aria-label=${label}
      ><span class="code-language">${language || l10n.t('Code')}</span>${buttons}</div
    >`);
    toolbars.add(toolbar);
    delegate(toolbar, { copy: run, insert: run, open: run, compare: run, playground: run });
    renderPlaygrounds(toolbar, block);
    block.before(toolbar);
  }
}
/** Follows the organisation's code playgrounds (each code block's toolbar shows its language's). */
export function startCodeBlocks(): void {
  onNotification(PlaygroundsNotification, (p) => {
    playgrounds = p.playgrounds;
    for (const toolbar of document.querySelectorAll<HTMLElement>('.code-toolbar')) {
      const block = toolbar.nextElementSibling;
      if (block instanceof HTMLElement && block.classList.contains('codehilite')) renderPlaygrounds(toolbar, block);
    }
  });
}
