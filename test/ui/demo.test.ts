// The demo organisation (the one `npm run demo` serves) holds the conversation of the README's first
// picture, #general › release party, and the workbench renders it: the uploaded image decoded, the
// formulas typeset by KaTeX in its fonts, the poll as a widget with Carol's vote counted (its
// `/poll` text replaced), and the highlighted code block with its toolbar. Nothing is sent first:
// what is on screen comes from the seed. Screenshot: test-results/screenshots/demo-conversation.png.
import * as assert from 'assert';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI demo organisation', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true, chatServerOptions: { organization: 'demo' } });

  it("shows the README's conversation with its formula, poll and image", async () => {
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', 'release party');
    await frame.locator('h1#title', { hasText: 'release party' }).waitFor({ timeout: 30_000 });
    const messages = frame.locator('li.message');
    await messages.nth(4).waitFor({ timeout: 30_000 });
    assert.equal(await messages.count(), 5);

    // The image: Bob's upload, loaded through the host (a data: URI), decoded at its 96 pixels.
    const image = frame
      .locator('li.message', { hasText: 'Release party' })
      .locator('.content .message_inline_image img');
    await image.scrollIntoViewIfNeeded();
    const decoded = async (): Promise<number> =>
      image.evaluate((e: HTMLImageElement) =>
        /^data:image\/png;base64,/.test(e.src) && e.complete ? e.naturalWidth : 0,
      );
    let width = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && width === 0; await wb.page.waitForTimeout(250))
      width = await decoded();
    assert.equal(width, 96, 'the uploaded image did not load');

    // The formulas: KaTeX's HTML in KaTeX's fonts (its stylesheet applies: the MathML is hidden).
    const budget = frame.locator('li.message', { hasText: 'The budget is' });
    assert.equal(await budget.locator('.content .katex').count(), 2);
    assert.equal(await budget.locator('.content .katex-display').count(), 1);
    assert.equal(
      await budget
        .locator('.content .katex-mathml')
        .first()
        .evaluate((e) => getComputedStyle(e).position),
      'absolute',
    );
    let family = '';
    for (
      const deadline = Date.now() + 20_000;
      Date.now() < deadline && !/KaTeX_Math/.test(family);
      await wb.page.waitForTimeout(250)
    ) {
      family = await budget
        .locator('.content .katex .mathnormal')
        .first()
        .evaluate((e) => (e.isConnected ? getComputedStyle(e).fontFamily : ''));
    }
    assert.match(family, /KaTeX_Math/);

    // The poll: a widget instead of the `/poll` text, Carol's vote on Friday counted.
    const poll = frame.locator('.widget.poll');
    await poll.scrollIntoViewIfNeeded();
    assert.equal(await poll.locator('.poll-question').innerText(), 'Which day?');
    assert.deepEqual(await poll.locator('.poll-option-text').allInnerTexts(), ['Friday', 'Saturday']);
    assert.deepEqual(await poll.locator('button.poll-vote').allInnerTexts(), ['1', '0']);
    assert.match(await poll.locator('.poll-voters').first().innerText(), /Carol Chen/);
    assert.equal(await frame.locator('.content', { hasText: '/poll' }).count(), 0);

    // The code: highlighted, with the toolbar naming its language.
    const code = frame.locator('li.message', { hasText: 'Added it to the team calendar' });
    assert.ok((await code.locator('.codehilite span.k').count()) > 0, 'the code is not highlighted');
    assert.equal(await code.locator('.code-toolbar .code-language').innerText(), 'Python');

    await frame.locator('li.message').first().scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(500);
    await wb.screenshot('demo-conversation');
  });
});
