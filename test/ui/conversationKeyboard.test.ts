// The conversation page from the keyboard, in the real workbench: Tab reaches the message list on
// one message (not on a "(moved)" marker or an action button inside it) and leaves it with the next
// Tab; the arrows, Home and End move between messages, → walks a message's marker and actions; the
// focus stays on the same message (and the same action) when its row is rendered again, and moves
// to the next message when its own is deleted. The compose box grows with its text from three
// lines to half the view, then scrolls. Screenshots of both.
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import { addReaction, deleteMessage, sendMessage, updateMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** What has the focus in the page: the message it is in (data-id), whether it is the message itself, its text. */
async function focused(
  frame: FrameLocator,
): Promise<{ id: number | undefined; onMessage: boolean; inList: boolean; text: string; elementId: string }> {
  return frame.locator('body').evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const li = a?.closest<HTMLElement>('li.message');
    return {
      id: li ? Number(li.dataset.id) : undefined,
      onMessage: a !== null && a === li,
      inList: a !== null && document.getElementById('list')!.contains(a),
      text: a && a !== li ? (a.textContent ?? '').trim() : '',
      elementId: a?.id ?? '',
    };
  });
}

describe('UI conversation keyboard', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('Tab lands on a message, the arrows move between messages, and the focus survives re-renders', async () => {
    const topic = `roving ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    const ids: number[] = [];
    for (const content of ['first from Bob', 'second from Bob, see https://example.com/a'])
      ids.push((await sendMessage(bob, { type: 'stream', to: 1, topic, content })).id);
    // Moved here from another topic: it shows a "(moved)" marker (a button).
    const moved = (
      await sendMessage(bob, { type: 'stream', to: 1, topic: `${topic} elsewhere`, content: 'moved in from elsewhere' })
    ).id;
    await updateMessage(bob, {
      message_id: moved,
      topic,
      propagate_mode: 'change_one',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    });
    ids.push(moved);
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const messages = frame.locator('li.message');
    await messages.nth(2).locator('button.marker.moved').waitFor({ timeout: 30_000 });
    const list = frame.locator('#list');

    // Inside the list exactly one element is in the Tab order: the newest message.
    const tabbable = () =>
      list.evaluate((l) =>
        [...l.querySelectorAll<HTMLElement>('*')]
          .filter((e) => e.tabIndex >= 0)
          .map((e) => e.localName + (e.dataset.id ? `#${e.dataset.id}` : '')),
      );
    assert.deepEqual(await tabbable(), [`li#${moved}`]);

    // From the search box above, Tab goes on until it enters the list: it enters on the message.
    await frame.locator('#search').focus();
    let at = await focused(frame);
    for (let i = 0; i < 10 && !at.inList; i++) {
      await wb.page.keyboard.press('Tab');
      at = await focused(frame);
    }
    assert.deepEqual(at, { id: moved, onMessage: true, inList: true, text: '', elementId: '' });
    // The next Tab leaves the list (no marker or action of the message on the way); Shift+Tab comes back to it.
    await wb.page.keyboard.press('Tab');
    at = await focused(frame);
    assert.equal(at.inList, false, `Tab stayed in the list on "${at.text}"`);
    assert.equal(at.elementId, 'compose-text');
    await wb.page.keyboard.press('Shift+Tab');
    assert.deepEqual(await focused(frame), { id: moved, onMessage: true, inList: true, text: '', elementId: '' });

    // → walks the message's controls: the "(moved)" marker first, then the actions; ↑ from an action goes to the message above.
    await wb.page.keyboard.press('ArrowRight');
    assert.deepEqual(await focused(frame), {
      id: moved,
      onMessage: false,
      inList: true,
      text: '(moved)',
      elementId: '',
    });
    await wb.page.keyboard.press('ArrowRight');
    assert.equal((await focused(frame)).text, 'Reply');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('conversation-keyboard-marker-and-actions');
    await wb.page.keyboard.press('ArrowUp');
    assert.deepEqual(await focused(frame), { id: ids[1], onMessage: true, inList: true, text: '', elementId: '' });
    assert.deepEqual(await tabbable(), [`li#${ids[1]}`], 'the link in the message is not in the Tab order either');
    await wb.page.keyboard.press('Home');
    assert.deepEqual(await focused(frame), { id: ids[0], onMessage: true, inList: true, text: '', elementId: '' });
    await wb.page.keyboard.press('ArrowUp');
    assert.equal((await focused(frame)).id, ids[0], '↑ on the first message stays there');
    await wb.page.keyboard.press('End');
    assert.equal((await focused(frame)).id, moved);
    await wb.page.keyboard.press('ArrowUp');
    await wb.page.keyboard.press('ArrowUp');
    assert.deepEqual(await focused(frame), { id: ids[0], onMessage: true, inList: true, text: '', elementId: '' });

    // A reaction re-renders the row: the focus stays on that message.
    await addReaction(wb.client('carol'), { message_id: ids[0]!, emoji_name: 'tada' });
    await messages.nth(0).locator('.reaction').waitFor({ timeout: 20_000 });
    assert.deepEqual(await focused(frame), { id: ids[0], onMessage: true, inList: true, text: '', elementId: '' });
    // On an action, it stays on that action; a new message below does not move it either.
    await wb.page.keyboard.press('ArrowRight');
    await wb.page.keyboard.press('ArrowRight');
    assert.equal((await focused(frame)).text, 'Quote');
    await addReaction(wb.client('carol'), { message_id: ids[0]!, emoji_name: '+1' });
    await messages.nth(0).locator('.reaction').nth(1).waitFor({ timeout: 20_000 });
    await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'a new one below' });
    await messages.nth(3).waitFor({ timeout: 20_000 });
    assert.deepEqual(await focused(frame), {
      id: ids[0],
      onMessage: false,
      inList: true,
      text: 'Quote',
      elementId: '',
    });
    assert.deepEqual(await tabbable(), [`li#${ids[0]}`]);
    // The focused message deleted: the next one takes the focus.
    await deleteMessage(bob, { message_id: ids[0]! });
    await frame.locator(`li.message[data-id="${ids[0]}"]`).waitFor({ state: 'detached', timeout: 20_000 });
    assert.deepEqual(await focused(frame), { id: ids[1], onMessage: true, inList: true, text: '', elementId: '' });
    assert.deepEqual(await tabbable(), [`li#${ids[1]}`]);
  });

  it('the compose box grows with a long quote up to half the view, then scrolls', async () => {
    const topic = `compose height ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'a message to quote' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const text = frame.locator('#compose-text');
    await text.waitFor({ timeout: 30_000 });
    // The rule: three lines at least, the content's height up to half the view's, then a scroll bar.
    const measure = () =>
      text.evaluate((t: HTMLTextAreaElement) => {
        const style = getComputedStyle(t);
        const chrome =
          parseFloat(style.paddingTop) +
          parseFloat(style.paddingBottom) +
          parseFloat(style.borderTopWidth) +
          parseFloat(style.borderBottomWidth);
        return {
          height: t.getBoundingClientRect().height,
          line: parseFloat(style.lineHeight),
          chrome,
          half: window.innerHeight / 2,
          scrolls: t.scrollHeight > t.clientHeight + 1,
        };
      });
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `> line ${i + 1} of the quote`).join('\n');

    await text.fill('');
    let m = await measure();
    assert.ok(Number.isFinite(m.line) && m.line > 0, `line-height ${m.line}`);
    assert.ok(
      Math.abs(m.height - (3 * m.line + m.chrome)) <= 1,
      `empty: ${m.height}px, three lines are ${3 * m.line + m.chrome}px`,
    );
    assert.equal(m.scrolls, false);

    await text.fill(lines(6));
    m = await measure();
    assert.ok(6 * m.line + m.chrome < m.half, 'the view is too low for the six-line case');
    assert.ok(
      Math.abs(m.height - (6 * m.line + m.chrome)) <= 1,
      `six lines: ${m.height}px, expected ${6 * m.line + m.chrome}px`,
    );
    assert.equal(m.scrolls, false);

    await text.fill(lines(80));
    m = await measure();
    assert.ok(Math.abs(m.height - m.half) <= 1, `a long quote: ${m.height}px, half the view is ${m.half}px`);
    assert.equal(m.scrolls, true, 'the long quote scrolls inside the box');
    // The newest message is still in view above the box.
    const last = frame.locator('li.message').last();
    const [lastBottom, composeTop] = await Promise.all([
      last.evaluate((e) => e.getBoundingClientRect().bottom),
      frame.locator('#messages').evaluate((e) => e.getBoundingClientRect().bottom),
    ]);
    assert.ok(
      lastBottom <= composeTop + 1,
      `the newest message (bottom ${lastBottom}) is hidden under the box (list ends at ${composeTop})`,
    );
    await wb.page.waitForTimeout(300);
    await wb.screenshot('compose-long-quote');

    await text.fill('');
    m = await measure();
    assert.ok(Math.abs(m.height - (3 * m.line + m.chrome)) <= 1, `emptied: ${m.height}px`);
  });
});
