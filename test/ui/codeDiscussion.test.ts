// A topic as a comment thread on code, in the real workbench: Bob's message references lines of
// the fixture repository's src/greeter.ts; opening the file shows a CodeLens above those lines, and
// clicking it opens the native comment thread with the conversation. Screenshot for a human look.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { fixturePermalink } from '../fixtures/workspace';
import { openFile, openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI discussion on code', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows a CodeLens and the topic as a comment thread at the referenced lines', async () => {
    const topic = `greeter ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    await sendMessage(bob, { type: 'stream', to: 2, topic, content: 'Should `src/greeter.ts:2-5` fall back to "stranger" for empty names?' });
    await sendMessage(wb.client('carol'), { type: 'stream', to: 2, topic, content: `Yes, and [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}) gets it for free.` });
    await wb.waitForLiveSession();
    await openFile(wb, 'greeter.ts');
    const lens = wb.page.locator('.contentWidgets .codelens-decoration a', { hasText: topic }).first();
    await lens.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await lens.innerText(), new RegExp(`#engineering › ${topic}: 2 messages`));
    await lens.click();
    const thread = wb.page.locator('.review-widget').first();
    await thread.waitFor({ state: 'visible', timeout: 15_000 });
    await thread.locator('.review-comment', { hasText: 'fall back to' }).first().waitFor({ timeout: 15_000 });
    assert.ok(await thread.locator('.review-comment', { hasText: 'gets it for free' }).first().isVisible());
    await wb.page.waitForTimeout(600);
    await wb.screenshot('code-discussion-thread');
  });
});

describe('UI code links in messages', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('a line reference and a permalink in a message open the workspace file at those lines', async () => {
    const topic = `code links ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: `See src/greeter.ts:3-4 and [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}).` });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const ref = frame.locator('li.message .content a.code-ref', { hasText: 'src/greeter.ts:3-4' });
    await ref.waitFor({ timeout: 30_000 });
    await ref.click();
    await wb.page.locator('.tab.active', { hasText: 'greeter.ts' }).waitFor({ timeout: 20_000 });
    await wb.page.locator('.statusbar-item', { hasText: /Ln 4, Col \d+ \(\d+ selected\)/ }).first().waitFor({ timeout: 10_000 });
    await wb.screenshot('code-link-opened');
    await wb.runCommand('View: Close All Editors');
    const frame2 = await openTopicFromPalette(wb, 'general', topic);
    await frame2.locator('li.message .content a', { hasText: 'greetAll' }).click();
    await wb.page.locator('.tab.active', { hasText: 'greeter.ts' }).waitFor({ timeout: 20_000 });
    const position = wb.page.locator('.statusbar-item', { hasText: /Ln 9, Col \d+ \(\d+ selected\)/ }).first();
    await position.waitFor({ timeout: 10_000 });
    assert.match(await position.innerText(), /Ln 9, Col 2 \(\d+ selected\)/);
  });
});
