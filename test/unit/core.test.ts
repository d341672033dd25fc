// What the core evaluates when the shell loads it, read from esbuild's metafile of the release
// build: the modules src/core.ts reaches by static imports. The client's code (the operations' and
// events' zod schemas, the compiled parsers, undici) and the live session's are most of what
// evaluating the bundle costs; they are loaded after activation (src/api/load.ts), so none may be
// among them. A static import that pulls one in (an `import { X } from '../api'` in a view, say)
// would evaluate it at start-up again: the failure names the chain of imports.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';

const REPO = path.join(__dirname, '..', '..', '..');
// TypeScript compiles `import()` to `require()` under CommonJS; esbuild.mjs and esbuild's ESM entry are ES modules.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** Modules loaded after activation, never by the core's static imports. */
const LATER: readonly RegExp[] = [
  /^node_modules\/(zod|undici)\//,
  /^src\/api\/(client|transport|download|operations|operation|parse|parseChecks|params|enum|validateParams)\.ts$/,
  /^src\/api\/[a-z]+\/(operations|models|settings|register|parse|payload|upload)\.ts$/,
  /^src\/store\/(session|store|outbox)\.ts$/,
  /^src\/session\/outboxEntries\.ts$/,
  /^src\/webviews\/settings\/(panel|model)\.ts$/,
  // The assistant's tools and chat participant: loaded when one is first invoked.
  /^src\/assistant\/(tools|participant|sources|format)\.ts$/,
];

interface Graph {
  inputs: esbuild.Metafile['inputs'];
  /** The inputs of dist/core.js. */
  bundled: Set<string>;
}

async function coreGraph(): Promise<Graph> {
  const build = (await importEsm('esbuild')) as unknown as typeof esbuild;
  const { extensionBuildOptions } = (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as {
    extensionBuildOptions: (production: boolean) => esbuild.BuildOptions;
  };
  const result = await build.build({
    ...extensionBuildOptions(true),
    absWorkingDir: REPO,
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const core = Object.values(result.metafile.outputs).find((o) => o.entryPoint === 'src/core.ts');
  assert.ok(core, 'the build has the core entry');
  return { inputs: result.metafile.inputs, bundled: new Set(Object.keys(core.inputs)) };
}

/** Every module `root` reaches by static imports, each with the module that first imported it. */
function staticClosure(graph: Graph, root: string): Map<string, string | undefined> {
  const via = new Map<string, string | undefined>([[root, undefined]]);
  const queue = [root];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of graph.inputs[file]?.imports ?? []) {
      if (imported.external || imported.kind === 'dynamic-import' || via.has(imported.path)) continue;
      via.set(imported.path, file);
      queue.push(imported.path);
    }
  }
  return via;
}

function chain(via: Map<string, string | undefined>, file: string): string {
  const files = [file];
  for (let at = via.get(file); at !== undefined; at = via.get(at)) files.push(at);
  return files.join(' ← ');
}

describe('the core at activation: what its static imports evaluate', function () {
  this.timeout(120_000);
  let graph: Graph;

  before(async () => {
    graph = await coreGraph();
  });

  it('none of the modules loaded after activation (the client, the schemas, zod, undici, the live session)', () => {
    const eager = staticClosure(graph, 'src/core.ts');
    assert.ok(
      eager.has('src/views/subscriptions/index.ts') && eager.has('src/session/manager.ts'),
      'the side bar is loaded at activation',
    );
    const early = [...eager.keys()].filter((file) => LATER.some((re) => re.test(file)));
    assert.deepEqual(
      early.map((file) => chain(eager, file)),
      [],
    );
  });

  it('the modules loaded after activation are in the bundle, reached by import()', () => {
    for (const file of [
      'src/assistant/tools.ts',
      'src/assistant/participant.ts',
      'src/api/client.ts',
      'src/api/messages/operations.ts',
      'src/api/events/parse.ts',
      'src/store/session.ts',
      'src/store/outbox.ts',
      'src/webviews/settings/panel.ts',
    ]) {
      assert.ok(graph.bundled.has(file), `${file} is in dist/core.js`);
    }
    assert.ok(
      [...graph.bundled].some((f) => f.startsWith('node_modules/undici/')),
      'undici is in dist/core.js',
    );
    assert.ok(
      [...graph.bundled].some((f) => f.startsWith('node_modules/zod/')),
      'zod is in dist/core.js',
    );
    const later = staticClosure(graph, 'src/api/load.ts');
    assert.ok(!later.has('src/api/client.ts'), 'src/api/load.ts imports the client only with import()');
  });
});
