// Personal settings and server information in the real workbench: the settings editor with its
// groups and choices, a change marked as modified and saved, a value the server refuses shown next
// to its field (the typed value kept), and the server information panel.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI settings and server information', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });
  const frame = () => wb.webviewFrame();

  it('opens the settings editor with grouped settings and their choices', async () => {
    // The session connects after the auto sign-in; the command needs it.
    await wb.openActivity('Team Chat');
    await wb.expandView('People');
    await wb
      .view('People')
      .locator('.monaco-list-row', { hasText: 'Alice Anders' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.runCommand('Team Chat: Personal Settings');
    await wb.page.locator('.tabs-container .tab', { hasText: 'Personal Settings' }).waitFor({ timeout: 15_000 });
    const f = frame();
    await f.locator('#group-appearance h2').waitFor({ timeout: 15_000 });
    const titles = await f.locator('section.group h2').allInnerTexts();
    assert.deepEqual(titles, ['Account', 'Preferences', 'Appearance', 'Navigation', 'Sidebar', 'Notifications']);
    assert.equal(await f.locator('#f-new_password').getAttribute('type'), 'password');
    assert.equal(await f.locator('#save').isDisabled(), true, 'nothing to save yet');
    // Collapse the side bar so the editor has the width.
    await wb.page.keyboard.press('Control+B');
    await wb.page.waitForTimeout(500);
    await wb.screenshot('settings-editor');
  });

  it('marks a change, saves it, and shows a refused value next to its field', async () => {
    const f = frame();
    const dark = f.locator('#f-color_scheme-2');
    const light = f.locator('#f-color_scheme-3');
    const target = (await dark.isChecked()) ? light : dark;
    await f.locator('#group-appearance').scrollIntoViewIfNeeded();
    await target.check();
    await f.locator('#row-color_scheme.modified').waitFor();
    assert.equal(await f.locator('#save').innerText(), 'Save changes');
    await f.locator('#save').click();
    await f.locator('#banner', { hasText: 'Saved: 1 setting.' }).waitFor({ timeout: 10_000 });
    await f.locator('#row-color_scheme.modified').waitFor({ state: 'detached' });
    assert.equal(await target.isChecked(), true, 'the saved value stays shown');

    const size = f.locator('#f-web_font_size_px');
    await size.fill('99');
    await f.locator('#save').click();
    const error = f.locator('#row-web_font_size_px .field-error');
    await error.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await error.innerText(), /refused/);
    assert.equal(await size.inputValue(), '99', 'the typed value is kept');
    await f.locator('#row-web_font_size_px').scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(300);
    await wb.screenshot('settings-editor-error');
    await f.locator('#discard').click();
  });

  it('shows the server information panel', async () => {
    await wb.runCommand('View: Close All Editors');
    await wb.runCommand('Team Chat: Server Information');
    await wb.page.locator('.tabs-container .tab', { hasText: 'Server:' }).waitFor({ timeout: 15_000 });
    const f = frame();
    await f.locator('#info h1').waitFor({ timeout: 15_000 });
    const details = await f.locator('dl.details').first().innerText();
    assert.match(details, /Feature level\s+482/);
    assert.ok((await f.locator('#info').innerText()).includes('Signed in as Alice Anders'));
    await wb.page.waitForTimeout(500);
    await wb.screenshot('server-info');
  });
});
