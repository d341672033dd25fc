// UI: a conversation view open when the window reloads comes back by itself (the panel's
// serializer, declared with definePanel's `restore`): the restored tab shows the same topic's
// messages without the topic being opened again (topic-restored.png).
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI topic view restored after a reload', function () {
  this.timeout(300_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui restored ${Date.now() % 100000}`;

  it('reloads the window with a conversation open: its tab comes back showing the messages', async () => {
    const bob = wb.client('bob');
    for (const content of ['First, before the reload.', 'Second, before the reload.'])
      await sendMessage(bob, { type: 'stream', to: 1, topic, content });
    await wb.waitForLiveSession();
    let frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(1).waitFor({ timeout: 30_000 });
    // The page keeps what it shows in its saved state (the key the serializer restores from).
    await wb.page.waitForTimeout(1_000);

    await wb.runCommand('Developer: Reload Window');
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const tab = wb.page.locator('.tab', { hasText: topic }).first();
    await tab.waitFor({ state: 'visible', timeout: 60_000 });
    await tab.click();
    frame = wb.webviewFrame();
    const messages = frame.locator('li.message');
    await messages.nth(1).waitFor({ timeout: 60_000 });
    assert.equal(await messages.count(), 2);
    assert.match(await messages.nth(0).innerText(), /First, before the reload/);
    assert.match(await messages.nth(1).innerText(), /Second, before the reload/);
    assert.equal(await wb.page.locator('.tab', { hasText: topic }).count(), 1, 'one tab for the topic');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('topic-restored');
  });
});
