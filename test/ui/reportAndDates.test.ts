// Report a message and Go to Date in the real workbench (issue 27 items 7 and 8): "Report…" on a
// message asks the reason (the server's list) and a description ("Other reason" needs one: the
// box says so and keeps the report), then confirms; the conversation view's "Go to Date…" (its
// title bar) scrolls to the first message of the day typed. Screenshots of the reasons, the
// refused description, the confirmation and the view after going to a date.
import * as assert from 'assert';
import { getMessages, sendMessage } from '../../src/api/messages/routes';
import { dayText } from '../../src/messageList/dateInput';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

const DAY = 86_400;
const LEADERSHIP = 6;

describe('UI report a message, go to a date', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('Report… from the message actions: a reason, a description, a confirmation', async () => {
    const topic = `report ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'win a prize, send your password' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const message = frame.locator('li.message', { hasText: 'win a prize' });
    await message.waitFor({ timeout: 30_000 });
    await message.hover();
    await message.locator('button', { hasText: 'Report…' }).click();

    const list = wb.quickInput();
    const rows = list.locator('.monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.deepEqual(
      (await rows.allInnerTexts()).map((t) => t.trim()),
      ['Spam', 'Harassment', 'Inappropriate content', 'Violates community norms', 'Other reason'],
    );
    assert.equal(
      await wb.quickInputBox().getAttribute('placeholder'),
      'Why should the moderators look at this message?',
    );
    await wb.screenshot('message-report-reasons');
    await rows.filter({ hasText: 'Other reason' }).click();

    // "Other reason" needs a description: Enter on an empty box is refused, with the reason.
    const box = wb.quickInputBox();
    await list
      .locator('.quick-input-message, .quick-input-description', { hasText: /required/ })
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await box.press('Enter');
    await wb.page.waitForTimeout(500);
    assert.ok(await box.isVisible(), 'the box stays open');
    await wb.page
      .locator('.quick-input-message', { hasText: 'description is required' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('message-report-description-required');
    await box.fill('Phishing for passwords.');
    await box.press('Enter');

    await wb.waitForNotification(/Reported to the moderators \(Other reason\)/, 20_000);
    await wb.page.waitForTimeout(800); // the toast slides in
    await wb.screenshot('message-reported');
    const { messages } = await getMessages(wb.client('olivia'), {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: LEADERSHIP }],
      apply_markdown: false,
    });
    assert.equal(messages[0]?.subject, 'Bob Brown moderation');
    assert.match(messages[0]!.content, /\*\*Other reason\*\*\. Phishing for passwords\./);
  });

  it('Go to Date… in the title bar scrolls to the first message of that day', async () => {
    const topic = `dates ${Date.now() % 100000}`;
    const bob = wb.client('bob');
    await wb.testControl('advance-clock', { seconds: -10 * DAY });
    try {
      await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'said ten days ago' });
    } finally {
      await wb.testControl('advance-clock', { seconds: 10 * DAY });
    }
    for (let i = 0; i < 120; i++)
      await sendMessage(bob, { type: 'stream', to: 1, topic, content: `said today, number ${i}` });
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message', { hasText: 'number 119' }).waitFor({ timeout: 30_000 });
    const old = frame.locator('li.message', { hasText: 'said ten days ago' });
    assert.equal(await old.count(), 0, 'not on the first page');

    await wb.page.locator('.editor-actions .action-label[aria-label*="Go to Date"]').first().click({ timeout: 20_000 });
    await wb.answer(/first message on or after that day/, dayText(new Date(Date.now() - 10 * DAY * 1000)));
    await old.waitFor({ state: 'visible', timeout: 30_000 });
    // Scrolled to: the message is inside the list's visible part.
    await wb.page.waitForTimeout(500);
    const inView = await old.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    assert.ok(inView, 'the message of that day is on screen');
    await wb.screenshot('go-to-date');
  });
});
