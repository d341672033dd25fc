// Runs inside the real extension host (as `extensionTestsPath`, started by test/bench/extension.ts):
// reads how long activate() took and, as the baseline measured in the same host, how long
// loading the bundle takes (module evaluation, median of fresh loads).
import * as path from 'path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'team-chat.team-chat';
const LOADS = 5;

export async function run(): Promise<void> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this host`);
  const api = (await ext.activate()) as { activationMs?: number };
  const bundle = require.resolve(path.join(ext.extensionPath, 'dist', 'extension.js'));
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    delete require.cache[bundle];
    const started = performance.now();
    require(bundle);
    loads.push(performance.now() - started);
  }
  loads.sort((a, b) => a - b);
  const bench = { activationMs: api.activationMs ?? NaN, loadMs: loads[LOADS >> 1] };
  console.log(`TEAMCHAT_RESULT ${JSON.stringify({ passed: 1, failed: 0, failures: [], bench })}`);
}
