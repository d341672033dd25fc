// Message content in the real workbench, as the chat service renders it: a unicode emoji as its
// glyph, a custom emoji and an uploaded image loaded through the host (data: URIs; the page's CSP
// admits no server origin for them), a typeset formula (KaTeX's stylesheet and fonts), a spoiler
// that opens and closes, a time in local time, and a poll whose vote round-trips; a message the
// sanitiser cannot take shown alone; the reaction picker searched by an alias. Screenshots:
// test-results/screenshots/message-content.png, unrenderable-message.png, reaction-picker-alias.png.
import * as assert from 'assert';
import { sendMessage, sendSubmessage } from '../../src/api/messages/routes';
import { makePng } from '../server/images';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI message content', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `content ${Date.now() % 100000}`;

  /** Uploads a generated PNG as `local` (POST /user_uploads, multipart); returns its /user_uploads URL. */
  async function uploadPng(local: string): Promise<string> {
    const account = wb.account(local);
    // A blue-green gradient with a white diagonal: easy to spot in the screenshot.
    const png = makePng(96, (x, y) => (Math.abs(x - y) < 4 ? [255, 255, 255] : [20, 80 + x, 120 + y]));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gradient.png');
    const res = await fetch(`${wb.server!.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}` },
      body: form,
    });
    const json = (await res.json()) as { url: string };
    assert.equal(res.status, 200, JSON.stringify(json));
    return json.url;
  }

  it('shows emoji, a custom emoji, an uploaded image, a formula, a spoiler, a time and a poll', async () => {
    const bob = wb.client('bob');
    const carol = wb.client('carol');
    const image = await uploadPng('bob');
    await sendMessage(bob, {
      type: 'stream',
      to: 1,
      topic,
      content: `Release party :tada: :party_parrot: on <time:2030-05-01T16:30:00Z>\n\n> remember the cake\n\n- music\n- snacks\n\nThe venue: [gradient.png](${image})`,
    });
    await sendMessage(carol, {
      type: 'stream',
      to: 1,
      topic,
      content:
        'The budget is $$\\sum_{i=1}^{n} c_i \\le \\frac{B}{2}$$ and\n```math\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n```',
    });
    await sendMessage(carol, {
      type: 'stream',
      to: 1,
      topic,
      content: '```spoiler Who is coming?\nEveryone from the **team**.\n```',
    });
    const poll = await sendMessage(bob, {
      type: 'stream',
      to: 1,
      topic,
      content: '/poll Which day?\nFriday\nSaturday',
    });
    await sendSubmessage(carol, {
      message_id: poll.id,
      msg_type: 'widget',
      content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }),
    });

    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(3).waitFor({ timeout: 30_000 });

    // Unicode emoji: the glyph, the label kept.
    const tada = frame.locator('.content span.emoji').first();
    assert.equal(await tada.innerText(), '🎉');
    assert.equal(await tada.getAttribute('aria-label'), 'tada');

    // The custom emoji and the upload: data: URIs from the host, decoded.
    const custom = frame.locator('.content img.emoji[alt=":party_parrot:"]');
    const upload = frame.locator('.content .message_inline_image img');
    for (const img of [custom, upload]) {
      await frame
        .locator('.content img.loading')
        .first()
        .waitFor({ state: 'detached', timeout: 20_000 })
        .catch(() => undefined);
      await img.evaluate(
        (e: HTMLImageElement) =>
          (e.complete && e.naturalWidth > 0) || new Promise((r) => e.addEventListener('load', r, { once: true })),
      );
      assert.match((await img.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
      assert.ok((await img.evaluate((e: HTMLImageElement) => e.naturalWidth)) > 0, 'the image did not decode');
    }
    assert.equal(await upload.evaluate((e: HTMLImageElement) => e.naturalWidth), 96);

    // The time, in local time with the ISO in its title.
    const time = frame.locator('.content time.local-time');
    assert.equal(await time.getAttribute('title'), '2030-05-01T16:30:00.000Z');
    assert.doesNotMatch(await time.innerText(), /2030-05-01T/);

    // Quote and list.
    assert.equal(await frame.locator('.content blockquote').innerText(), 'remember the cake');
    assert.deepEqual(await frame.locator('.content > ul li').allInnerTexts(), ['music', 'snacks']);

    // Formulas: KaTeX's stylesheet applies (the MathML is hidden, the HTML typeset in its fonts).
    const katex = frame.locator('.content .katex').first();
    assert.equal(
      await frame
        .locator('.content .katex-mathml')
        .first()
        .evaluate((e) => getComputedStyle(e).position),
      'absolute',
    );
    await katex.evaluate(() => document.fonts.ready);
    // Read again while a live update re-renders the message (a replaced element has no style).
    let family = '';
    for (
      const deadline = Date.now() + 15_000;
      Date.now() < deadline && !/KaTeX_Math/.test(family);
      await wb.page.waitForTimeout(250)
    ) {
      family = await frame
        .locator('.content .katex .mathnormal')
        .first()
        .evaluate((e) => (e.isConnected ? getComputedStyle(e).fontFamily : ''));
    }
    assert.match(family, /KaTeX_Math/);
    assert.ok(await katex.evaluate(() => document.fonts.check('16px KaTeX_Main')), 'KaTeX_Main not loaded');
    assert.equal(await frame.locator('.content .katex-display').count(), 1);

    // The spoiler opens and closes.
    const header = frame.locator('.spoiler-header');
    const hidden = frame.locator('.spoiler-content');
    assert.equal(await header.getAttribute('aria-expanded'), 'false');
    assert.equal(await hidden.isVisible(), false);
    await header.click();
    assert.equal(await header.getAttribute('aria-expanded'), 'true');
    assert.equal(await hidden.getAttribute('aria-hidden'), 'false');
    assert.equal(await hidden.innerText(), 'Everyone from the team.');
    // The message drawn again (starred: a flag event re-renders it) keeps the spoiler open.
    const spoilerRow = frame.locator('li', { has: header });
    for (const starred of [true, false]) {
      await spoilerRow.locator('button.star').click();
      await frame.locator(starred ? 'li.starred' : 'li:not(.starred)', { has: header }).waitFor({ timeout: 15_000 });
      assert.equal(await header.getAttribute('aria-expanded'), 'true');
      assert.equal(await hidden.isVisible(), true);
    }
    await header.press('Enter');
    assert.equal(await header.getAttribute('aria-expanded'), 'false');
    await header.press('Enter');

    // The poll: Carol's vote counted; ours round-trips through POST /submessage and the event.
    const votes = frame.locator('.widget.poll button.poll-vote');
    // The widget takes the place of the message's `/poll` text.
    assert.equal(await frame.locator('.content', { hasText: '/poll' }).count(), 0);
    assert.deepEqual(await votes.allInnerTexts(), ['1', '0']);
    await votes.nth(1).click();
    await frame.locator('.widget.poll button.poll-vote.mine', { hasText: '1' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await frame.locator('.widget.poll button.poll-vote').allInnerTexts(), ['1', '1']);
    assert.match(await frame.locator('.widget.poll .poll-voters').nth(1).innerText(), /You/);

    await frame.locator('li.message').last().scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(500);
    await wb.screenshot('message-content');
  });

  it('a message the sanitiser cannot take (a <frameset> document) shows a note and its text; the messages around it are intact', async () => {
    const bob = wb.client('bob');
    const alone = `unrenderable ${Date.now() % 100000}`;
    await sendMessage(bob, { type: 'stream', to: 1, topic: alone, content: 'Before :tada:' });
    const html =
      '<frameset><frame src="https://example.com/"></frameset><p>Frames <code>dict[str, int]</code>, @Bob Brown.</p>';
    await wb.testControl('raw-message', { senderEmail: wb.account('bob').email, streamId: 1, topic: alone, html });
    await sendMessage(bob, { type: 'stream', to: 1, topic: alone, content: 'After `src/greeter.ts:2-5`' });

    await wb.waitForLiveSession();
    // One conversation open: the page's frame is then the only webview (the first test's stays otherwise).
    await wb.runCommand('View: Close All Editors');
    const frame = await openTopicFromPalette(wb, 'general', alone);
    await frame.locator('li.message').nth(2).waitFor({ timeout: 30_000 });
    const contents = frame.locator('li.message .content');
    assert.deepEqual(
      (await contents.allInnerTexts()).map((t) => t.trim()),
      [
        'Before 🎉',
        'This message could not be displayed\n\nFrames dict[str, int], @Bob Brown.',
        'After src/greeter.ts:2-5',
      ],
    );
    assert.equal(await frame.locator('li.message .unrenderable[role="note"]').count(), 1);
    assert.equal(await frame.locator('li.message frame, li.message frameset').count(), 0);
    await wb.screenshot('unrenderable-message');
  });

  it('the reaction picker finds 👍 by an alias ("thumbs"), and reacts with its canonical name', async () => {
    const where = `picker ${Date.now() % 100000}`;
    const { id } = await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic: where, content: 'React to me' });
    await wb.waitForLiveSession();
    await wb.runCommand('View: Close All Editors');
    const frame = await openTopicFromPalette(wb, 'general', where);
    const row = frame.locator(`li.message[data-id="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.hover();
    await row.locator('button[title="Add a reaction"]').click();
    await wb
      .quickInput()
      .locator('.quick-input-title', { hasText: 'Add a reaction' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await wb.quickInputBox().fill('thumbs');
    const first = wb.quickInput().locator('.monaco-list-row').first();
    await wb.page.waitForFunction(
      () => document.querySelector('.quick-input-widget .monaco-list-row')?.textContent?.includes(':+1:'),
      undefined,
      { timeout: 10_000 },
    );
    assert.match(await first.innerText(), /👍\s+:\+1:[\s\S]*:thumbs_up:/);
    await wb.screenshot('reaction-picker-alias');
    await wb.quickInputBox().press('Enter');
    await row.locator('button.reaction[data-emoji="+1"]', { hasText: '👍' }).waitFor({ timeout: 15_000 });
  });
});
