// The message list from the keyboard, in the real workbench: Tab reaches one message, the arrows
// move between messages and along its actions, `q` quotes into the compose box, `r` replies
// (focuses the compose box), and Delete on an own message asks first, then removes it.
// Screenshots of the keyboard focus on a message action and of the confirmation.
import * as assert from 'assert';
import { sendMessage, updateMessageFlags } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI message actions from the keyboard', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('moves with the arrows, quotes with q, replies with r, and deletes after confirming', async () => {
    const topic = `keyboard ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    for (const text of ['one from Bob', 'two from Bob'])
      await sendMessage(bob, { type: 'stream', to: 1, topic, content: text });
    await sendMessage(wb.client('alice'), { type: 'stream', to: 1, topic, content: 'mine, to delete' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const messages = frame.locator('li.message');
    await messages.nth(2).waitFor({ timeout: 30_000 });

    // One message is in the Tab order: the newest.
    assert.deepEqual(await messages.evaluateAll((els) => els.map((el) => (el as HTMLElement).tabIndex)), [-1, -1, 0]);
    await messages.nth(2).focus();
    await wb.page.keyboard.press('ArrowUp');
    const focusedText = () =>
      frame
        .locator(':focus')
        .evaluate((el) => (el.closest('li.message')?.querySelector('.content')?.textContent ?? '').trim());
    assert.equal(await focusedText(), 'two from Bob');
    assert.deepEqual(await messages.evaluateAll((els) => els.map((el) => (el as HTMLElement).tabIndex)), [-1, 0, -1]);

    // → walks the message's actions; Reply is first, Quote next.
    await wb.page.keyboard.press('ArrowRight');
    assert.equal(await frame.locator(':focus').innerText(), 'Reply');
    await wb.page.keyboard.press('ArrowRight');
    assert.equal(await frame.locator(':focus').innerText(), 'Quote');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('message-action-keyboard-focus');

    // q on the message quotes it into the compose box.
    await wb.page.keyboard.press('ArrowLeft');
    await wb.page.keyboard.press('ArrowLeft');
    await wb.page.keyboard.press('ArrowLeft');
    await wb.page.keyboard.press('q');
    const compose = frame.locator('#compose-text');
    await frame.locator('#compose-text:focus').waitFor({ timeout: 20_000 });
    assert.match(
      await compose.inputValue(),
      /^@_\*\*Bob Brown\|\d+\*\* \[said\]\([^)]+\):\n```quote\ntwo from Bob\n```\n$/,
    );

    // r on a message focuses the compose box.
    await messages.nth(0).focus();
    await wb.page.keyboard.press('r');
    await frame.locator('#compose-text:focus').waitFor({ timeout: 5_000 });

    // Delete (own message only) asks first; confirmed, the message goes.
    assert.equal(
      await messages.nth(0).locator('button', { hasText: 'Delete' }).count(),
      0,
      'no Delete on Bob’s message',
    );
    await messages.nth(2).hover();
    await messages.nth(2).locator('button', { hasText: 'Delete' }).click();
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await dialog.innerText(), /Delete this message for everyone\?[\s\S]*mine, to delete/);
    await wb.screenshot('message-delete-confirm');
    await dialog.locator('.monaco-button', { hasText: 'Delete' }).click();
    await frame.locator('li.message', { hasText: 'mine, to delete' }).waitFor({ state: 'detached', timeout: 20_000 });
    assert.equal(await messages.count(), 2);
  });

  it('Read by lists who has read a message', async () => {
    const topic = `read by ${Date.now() % 100000}`;
    const { id } = await sendMessage(wb.client('alice'), {
      type: 'stream',
      to: 1,
      topic,
      content: 'read this, please',
    });
    await updateMessageFlags(wb.client('bob'), { messages: [id], op: 'add', flag: 'read' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const message = frame.locator('li.message', { hasText: 'read this, please' });
    await message.waitFor({ timeout: 30_000 });
    await message.hover();
    await message.locator('button', { hasText: 'Read by' }).click();
    const list = wb.quickInput();
    await list.locator('.monaco-list-row', { hasText: 'Bob Brown' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await list.innerText(), /Read by 1 person/);
    assert.equal(await list.locator('.monaco-list-row').count(), 1);
    await wb.screenshot('message-read-by');
    await wb.page.keyboard.press('Escape');
  });
});
