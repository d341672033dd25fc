// UI: a conversation opened once opens from the conversation cache after a reload with the chat
// server unreachable for the signed-in user (her register, events and message fetches dropped),
// with the "Offline — showing saved messages" notice over the saved messages
// (conversation-cache-offline.png); when the server answers again it catches up: the message
// posted meanwhile appears and the notice goes.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

const DOWN = ['POST /register', 'GET /events', 'GET /messages'].map((route) => ({ kind: 'drop', route, times: 100_000 }));
/** Not live: the saved snapshot shown while the first connection fails ("updating…"), or offline after its time limit. */
const STATUS_NOT_LIVE = '.statusbar-item:has-text("Team Chat: updating"), .statusbar-item:has-text("Team Chat: offline")';

describe('UI conversation cache', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui cached ${Date.now() % 100000}`;

  it('opens a cached conversation with the server down, marked offline, then catches up', async () => {
    const bob = wb.client('bob');
    const texts = ['The release notes are in `CHANGELOG.md`.', 'I added the conversation cache entry.', 'Thanks — reading it on the train.'];
    for (const content of texts) await sendMessage(bob, { type: 'stream', to: 1, topic, content });
    await wb.waitForLiveSession();
    let frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(2).waitFor({ timeout: 20_000 });
    // Closed: kept in the cache (saved as it closes).
    await wb.runCommand('View: Close All Editors');
    await wb.page.waitForTimeout(3_000);

    for (const fault of DOWN) await wb.testControl('fault', fault);
    await wb.page.reload({ waitUntil: 'commit', timeout: 60_000 });
    await wb.page.locator(STATUS_NOT_LIVE).first().waitFor({ timeout: 60_000 });
    frame = await openTopicFromPalette(wb, 'general', topic);
    const messages = frame.locator('li.message');
    await messages.nth(2).waitFor({ timeout: 20_000 });
    assert.equal(await messages.count(), 3);
    const notice = frame.locator('#notice');
    await notice.filter({ hasText: 'Offline — showing saved messages' }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await messages.nth(2).innerText(), /reading it on the train/);
    await wb.page.waitForTimeout(300);
    await wb.screenshot('conversation-cache-offline');

    const during = 'Posted while you were offline.';
    await sendMessage(bob, { type: 'stream', to: 1, topic, content: during });
    await wb.testControl('clear-faults', {});
    await messages.nth(3).waitFor({ timeout: 90_000 });
    assert.match(await messages.nth(3).innerText(), /Posted while you were offline/);
    assert.equal(await messages.count(), 4);
    await notice.waitFor({ state: 'hidden', timeout: 30_000 });
    await wb.screenshot('conversation-cache-caught-up');
  });
});
