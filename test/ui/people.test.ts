// People in the real workbench: the People view with its three groups, a profile card opened from
// a row, and the status quick pick with its live count and the over-long refusal.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI people', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows the People view grouped by presence', async () => {
    await wb.openActivity('Team Chat');
    const view = wb.view('People');
    await view.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.showOnlyView('People');
    // The session connects after sign-in: wait for the groups to be filled.
    await view.locator('.monaco-list-row', { hasText: 'Alice Anders' }).first().waitFor({ timeout: 30_000 });
    const rows = await wb.treeRows('People');
    assert.ok(
      rows.some((r) => r.startsWith('Active')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((r) => r.startsWith('Idle')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((r) => r.startsWith('Offline')),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((r) => r.includes('Alice Anders') && r.includes('In a meeting')),
      JSON.stringify(rows),
    );
    // Give the People view room in the side bar for the screenshot.
    await wb.expandView('Channels', false);
    await wb.page.waitForTimeout(500);
    await wb.screenshot('people-view');
  });

  it('opens a profile card from a row', async () => {
    await wb.view('People').locator('.monaco-list-row', { hasText: 'Alice Anders' }).first().click();
    const tab = wb.page.locator('.tabs-container .tab', { hasText: 'Alice Anders' });
    await tab.waitFor({ timeout: 15_000 });
    // The card renders inside the webview's nested iframe.
    const card = wb.webviewFrame().locator('#card h1');
    await card.waitFor({ timeout: 15_000 });
    assert.equal(await card.innerText(), 'Alice Anders');
    const details = await wb.webviewFrame().locator('dl.details').innerText();
    assert.ok(details.includes('Biography') && details.includes('Engineering'), details);
    await wb.page.waitForTimeout(500);
    await wb.screenshot('people-profile-card');
  });

  it('sets a status through the quick pick with a live count', async () => {
    await wb.runCommand('Team Chat: Set Status…');
    const widget = wb.quickInput();
    const input = wb.quickInputBox();
    await input.waitFor({ state: 'visible' });
    await wb.page.waitForTimeout(300);
    await wb.screenshot('people-status-pick');
    await input.fill('Reviewing pull requests');
    const title = widget.locator('.quick-input-title');
    await wb.page.waitForFunction(() =>
      document.querySelector('.quick-input-widget .quick-input-title')?.textContent?.includes('23/60'),
    );
    assert.ok((await title.innerText()).includes('23/60'), await title.innerText());
    await wb.screenshot('people-status-count');

    // Over the limit: the count says so, Enter is refused with the API layer's message, the text stays.
    const tooLong = 'x'.repeat(61);
    await input.fill(tooLong);
    await wb.page.waitForFunction(() =>
      document.querySelector('.quick-input-widget .quick-input-title')?.textContent?.includes('61/60'),
    );
    await input.press('Enter');
    await wb.page.waitForFunction(() =>
      document.querySelector('.quick-input-widget .quick-input-title')?.textContent?.includes('at most 60'),
    );
    assert.equal(await input.inputValue(), tooLong);
    await wb.page.waitForTimeout(500);
    await wb.screenshot('people-status-too-long');

    // A valid one goes through and shows in the tree.
    await input.fill('Reviewing pull requests');
    await input.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
    await wb
      .view('People')
      .locator('.monaco-list-row', { hasText: 'Reviewing pull requests' })
      .first()
      .waitFor({ timeout: 15_000 });
    await wb.screenshot('people-status-set');
  });
});
