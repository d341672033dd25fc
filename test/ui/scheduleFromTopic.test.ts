// UI: "Schedule Message…" from a topic row's context menu in the Topics tree — the command gets
// the tree row, asks only for the text and the time (the when-picker's presets), and the
// scheduled message on the server goes to that channel and topic.
import * as assert from 'assert';
import { deleteScheduledMessage, getScheduledMessages } from '../../src/api/personal/routes';
import { sendMessage } from '../../src/api/messages/routes';
import { getSubscriptions } from '../../src/api/channels/routes';
import { useWorkbench } from './workbench';

describe('UI: schedule a message from the Topics tree', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `schedule from tree ${Date.now()}`;

  it('asks for the text and the time, and schedules to the row’s topic', async () => {
    const client = wb.client(wb.firstMember());
    const general = (await getSubscriptions(client)).subscriptions.find((s) => s.name === 'general')!;
    await sendMessage(client, { type: 'stream', to: general.stream_id, topic, content: 'a topic to schedule into' });
    await wb.openActivity('Team Chat');
    await wb.view('Channels').locator('.monaco-list-row', { hasText: 'general' }).first().click();
    const row = wb.view('Topics').locator('.monaco-list-row', { hasText: topic }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.click({ button: 'right' });
    const item = wb.page.locator('.monaco-menu .action-item', { hasText: 'Schedule Message…' }).first();
    await item.waitFor({ timeout: 10_000 });
    await wb.screenshot('topics-menu-schedule');
    await item.click();

    const quick = wb.quickInput();
    const input = wb.quickInputBox();
    // No channel or topic question: the title names the row's topic.
    await quick
      .locator('.quick-input-title', { hasText: `#general > ${topic}` })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await input.fill('Scheduled from the **tree**');
    await input.press('Enter');
    await quick
      .locator('.monaco-list-row', { hasText: 'In 1 hour' })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('topics-menu-schedule-when');
    await input.fill('In 1 hour');
    await input.press('Enter');
    await wb.waitForNotification('Scheduled for');

    const { scheduled_messages: list } = await getScheduledMessages(client);
    const mine = list.find((s) => s.content === 'Scheduled from the **tree**');
    assert.ok(mine, JSON.stringify(list));
    assert.equal(mine.to, general.stream_id);
    assert.equal(mine.topic, topic);
    const hours = (mine.scheduled_delivery_timestamp - Date.now() / 1000) / 3600;
    assert.ok(hours > 0.9 && hours <= 1.01, `delivery in ${hours} h`);
    await deleteScheduledMessage(client, { scheduled_message_id: mine.scheduled_message_id });
  });
});
