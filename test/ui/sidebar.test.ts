// UI test of the Team Chat side bar in the real workbench: the container with its three trees,
// a channel selected shows its topics, a context-menu action (mute) changes the row, a palette
// command runs, and the status-bar item shows the unread count. Screenshots are saved and looked at.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI: Team Chat side bar', function () {
  this.timeout(90_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('opens the container and shows the three trees with channels', async () => {
    await wb.openActivity('Team Chat');
    const channels = wb.view('Channels');
    await channels.locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 45_000 });
    const rows = await wb.treeRows('Channels');
    assert.ok(rows.some((r) => r.startsWith('engineering')), JSON.stringify(rows));
    assert.ok(/^engineering/.test(rows[0]!), `pinned first: ${JSON.stringify(rows)}`);
    for (const title of ['Channels', 'Topics', 'People']) {
      assert.ok(await wb.page.locator('.pane-header', { hasText: title }).first().isVisible(), `${title} view header`);
    }
    // Colour icons are the generated SVG files.
    const icon = channels.locator('.monaco-list-row .custom-view-tree-node-item-icon').first();
    assert.ok(await icon.isVisible());
    await wb.screenshot('sidebar-trees');
  });

  it('shows the topics of the selected channel', async () => {
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().click();
    const topics = wb.view('Topics');
    await topics.locator('.monaco-list-row').first().waitFor({ timeout: 15_000 });
    const rows = await wb.treeRows('Topics');
    assert.ok(rows.length > 0);
    await wb.screenshot('sidebar-topics');
  });

  it('mutes a channel from its context menu', async () => {
    const row = wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first();
    const item = await wb.contextMenuItem(row, 'Mute Channel');
    const entries = (await wb.page.locator('.monaco-menu .action-item').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    assert.ok(!entries.some((e) => /Topic/.test(e)), `topic actions in a channel's menu: ${JSON.stringify(entries)}`);
    assert.ok(!entries.includes('Unmute Channel') && !entries.includes('Unpin Channel'), JSON.stringify(entries));
    await wb.screenshot('sidebar-context-menu');
    await item.click();
    await wb.page.locator('.monaco-list-row', { hasText: /general.*muted/ }).first().waitFor({ timeout: 15_000 });
    await wb.screenshot('sidebar-muted');
    // And back, so other runs start from the fixture's state.
    await (await wb.contextMenuItem(row, 'Unmute Channel')).click();
    await wb.page.waitForFunction(
      () => Array.from(document.querySelectorAll(".monaco-list-row")).some((r) => /^general/.test((r as HTMLElement).innerText) && !/muted/.test((r as HTMLElement).innerText)),
      undefined,
      { timeout: 15_000 },
    );
  });

  it('runs a command from the palette and shows the status bar item', async () => {
    await wb.runCommand('Team Chat: Refresh Channels');
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 20_000 });
    const status = wb.page.locator('.statusbar-item', { hasText: /In a meeting/ }).first();
    await status.waitFor({ timeout: 15_000 });
    await wb.screenshot('sidebar-after-refresh');
  });
});
