// Fails (exit 1) when package.json's contributed IDs and src/constants.ts disagree: every command,
// view container, view and setting must be in both; every `teamChat.*` name used in a `when`
// clause or a `command:` link must be a known ID or context key.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Loads src/constants.ts (transpiled in memory) as a CommonJS module. */
async function loadConstants() {
  const file = path.join(root, 'src', 'constants.ts');
  const { code } = await esbuild.transform(readFileSync(file, 'utf8'), { loader: 'ts', format: 'cjs' });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(file));
  return module.exports;
}

const c = await loadConstants();
const contributes = pkg.contributes ?? {};
const problems = [];

function compare(what, inPackage, inCode, codeName) {
  const pkgSet = new Set(inPackage);
  const codeSet = new Set(inCode);
  for (const id of pkgSet)
    if (!codeSet.has(id)) problems.push(`${what} "${id}" is in package.json but not in ${codeName} (src/constants.ts)`);
  for (const id of codeSet)
    if (!pkgSet.has(id)) problems.push(`${what} "${id}" is in ${codeName} (src/constants.ts) but not in package.json`);
  const seen = new Set();
  for (const id of inPackage) {
    if (seen.has(id)) problems.push(`${what} "${id}" is contributed twice in package.json`);
    seen.add(id);
  }
}

const values = (o) => Object.values(o ?? {});
const configurations = [contributes.configuration ?? []].flat();
const viewContainers = Object.values(contributes.viewsContainers ?? {}).flat();
const views = Object.values(contributes.views ?? {}).flat();

compare(
  'Command',
  (contributes.commands ?? []).map((x) => x.command),
  values(c.Commands),
  'Commands',
);
compare(
  'View container',
  viewContainers.map((x) => x.id),
  values(c.ViewContainers),
  'ViewContainers',
);
compare(
  'View',
  views.map((x) => x.id),
  values(c.Views),
  'Views',
);
compare(
  'Setting',
  configurations.flatMap((x) => Object.keys(x.properties ?? {})),
  values(c.Settings),
  'Settings',
);
compare(
  'Authentication provider',
  (contributes.authentication ?? []).map((x) => x.id),
  [c.AUTH_PROVIDER_ID].filter(Boolean),
  'AUTH_PROVIDER_ID',
);
compare(
  'Language-model tool',
  (contributes.languageModelTools ?? []).map((x) => x.name),
  values(c.Assistant?.tools),
  'Assistant.tools',
);
compare(
  'Chat participant',
  (contributes.chatParticipants ?? []).map((x) => x.id),
  [c.Assistant?.participant].filter(Boolean),
  'Assistant.participant',
);

// Views must sit in a declared container (or a built-in one).
const builtIn = new Set(['explorer', 'scm', 'debug', 'test', 'remote']);
for (const container of Object.keys(contributes.views ?? {})) {
  if (!builtIn.has(container) && !viewContainers.some((x) => x.id === container)) {
    problems.push(`Views are contributed to "${container}", which is no declared view container`);
  }
}

// Only the views of ExpandedViews open on first start; every other one is contributed collapsed.
const expanded = new Set(c.ExpandedViews ?? []);
for (const view of views) {
  const collapsed = view.visibility === 'collapsed';
  if (expanded.has(view.id) && collapsed)
    problems.push(
      `View "${view.id}" is in ExpandedViews (src/constants.ts) but contributed with "visibility": "collapsed"`,
    );
  if (!expanded.has(view.id) && !collapsed)
    problems.push(
      `View "${view.id}" opens on first start: give it "visibility": "collapsed" in package.json, or add it to ExpandedViews (src/constants.ts)`,
    );
}
for (const id of expanded)
  if (!views.some((v) => v.id === id))
    problems.push(`ExpandedViews (src/constants.ts) names "${id}", which package.json does not contribute`);

// Names used in when clauses and command links.
const commands = new Set(values(c.Commands));
const known = new Set([
  ...commands,
  ...values(c.Views),
  ...values(c.ViewContainers),
  ...values(c.ContextKeys),
  ...values(c.CommentIds),
  ...values(c.WebviewPanels),
]);
const settings = new Set(values(c.Settings));
function checkWhen(where, clause) {
  if (typeof clause !== 'string') return;
  for (const [, config, name] of clause.matchAll(/(config\.)?\b(teamChat\.[A-Za-z0-9_.]+)/g)) {
    if (config ? !settings.has(name) : !known.has(name))
      problems.push(`${where}: "${config ?? ''}${name}" in "${clause}" is not a known ID or context key`);
  }
}
for (const [menu, items] of Object.entries(contributes.menus ?? {})) {
  for (const item of items) {
    if (item.command && !commands.has(item.command))
      problems.push(`Menu ${menu} names unknown command "${item.command}"`);
    checkWhen(`Menu ${menu}`, item.when);
  }
}
for (const view of views) checkWhen(`View ${view.id}`, view.when);
for (const welcome of contributes.viewsWelcome ?? []) {
  if (!known.has(welcome.view)) problems.push(`viewsWelcome names unknown view "${welcome.view}"`);
  checkWhen(`viewsWelcome ${welcome.view}`, welcome.when);
  for (const [, id] of String(welcome.contents).matchAll(/\(command:([A-Za-z0-9_.]+)/g)) {
    if (id.startsWith('teamChat.') && !commands.has(id))
      problems.push(`viewsWelcome ${welcome.view} links unknown command "${id}"`);
  }
}
for (const kb of contributes.keybindings ?? []) {
  if (!commands.has(kb.command)) problems.push(`Keybinding names unknown command "${kb.command}"`);
  checkWhen(`Keybinding ${kb.key}`, kb.when);
}

// Code registers commands by constant, never by a literal ID the check cannot see.
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}
for (const file of sources(path.join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/register(?:TextEditor)?Command\(\s*['"`]([^'"`]+)/g)) {
    problems.push(`${path.relative(root, file)} registers command "${m[1]}" by a literal: use a Commands constant`);
  }
  for (const m of text.matchAll(/['"`]setContext['"`]\s*,\s*['"`]([^'"`]+)/g)) {
    problems.push(`${path.relative(root, file)} sets context key "${m[1]}" by a literal: use a ContextKeys constant`);
  }
}

if (problems.length > 0) {
  console.error(`check-contributes: package.json and src/constants.ts disagree:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-contributes: OK (${commands.size} commands, ${views.length} views, ${settings.size} settings)`);
