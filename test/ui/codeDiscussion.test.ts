// A topic as a comment thread on code, in the real workbench: Bob's message references lines of
// the fixture repository's src/greeter.ts; opening the file shows a CodeLens above those lines, and
// clicking it opens and focuses the native comment thread in the editor, which starts with the
// message that cites the lines (not the topic's first). Screenshot for a human look.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { fixturePermalink } from '../fixtures/workspace';
import { goToLine, openFile, openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI discussion on code', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('a click on the CodeLens opens and focuses the thread at those lines, starting with the citing message', async () => {
    const topic = `greeter ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    await sendMessage(wb.client('carol'), {
      type: 'stream',
      to: 2,
      topic,
      content: 'Reviewing the greeter this afternoon.',
    });
    // Lines 3-4: no other topic's thread ends on line 4 (the seeded "code review #42" has 2-5 and 7-9).
    await sendMessage(bob, {
      type: 'stream',
      to: 2,
      topic,
      content: 'Should `src/greeter.ts:3-4` fall back to "stranger" for empty names?',
    });
    await sendMessage(wb.client('carol'), {
      type: 'stream',
      to: 2,
      topic,
      content: `Yes, and [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}) gets it for free.`,
    });
    await wb.waitForLiveSession();
    await openFile(wb, 'greeter.ts');
    // The lens comes first with the count still unknown, then with the thread's messages.
    const lens = wb.page
      .locator('.contentWidgets .codelens-decoration a', { hasText: `#engineering › ${topic}: 2 messages` })
      .first();
    await lens.waitFor({ state: 'visible', timeout: 30_000 });
    await lens.click();
    const thread = wb.page.locator('.review-widget', { hasText: 'fall back to' }).first();
    await thread.waitFor({ state: 'visible', timeout: 15_000 });
    // The keyboard is in the thread, not in the Comments panel.
    await wb.page.waitForFunction(
      () => document.activeElement?.closest('.review-widget')?.textContent?.includes('fall back to') === true,
      undefined,
      { timeout: 15_000 },
    );
    const comments = thread.locator('.review-comment');
    await comments.nth(1).waitFor({ timeout: 15_000 });
    assert.equal(await comments.count(), 2);
    assert.match(await comments.nth(0).innerText(), /Bob Brown[\s\S]*fall back to/);
    assert.match(await comments.nth(1).innerText(), /gets it for free/);
    assert.equal(
      await thread.locator('.review-comment', { hasText: 'Reviewing the greeter' }).count(),
      0,
      'the topic’s first message does not open the thread',
    );
    await wb.page.waitForTimeout(600);
    await wb.screenshot('code-discussion-thread');
  });
});

describe('UI code links in messages', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('a line reference and a permalink in a message open the workspace file at those lines', async () => {
    const topic = `code links ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), {
      type: 'stream',
      to: 1,
      topic,
      content: `See src/greeter.ts:3-4 and [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}).`,
    });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const ref = frame.locator('li.message .content a.code-ref', { hasText: 'src/greeter.ts:3-4' });
    await ref.waitFor({ timeout: 30_000 });
    await ref.click();
    await wb.page.locator('.tab.active', { hasText: 'greeter.ts' }).waitFor({ timeout: 20_000 });
    await wb.page
      .locator('.statusbar-item', { hasText: /Ln 4, Col \d+ \(\d+ selected\)/ })
      .first()
      .waitFor({ timeout: 10_000 });
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

describe('UI Discuss… from the gutter', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('a new comment on a line, then Discuss…, starts a topic whose thread shows on that line', async () => {
    const topic = `gutter ${Date.now() % 100000}`;
    await wb.waitForLiveSession();
    await openFile(wb, 'greeter.ts');
    await goToLine(wb, 8);
    // What the gutter's + does on the cursor's line: an empty thread with its reply box focused.
    await wb.runCommand('Add Comment on Current Selection');
    const discuss = wb.page.locator('.review-widget .monaco-button', { hasText: 'Discuss…' }).first();
    await discuss.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.page.waitForTimeout(500);
    await wb.page.keyboard.type('Why map here?');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('code-discussion-gutter');
    await discuss.click();
    // The channel (engineering, which the workspace maps the repository to), then a new topic.
    const input = wb.quickInputBox();
    await wb.quickInput().locator('.quick-input-title', { hasText: 'Discuss Selection' }).waitFor({ timeout: 20_000 });
    await input.fill('engineering');
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'engineering' }).first().waitFor({ timeout: 10_000 });
    await input.press('Enter');
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'New topic' }).first().waitFor({ timeout: 20_000 });
    await input.fill('New topic');
    await input.press('Enter');
    await wb.answer('Topic name', topic);
    const thread = wb.page.locator('.review-widget', { hasText: 'Why map here?' }).first();
    await thread.waitFor({ state: 'visible', timeout: 30_000 });
    await thread.locator('.review-comment', { hasText: 'return names.map(greet);' }).waitFor({ timeout: 15_000 });
    assert.match(await thread.innerText(), new RegExp(`#engineering › ${topic}`));
    await wb.page.waitForTimeout(600);
    await wb.screenshot('code-discussion-gutter-posted');
  });
});
