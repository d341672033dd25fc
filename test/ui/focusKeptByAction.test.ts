// The keyboard focus survives a change of the control it is on (issue 26 item 3): starring a
// message and toggling a reaction from the keyboard re-render the message's row, and the focus stays
// on the same action of the same message (the star, the reaction), though its title, label and place
// change: taking back your reaction from a group you opened moves the group after the next one
// (groups are in the order of their first reaction), so neither the title nor the place finds it.
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import { addReaction, sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** What has the focus in the page: its message (data-id) and which control of it (star, reaction:<emoji>, …). */
async function focused(frame: FrameLocator): Promise<{ id: number | undefined; control: string }> {
  return frame.locator('body').evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const li = a?.closest<HTMLElement>('li.message');
    const control = !a
      ? 'none'
      : a === li
        ? 'message'
        : a.classList.contains('star')
          ? 'star'
          : a.classList.contains('reaction')
            ? `reaction:${a.dataset.emoji}`
            : `${a.localName}:${(a.textContent ?? '').trim()}`;
    return { id: li ? Number(li.dataset.id) : undefined, control };
  });
}

describe('UI focus kept by message and action', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('starring a message and toggling a reaction from the keyboard keep the focus on that button', async () => {
    const topic = `focus kept ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    const first = (await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'star me' })).id;
    const second = (await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'react to me' })).id;
    // Reactions to the second: 👍 by you (alice), then 🎉 and 👍 by Carol: the groups are [👍 2, 🎉 1].
    await addReaction(wb.client('alice'), { message_id: second, emoji_name: '+1' });
    await addReaction(wb.client('carol'), { message_id: second, emoji_name: 'tada' });
    await addReaction(wb.client('carol'), { message_id: second, emoji_name: '+1' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const row = (id: number) => frame.locator(`li.message[data-id="${id}"]`);
    await row(second).locator('.reaction[data-emoji="tada"]').waitFor({ timeout: 30_000 });

    /** From the message, → until the focus is on `control` (at most 20 presses). */
    async function walkTo(id: number, control: string): Promise<void> {
      await row(id).focus();
      let at = await focused(frame);
      for (let i = 0; i < 20 && at.control !== control; i++) {
        await wb.page.keyboard.press('ArrowRight');
        at = await focused(frame);
      }
      assert.deepEqual(at, { id, control }, `→ did not reach ${control}`);
    }
    /** Waits until `selector` in message `id` has aria-pressed `pressed` (the row was drawn again). */
    async function pressed(id: number, selector: string, value: boolean): Promise<void> {
      await row(id).locator(`${selector}[aria-pressed="${value}"]`).waitFor({ timeout: 20_000 });
      // The focus is put back in the same task as the re-render; give a busy machine a moment anyway.
      await wb.page.waitForTimeout(300);
    }

    // The star: its title and glyph change ("Star" → "Unstar", ☆ → ★); the focus stays on it.
    await walkTo(first, 'star');
    await wb.page.keyboard.press('Enter');
    await pressed(first, 'button.star', true);
    assert.deepEqual(await focused(frame), { id: first, control: 'star' }, 'starring lost the focus');
    await wb.page.keyboard.press('Enter');
    await pressed(first, 'button.star', false);
    assert.deepEqual(await focused(frame), { id: first, control: 'star' }, 'unstarring lost the focus');

    // A reaction: taking yours back from 👍 makes it [🎉 1, 👍 1]; the focus stays on 👍, and again when you put it back.
    const thumbs = '.reaction[data-emoji="+1"]';
    const order = () =>
      row(second)
        .locator('.reaction')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.emoji));
    assert.deepEqual(await order(), ['+1', 'tada']);
    await walkTo(second, 'reaction:+1');
    await wb.page.keyboard.press('Enter');
    await pressed(second, thumbs, false);
    assert.deepEqual(await order(), ['tada', '+1']);
    assert.equal(await row(second).locator(`${thumbs} .reaction-count`).innerText(), '1');
    assert.deepEqual(await focused(frame), { id: second, control: 'reaction:+1' }, 'un-reacting lost the focus');
    await wb.page.keyboard.press('Enter');
    await pressed(second, thumbs, true);
    assert.equal(await row(second).locator(`${thumbs} .reaction-count`).innerText(), '2');
    assert.deepEqual(await focused(frame), { id: second, control: 'reaction:+1' }, 'reacting lost the focus');
    await wb.screenshot('focus-kept-on-reaction');
  });
});
