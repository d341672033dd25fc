// UI test of "Browse Channels…" in the real workbench: the palette command lists every channel the
// user may see (channels to join first) with access, subscriber count and the description as
// text; choosing one the user is not in offers Preview and Join, and Preview opens its messages in
// the conversation view without subscribing. Screenshots are saved and looked at.
import * as assert from 'assert';
import { getSubscriptions, unsubscribe } from '../../src/api/channels/routes';
import { useWorkbench } from './workbench';

describe('UI: Browse Channels', function () {
  this.timeout(300_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('lists channels with access and counts, and previews one the user is not in', async () => {
    await wb.openActivity('Team Chat');
    // A busy machine: the first session can take a while.
    await wb.waitForLiveSession(120_000);
    const widget = wb.quickInput();
    const sandbox = widget.locator('.monaco-list-row', { hasText: 'sandbox' }).first();
    // The Channels view's title bar carries the command too; the palette is the path tested here.
    await wb.runCommand('Team Chat: Browse Channels…');
    await sandbox.waitFor({ state: 'visible', timeout: 45_000 });
    await widget.locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ state: 'visible' });
    await wb.screenshot('browse-channels');
    const text = await sandbox.innerText();
    assert.match(text, /Public · 1 subscriber/, text);
    assert.match(text, /Try things here/, text);
    assert.match(await widget.innerText(), /Channels you can join[\s\S]*Your channels/);

    await sandbox.click();
    const preview = widget.locator('.monaco-list-row', { hasText: 'Preview' }).first();
    await preview.waitFor({ state: 'visible', timeout: 15_000 });
    await widget.locator('.monaco-list-row', { hasText: 'Join' }).first().waitFor({ state: 'visible' });
    await wb.screenshot('browse-channels-actions');
    await preview.click();
    const topic = widget.locator('.monaco-list-row', { hasText: 'test' }).first();
    await topic.waitFor({ state: 'visible', timeout: 15_000 });
    await topic.click();
    const frame = wb.webviewFrame();
    await frame.locator('li.message', { hasText: 'Sandbox message.' }).first().waitFor({ timeout: 60_000 });
    await wb.screenshot('browse-channels-preview');
    // Previewing did not subscribe: #sandbox is not in the Channels tree.
    const rows = await wb.treeRows('Channels');
    assert.ok(!rows.some((r) => r.startsWith('sandbox')), JSON.stringify(rows));
  });

  it('a user in no channel sees Browse Channels and Create Channel in the Channels view', async () => {
    await wb.runCommand('View: Close All Editors');
    const alice = wb.client(wb.firstMember());
    const names = (await getSubscriptions(alice)).subscriptions.map((s) => s.name);
    await unsubscribe(alice, { subscriptions: names });
    const channels = wb.view('Channels');
    const browse = channels.locator('.welcome-view-content .monaco-button', { hasText: 'Browse Channels' });
    // The subscription events empty the tree; its welcome content then offers the way forward.
    await browse.waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok(
      await channels.locator('.welcome-view-content .monaco-button', { hasText: 'Create Channel' }).isVisible(),
    );
    assert.match(
      await channels.locator('.welcome-view-content').innerText(),
      /You are not subscribed to any channel yet/,
    );
    await wb.screenshot('channels-welcome');
    await browse.click();
    const widget = wb.quickInput();
    await widget
      .locator('.monaco-list-row', { hasText: 'general' })
      .first()
      .waitFor({ state: 'visible', timeout: 45_000 });
    assert.ok(!/Your channels/.test(await widget.innerText()), 'no channel of hers is left');
    await wb.screenshot('channels-welcome-browse');
    await wb.page.keyboard.press('Escape');
  });
});
