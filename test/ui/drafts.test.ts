// UI: what the user types in a conversation's compose box survives closing the view AND reloading
// the window: it comes back in the compose box when the conversation is opened again, and the
// Drafts tree lists it (screenshot drafts.png). Sending the message removes the draft. While the
// reloaded window starts, the signed-in sidebar never shows the "Sign in" welcome, not even for
// one frame (a MutationObserver installed before the workbench loads watches for it).
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI drafts across a reload', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui drafts ${Date.now() % 100000}`;
  const text = 'Draft that survives a reload: the **deploy** is';

  it('types into the compose box, reloads the window, reopens the conversation and finds the text', async () => {
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'When is the deploy?' });
    await wb.waitForLiveSession();
    let frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 30_000 });
    await frame.locator('#compose-text').pressSequentially(text, { delay: 5 });
    assert.equal(await frame.locator('#compose-text').inputValue(), text);
    // Closed: the page and its saved state are gone; only the host keeps the draft.
    await wb.runCommand('View: Close All Editors');
    await wb.page.waitForTimeout(500);

    // The Channels view is open when the window reloads; watch it from the first script on.
    await wb.openActivity('Team Chat');
    await wb.showOnlyView('Channels');
    await wb.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { signInWelcomeSeen: string[] }).signInWelcomeSeen = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('.welcome-view-content')) {
          const text = node.textContent ?? '';
          if (text.includes('Sign in to a Zulip-compatible chat server') && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await wb.runCommand('Developer: Reload Window');
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await wb.page.locator('.part.activitybar').waitFor({ timeout: 30_000 });
    await wb.waitForLiveSession(60_000);
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 30_000 });
    const flashed = await wb.page.evaluate(
      () => (window as unknown as { signInWelcomeSeen?: string[] }).signInWelcomeSeen,
    );
    assert.deepEqual(flashed, [], 'the signed-in sidebar showed the "Sign in" welcome while the window started');

    frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 30_000 });
    const box = frame.locator('#compose-text');
    const deadline = Date.now() + 20_000;
    while ((await box.inputValue()) !== text && Date.now() < deadline) await wb.page.waitForTimeout(250);
    assert.equal(await box.inputValue(), text, 'the draft is back in the compose box after the reload');

    // The reload restored the Team Chat side bar; clicking its activity again would close it.
    if (!(await wb.view('Drafts').isVisible())) await wb.openActivity('Team Chat');
    await wb.showOnlyView('Drafts');
    const rows = await wb.treeRows('Drafts');
    assert.ok(
      rows.some((r) => r.includes(`#general > ${topic}`) && r.includes('Draft that survives a reload')),
      rows.join(' | '),
    );
    await wb.page.waitForTimeout(300);
    await wb.screenshot('drafts');

    // Sent: the draft goes, and the tree shows its welcome text.
    await box.press('Control+Enter');
    await frame.locator('li.message').nth(1).waitFor({ timeout: 15_000 });
    await wb
      .view('Drafts')
      .locator('.welcome-view-content', { hasText: 'No drafts' })
      .waitFor({ state: 'visible', timeout: 15_000 });
  });
});
