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
    await wb.waitForLiveSession();
    await wb.expandView('Inbox');
    const inbox = wb.view('Inbox');
    await inbox
      .locator('.monaco-list-row')
      .first()
      .waitFor({ timeout: 45_000 })
      .catch(async (e) => {
        await wb.screenshot('inbox-failed');
        throw e;
      });
    await inbox.locator('.monaco-list-row', { hasText: /^#/ }).first().waitFor({ timeout: 30_000 });
    await wb.screenshot('inbox');
    const rows = await wb.treeRows('Inbox');
    const channel = rows.findIndex((r) => r.startsWith('#'));
    assert.ok(channel >= 0 && channel + 1 < rows.length, JSON.stringify(rows));
    assert.ok(!rows.some((r) => r.startsWith('crowd')), `a muted topic is listed: ${JSON.stringify(rows)}`);
    // The first topic of the first channel, with its unread count as the description.
    const topic = rows[channel + 1]!;
    assert.match(topic, /\d+$/);
    // The side bar settled first: the Channels view's rows too (the views fill in one after another).
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 30_000 });
    const row = inbox.locator('.monaco-list-row').nth(channel + 1);
    await row.click();
    const frame = wb.webviewFrame();
    const opened = frame.locator('li.message.revealed, li.message:focus').first();
    // Once in a full CI run a click selected the row and opened nothing (the tree redrawn under it);
    // a user then opens it again, here with Enter on the selected row. Either way it must open.
    await opened.waitFor({ timeout: 15_000 }).catch(async () => {
      await wb.screenshot('inbox-click-did-not-open');
      await row.focus();
      await wb.page.keyboard.press('Enter');
      await opened.waitFor({ timeout: 30_000 });
    });
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
    const starredMessage = frame.locator('li.message.starred').last();
    await starredMessage.hover();
    await starredMessage.locator('button.star').click();
  });
});
