// The Direct Messages view in the real workbench: Alice's conversations from the demo organisation,
// with unread counts, shown in the Team Chat side bar (screenshot dm-tree).
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI direct messages', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows recent direct conversations in the side bar', async () => {
    await wb.openActivity('Team Chat');
    const view = wb.view('Direct Messages');
    await view.waitFor({ state: 'visible', timeout: 30_000 });
    // Collapsed on first start (only Inbox, Channels and Topics open).
    await wb.expandView('Direct Messages');
    await view.locator('.monaco-list-row', { hasText: 'Bob Brown' }).first().waitFor({ timeout: 30_000 });
    const rows = await wb.treeRows('Direct Messages');
    assert.ok(
      rows.some((r) => r.includes('Carol Chen')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((r) => r.includes('Bob Brown, Carol Chen, Olivia Owner') || r.includes('Olivia Owner')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((r) => /\d/.test(r)),
      `an unread count is shown: ${JSON.stringify(rows)}`,
    );
    await wb.expandView('Channels', false);
    await wb.page.waitForTimeout(500);
    await wb.screenshot('dm-tree');
  });

  it("the profile card's Send Direct Message button opens the conversation", async () => {
    await wb.showOnlyView('People');
    await wb.view('People').locator('.monaco-list-row', { hasText: 'Bob Brown' }).first().click();
    const button = wb.webviewFrame().locator('#send-dm');
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    // The card and the conversation are both titled after Bob.
    const tabs = wb.page.locator('.tabs-container .tab', { hasText: 'Bob Brown' });
    const end = Date.now() + 20_000;
    while ((await tabs.count()) < 2) {
      assert.ok(Date.now() < end, 'a second "Bob Brown" tab (the conversation) opens');
      await wb.page.waitForTimeout(250);
    }
    // The conversation's page (the card's is dropped once hidden) shows Bob's messages.
    await wb.webviewFrame().locator('li.message', { hasText: 'Hey Alice' }).first().waitFor({ timeout: 30_000 });
    await wb.screenshot('dm-from-profile');
  });

  it('a direct conversation begins with "Beginning of the conversation", not "topic"', async () => {
    await wb.runCommand('View: Close All Editors');
    // The Team Chat side bar is open from the tests before; a click on its icon would close it.
    if (!(await wb.page.locator('.part.sidebar').isVisible())) await wb.openActivity('Team Chat');
    await wb.showOnlyView('Direct Messages');
    await wb
      .view('Direct Messages')
      .locator('.monaco-list-row', { hasText: /^Carol Chen/ })
      .first()
      .click();
    const frame = wb.webviewFrame();
    await frame.locator('li.message').first().waitFor({ timeout: 20_000 });
    const older = frame.locator('#older');
    await older.filter({ hasText: /^Beginning of the/ }).waitFor({ timeout: 20_000 });
    assert.equal(await older.innerText(), 'Beginning of the conversation');
  });
});
