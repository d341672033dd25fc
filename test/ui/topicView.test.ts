// The topic view in the real workbench: messages with avatars/initials, an edited marker,
// reactions with counts, the compose box, a channel-wide search; screenshots for a human look.
import * as assert from 'assert';
import { addReaction, sendMessage, updateMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI topic view', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui topic ${Date.now() % 100000}`;

  it('shows messages, an edited marker and reactions, and sends from the compose box', async () => {
    const bob = wb.client('bob');
    const carol = wb.client('carol');
    const first = await sendMessage(bob, {
      type: 'stream',
      to: 1,
      topic,
      content: 'Has anyone looked at the **build times**?',
    });
    const second = await sendMessage(carol, {
      type: 'stream',
      to: 1,
      topic,
      content: 'Yes — see `scripts/build.mjs`, the cache was off.',
    });
    await updateMessage(carol, {
      message_id: second.id,
      content: 'Yes — see `scripts/build.mjs`; the cache was **off**.',
    });
    await addReaction(bob, { message_id: second.id, emoji_name: 'tada' });
    await addReaction(carol, { message_id: first.id, emoji_name: '+1' });
    await addReaction(bob, { message_id: first.id, emoji_name: '+1' });

    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(1).waitFor({ timeout: 20_000 });
    assert.equal(await frame.locator('li.message').count(), 2);
    assert.ok(await frame.locator('li.message .marker.edited').first().isVisible(), 'no edited marker');
    const counts = await frame.locator('button.reaction .reaction-count').allInnerTexts();
    assert.deepEqual(counts.sort(), ['1', '2']);
    const title = await frame.locator('button.reaction').first().getAttribute('title');
    assert.match(title ?? '', /reacted with/);

    // Compose: Ctrl+Enter sends; the message comes back live.
    await frame.locator('#compose-text').fill('Thanks, turning it on now.');
    await frame.locator('#compose-text').press('Control+Enter');
    await frame.locator('li.message').nth(2).waitFor({ timeout: 10_000 });
    assert.equal(await frame.locator('#compose-text').inputValue(), '');

    // The edit history opens under the message.
    await frame.locator('.marker.edited').first().click();
    await frame.locator('.history-entry').first().waitFor({ timeout: 10_000 });
    await wb.page.waitForTimeout(300);
    await wb.screenshot('topic-view');
  });

  it('searches a channel: each result names its topic, which opens on a click', async () => {
    const bob = wb.client('bob');
    const other = `${topic} elsewhere`;
    await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'a quokka in the first topic' });
    await sendMessage(bob, { type: 'stream', to: 1, topic: other, content: 'another quokka, elsewhere' });
    await wb.runCommand('View: Close All Editors');
    await wb.runCommand('Team Chat: Search in Channel…');
    const input = wb.quickInputBox();
    await input.waitFor({ state: 'visible' });
    await input.fill('general');
    await wb.quickInput().locator('.monaco-list-row', { hasText: '#general' }).first().waitFor({ state: 'visible' });
    await input.press('Enter');
    await wb.answer(/Search #general/, 'quokka');

    const frame = wb.webviewFrame();
    const names = frame.locator('li.message button.topic-name');
    await names.nth(1).waitFor({ timeout: 20_000 });
    assert.deepEqual((await names.allInnerTexts()).sort(), [topic, other].sort());
    assert.equal(
      await frame
        .locator('li.message .content .highlight')
        .first()
        .evaluate((e) => getComputedStyle(e).display),
      'inline',
    );
    await frame.locator('#older', { hasText: 'All matching messages are shown.' }).waitFor({ timeout: 5_000 });
    await wb.screenshot('topic-view-channel-search');

    await names.filter({ hasText: other }).first().click();
    await wb.page.locator('.tab.active', { hasText: `› ${other}` }).waitFor({ timeout: 15_000 });
  });
});
