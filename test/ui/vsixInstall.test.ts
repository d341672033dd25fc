// The real install path, as the README's "Use it with your own server" tells a new user: `npm run
// package` builds the .vsix, code-server installs that very file (`--install-extension` into a fresh
// profile, no extension under development), Team Chat: Sign In takes the organisation's URL, an
// email and an API key typed into the boxes, the side bar fills, and a conversation opens.
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

describe('UI packaged extension (.vsix), installed and signed in as a new user', function () {
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
  const wb = useWorkbench({ vsix });
  after(() => fs.rmSync(vsix, { force: true }));

  it('installs with --install-extension, then signs in through the boxes and shows the side bar', async () => {
    const installed = fs.readdirSync(path.join(wb.codeServer.dir, 'ext'));
    const id = `${packageJson.publisher}.${packageJson.name}-${packageJson.version}`;
    assert.ok(installed.includes(id), `installed extensions: ${installed.join(', ')}`);
    // The shell the host loads at activation, and the core it loads after.
    for (const file of ['dist/extension.js', 'dist/core.js'])
      assert.ok(fs.existsSync(path.join(wb.codeServer.dir, 'ext', id, file)), `the package has no ${file}`);

    const alice = wb.account('alice');
    await wb.openActivity('Team Chat');
    await wb.runCommand('Team Chat: Sign In');
    await wb.answer('address of your chat server', wb.server!.url);
    await wb.answer('email address', alice.email);
    await wb.answer('API key', alice.apiKey);
    await wb.waitForLiveSession(60_000);
    await wb.page.locator('.pane-header', { hasText: 'Inbox' }).first().waitFor({ timeout: 30_000 });
    await wb.view('Inbox').locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    await wb.view('Channels').locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    // Alice's waiting direct messages (the demo organisation) head the Inbox.
    const rows = await wb.treeRows('Inbox');
    assert.match(rows[0] ?? '', /^Bob Brown\d+$/, JSON.stringify(rows));
    await wb.screenshot('new-user-signed-in');
  });

  it('says its version and opens a conversation with its messages', async () => {
    const topic = `from the vsix ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'Installed from the **package**.' });
    await wb.runCommand('Team Chat: Show Version');
    await wb.waitForNotification(`Team Chat ${packageJson.version}`);
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message', { hasText: 'Installed from the package.' }).waitFor({ timeout: 30_000 });
    await wb.screenshot('vsix-installed-topic');
  });
});
