// A local ESLint rule (issue 26, item 5): a webview page (src/webviews/<panel>/page/) imports only
//   - its own page folder;
//   - src/webviews/page/, the page library: the DOM helpers, the sanitiser, and page/shared.ts, which
//     names the host's pure modules (emoji, time, code references...) a page may use;
//   - protocol files: src/webviews/protocol.ts and its own panel's protocol.ts and *Protocol.ts;
//   - packages (@vscode/l10n, dompurify, ...).
// Anything else a page needs from the host's tree is added to page/shared.ts, so that one file lists
// what the host and the pages share.
import path from 'node:path';

const WEBVIEWS = path.join(import.meta.dirname, '..', '..', 'src', 'webviews');
const LIBRARY = path.join(WEBVIEWS, 'page');
const PROTOCOL = /^(protocol|[a-z][A-Za-z0-9]*Protocol)(\.ts)?$/;

const inside = (dir, file) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The panel whose page `file` belongs to ("topicView"), or undefined for any other file. */
export function pageOf(file, webviews = WEBVIEWS) {
  const [panel, page, ...rest] = path.relative(webviews, file).split(path.sep);
  if (panel === 'page' || panel.startsWith('..') || page !== 'page' || rest.length === 0) return undefined;
  return panel;
}

/** Whether a page of `panel` may import the module at `target` (a resolved path). */
export function pageMayImport(panel, target, webviews = WEBVIEWS) {
  if (inside(path.join(webviews, panel, 'page'), target)) return true;
  if (inside(path.join(webviews, 'page'), target)) return true;
  const dir = path.dirname(target);
  return (dir === webviews || dir === path.join(webviews, panel)) && PROTOCOL.test(path.basename(target));
}

export const pageImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const panel = pageOf(context.filename);
    if (!panel) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (pageMayImport(panel, target)) return;
      const shown = path.relative(path.dirname(LIBRARY), target).split(path.sep).join('/');
      context.report({
        node,
        message:
          `A page imports only its own folder, src/webviews/page/ and its protocol files, not '${spec}' ` +
          `(webviews/${shown}): name what it needs in src/webviews/page/shared.ts and import that.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
