// The real install path: `npm run package` builds the .vsix, code-server installs that very file
// (`--install-extension`, no extension under development), and the installed extension activates,
// signs in (the zuliprc import) and opens a conversation with its messages.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { REPO_ROOT, useWorkbench } from './workbench';

const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  version: string;
};

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 240_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('UI packaged extension (.vsix)', function () {
  this.timeout(180_000);
  const vsix = path.join(os.tmpdir(), `team-chat-ui-${process.pid}.vsix`);

  before(function () {
    this.timeout(300_000);
    run('npm', ['run', 'package']);
    fs.renameSync(path.join(REPO_ROOT, 'team-chat.vsix'), vsix);
    // `package` left the minified release bundle in dist/: later suites load the development one.
    run(process.execPath, ['esbuild.mjs']);
  });
  // Registered after the build above, so its start() (which installs the file) runs second.
  const wb = useWorkbench({ autoSignIn: true, vsix });
  after(() => fs.rmSync(vsix, { force: true }));

  it('installs with --install-extension, activates, signs in and opens a conversation', async () => {
    const installed = fs.readdirSync(path.join(wb.codeServer.dir, 'ext'));
    const id = `${packageJson.publisher}.${packageJson.name}-${packageJson.version}`;
    assert.ok(installed.includes(id), `installed extensions: ${installed.join(', ')}`);
    // The shell the host loads at activation, and the core it loads after.
    for (const file of ['dist/extension.js', 'dist/core.js'])
      assert.ok(fs.existsSync(path.join(wb.codeServer.dir, 'ext', id, file)), `the package has no ${file}`);

    const topic = `from the vsix ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'Installed from the **package**.' });
    await wb.waitForLiveSession(60_000);
    await wb.runCommand('Team Chat: Show Version');
    await wb.waitForNotification(`Team Chat ${packageJson.version}`);
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message', { hasText: 'Installed from the package.' }).waitFor({ timeout: 30_000 });
    await wb.screenshot('vsix-installed-topic');
  });
});
