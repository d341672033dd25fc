// ESLint (flat config): typescript-eslint's recommended rules with type information, plus the
// architecture's boundaries. The layers, top to bottom:
//   extension.ts (the shell) → core.ts → assistant → commands → notifications → webviews → views → session → auth → messageList → store → api
// The shell is all the host loads at activation: at run time it imports only src/shell and
// src/constants.ts, which imports nothing (the core it requires by path, after activation).
// A layer imports only layers below it; src/api, src/store and the message list never import
// `vscode`, so they run in plain Node (unit tests, benchmarks, the local server's checks).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettierOff from 'eslint-config-prettier';

import path from 'node:path';
import { uiStrings } from './scripts/eslint/uiStrings.mjs';
import { pageImports } from './scripts/eslint/pageImports.mjs';
import { testLayout } from './scripts/eslint/testLayout.mjs';
import { lifecycle } from './scripts/eslint/lifecycle.mjs';
import { commandKit } from './scripts/eslint/commandKit.mjs';

const LAYERS = [
  'api',
  'store',
  'messageList',
  'auth',
  'session',
  'views',
  'webviews',
  'notifications',
  'commands',
  'assistant',
];
/**
 * Folders outside the layering. Helpers without VS Code: any layer (and the pages) may use them; they
 * use only the api and the helpers before them in this list (emoji imports nothing; messageText, emoji).
 */
const PLAIN_HELPERS = ['emoji', 'messageText', 'time', 'linkifiers', 'codeRefs'];
/** Helpers that import `vscode` (ui: the command kit): only auth and above may use them; they use only what is below auth. */
const UI_HELPERS = ['ui', 'drafts', 'webhookReceiver'];
/** Layers (and helpers) that run in plain Node: no `vscode`. */
const NO_VSCODE = new Set(['base', 'api', 'messageList', 'store', ...PLAIN_HELPERS]);
const SRC = path.join(import.meta.dirname, 'src');

/** The top-level part of src/ a file belongs to ("api", "store", ...; "extension" for src/extension.ts). */
function partOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..')) return undefined;
  const [first] = rel.split(path.sep);
  return first.replace(/\.ts$/, '');
}

/** Whether code in `from` may import code in `to`. */
function mayImport(from, to) {
  if (from === to) return true;
  // src/base (lifecycle and events, no vscode) is below everything and imports nothing else.
  if (to === 'base') return true;
  if (from === 'base') return false;
  // constants.ts imports nothing, so the shell may read its keys without loading anything else.
  if (from === 'constants') return false;
  if (from === 'extension') return to === 'shell' || to === 'constants';
  if (from === 'shell') return to === 'constants';
  if (to === 'core' || to === 'shell') return false;
  if (PLAIN_HELPERS.includes(from))
    return to === 'api' || (PLAIN_HELPERS.indexOf(to) >= 0 && PLAIN_HELPERS.indexOf(to) < PLAIN_HELPERS.indexOf(from));
  if (UI_HELPERS.includes(from)) return !LAYERS.slice(LAYERS.indexOf('auth')).includes(to) && to !== 'extension';
  if (to === 'extension') return false;
  if (to === 'guards') return true; // type guards with no imports: every layer and the pages
  if (PLAIN_HELPERS.includes(to) || to === 'constants') return true;
  const fromRank = LAYERS.indexOf(from);
  if (UI_HELPERS.includes(to) || to === 'services') return fromRank < 0 || fromRank >= LAYERS.indexOf('auth');
  const toRank = LAYERS.indexOf(to);
  if (fromRank < 0 || toRank < 0) return true;
  return toRank < fromRank;
}

/** A local rule: the layers above, resolved by path (a relative specifier is not enough to know). */
const layering = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = partOf(context.filename);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      // A type-only import is no runtime dependency (the Services type names every layer), except on vscode.
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
      if (typeOnly && spec !== 'vscode') return;
      if (spec === 'vscode') {
        if (NO_VSCODE.has(from))
          context.report({ node, message: `src/${from} must not import vscode: it runs in plain Node too.` });
        return;
      }
      if (!spec.startsWith('.')) return;
      const to = partOf(path.resolve(path.dirname(context.filename), spec));
      if (to && !mayImport(from, to)) {
        context.report({
          node,
          message: `src/${from} must not import src/${to}: the layers are ${LAYERS.join(' < ')} < core < extension (the shell).`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * Issue 26 item 2, one webview contract: only src/webviews/host.ts creates panels
 * (`createWebviewPanel`: declare a panel with `definePanel`) and listens to a webview's messages
 * (`onDidReceiveMessage`: register a handler with `host.onCommand` / `host.onRequest`); nothing in
 * src/webviews hand-rolls `implements vscode.Disposable` (extend `Disposable` from src/base).
 */
const webviewContract = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const isHost = file.endsWith('/src/webviews/host.ts');
    const inWebviews = file.includes('/src/webviews/');
    const HOST_ONLY = {
      createWebviewPanel: 'Panels are declared with definePanel (src/webviews/host.ts), which creates them.',
      onDidReceiveMessage:
        "A page's messages are handled through its host: host.onCommand / host.onRequest (src/webviews/host.ts).",
    };
    return {
      MemberExpression(node) {
        const name = node.property.type === 'Identifier' ? node.property.name : undefined;
        if (!isHost && name && Object.hasOwn(HOST_ONLY, name)) context.report({ node, message: HOST_ONLY[name] });
      },
      TSClassImplements(node) {
        const e = node.expression;
        const named =
          e.type === 'MemberExpression' &&
          e.object.type === 'Identifier' &&
          e.object.name === 'vscode' &&
          e.property.type === 'Identifier' &&
          e.property.name === 'Disposable';
        if (inWebviews && named)
          context.report({
            node,
            message: 'Extend Disposable (src/base/lifecycle) instead of implementing vscode.Disposable.',
          });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettierOff,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      // Page code (src/webviews/**/page/) is checked by its own tsconfig (DOM, no Node or vscode).
      parserOptions: { project: ['tsconfig.json', 'tsconfig.pages.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Control characters in regular expressions are deliberate here (sanitising, parsing).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Guides, not walls (Prettier sets the layout): a long file or function is a place to look, never a
      // reason to squeeze code into lines or files where it does not belong.
      'max-lines': ['warn', { max: 450, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { local: { rules: { layering, 'ui-strings': uiStrings } } },
    rules: { 'local/layering': 'error', 'local/ui-strings': 'error' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Test fixtures load optional modules (playwright, the built extension) lazily.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Issue 26 item 2: one webview contract (see webviewContract above).
  {
    files: ['src/**/*.ts'],
    plugins: { webviewContract: { rules: { 'host-only': webviewContract } } },
    rules: { 'webviewContract/host-only': 'error' },
  },
  // Issue 26, item 5: a named folder for what pages import. A page imports its own folder, the page
  // library (src/webviews/page/, with page/shared.ts naming the host's pure code it may use) and its
  // protocol files, nothing else (scripts/eslint/pageImports.mjs).
  {
    files: ['src/webviews/*/page/**/*.ts'],
    plugins: { pageLibrary: { rules: { imports: pageImports } } },
    rules: { 'pageLibrary/imports': 'error' },
  },
  // Issue 26 item 5: one way to run the local chat server in unit tests, test/unit/support/server.ts's
  // `withServer` (mocha hooks; `start` for more servers in a test). Nothing else starts it.
  {
    files: ['test/unit/**/*.ts'],
    ignores: ['test/unit/support/server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/index)?$',
              importNames: ['startServer'],
              message: 'Use withServer() from test/unit/support/server.ts (its start() for another server in a test).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/unit/**/*.ts'],
    plugins: { tests: { rules: { layout: testLayout } } },
    rules: { 'tests/layout': 'error' },
  },
  // Issue 26 item 1: one way to own things and fire events (src/base). No implements vscode.Disposable,
  // no vscode.EventEmitter (no adapter is needed: VS Code accepts src/base's Event), and
  // context.subscriptions only in the shell's root (src/extension.ts); scripts/eslint/lifecycle.mjs.
  {
    files: ['src/**/*.ts'],
    plugins: { lifecycle: { rules: { 'one-way': lifecycle } } },
    rules: { 'lifecycle/one-way': ['error', { root: 'src/extension.ts' }] },
  },
  {
    // Issue 26 item 3: the pages start their parts in a visible order (a page object's start: nothing on
    // import), keep the keyboard's place by message id and action, never by a control's title, and build
    // their DOM with lit-html templates (no hand-rolled el()).
    files: ['src/webviews/**/page/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[specifiers.length=0][importKind!="type"]',
          message: "No side-effect imports in pages: export a start function and call it from the page's start.",
        },
        {
          selector: 'Literal[value=/\\[title[~|^$*]?=/], TemplateElement[value.raw=/\\[title[~|^$*]?=/]',
          message: 'Find a control by its data-action (and key), not by its title: a title changes with its state.',
        },
        {
          selector: 'CallExpression[callee.name="el"]',
          message:
            'Build page DOM with lit-html templates (page/view.ts: html, renderInto, renderElement) and run ' +
            'controls through delegate() on their data-action, not with a hand-rolled el().',
        },
        {
          selector:
            'Program > ExpressionStatement > CallExpression[callee.property.name="addEventListener"], ' +
            ':matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > ' +
            'CallExpression.init[callee.name="acquireVsCodeApi"]',
          message:
            "Nothing starts on import: listen and take the API handle in a start function (page/common.ts's " +
            "startPage, called first by the page's start).",
        },
      ],
    },
  },
  {
    // Issue 26 item 4: the command kit as the only way (scripts/eslint/commandKit.mjs). showErrorMessage
    // stays in the shell's activation failure (src/extension.ts: the kit is not loaded yet).
    files: ['src/**/*.ts'],
    plugins: { kit: { rules: { 'one-way': commandKit } } },
    rules: { 'kit/one-way': ['error', { allowErrorMessage: ['src/extension.ts'] }] },
  },
  {
    // Issue 26 item 6: no src line over 120 characters. Prettier (width 120) breaks code but not strings or
    // comments, so this catches what it leaves: rewrap the comment, split the string (`'…' +` / a const; an
    // l10n.t message may be split with + too: scripts/l10nFold.mjs folds it for `npm run l10n`). No exceptions,
    // URLs included (none is that long today).
    files: ['src/**/*.ts'],
    rules: {
      'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: false, ignoreStrings: false, ignoreComments: false }],
    },
  },
);
