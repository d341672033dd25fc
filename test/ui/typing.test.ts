// Typing notifications in the real workbench: typing in a topic's compose box reaches another
// user's event queue, and others typing show above the compose box ("… are typing…"), cleared when
// they stop (screenshot typing-indicator).
import * as assert from 'assert';
import { getEvents, registerQueue } from '../../src/api/events/routes';
import { sendMessage } from '../../src/api/messages/routes';
import { setTypingStatus } from '../../src/api/typing/routes';
import type { ChatClient } from '../../src/api';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

type Json = Record<string, any>;

describe('UI typing notifications', function () {
  this.timeout(300_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `typing ${Date.now() % 100000}`;

  /** Polls `client`'s queue until a typing event matches; returns it. */
  async function awaitTyping(
    client: ChatClient,
    queue: { queue_id: string; last: number },
    probe: (e: Json) => boolean,
  ): Promise<Json> {
    const end = Date.now() + 30_000;
    for (;;) {
      const { events } = await getEvents(client, {
        queue_id: queue.queue_id,
        last_event_id: queue.last,
        dont_block: true,
      });
      if (events.length) queue.last = (events[events.length - 1] as Json).id;
      const found = (events as Json[]).find((e) => e.type === 'typing' && probe(e));
      if (found) return found;
      assert.ok(Date.now() < end, 'the typing event arrives');
      await wb.page.waitForTimeout(250);
    }
  }

  it('sends while typing and shows who else is typing above the compose box', async () => {
    const me = wb.account('alice');
    const bob = wb.client('bob');
    const carol = wb.client('carol');
    await sendMessage(bob, { type: 'stream', to: 1, topic, content: 'Who is writing the release notes?' });
    const reg = await registerQueue(bob, {
      event_types: ['typing'],
      fetch_event_types: [],
      client_capabilities: { stream_typing_notifications: true },
    });
    const queue = { queue_id: reg.queue_id, last: reg.last_event_id };

    await wb.waitForLiveSession(120_000); // the machine may be busy
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 20_000 });

    // Alice types: Bob's queue gets her start for this topic.
    await frame.locator('#compose-text').pressSequentially('I can take them', { delay: 30 });
    const start = await awaitTyping(bob, queue, (e) => e.sender.user_id === me.userId);
    assert.deepEqual([start.op, start.message_type, start.stream_id, start.topic], ['start', 'stream', 1, topic]);

    // Bob and Carol type: both named, in a polite live region above the compose box.
    await setTypingStatus(bob, { op: 'start', type: 'stream', stream_id: 1, topic });
    await setTypingStatus(carol, { op: 'start', type: 'stream', stream_id: 1, topic });
    const indicator = frame.locator('#typing');
    await indicator.filter({ hasText: 'Bob Brown and Carol Chen are typing…' }).waitFor({ timeout: 20_000 });
    assert.equal(await indicator.getAttribute('aria-live'), 'polite');
    const [typingBox, composeBox] = await Promise.all([
      indicator.boundingBox(),
      frame.locator('#compose-text').boundingBox(),
    ]);
    assert.ok(
      typingBox && composeBox && typingBox.y + typingBox.height <= composeBox.y,
      'the line is above the compose box',
    );
    await wb.page.waitForTimeout(300);
    await wb.screenshot('typing-indicator');

    // Sending ends Alice's typing at once.
    await frame.locator('#compose-text').press('Control+Enter');
    const stop = await awaitTyping(bob, queue, (e) => e.sender.user_id === me.userId && e.op === 'stop');
    assert.equal(stop.topic, topic);

    // Bob stops: only Carol is left; Carol stops: the line is empty.
    await setTypingStatus(bob, { op: 'stop', type: 'stream', stream_id: 1, topic });
    await indicator.filter({ hasText: /^Carol Chen is typing…$/ }).waitFor({ timeout: 20_000 });
    await setTypingStatus(carol, { op: 'stop', type: 'stream', stream_id: 1, topic });
    const end = Date.now() + 20_000;
    while ((await indicator.innerText()) !== '') {
      assert.ok(Date.now() < end, 'the typing line is cleared');
      await wb.page.waitForTimeout(250);
    }
  });
});
