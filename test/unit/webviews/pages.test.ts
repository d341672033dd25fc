// The webview pages are TypeScript under src/webviews/<page>/page/, bundled for the browser into
// dist/webview/: no hand-written script is left in media/, every page is bundled (and nothing
// else), the bundles suit the strict CSP, and the page type-check (tsconfig.pages.json) refuses
// `vscode`, Node modules and any message the protocol modules do not declare.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ts from 'typescript';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { DOMPurify } from 'dompurify';
import { createServerHtmlSanitizer } from '../../../src/webviews/page/sanitize';
import { pageScripts, SERVER_HTML_PAGES, SHARED_PAGE_SCRIPTS, WEBVIEW_PAGES } from '../../../src/webviews/pages';

const REPO = path.join(__dirname, '..', '..', '..', '..');

// TypeScript compiles `import()` to `require()` under CommonJS; esbuild.mjs is an ES module.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

interface BuildConfig {
  SHARED_PAGE_LIBRARIES: string[];
  PAGE_LIBRARIES_GLOBAL: string;
  pageEntryPoints(): Record<string, string>;
  sharedPageEntryPoints(): Record<string, string>;
  pageBuildOptions(production: boolean): Record<string, unknown>;
  PAGE_OUT_DIR: string;
}
const buildConfig = async (): Promise<BuildConfig> =>
  (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as unknown as BuildConfig;

/** Each bundle of a release build of the pages (not written) → the files it was built from. */
async function releaseInputs(): Promise<Map<string, string[]>> {
  const { pageBuildOptions } = await buildConfig();
  const esbuild = (await importEsm('esbuild')) as unknown as typeof import('esbuild');
  const result = await esbuild.build({
    ...pageBuildOptions(true),
    absWorkingDir: REPO,
    write: false,
    logLevel: 'silent',
  });
  return new Map(
    Object.entries(result.metafile!.outputs).map(([file, o]) => [path.basename(file), Object.keys(o.inputs)]),
  );
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('webview pages', function () {
  it('media/ holds no script: pages are TypeScript under src/', () => {
    const scripts = filesUnder(path.join(REPO, 'media')).filter((f) => /\.[cm]?js$/i.test(f));
    assert.deepEqual(scripts, []);
  });

  const BUNDLES = [...WEBVIEW_PAGES, ...SHARED_PAGE_SCRIPTS].map((p) => `${p}.js`).sort();

  it('esbuild.mjs bundles exactly the pages and shared scripts the host loads, and the build step left each bundle in dist/webview/', async () => {
    const { pageEntryPoints, sharedPageEntryPoints, PAGE_OUT_DIR } = await buildConfig();
    assert.deepEqual(Object.keys(pageEntryPoints()).sort(), [...WEBVIEW_PAGES].sort());
    assert.deepEqual(Object.keys(sharedPageEntryPoints()).sort(), [...SHARED_PAGE_SCRIPTS].sort());
    const built = fs
      .readdirSync(PAGE_OUT_DIR)
      .filter((f) => f.endsWith('.js'))
      .sort();
    assert.deepEqual(built, BUNDLES);
  });

  it('DOMPurify is bundled once, into purify.js, which the shell loads first in exactly the pages that sanitise server HTML', async () => {
    const inputsOf = await releaseInputs();
    const withPurify = [...inputsOf]
      .filter(([, inputs]) => inputs.some((i) => /(?:^|[\\/])node_modules[\\/]dompurify[\\/]/.test(i)))
      .map(([f]) => f);
    assert.deepEqual(withPurify, ['purify.js']);
    const sanitising = [...inputsOf]
      .filter(([, inputs]) => inputs.includes('src/webviews/page/sanitize.ts'))
      .map(([f]) => f.replace(/\.js$/, ''));
    assert.deepEqual(sanitising.sort(), [...SERVER_HTML_PAGES].sort());
    for (const page of WEBVIEW_PAGES) {
      const shared = SERVER_HTML_PAGES.includes(page) ? ['libraries', 'purify'] : ['libraries'];
      assert.deepEqual(pageScripts(page), [...shared, page]);
    }
  });

  it('lit-html and @vscode/l10n are bundled once, into libraries.js, which every page loads first', async () => {
    const inputsOf = await releaseInputs();
    const withLibraries = [...inputsOf]
      .filter(([, inputs]) => inputs.some((i) => /node_modules[\\/](?:lit-html|@vscode[\\/]l10n)[\\/]/.test(i)))
      .map(([f]) => f);
    assert.deepEqual(withLibraries, ['libraries.js']);
    for (const page of WEBVIEW_PAGES)
      assert.equal(pageScripts(page)[0], 'libraries', `${page} loads libraries.js first`);
  });

  it('libraries.js, run in a page, gives the pages the modules they import, and a page without it says so', async () => {
    const { PAGE_OUT_DIR, SHARED_PAGE_LIBRARIES, PAGE_LIBRARIES_GLOBAL } = await buildConfig();
    const without = new JSDOM('<!DOCTYPE html><body></body>', { runScripts: 'outside-only' });
    assert.throws(
      () => without.window.eval(fs.readFileSync(path.join(PAGE_OUT_DIR, 'settings.js'), 'utf8')),
      /libraries\.js is not loaded/,
    );
    const dom = new JSDOM('<!DOCTYPE html><body></body>', { runScripts: 'outside-only' });
    dom.window.eval(fs.readFileSync(path.join(PAGE_OUT_DIR, 'libraries.js'), 'utf8'));
    const libraries = (dom.window as unknown as Record<string, Record<string, Record<string, unknown>>>)[
      PAGE_LIBRARIES_GLOBAL
    ]!;
    assert.deepEqual(Object.keys(libraries).sort(), [...SHARED_PAGE_LIBRARIES].sort());
    assert.equal(typeof libraries['lit-html']!['render'], 'function');
    assert.equal(typeof libraries['lit-html/directives/live.js']!['live'], 'function');
    assert.equal(typeof libraries['@vscode/l10n']!['t'], 'function');
    // A template rendered with the shared copy: the one lit-html every page draws with.
    const lit = libraries['lit-html'] as unknown as typeof import('lit-html');
    const strings = Object.assign(['<p class="x">', '</p>'], { raw: ['<p class="x">', '</p>'] });
    lit.render(lit.html(strings as unknown as TemplateStringsArray, 'hi <b>'), dom.window.document.body);
    assert.equal(dom.window.document.body.querySelector('p.x')?.textContent, 'hi <b>');
  });

  it('purify.js, run in a page, gives the pages the DOMPurify they sanitise with', async () => {
    const { PAGE_OUT_DIR } = await buildConfig();
    const dom = new JSDOM('<!DOCTYPE html><body></body>', { runScripts: 'outside-only' });
    dom.window.eval(fs.readFileSync(path.join(PAGE_OUT_DIR, 'purify.js'), 'utf8'));
    const purify = (dom.window as unknown as { DOMPurify?: DOMPurify }).DOMPurify;
    assert.equal(typeof purify, 'function');
    assert.equal(purify!.version, createDOMPurify.version, 'the dompurify package the unit tests sanitise with');
    const sanitizer = createServerHtmlSanitizer(
      dom.window as unknown as Parameters<typeof createServerHtmlSanitizer>[0],
      purify!,
    );
    assert.equal(
      sanitizer.html(
        '<p onclick="x()">hi<img src=x onerror=alert(1)><script>alert(2)</script></p>',
        'https://chat.example.com',
      ),
      '<p>hi<img src="https://chat.example.com/x"></p>',
    );
  });

  it('the release bundles are minified browser IIFEs with no source map, require, eval or vscode', async () => {
    const { pageBuildOptions } = await buildConfig();
    const esbuild = (await importEsm('esbuild')) as unknown as typeof import('esbuild');
    const result = await esbuild.build({ ...pageBuildOptions(true), write: false, logLevel: 'silent' });
    assert.deepEqual(result.errors, []);
    const outputs = new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
    assert.deepEqual([...outputs.keys()].sort(), BUNDLES);
    for (const [name, bundled] of outputs) {
      assert.match(bundled, /^"use strict";\(\(\)=>\{/, `${name} is a minified IIFE`);
      // In a mutation run (StrykerJS) the sources carry its mutant switch, whose global lookup
      // falls back to `new Function("return this")`: that one expression is Stryker's, not ours.
      const text =
        process.env.STRYKER_MUTATOR_WORKER === undefined
          ? bundled
          : bundled.replaceAll('new Function("return this")', '');
      for (const banned of [/\brequire\(/, /\beval\(/, /new Function\(/, /sourceMappingURL/, /["']vscode["']/]) {
        assert.doesNotMatch(text, banned, `${name} contains ${banned}`);
      }
    }
  });

  describe('the page type-check (tsconfig.pages.json)', function () {
    this.timeout(60_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-pages-'));
    const src = (p: string) => JSON.stringify(path.join(REPO, 'src', 'webviews', p));
    const common = `import { onNotification, request, command } from ${src('page/common')};\n`;
    const probes: Record<string, string> = {
      // The control: what the pages do compiles, so the failures below are the probes' own.
      valid:
        common +
        `import { SendRequest, NoticeNotification, ActionCommand } from ${src('topicView/protocol')};\n` +
        `void request(SendRequest, { content: 'hi' }).then((r) => r.localId);\n` +
        `onNotification(NoticeNotification, (p) => p.text);\ncommand(ActionCommand, { messageId: 1, action: 'edit' });\n`,
      vscode: `import * as vscode from 'vscode';\nexport const api = vscode;\n`,
      node: `import { readFileSync } from 'fs';\nexport const read = readFileSync;\n`,
      hostCode: `import { renderHtml } from ${src('html')};\nexport const render = renderHtml;\n`,
      paramField:
        common +
        `import { SendRequest } from ${src('topicView/protocol')};\nvoid request(SendRequest, { text: 'hi' });\n`,
      resultField:
        common +
        `import { SendRequest } from ${src('topicView/protocol')};\nvoid request(SendRequest, { content: 'hi' }).then((r) => r.messageId);\n`,
      notificationField:
        common +
        `import { NoticeNotification } from ${src('topicView/protocol')};\nonNotification(NoticeNotification, (p) => p.message);\n`,
      handlerType:
        common +
        `import { NoticeNotification } from ${src('topicView/protocol')};\nonNotification(NoticeNotification, (p: { message: string }) => p.message);\n`,
      commandValue:
        common +
        `import { ActionCommand } from ${src('topicView/protocol')};\ncommand(ActionCommand, { messageId: 1, action: 'forward' });\n`,
      messageName:
        common +
        `import { SendMessageRequest } from ${src('topicView/protocol')};\nvoid request(SendMessageRequest, { content: 'hi' });\n`,
    };
    let errors: Map<string, number[]>;

    before(() => {
      const config = ts.getParsedCommandLineOfConfigFile(
        path.join(REPO, 'tsconfig.pages.json'),
        {},
        {
          ...ts.sys,
          onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        },
      )!;
      const files = Object.entries(probes).map(([name, text]) => {
        const file = path.join(dir, `${name}.ts`);
        fs.writeFileSync(file, text);
        return file;
      });
      const program = ts.createProgram(files, config.options);
      errors = new Map(Object.keys(probes).map((name) => [name, []]));
      for (const d of ts.getPreEmitDiagnostics(program)) {
        const file = d.file?.fileName ?? '(no file)';
        const name = path.dirname(file) === dir ? path.basename(file, '.ts') : path.relative(REPO, file);
        errors.set(name, [...(errors.get(name) ?? []), d.code]);
      }
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('accepts what the pages do; outside the probes, only the host module a probe imports fails', () => {
      assert.deepEqual(errors.get('valid'), []);
      const outside = [...errors.keys()].filter((name) => !(name in probes));
      assert.deepEqual(outside, [path.join('src', 'webviews', 'html.ts')]);
    });
    it('refuses `vscode` ("is not a module")', () => assert.deepEqual(errors.get('vscode'), [2306]));
    it('refuses Node modules', () => assert.deepEqual(errors.get('node'), [2307]));
    it('refuses host code that imports vscode', () =>
      assert.ok(errors.get(path.join('src', 'webviews', 'html.ts'))!.includes(2306)));
    it('refuses a request param the protocol does not declare', () =>
      assert.deepEqual(errors.get('paramField'), [2353]));
    it('refuses a result field the protocol does not declare', () =>
      assert.deepEqual(errors.get('resultField'), [2339]));
    it('refuses a notification field the protocol does not declare', () =>
      assert.deepEqual(errors.get('notificationField'), [2339]));
    it('refuses a handler for another shape of notification', () =>
      assert.deepEqual(errors.get('handlerType'), [2345]));
    it('refuses a command value the protocol does not declare', () =>
      assert.deepEqual(errors.get('commandValue'), [2322]));
    it('refuses a message the protocol does not declare', () => assert.deepEqual(errors.get('messageName'), [2305]));
  });
});
