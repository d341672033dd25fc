// `npm run l10n`: the string bundle and the pseudo-locale, both generated (not committed).
//   l10n/bundle.l10n.json           every l10n.t / vscode.l10n.t message in src/ (host and pages),
//                                   extracted by @vscode/l10n-dev: what a translator translates;
//   l10n/bundle.l10n.qps-ploc.json  and package.nls.qps-ploc.json: the pseudo-locale, every
//                                   message accented ("Sign In" → "Şīɠƞ Īƞ"), which the UI suite's
//                                   pseudo-locale test runs the extension in.
// package.nls.json (the contributions' English) is written by hand and committed.
// The extractor reads a copy of src/ whose `l10n.t('…' + '…')` messages are folded into one literal
// (scripts/l10nFold.mjs): it would drop a split message.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldConcatenations } from './l10nFold.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tool = path.join(root, 'node_modules', '.bin', 'vscode-l10n-dev');
const run = (...args) => {
  const r = spawnSync(tool, args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(r.status ?? 1);
  }
};
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-l10n-'));
try {
  fs.cpSync(path.join(root, 'src'), path.join(copy, 'src'), { recursive: true });
  for (const file of fs.readdirSync(copy, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !/\.tsx?$/.test(file.name)) continue;
    const at = path.join(file.parentPath, file.name);
    fs.writeFileSync(at, foldConcatenations(fs.readFileSync(at, 'utf8'), at));
  }
  run('export', '--outDir', path.join(root, 'l10n'), path.join(copy, 'src'));
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
run('generate-pseudo', '-o', './l10n/', './l10n/bundle.l10n.json', './package.nls.json');
console.log('[l10n] l10n/bundle.l10n.json and the qps-ploc pseudo-locale written');
