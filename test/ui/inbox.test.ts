// UI test of the Inbox in the real workbench: the demo's unread conversations grouped by channel
// with counts, a row opening its conversation at the first unread message (highlighted), the
// Starred tree, and the star action in the conversation. Screenshots are saved and looked at.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI: Inbox', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows unread conversations by channel with counts, and opens one at its first unread message', async () => {
    await wb.openActivity('Team Chat');
    const inbox = wb.view('Inbox');
    await inbox.locator('.monaco-list-row', { hasText: 'mockups' }).first().waitFor({ timeout: 45_000 });
    const rows = await wb.treeRows('Inbox');
    assert.ok(rows.some((r) => r.startsWith('#design')), JSON.stringify(rows));
    assert.ok(!rows.some((r) => r.startsWith('crowd')), `a muted topic is listed: ${JSON.stringify(rows)}`);
    await wb.screenshot('inbox');
    await inbox.locator('.monaco-list-row', { hasText: 'mockups' }).first().click();
    const frame = wb.webviewFrame();
    await frame.locator('li.message.revealed').first().waitFor({ timeout: 30_000 });
    await wb.screenshot('inbox-opened-at-unread');
  });

  it('stars a message from the conversation and shows the Starred tree', async () => {
    const frame = wb.webviewFrame();
    const message = frame.locator('li.message').last();
    await message.hover();
    await message.locator('button.star').click();
    await frame.locator('li.message.starred').last().waitFor({ timeout: 15_000 });
    await wb.expandView('Starred');
    const starred = wb.view('Starred');
    await starred.locator('.monaco-list-row').nth(2).waitFor({ timeout: 30_000 });
    await wb.screenshot('starred');
    // Back to the fixture's state for other runs.
    await frame.locator('li.message.starred button.star').last().click();
  });
});
