// An outdated discussion, in the real workbench: Bob's message references greetAll's lines in the
// fixture repository; a later commit deletes them. Opening the file shows the thread labelled
// outdated with a "Compare with <commit>" CodeLens; the click opens the diff of the file then and
// now. Screenshots of both for a human look (the README's picture is the diff).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { sendMessage } from '../../src/api/messages/routes';
import { FIXTURE_COMMIT } from '../fixtures/workspace';
import { openFile } from './helpers';
import { useWorkbench } from './workbench';

describe('UI outdated discussion on code', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });
  const git = (...args: string[]) => {
    const env = {
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_AUTHOR_DATE: '2030-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2030-01-01T00:00:00Z',
    };
    const r = spawnSync('git', args, { cwd: wb.workspace, encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };

  after(() => {
    // The fixture repository as it was.
    if (wb.workspace) spawnSync('git', ['reset', '-q', '--hard', FIXTURE_COMMIT], { cwd: wb.workspace });
  });

  it('a thread whose lines a commit deleted says it is outdated, and Compare shows them then and now', async () => {
    const topic = `greetAll ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), {
      type: 'stream',
      to: 2,
      topic,
      content: 'Does `src/greeter.ts:7-9` keep the order of the names?',
    });
    await wb.waitForLiveSession();
    const file = path.join(wb.workspace, 'src', 'greeter.ts');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    fs.writeFileSync(file, [...lines.slice(0, 5), ...lines.slice(9)].join('\n'));
    git('commit', '-q', '-am', 'greetAll is gone');
    await openFile(wb, 'greeter.ts');
    const short = FIXTURE_COMMIT.slice(0, 7);
    const lens = wb.page
      .locator('.contentWidgets .codelens-decoration a', { hasText: `#engineering › ${topic} · outdated` })
      .first();
    await lens.waitFor({ state: 'visible', timeout: 30_000 });
    await lens.click();
    const thread = wb.page.locator('.review-widget', { hasText: 'keep the order' }).first();
    await thread.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await thread.innerText(), new RegExp(`outdated: the lines discussed at ${short} are gone`));
    await wb.page.waitForTimeout(600);
    await wb.screenshot('code-discussion-outdated');

    await wb.page
      .locator('.contentWidgets .codelens-decoration a', { hasText: `Compare with ${short}` })
      .first()
      .click();
    await wb.page.locator('.tab.active', { hasText: `greeter.ts (${short}) ↔ now` }).waitFor({ timeout: 20_000 });
    // The left side is the file at the commit: greetAll is there.
    const original = wb.page.locator('.editor-group-container.active .monaco-diff-editor .editor.original .view-lines');
    await original.filter({ hasText: 'export function greetAll' }).waitFor({ timeout: 20_000 });
    await wb.page.waitForTimeout(800);
    await wb.screenshot('code-discussion-compare');
  });
});
