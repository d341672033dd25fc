// Entry point that VS Code's extension host calls (payload `extensionTestsPath`): runs every
// out/test/integration/**/*.test.js with mocha and reports through console.log, which reaches the
// runner via codeAutomationLog. The last line is a machine-readable result marker.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export const RESULT_MARKER = 'TEAMCHAT_RESULT';

interface Failure {
  title: string;
  message: string;
}

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (entry.isFile() && entry.name.endsWith('.test.js')) found.push(full);
  }
  return found.sort();
}

export function run(): Promise<void> {
  // Spec output goes through console.log (no colours: it is forwarded as plain text).
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20_000 });
  const grep = process.env.TEAM_CHAT_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const file of findTests(__dirname)) mocha.addFile(file);

  return new Promise((resolve, reject) => {
    const failures: Failure[] = [];
    let passed = 0;
    const report = (error?: unknown): void => {
      if (error) failures.push({ title: 'mocha run', message: String((error as Error)?.stack ?? error) });
      const result = { passed, failed: failures.length, failures };
      console.log(`${RESULT_MARKER} ${JSON.stringify(result)}`);
      if (failures.length > 0) reject(new Error(`${failures.length} integration test(s) failed`));
      else resolve();
    };
    try {
      const runner = mocha.run(() => report());
      runner.on('pass', () => {
        passed++;
      });
      runner.on('fail', (test, err: Error) => {
        failures.push({ title: test.fullTitle(), message: err?.message ?? String(err) });
      });
    } catch (error) {
      report(error);
    }
  });
}
