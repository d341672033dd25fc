// UI test of the Team Chat side bar in the real workbench: on first start only Inbox, Channels and
// Topics are open (the rest collapsed, and a view the user opens stays open after a reload), a
// channel selected shows its topics, a context-menu action (mute) changes the row, a palette
// command runs, and the status-bar item shows the unread count. Screenshots are saved and looked at.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

/** Every view of the container once signed in (Search Results waits for a search), in order. */
const VIEWS = [
  'Inbox',
  'Channels',
  'Topics',
  'Direct Messages',
  'People',
  'Saved Snippets',
  'Drafts',
  'Linkifiers',
  'Mentions',
  'Starred',
];

describe('UI: Team Chat side bar', function () {
  this.timeout(90_000);
  const wb = useWorkbench({ autoSignIn: true });

  /** [title, expanded] of each view pane of the side bar, top to bottom. */
  async function layout(): Promise<[string, boolean][]> {
    return wb.page
      .locator('.sidebar .pane-header')
      .evaluateAll((headers) =>
        headers.map((h): [string, boolean] => [
          h.querySelector('h3.title')?.textContent?.trim() ?? '',
          h.getAttribute('aria-expanded') === 'true',
        ]),
      );
  }

  /** The layout once every view of the container is there (their `when` needs the session). */
  async function fullLayout(): Promise<[string, boolean][]> {
    let seen: [string, boolean][] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await wb.page.waitForTimeout(250)) {
      seen = await layout();
      if (seen.length === VIEWS.length) break;
    }
    assert.deepEqual(
      seen.map(([title]) => title),
      VIEWS,
    );
    return seen;
  }

  it('opens Inbox, Channels and Topics on first start, the other views collapsed', async () => {
    await wb.openActivity('Team Chat');
    await wb.waitForLiveSession();
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 45_000 });
    const open = (await fullLayout()).filter(([, expanded]) => expanded).map(([title]) => title);
    assert.deepEqual(open, ['Inbox', 'Channels', 'Topics']);
    // The room is theirs: each open view is taller than six rows (22 px each; eleven open views left about five).
    for (const title of open) {
      const height = await wb
        .view(title)
        .locator('.pane-body')
        .evaluate((e) => e.getBoundingClientRect().height);
      assert.ok(height > 6 * 22, `${title} is ${height} px tall`);
    }
    await wb.screenshot('sidebar-default-layout');
  });

  it('opens the container and shows the three trees with channels', async () => {
    // A click on the active activity-bar item would close the side bar instead.
    if (!(await wb.view('Channels').isVisible())) await wb.openActivity('Team Chat');
    const channels = wb.view('Channels');
    await channels.locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 45_000 });
    const rows = await wb.treeRows('Channels');
    assert.ok(
      rows.some((r) => r.startsWith('engineering')),
      JSON.stringify(rows),
    );
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
    const entries = (await wb.page.locator('.monaco-menu .action-item').allInnerTexts())
      .map((t) => t.trim())
      .filter(Boolean);
    assert.ok(!entries.some((e) => /Topic/.test(e)), `topic actions in a channel's menu: ${JSON.stringify(entries)}`);
    assert.ok(!entries.includes('Unmute Channel') && !entries.includes('Unpin Channel'), JSON.stringify(entries));
    await wb.screenshot('sidebar-context-menu');
    await item.click();
    await wb.page
      .locator('.monaco-list-row', { hasText: /general.*muted/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await wb.screenshot('sidebar-muted');
    // And back, so other runs start from the fixture's state.
    await (await wb.contextMenuItem(row, 'Unmute Channel')).click();
    await wb.page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.monaco-list-row')).some(
          (r) => /^general/.test((r as HTMLElement).innerText) && !/muted/.test((r as HTMLElement).innerText),
        ),
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

  it('remembers a view the user opens, across a window reload', async () => {
    await wb.expandView('People');
    await wb.view('People').locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    // As the user reloads (the workbench saves its view state on the way out; a bare page reload
    // can leave before that write is done).
    await wb.runCommand('Developer: Reload Window');
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 60_000 });
    const open = (await fullLayout()).filter(([, expanded]) => expanded).map(([title]) => title);
    assert.deepEqual(open, ['Inbox', 'Channels', 'Topics', 'People']);
    await wb.screenshot('sidebar-layout-remembered');
  });
});
