// The bench's bundle report (test/bench/bundle.ts): which package each byte of a release bundle
// comes from, what the .vsix ships, and the release build itself against the targets.
import assert from 'node:assert/strict';
import { bundleReport, outputsOf, packaged, packageOf, releaseOutputs } from '../../bench/bundle';

describe('bench: bundle report', () => {
  it('names the package of a bundled input by its last node_modules folder (scoped or not)', () => {
    assert.equal(packageOf('node_modules/undici/lib/core/util.js'), 'undici');
    assert.equal(packageOf('../../main/node_modules/zod/v4/classic/schemas.js'), 'zod');
    assert.equal(packageOf('node_modules/@vscode/l10n/dist/main.js'), '@vscode/l10n');
    assert.equal(packageOf('node_modules/postcss/node_modules/nanoid/non-secure/index.cjs'), 'nanoid');
    assert.equal(packageOf('C:\\x\\node_modules\\dompurify\\dist\\purify.cjs.js'), 'dompurify');
    assert.equal(packageOf('src/webviews/sanitize.ts'), undefined);
    assert.equal(packageOf('src/node_modules_like/x.ts'), undefined);
  });

  it('splits each output into our code and third-party bytes per package', () => {
    const [out] = outputsOf(
      {
        inputs: {},
        outputs: {
          'dist/x.js': {
            bytes: 1000,
            imports: [],
            exports: [],
            inputs: {
              'src/a.ts': { bytesInOutput: 300 },
              'src/b.ts': { bytesInOutput: 100 },
              'node_modules/undici/a.js': { bytesInOutput: 250 },
              'node_modules/undici/b.js': { bytesInOutput: 50 },
              'node_modules/@scope/p/i.js': { bytesInOutput: 200 },
            },
          },
        },
      },
      new Map([['dist/x.js', 'code\n//# sourceMappingURL=x.js.map']]),
    );
    assert.equal(out!.file, 'dist/x.js');
    assert.equal(out!.ownBytes, 400);
    assert.deepEqual(
      [...out!.packages],
      [
        ['undici', 300],
        ['@scope/p', 200],
      ],
    );
    assert.equal(out!.hasSourceMapComment, true);
  });

  it('counts only what .vscodeignore lets into the .vsix', () => {
    assert.equal(packaged('dist/extension.js'), true);
    assert.equal(packaged('dist/core.js'), true);
    assert.equal(packaged('dist/webview/topicView.js'), true);
    assert.equal(packaged('dist/extension.js.map'), false);
    assert.equal(packaged('out/test/unit/x.js'), false);
    assert.equal(packaged('src/extension.ts'), false);
  });

  it('reports source map files, comments and source-map packages in the release', () => {
    const output = (file: string, packages: [string, number][], comment = false) => ({
      file,
      bytes: 10,
      ownBytes: 10,
      packages: new Map(packages),
      hasSourceMapComment: comment,
    });
    const report = bundleReport([
      output('dist/extension.js', [
        ['postcss', 5],
        ['source-map-js', 7],
      ]),
      output('dist/extension.js.map', []),
      output('dist/webview/topicView.js', [['dompurify', 3]], true),
    ]);
    assert.equal(report.activationFile, 'dist/extension.js');
    assert.equal(report.thirdPartyBytes, 15);
    assert.deepEqual(report.sourceMaps, [
      'file dist/extension.js.map',
      'sourceMappingURL comment in dist/webview/topicView.js',
      'package source-map-js',
    ]);
  });

  it('the release build (esbuild.mjs --production) has no source map, no sourceMappingURL, no source-map library', async function () {
    this.timeout(120_000);
    const outputs = await releaseOutputs();
    assert.ok(outputs.some((o) => o.file === 'dist/extension.js'));
    assert.ok(outputs.some((o) => o.file === 'dist/webview/topicView.js'));
    assert.deepEqual(bundleReport(outputs).sourceMaps, []);
  });
});
