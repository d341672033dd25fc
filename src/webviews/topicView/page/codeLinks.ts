/**
 * Messages that know the code: line references in a message's text (`src/app.ts:10-20`) become
 * links, and those and git-host permalinks open the workspace file at those lines (the host
 * resolves them: teamChat.openCodeReference). Text inside code blocks is left as it is.
 */
import * as l10n from '@vscode/l10n';
import { findLineReferences, parsePermalink } from '../../page/shared';
import { command } from '../../page/common';
import { OpenCodeCommand } from '../contentProtocol';
import { dom } from './state';

/** Wraps the line references in `root`'s text (outside links and code blocks) in links. */
export function linkifyCodeReferences(root: HTMLElement): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('a, pre, .katex') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const text of texts) {
    const value = text.data;
    const refs = findLineReferences(value);
    if (refs.length === 0) continue;
    const parts: Node[] = [];
    let at = 0;
    for (const ref of refs) {
      if (ref.index > at) parts.push(document.createTextNode(value.slice(at, ref.index)));
      const a = document.createElement('a');
      a.className = 'code-ref';
      a.href = '#';
      a.textContent = value.slice(ref.index, ref.index + ref.length);
      a.title = l10n.t('Open {0} at line {1} in the editor', ref.path, ref.lines.start);
      a.dataset.path = ref.path;
      a.dataset.start = String(ref.lines.start);
      a.dataset.end = String(ref.lines.end);
      parts.push(a);
      at = ref.index + ref.length;
    }
    if (at < value.length) parts.push(document.createTextNode(value.slice(at)));
    text.replaceWith(...parts);
  }
}

// Line references and permalinks open the code; the page's common handler sees no click of them.
dom.list.addEventListener('click', (event) => {
  const a = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.content a') : null;
  if (!a) return;
  if (a.classList.contains('code-ref')) {
    event.preventDefault();
    event.stopPropagation();
    command(OpenCodeCommand, {
      path: a.dataset.path ?? '',
      lines: { start: Number(a.dataset.start), end: Number(a.dataset.end) },
    });
    return;
  }
  const href = a.getAttribute('href') ?? '';
  if (parsePermalink(href)?.lines) {
    event.preventDefault();
    event.stopPropagation();
    command(OpenCodeCommand, { url: href });
  }
});
