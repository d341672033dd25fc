// The release bundles, read from esbuild's metafiles: what the host loads at activation (the shell)
// and what it loads after (the core), the third-party JS per package against our own code, and
// whether any source map (or a library that reads or writes them) is left in. Sizes, not timings: the same on any machine.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './stats';

const REPO = path.join(__dirname, '..', '..', '..');
const KIB = 1024;

/** The issue's targets (issue 12, items 1 and 2). */
export const ACTIVATION_JS_LIMIT_KIB = 100;
export const THIRD_PARTY_JS_LIMIT_KIB = 350;
/** The core: loaded by the shell (package.json `main`) after activation, or on the first command. */
export const CORE_FILE = 'dist/core.js';

/** Packages whose only job is reading or writing source maps: none may ship. */
const SOURCE_MAP_PACKAGE =
  /^(?:source-map|source-map-js|source-map-support|@jridgewell\/.*|@cspotcode\/source-map-support)$/;

// TypeScript compiles `import()` to `require()` under CommonJS; esbuild.mjs is an ES module.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** One output file of a release build. */
export interface BundleOutput {
  /** Relative to the repository, e.g. `dist/extension.js`. */
  readonly file: string;
  readonly bytes: number;
  /** Our own code's bytes in it (every input outside node_modules). */
  readonly ownBytes: number;
  /** Third-party bytes in it, by package name. */
  readonly packages: ReadonlyMap<string, number>;
  readonly hasSourceMapComment: boolean;
}

/** The npm package an esbuild input path belongs to (the last `node_modules/` in it), or undefined for ours. */
export function packageOf(input: string): string | undefined {
  const parts = input.replace(/\\/g, '/').split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  return parts[at + 1]!.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

/** The outputs of one build's metafile, each split into our code and third-party packages. */
export function outputsOf(metafile: esbuild.Metafile, contents: ReadonlyMap<string, string>): BundleOutput[] {
  return Object.entries(metafile.outputs).map(([file, output]) => {
    const packages = new Map<string, number>();
    let ownBytes = 0;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = packageOf(input);
      if (pkg === undefined) ownBytes += bytesInOutput;
      else packages.set(pkg, (packages.get(pkg) ?? 0) + bytesInOutput);
    }
    const relative = path.relative(REPO, path.resolve(REPO, file)).replace(/\\/g, '/');
    const text = contents.get(relative) ?? '';
    return {
      file: relative,
      bytes: output.bytes,
      ownBytes,
      packages,
      hasSourceMapComment: /\n\/\/[#@] sourceMappingURL=\S*\s*$/.test(text),
    };
  });
}

/** Builds the extension and the pages with esbuild.mjs's release options, in memory. */
export async function releaseOutputs(): Promise<BundleOutput[]> {
  const options = (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as {
    extensionBuildOptions: (production: boolean) => esbuild.BuildOptions;
    pageBuildOptions: (production: boolean) => esbuild.BuildOptions;
  };
  const outputs: BundleOutput[] = [];
  for (const build of [options.extensionBuildOptions(true), options.pageBuildOptions(true)]) {
    const result = await esbuild.build({
      ...build,
      absWorkingDir: REPO,
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const contents = new Map(result.outputFiles.map((f) => [path.relative(REPO, f.path).replace(/\\/g, '/'), f.text]));
    outputs.push(...outputsOf(result.metafile, contents));
  }
  return outputs;
}

/** Whether the .vscodeignore lets a file into the package (its `**` then `!path` negations). */
export function packaged(file: string): boolean {
  const lines = fs
    .readFileSync(path.join(REPO, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  const globToRegExp = (glob: string): RegExp =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\u0000/g, '.*')}$`,
    );
  let included = true;
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('!')) {
      if (globToRegExp(line.slice(1)).test(file)) included = true;
    } else if (globToRegExp(line).test(file)) {
      included = false;
    }
  }
  return included;
}

export interface BundleReport {
  readonly outputs: BundleOutput[];
  /** The file the host loads at activation (package.json `main`). */
  readonly activationFile: string;
  readonly activationBytes: number;
  /** The core's bytes (loaded after activation), when the build writes it. */
  readonly coreBytes: number | undefined;
  /** Third-party bytes over every packaged JS file, by package. */
  readonly thirdParty: ReadonlyMap<string, number>;
  readonly thirdPartyBytes: number;
  readonly ownBytes: number;
  /** Source map files, sourceMappingURL comments and source-map packages found in the release. */
  readonly sourceMaps: string[];
}

export function bundleReport(outputs: BundleOutput[]): BundleReport {
  const main = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { main: string }).main;
  const activationFile = path.posix.normalize(main);
  const activation = outputs.find((o) => o.file === activationFile);
  if (!activation) throw new Error(`the release build writes no ${activationFile} (package.json main)`);
  const shipped = outputs.filter((o) => o.file.endsWith('.js') && packaged(o.file));
  const thirdParty = new Map<string, number>();
  for (const o of shipped)
    for (const [pkg, bytes] of o.packages) thirdParty.set(pkg, (thirdParty.get(pkg) ?? 0) + bytes);
  const sourceMaps = [
    ...outputs.filter((o) => o.file.endsWith('.map')).map((o) => `file ${o.file}`),
    ...outputs.filter((o) => o.hasSourceMapComment).map((o) => `sourceMappingURL comment in ${o.file}`),
    ...[...thirdParty.keys()].filter((pkg) => SOURCE_MAP_PACKAGE.test(pkg)).map((pkg) => `package ${pkg}`),
  ];
  return {
    outputs,
    activationFile,
    activationBytes: activation.bytes,
    coreBytes: outputs.find((o) => o.file === CORE_FILE)?.bytes,
    thirdParty,
    thirdPartyBytes: [...thirdParty.values()].reduce((a, b) => a + b, 0),
    ownBytes: shipped.reduce((sum, o) => sum + o.ownBytes, 0),
    sourceMaps,
  };
}

/** The bench rows: every packaged bundle, the third-party packages, and the three targets. */
export async function benchBundle(): Promise<BenchResult[]> {
  const report = bundleReport(await releaseOutputs());
  const rows: BenchResult[] = [];
  for (const o of report.outputs.filter((x) => x.file.endsWith('.js'))) {
    const third = [...o.packages.values()].reduce((a, b) => a + b, 0);
    rows.push({
      name: `bundle: ${o.file} (our code ${(o.ownBytes / KIB).toFixed(1)} KiB, third-party ${(third / KIB).toFixed(1)} KiB)`,
      value: o.bytes / KIB,
      unit: 'KiB',
    });
  }
  for (const [pkg, bytes] of [...report.thirdParty].sort((a, b) => b[1] - a[1])) {
    rows.push({ name: `bundle: third-party ${pkg}`, value: bytes / KIB, unit: 'KiB' });
  }
  rows.push(
    { name: 'bundle: our own code in the .vsix', value: report.ownBytes / KIB, unit: 'KiB' },
    {
      name: `bundle: JS the host loads at activation (${report.activationFile})`,
      value: report.activationBytes / KIB,
      unit: 'KiB',
      target: `<= ${ACTIVATION_JS_LIMIT_KIB} KiB`,
      ok: report.activationBytes <= ACTIVATION_JS_LIMIT_KIB * KIB,
    },
    ...(report.coreBytes === undefined
      ? []
      : [
          {
            name: `bundle: JS loaded after activation, or on the first command (${CORE_FILE})`,
            value: report.coreBytes / KIB,
            unit: 'KiB',
          },
        ]),
    {
      name: 'bundle: third-party JS in the .vsix',
      value: report.thirdPartyBytes / KIB,
      unit: 'KiB',
      target: `<= ${THIRD_PARTY_JS_LIMIT_KIB} KiB`,
      ok: report.thirdPartyBytes <= THIRD_PARTY_JS_LIMIT_KIB * KIB,
    },
    {
      name: `bundle: source maps in the release${report.sourceMaps.length > 0 ? ` (${report.sourceMaps.join(', ')})` : ''}`,
      value: report.sourceMaps.length,
      unit: 'found',
      target: '0',
      ok: report.sourceMaps.length === 0,
    },
  );
  return rows;
}
