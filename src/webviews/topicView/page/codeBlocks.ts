/**
 * Code blocks you can use: each server-rendered block (`.codehilite`, Pygments' token spans
 * coloured by content.css from the theme) gets a toolbar with its language and the actions Copy,
 * Insert at Cursor, Open in New Editor and Compare with Selection, plus the organisation's code
 * playgrounds for its language. The host does the work (`topic/codeBlock`) with the block's text.
 */
import * as l10n from '@vscode/l10n';
import { command, el, onNotification } from '../../page/common';
import {
  CodeBlockCommand,
  PlaygroundsNotification,
  type CodeBlockAction,
  type PlaygroundModel,
} from '../codeBlockProtocol';

let playgrounds: readonly PlaygroundModel[] = [];

const ACTIONS: readonly { action: Exclude<CodeBlockAction, 'playground'>; label: string; title: string }[] = [
  { action: 'copy', label: l10n.t('Copy'), title: l10n.t('Copy the code') },
  { action: 'insert', label: l10n.t('Insert'), title: l10n.t('Insert the code at the cursor in the editor') },
  { action: 'open', label: l10n.t('Open'), title: l10n.t('Open the code in a new editor') },
  { action: 'compare', label: l10n.t('Compare'), title: l10n.t('Compare the code with the selection in the editor') },
];

/** The block's code as shown (Pygments' spans joined), without the renderer's final newline. */
function codeOf(block: HTMLElement): string {
  const code = block.querySelector('pre code') ?? block.querySelector('pre');
  return (code?.textContent ?? '').replace(/\n$/, '');
}

function languageOf(block: HTMLElement): string {
  return block.dataset.codeLanguage ?? '';
}

function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'code-action', label);
  b.type = 'button';
  b.title = title;
  b.setAttribute('aria-label', title);
  b.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return b;
}

/** The playground links of one toolbar (again when the organisation's playgrounds change). */
function renderPlaygrounds(toolbar: HTMLElement, block: HTMLElement): void {
  toolbar.querySelectorAll('.code-playground').forEach((b) => b.remove());
  const language = languageOf(block).trim().toLowerCase();
  if (language === '') return;
  for (const p of playgrounds) {
    if (p.language.trim().toLowerCase() !== language) continue;
    const b = button(`▶ ${p.name}`, l10n.t('Open the code in {0}', p.name), () =>
      command(CodeBlockCommand, {
        action: 'playground',
        code: codeOf(block),
        language: languageOf(block),
        playgroundId: p.id,
      }),
    );
    b.classList.add('code-playground');
    toolbar.append(b);
  }
}

/** Adds the toolbar to every code block of a message's content. */
export function enhanceCodeBlocks(body: HTMLElement): void {
  for (const block of body.querySelectorAll<HTMLElement>('.codehilite')) {
    if (block.previousElementSibling?.classList.contains('code-toolbar')) continue;
    const toolbar = el('div', 'code-toolbar');
    toolbar.setAttribute('role', 'toolbar');
    const language = languageOf(block);
    toolbar.setAttribute('aria-label', language ? l10n.t('{0} code block', language) : l10n.t('Code block'));
    toolbar.append(el('span', 'code-language', language || l10n.t('Code')));
    for (const { action, label, title } of ACTIONS) {
      toolbar.append(
        button(label, title, () =>
          command(CodeBlockCommand, { action, code: codeOf(block), language: languageOf(block) }),
        ),
      );
    }
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
