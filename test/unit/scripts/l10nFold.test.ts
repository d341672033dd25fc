// scripts/l10nFold.mjs: `npm run l10n` extracts a message split with `+` (no src line passes 120
// characters) as the one string it is at run time; the extractor alone drops it.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT, importEsm } from '../support/repo';

const fold = async (text: string): Promise<string> =>
  (await importEsm(pathToFileURL(path.join(ROOT, 'scripts', 'l10nFold.mjs')).href)).foldConcatenations(text);

const SOURCE = [
  "import * as vscode from 'vscode';",
  "import * as l10n from '@vscode/l10n';",
  "export const a = vscode.l10n.t('The server {0} did not ' +\n  'answer: it\\'s \"down\".', url);",
  "export const b = l10n.t(('Page ' + `text `) + 'three');",
  "export const c = vscode.l10n.t('One literal');",
  "export const d = other.t('Not ' + 'l10n');",
  "export const e = vscode.l10n.t('With ' + name);",
].join('\n');

/** The keys @vscode/l10n-dev extracts from one file with this text. */
function extract(text: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'l10n-fold-'));
  try {
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'a.ts'), text);
    const tool = path.join(ROOT, 'node_modules', '.bin', 'vscode-l10n-dev');
    const r = spawnSync(tool, ['export', '--outDir', path.join(dir, 'out'), path.join(dir, 'src')], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'out', 'bundle.l10n.json'), 'utf8'))).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('scripts/l10nFold.mjs', function () {
  this.timeout(60_000);

  it('folds the + chain of literals of an l10n.t message into one literal, and nothing else', async () => {
    const folded = await fold(SOURCE);
    assert.ok(folded.includes('vscode.l10n.t("The server {0} did not answer: it\'s \\"down\\".", url)'), folded);
    assert.ok(folded.includes('l10n.t("Page text three")'), folded);
    assert.ok(folded.includes("vscode.l10n.t('One literal')"), folded);
    assert.ok(folded.includes("other.t('Not ' + 'l10n')"), folded);
    assert.ok(folded.includes("vscode.l10n.t('With ' + name)"), folded);
  });

  it('the extractor drops a split message, and finds it once folded', async () => {
    assert.deepEqual(extract(SOURCE), ['One literal']);
    assert.deepEqual(extract(await fold(SOURCE)), [
      'One literal',
      'Page text three',
      'The server {0} did not answer: it\'s "down".',
    ]);
  });
});
