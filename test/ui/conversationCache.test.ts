// UI: a conversation opened once opens from the conversation cache after a reload with the chat
// server stopped (nothing listens on its port: connections refused; its state kept, as a restart
// keeps the database), with the "Offline — showing saved messages" notice over the saved messages
// (conversation-cache-offline.png); when the server is back it catches up: the message posted
// after the cache was saved appears and the notice goes.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** How long the server stays stopped: the reload and the conversation's opening fit in it on a busy machine. */
const DOWN_SECONDS = 90;
/** A refused connection is offline at once (no waiting for the first answer's time limit). */
const STATUS_OFFLINE = '.statusbar-item:has-text("Team Chat: offline")';

describe('UI conversation cache', function () {
  this.timeout(360_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui cached ${Date.now() % 100000}`;

  it('opens a cached conversation with the server stopped, marked offline, then catches up', async () => {
    const bob = wb.client('bob');
    const texts = [
      'The release notes are in `CHANGELOG.md`.',
      'I added the conversation cache entry.',
      'Thanks — reading it on the train.',
    ];
    for (const content of texts) await sendMessage(bob, { type: 'stream', to: 1, topic, content });
    await wb.waitForLiveSession();
    let frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(2).waitFor({ timeout: 20_000 });
    // Closed: kept in the cache (saved as it closes).
    await wb.runCommand('View: Close All Editors');
    await wb.page.waitForTimeout(3_000);

    // Not in the cache (its view is closed): the catch-up brings it.
    const during = 'Posted after the cache was saved.';
    await sendMessage(bob, { type: 'stream', to: 1, topic, content: during });
    const stopped = Date.now();
    await wb.testControl('down', { seconds: DOWN_SECONDS });
    await wb.page.reload({ waitUntil: 'commit', timeout: 60_000 });
    await wb.page.locator(STATUS_OFFLINE).first().waitFor({ timeout: 60_000 });
    frame = await openTopicFromPalette(wb, 'general', topic);
    const messages = frame.locator('li.message');
    await messages.nth(2).waitFor({ timeout: 20_000 });
    assert.equal(await messages.count(), 3);
    const notice = frame.locator('#notice');
    await notice.filter({ hasText: 'Offline — showing saved messages' }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await messages.nth(2).innerText(), /reading it on the train/);
    await wb.page.waitForTimeout(300);
    await wb.screenshot('conversation-cache-offline');
    assert.ok(Date.now() - stopped < DOWN_SECONDS * 1000, 'the offline view was seen while the server was stopped');

    await messages.nth(3).waitFor({ timeout: DOWN_SECONDS * 1000 + 120_000 });
    assert.match(await messages.nth(3).innerText(), /Posted after the cache was saved/);
    assert.equal(await messages.count(), 4);
    await notice.waitFor({ state: 'hidden', timeout: 30_000 });
    await wb.screenshot('conversation-cache-caught-up');
  });
});
