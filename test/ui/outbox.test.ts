// UI test: the outbox in the conversation view. A send the server cannot take shows below the
// messages as "not sent — <reason>" with Retry, Edit and Delete; Retry sends it (once), Edit puts
// its text back in the compose box beside what was being typed, Delete drops it (nothing sent).
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import type { ChatClient } from '../../src/api';
import { channel, topic as topicOf } from '../../src/api/messages/narrow';
import { getMessages, sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** The server down: its proxy answers 502 to every send until `clear-faults`. */
const DOWN = { kind: 'status', status: 502, route: 'POST /messages', times: 100_000 };
/** The server refuses every send (a reason the user can read) until `clear-faults`. */
const REFUSING = {
  kind: 'status',
  status: 400,
  body: 'json',
  msg: 'Sending is paused for maintenance.',
  code: 'BAD_REQUEST',
  route: 'POST /messages',
  times: 100_000,
};

describe('UI: unsent messages in the conversation view', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });
  const stamp = Date.now().toString(36);
  const topic = `ui outbox ${stamp}`;
  let frame: FrameLocator;
  let reader: ChatClient | undefined;

  /** This run's messages in the topic, as stored (raw Markdown), oldest first. */
  async function arrived(): Promise<string[]> {
    reader ??= wb.client(wb.firstMember());
    const client = reader;
    const { messages } = await getMessages(client, {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [channel(1), topicOf(topic)],
      apply_markdown: false,
    });
    return messages.map((m) => m.content).filter((c) => c.includes(stamp));
  }
  const entries = () => frame.locator('#outbox li.outbox-entry');
  const entry = (text: string) => frame.locator('#outbox li.outbox-entry', { hasText: text });

  async function send(text: string): Promise<void> {
    const box = frame.locator('#compose-text');
    await box.fill(text);
    await box.press('Control+Enter');
    // Kept in the outbox: the box is emptied at once.
    const deadline = Date.now() + 10_000;
    while ((await box.inputValue()) !== '' && Date.now() < deadline) await wb.page.waitForTimeout(200);
    assert.equal(await box.inputValue(), '');
  }

  after(async () => {
    await wb.testControl('clear-faults', {}).catch(() => undefined);
  });

  it('the server down: the send shows "not sent" with the reason and Retry, Edit, Delete', async () => {
    await wb.waitForLiveSession();
    // The topic must exist for the palette: one message in it.
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'Who has the release notes?' });
    frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 20_000 });

    await wb.testControl('fault', DOWN);
    const text = `down: the notes are in the wiki ${stamp}`;
    await send(text);
    const row = entry(text);
    await row.locator('.outbox-status', { hasText: /^not sent — / }).waitFor({ timeout: 30_000 });
    const status = (await row.locator('.outbox-status > span').innerText()).trim();
    assert.match(status, /^not sent — \S/, 'the reason follows');
    assert.deepEqual(await row.locator('.outbox-status button').allInnerTexts(), ['Retry', 'Edit', 'Delete']);
    assert.equal(await row.locator('.outbox-text').innerText(), text);
    await wb.page.waitForTimeout(300);
    await wb.screenshot('outbox-not-sent');
    assert.deepEqual(await arrived(), [], 'nothing arrived while the server was down');

    // Back up: it goes by itself (the outbox retries after a pause), once.
    await wb.testControl('clear-faults', {});
    await entries().first().waitFor({ state: 'detached', timeout: 120_000 });
    await frame.locator('li.message', { hasText: text }).waitFor({ timeout: 20_000 });
    assert.deepEqual(await arrived(), [text]);
  });

  it('Retry sends a refused message once the server takes it', async () => {
    await wb.testControl('fault', REFUSING);
    const text = `retry: sent on the second try ${stamp}`;
    await send(text);
    const row = entry(text);
    await row
      .locator('.outbox-status', { hasText: 'not sent — Sending is paused for maintenance.' })
      .waitFor({ timeout: 30_000 });
    await wb.screenshot('outbox-refused');
    // Refused: kept as it is, nothing sent, until the user acts.
    await wb.page.waitForTimeout(3_000);
    assert.equal(await row.count(), 1);
    assert.deepEqual(
      (await arrived()).filter((c) => c.startsWith('retry:')),
      [],
    );

    await wb.testControl('clear-faults', {});
    await row.locator('button[data-action="retry"]').click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await frame.locator('li.message', { hasText: text }).waitFor({ timeout: 20_000 });
    await wb.page.waitForTimeout(2_000);
    assert.deepEqual(
      (await arrived()).filter((c) => c.startsWith('retry:')),
      [text],
      'arrived once',
    );
    assert.equal(await frame.locator('li.message', { hasText: text }).count(), 1, 'shown once');
  });

  it('Edit puts the text back in the compose box beside what was typed; nothing is sent', async () => {
    await wb.testControl('fault', REFUSING);
    const text = `edit: this needs another word ${stamp}`;
    await send(text);
    const row = entry(text);
    await row.locator('button[data-action="edit"]').waitFor({ timeout: 30_000 });
    const box = frame.locator('#compose-text');
    await box.fill('Typed meanwhile. ');
    await box.press('End');

    await row.locator('button[data-action="edit"]').click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    const deadline = Date.now() + 20_000;
    while (!(await box.inputValue()).includes(text) && Date.now() < deadline) await wb.page.waitForTimeout(200);
    assert.equal(await box.inputValue(), `Typed meanwhile. ${text}`, 'both texts kept');

    await wb.testControl('clear-faults', {});
    await wb.page.waitForTimeout(4_000);
    assert.deepEqual(
      (await arrived()).filter((c) => c.startsWith('edit:')),
      [],
      'nothing sent',
    );
    assert.equal(await entries().count(), 0);
    await box.fill('');
  });

  it('Delete drops the message: gone from the view, nothing sent', async () => {
    await wb.testControl('fault', REFUSING);
    const text = `delete: never mind ${stamp}`;
    await send(text);
    const row = entry(text);
    await row.locator('button[data-action="delete"]').waitFor({ timeout: 30_000 });
    await row.locator('button[data-action="delete"]').click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    assert.equal(await frame.locator('#compose-text').inputValue(), '', 'Delete does not fill the compose box');

    await wb.testControl('clear-faults', {});
    await wb.page.waitForTimeout(4_000);
    assert.deepEqual(
      (await arrived()).filter((c) => c.startsWith('delete:')),
      [],
      'nothing sent',
    );
    assert.equal(await entries().count(), 0);
  });
});
