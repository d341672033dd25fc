// A topic as a comment thread on code, in the real workbench: Bob's message references lines of
// the fixture repository's src/greeter.ts; opening the file shows a CodeLens above those lines, and
// clicking it opens the native comment thread with the conversation. Screenshot for a human look.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { fixturePermalink } from '../fixtures/workspace';
import { openFile } from './helpers';
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
