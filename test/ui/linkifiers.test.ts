// UI test of the Linkifiers tree in the real workbench, signed in as an administrator: the
// linkifiers in order (pattern → URL template) with the inline reorder/edit actions, and the edit
// flow refusing a reverse template that does not regenerate the example input, as the user sees it.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI: Linkifiers tree', function () {
  this.timeout(120_000);
  const wb = useWorkbench();

  it('signs in as an administrator through the input boxes', async () => {
    const admin = wb.server!.accounts.find((a) => Number(a.role) === 200)!;
    await wb.runCommand('Team Chat: Sign In');
    await wb.answer('address of your chat server', wb.server!.url);
    await wb.answer('email address', admin.email);
    await wb.answer('API key', admin.apiKey);
    await wb.openActivity('Team Chat');
    await wb.page.locator('.pane-header', { hasText: 'Linkifiers' }).first().waitFor({ timeout: 30_000 });
  });

  it('lists the linkifiers in order with their URL templates', async () => {
    // Collapsed by default; give it the room by collapsing the others.
    for (const title of ['Channels', 'Topics', 'People', 'Saved Snippets']) await wb.expandView(title, false);
    await wb.expandView('Linkifiers');
    const view = wb.view('Linkifiers');
    await view.locator('.monaco-list-row', { hasText: '#(?P<id>' }).first().waitFor({ timeout: 20_000 });
    const rows = await wb.treeRows('Linkifiers');
    assert.equal(rows.length, 2, JSON.stringify(rows));
    assert.match(rows[0], /^#\(\?P<id>\[0-9\]\+\)\s*→ https:\/\/github\.com\/example\/repo\/issues\/\{id\}/);
    assert.match(rows[1], /^RFC\(\?P<num>\[0-9\]\+\)\s*→ https:\/\/www\.rfc-editor\.org\/rfc\/rfc\{num\}/);
    // Hovering shows the administrator's inline actions (move down, edit on the first row).
    await view.locator('.monaco-list-row').first().hover();
    const actions = view.locator('.monaco-list-row').first().locator('.actions .action-label');
    await actions.first().waitFor({ state: 'visible', timeout: 5_000 });
    const labels = await actions.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    assert.ok(
      labels.some((l) => /Move Linkifier Down/.test(l)),
      JSON.stringify(labels),
    );
    assert.ok(
      !labels.some((l) => /Move Linkifier Up/.test(l)),
      `the first row cannot move up: ${JSON.stringify(labels)}`,
    );
    await wb.screenshot('linkifiers-tree');
    // The tooltip: example input with its link, reverse template, alternative templates.
    const rfc = view.locator('.monaco-list-row', { hasText: 'RFC' }).first();
    await rfc.hover();
    // Tree tooltips appear after the hover delay; move within the row so it counts as resting there.
    await wb.page.waitForTimeout(800);
    const box = await rfc.boundingBox();
    if (box) await wb.page.mouse.move(box.x + 40, box.y + box.height / 2);
    const hover = wb.page.locator('.monaco-hover', { hasText: 'Reverse template' }).first();
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    await wb.page.waitForTimeout(400);
    await wb.screenshot('linkifiers-tooltip');
  });

  it('refuses a reverse template that does not regenerate the example input, while typing', async () => {
    const row = wb.view('Linkifiers').locator('.monaco-list-row').first();
    await (await wb.contextMenuItem(row, 'Edit Linkifier')).click();
    await wb.answer('Pattern');
    await wb.answer('URL template');
    await wb.answer('Example input');
    const widget = wb.quickInput();
    // Anchored and case-sensitive: the example-input step's prompt mentions "a reverse template" too,
    // and typing into that step while it is still shown would change the example instead.
    await widget
      .locator('.quick-input-message, .quick-input-description', { hasText: /^Reverse template/ })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    await widget.locator('input').fill('issue {id}');
    const message = widget.locator('.quick-input-message', {
      hasText: 'The reverse template produces "issue 123" but the example input is "#123".',
    });
    await message.first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('linkifiers-edit-check');
    await wb.page.keyboard.press('Escape');
  });
});
