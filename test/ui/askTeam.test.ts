// Asking the team from the code, in the real workbench: the Quick Fix on a TypeScript error and
// the terminal's context menu entry, each driven as a user does (pick the channel, name the
// topic), with the posted message read back from the server. Screenshots for a human look.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { getMessages } from '../../src/api/messages/routes';
import { goToLine, openFile } from './helpers';
import { useWorkbench } from './workbench';

describe('UI asking the team from code', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  async function newest(topic: string): Promise<string> {
    const narrow = [
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: topic },
    ];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { messages } = await getMessages(wb.client('bob'), {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow,
        apply_markdown: false,
      });
      if (messages[0]) return messages[0].content;
      if (Date.now() > deadline) throw new Error(`no message in #engineering › ${topic}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async function pickRow(text: string): Promise<void> {
    const row = wb.quickInput().locator('.monaco-list-row', { hasText: text }).first();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await row.click();
  }

  after(() => {
    if (wb.workspace) fs.rmSync(path.join(wb.workspace, 'src', 'broken.ts'), { force: true });
  });

  it('the Quick Fix “Ask the team about this error…” posts the problem', async () => {
    fs.writeFileSync(
      path.join(wb.workspace, 'src', 'broken.ts'),
      'export function label(): string {\n  return 42;\n}\n',
    );
    await wb.waitForLiveSession();
    await openFile(wb, 'broken.ts');
    await wb.page.locator('.squiggly-error').first().waitFor({ state: 'attached', timeout: 90_000 });
    await goToLine(wb, 2);
    await wb.page.keyboard.press('End');
    const item = wb.page
      .locator('.action-widget .monaco-list-row', { hasText: 'Ask the team about this error…' })
      .first();
    for (let attempt = 0; ; attempt++) {
      await wb.page.keyboard.press('Control+.');
      try {
        await item.waitFor({ state: 'visible', timeout: 5_000 });
        break;
      } catch (error) {
        await wb.page.keyboard.press('Escape');
        if (attempt >= 8) throw error;
      }
    }
    await wb.page.waitForTimeout(400);
    await wb.screenshot('ask-team-quick-fix');
    // The action list takes the keyboard: move to the entry, then Enter.
    for (let i = 0; i < 8 && !(await item.getAttribute('class'))?.includes('focused'); i++)
      await wb.page.keyboard.press('ArrowDown');
    await wb.page.keyboard.press('Enter');
    await pickRow('engineering');
    // The topic is named after the problem; Enter takes it.
    await wb.answer('Topic');
    const topic = "ts 2322: Type 'number' is not assignable to type 'string'.";
    const content = await newest(topic);
    assert.match(content, /^Error in \[?`src\/broken\.ts:2`/);
    assert.ok(
      content.includes(
        "(ts 2322):\n```quote\nType 'number' is not assignable to type 'string'.\n```\n```typescript\nexport function label(): string {\n  return 42;\n}\n```",
      ),
      content,
    );
  });

  it('“Share Terminal Selection to Chat…” in the terminal’s context menu posts the output', async () => {
    // The selection is read through the clipboard (no stable API gives it): a browser asks the user first.
    await wb.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wb.page.url()).origin });
    await wb.runCommand('Terminal: Create New Terminal');
    const xterm = wb.page.locator('.terminal-wrapper.active .xterm').first();
    await xterm.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.waitForTimeout(3_000);
    await xterm.click();
    await wb.page.keyboard.type('echo share-me-ui\n', { delay: 20 });
    await wb.page.waitForTimeout(2_000);
    await wb.runCommand('Terminal: Select All');
    await xterm.click({ button: 'right' });
    const entry = wb.page
      .locator('.context-view .action-item', { hasText: 'Share Terminal Selection to Chat…' })
      .first();
    await entry.waitFor({ state: 'visible', timeout: 10_000 });
    await entry.hover();
    await wb.page.waitForTimeout(300);
    await wb.screenshot('terminal-share-menu');
    await wb.page.keyboard.press('Enter');
    await pickRow('engineering');
    await pickRow('New topic');
    const topic = `terminal ${Date.now() % 100000}`;
    await wb.answer('Topic name', topic);
    const content = await newest(topic);
    assert.match(
      content,
      /^Output of `\$ echo share-me-ui`:\n```text\n[\s\S]*echo share-me-ui\nshare-me-ui\n[^\n]*\n```$/,
    );
  });
});
