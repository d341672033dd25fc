// README "Use it with your own server", as a new user takes it: the .vsix that `npm run package`
// builds, installed with --install-extension into a fresh profile and extensions folder, then
// Team Chat: Sign In with the organisation's URL, an email and an API key typed into the boxes.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO_ROOT, useWorkbench } from './workbench';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 240_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('UI new user: the README install and sign-in', function () {
  this.timeout(180_000);
  const vsix = path.join(os.tmpdir(), `team-chat-new-user-${process.pid}.vsix`);

  before(function () {
    this.timeout(300_000);
    run('npm', ['run', 'package']);
    fs.renameSync(path.join(REPO_ROOT, 'team-chat.vsix'), vsix);
    // `package` left the minified release bundle in dist/: later suites load the development one.
    run(process.execPath, ['esbuild.mjs']);
  });
  const wb = useWorkbench({ vsix });
  after(() => fs.rmSync(vsix, { force: true }));

  it('signs in through the boxes and shows the side bar', async () => {
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
});
