// The outbox (issue 24) against the local server over HTTP: sends in order and once each through a
// server that is down, frozen, rate-limiting or loses its replies; refusals kept with the server's
// reason; the duplicate check's exact window; the echo of one's own send through the event queue.
import assert from 'node:assert/strict';
import { ChatClient, ValidationError } from '../../../src/api';
import { sendMessage } from '../../../src/api/messages/routes';
import { ChatSession } from '../../../src/store';
import {
  CHECK_COUNT,
  Outbox,
  type OutboxConnection,
  type OutboxDestination,
  type OutboxOptions,
} from '../../../src/store/outbox';
import { byEmail, clientFor, withServer, type Account, type RunningServer } from '../support/server';
import { fakeTimers, MemoryStorage, sentInOrder, sentTexts, until } from '../support/outbox';

type StreamTo = Extract<OutboxDestination, { type: 'stream' }>;
const streamId = (server: RunningServer, name: string): number => server.state.streamsByName.get(name)!.id;

describe('outbox', () => {
  const suite = withServer();
  let alice: Account;
  let bob: Account;
  let aliceClient: ChatClient;
  let bobClient: ChatClient;
  let topicNo = 0;
  /** A topic of `general` of its own for each test. */
  const freshTopic = (): StreamTo => ({
    type: 'stream',
    streamId: streamId(suite.server, 'general'),
    topic: `outbox ${++topicNo}`,
  });

  before(() => {
    alice = byEmail(suite.server, 'alice');
    bob = byEmail(suite.server, 'bob');
    aliceClient = suite.clientOf(alice);
    bobClient = suite.clientOf(bob);
  });

  /** Sends directly, as another device of Alice's would. */
  const post = (to: StreamTo, content: string) =>
    sendMessage(aliceClient, { type: 'channel', to: to.streamId, topic: to.topic, content });

  const open = (options: Partial<OutboxOptions> & { connection?: () => OutboxConnection | undefined } = {}) =>
    Outbox.open({
      storage: new MemoryStorage(),
      connection: () => ({ client: aliceClient, ownUserId: alice.userId }),
      timers: fakeTimers(),
      backoff: { random: () => 1 },
      ...options,
    });

  it('sends five messages to two conversations once each and in order after the server was down', async () => {
    const server = (await suite.start()).server;
    const port = Number(new URL(server.url).port);
    const client = clientFor(server, alice);
    const timers = fakeTimers();
    const outbox = await open({ timers, connection: () => ({ client, ownUserId: alice.userId }) });
    let restarted: RunningServer | undefined;
    try {
      const channelTopic: OutboxDestination = {
        type: 'stream',
        streamId: streamId(server, 'general'),
        topic: 'while down',
      };
      const direct: OutboxDestination = { type: 'private', userIds: [bob.userId] };
      await server.stop();
      const texts = ['down 1', 'down 2', 'down 3', 'down 4', 'down 5'];
      const targets = [channelTopic, direct, channelTopic, channelTopic, direct];
      for (let i = 0; i < 5; i++) await outbox.enqueue(targets[i]!, texts[i]!);
      await outbox.whenIdle();
      assert.deepEqual(
        outbox.entries().map((e) => [e.content, e.state]),
        [
          ['down 1', 'failed'],
          ['down 2', 'waiting'],
          ['down 3', 'waiting'],
          ['down 4', 'waiting'],
          ['down 5', 'waiting'],
        ],
      );
      assert.deepEqual(timers.pending(), [1000], 'one backoff timer, at the first bound');
      // The timer fires while the server is still down: the first entry fails again, the others wait.
      timers.runAll();
      await outbox.whenIdle();
      assert.equal(outbox.entries().length, 5);
      assert.equal(outbox.entries()[0]!.attempts, 2);
      assert.equal(
        outbox.entries()[0]!.sendStartedAt,
        undefined,
        'a refused connection reached no server: nothing to check before the next send',
      );
      assert.deepEqual(timers.pending(), [2000], 'the backoff doubles');

      restarted = (await suite.start({ port })).server;
      outbox.resume();
      await outbox.whenIdle();
      assert.deepEqual(outbox.entries(), []);
      assert.deepEqual(timers.pending(), [], 'resume() cleared the backoff timer');
      const reader = clientFor(restarted, bob);
      try {
        assert.deepEqual(await sentInOrder(reader, [channelTopic, direct], alice.userId, 'down '), texts);
      } finally {
        await reader.close();
      }
    } finally {
      outbox.dispose();
      await client.close();
    }
  });

  it('finds a send whose reply was lost on the server and does not send it again', async () => {
    const to = freshTopic();
    const storage = new MemoryStorage();
    const outbox = await open({ storage });
    suite.server.inject({ kind: 'dropAfter', route: 'POST /messages' });
    await outbox.enqueue(to, 'reply lost');
    await outbox.enqueue(to, 'behind it');
    await outbox.whenIdle();
    const [lost, behind] = outbox.entries();
    assert.equal(lost?.state, 'failed');
    assert.equal(lost?.attempts, 1);
    assert.ok(lost?.sendStartedAt !== undefined, 'the outcome is unknown');
    assert.equal(storage.saved[0]?.sendStartedAt, lost.sendStartedAt, 'the unknown outcome is stored');
    assert.equal(behind?.state, 'waiting', 'the entry behind waits');
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['reply lost'], 'the server has it');

    outbox.resume();
    await outbox.whenIdle();
    assert.deepEqual(outbox.entries(), []);
    assert.deepEqual(
      await sentTexts(bobClient, to, alice.userId),
      ['reply lost', 'behind it'],
      'sent once, and the next after it',
    );
    outbox.dispose();
  });

  it("is acknowledged by the echo of its own send in the session's event queue", async () => {
    const to = freshTopic();
    const session = new ChatSession(aliceClient);
    await session.start();
    const timers = fakeTimers();
    const outbox = await open({
      timers,
      connection: () => ({ client: aliceClient, queueId: session.queueId, ownUserId: alice.userId }),
    });
    const echoes: string[] = [];
    session.onOwnEcho((e) => {
      echoes.push(e.localId);
      void outbox.acknowledge(e.localId, e.messageId);
    });
    try {
      suite.server.inject({ kind: 'dropAfter', route: 'POST /messages' });
      const entry = await outbox.enqueue(to, 'echoed');
      // No resume() and no timer fired: only the echo can remove it.
      await until(() => outbox.entries().length === 0, 'the echo acknowledged the entry');
      assert.deepEqual(echoes, [entry.localId]);
      assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['echoed']);
      // The echo of a send whose reply came first finds nothing left to acknowledge.
      outbox.resume();
      const second = await outbox.enqueue(to, 'echoed too');
      await outbox.whenIdle();
      await until(() => echoes.length === 2, 'the second echo came');
      assert.equal(echoes[1], second.localId);
      assert.deepEqual(outbox.entries(), []);
      assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['echoed', 'echoed too']);
    } finally {
      outbox.dispose();
      await session.stop();
      session.dispose();
    }
  });

  it("keeps a refused message with the server's reason, and the next one still goes", async () => {
    const to = freshTopic();
    const announcements: OutboxDestination = {
      type: 'stream',
      streamId: streamId(suite.server, 'announcements'),
      topic: 'news',
    };
    const archived: OutboxDestination = {
      type: 'stream',
      streamId: streamId(suite.server, 'old-archive'),
      topic: 'history',
    };
    const outbox = await open();
    const seen: string[][] = [];
    outbox.onDidChange((entries) => seen.push(entries.map((e) => `${e.content}: ${e.state}`)));
    await outbox.enqueue(announcements, 'only admins may post here');
    await outbox.enqueue(archived, 'this channel is archived');
    await outbox.enqueue(to, 'goes through');
    await outbox.whenIdle();
    const entries = outbox.entries();
    assert.deepEqual(
      entries.map((e) => [e.content, e.state, e.error?.code]),
      [
        ['only admins may post here', 'refused', 'BAD_REQUEST'],
        ['this channel is archived', 'refused', 'BAD_REQUEST'],
      ],
    );
    assert.equal(entries[0]!.error?.message, "Not authorized to send to channel 'announcements'");
    assert.deepEqual(seen[0], ['only admins may post here: waiting'], 'a change event as soon as it is added');
    assert.deepEqual(
      seen.at(-1),
      ['only admins may post here: refused', 'this channel is archived: refused'],
      'and when the last one went',
    );
    assert.equal(entries[0]!.sendStartedAt, undefined, 'a refusal proves nothing was stored: no check before a retry');
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['goes through']);

    assert.equal(await outbox.edit(entries[0]!.localId, 'edited'), true);
    assert.equal(outbox.entries()[0]!.state, 'refused', 'an edit does not send');
    assert.equal(await outbox.retry(entries[0]!.localId), true);
    await outbox.whenIdle();
    assert.deepEqual(
      outbox.entries().map((e) => [e.content, e.state, e.attempts]),
      [
        ['edited', 'refused', 2],
        ['this channel is archived', 'refused', 1],
      ],
    );
    assert.equal(await outbox.remove(entries[1]!.localId), true);
    assert.deepEqual(
      outbox.entries().map((e) => e.content),
      ['edited'],
      'removed only when asked',
    );
    outbox.dispose();
  });

  it('a frozen server: the send times out, stays failed (not refused) and goes once after resume()', async () => {
    const to = freshTopic();
    // Long enough for the duplicate check on a busy machine, short enough for the test.
    const outbox = await open({ sendTimeoutMs: 2000 });
    suite.server.inject({ kind: 'hang', route: 'POST /messages' });
    const entry = await outbox.enqueue(to, 'frozen');
    await until(() => outbox.entries()[0]?.state === 'sending', 'the send is under way');
    assert.equal(await outbox.remove(entry.localId), false, 'a message being sent cannot be removed');
    assert.equal(await outbox.edit(entry.localId, 'changed'), false, 'nor edited');
    await outbox.whenIdle();
    const [failed] = outbox.entries();
    assert.equal(failed?.state, 'failed');
    assert.ok(failed?.sendStartedAt !== undefined, 'a time-out leaves the outcome unknown');
    assert.ok(failed?.error?.message, 'the failure is described');
    outbox.resume();
    await outbox.whenIdle();
    assert.deepEqual(outbox.entries(), []);
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['frozen']);
    outbox.dispose();
  });

  it("a rate limit pauses for the server's retry-after exactly, then sends", async () => {
    const to = freshTopic();
    const timers = fakeTimers();
    const outbox = await open({ timers });
    suite.server.inject({ kind: 'rateLimit', retryAfter: 2.5, route: 'POST /messages' });
    await outbox.enqueue(to, 'rate limited');
    await outbox.whenIdle();
    assert.deepEqual(
      outbox.entries().map((e) => [e.state, e.error?.code, e.sendStartedAt]),
      [['waiting', 'RATE_LIMIT_HIT', undefined]],
    );
    assert.deepEqual(timers.pending(), [2500]);
    timers.runAll();
    await outbox.whenIdle();
    assert.deepEqual(outbox.entries(), []);
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['rate limited']);
    outbox.dispose();
  });

  it('an edit after a lost reply: the earlier text arrived, so the changed text is kept, refused and not sent', async () => {
    const to = freshTopic();
    const outbox = await open();
    suite.server.inject({ kind: 'dropAfter', route: 'POST /messages' });
    const entry = await outbox.enqueue(to, 'first words');
    await outbox.whenIdle();
    assert.equal(await outbox.edit(entry.localId, 'second thoughts'), true);
    outbox.resume();
    await outbox.whenIdle();
    const [kept] = outbox.entries();
    assert.equal(kept?.content, 'second thoughts');
    assert.equal(kept?.state, 'refused');
    assert.match(kept?.error?.message ?? '', /earlier attempt arrived/);
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['first words']);
    await outbox.retry(entry.localId);
    await outbox.whenIdle();
    assert.deepEqual(
      await sentTexts(bobClient, to, alice.userId),
      ['first words', 'second thoughts'],
      'sent when the user retries',
    );
    outbox.dispose();
  });

  it('a refused API key pauses sending without a timer; nothing is refused or lost', async () => {
    const wrong = clientFor(suite.server, { ...alice, apiKey: 'not-the-key' }, { maxRetries: 0 });
    const timers = fakeTimers();
    const outbox = await open({ timers, connection: () => ({ client: wrong, ownUserId: alice.userId }) });
    try {
      await outbox.enqueue(freshTopic(), 'needs a key');
      await outbox.whenIdle();
      assert.deepEqual(
        outbox.entries().map((e) => [e.state, e.error?.code, e.sendStartedAt]),
        [['failed', 'INVALID_API_KEY', undefined]],
      );
      assert.deepEqual(timers.pending(), [], 'waiting does not fix a key: resume() after signing in again');
    } finally {
      outbox.dispose();
      await wrong.close();
    }
  });

  describe('checks before anything is stored or sent', () => {
    it('refuses a message over max_message_length (code points) and takes one of exactly that length', async () => {
      const storage = new MemoryStorage();
      const outbox = await open({ storage });
      const to = freshTopic();
      const saved = aliceClient.limits;
      aliceClient.limits = { ...saved, maxMessageLength: 20 };
      try {
        await assert.rejects(
          outbox.enqueue(to, 'x'.repeat(21)),
          (e) => e instanceof ValidationError && /at most 20 characters/.test(e.message),
        );
        await assert.rejects(
          outbox.enqueue(to, '   \n '),
          (e) => e instanceof ValidationError && e.field === 'content',
        );
        await assert.rejects(outbox.enqueue(to, ''), ValidationError);
        await assert.rejects(outbox.enqueue({ ...to, topic: 't'.repeat(61) }, 'long topic'), ValidationError);
        await assert.rejects(outbox.enqueue({ type: 'private', userIds: [] }, 'nobody'), ValidationError);
        assert.equal(storage.saves, 0, 'nothing was stored');
        assert.deepEqual(outbox.entries(), []);
        await outbox.enqueue(to, 'x'.repeat(19) + '😀');
        await outbox.enqueue({ ...to, topic: 't'.repeat(60) }, 'x'.repeat(20));
        await outbox.whenIdle();
        assert.deepEqual(outbox.entries(), []);
        assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['x'.repeat(19) + '😀']);
      } finally {
        aliceClient.limits = saved;
        outbox.dispose();
      }
    });

    it('without a client yet, checks against the default limits and stores without sending', async () => {
      const storage = new MemoryStorage();
      const outbox = await open({ storage, connection: () => undefined });
      await assert.rejects(outbox.enqueue(freshTopic(), 'y'.repeat(10_001)), ValidationError);
      await outbox.enqueue(freshTopic(), 'y'.repeat(10_000));
      await outbox.whenIdle();
      assert.deepEqual(
        storage.saved.map((e) => [e.state, e.attempts]),
        [['waiting', 0]],
      );
      outbox.dispose();
    });
  });

  describe("the duplicate check's window", () => {
    /** Sends `text` directly, then opens an outbox holding that text with a send of unknown outcome; the texts after. */
    async function unknownOutcome(
      to: StreamTo,
      text: string,
      createdAt: (timestampMs: number) => number,
      afterMessageId?: (id: number) => number,
    ) {
      const { id } = await post(to, text);
      const made = createdAt(suite.server.state.messages.get(id)!.timestamp * 1000);
      const after = afterMessageId === undefined ? {} : { afterMessageId: afterMessageId(id) };
      const storage = new MemoryStorage([
        {
          localId: 'crashed',
          to,
          content: text,
          createdAt: made,
          state: 'sending',
          attempts: 1,
          sendStartedAt: made,
          ...after,
        },
      ]);
      const outbox = await open({ storage, clockSkewMs: 60_000 });
      await outbox.whenIdle();
      assert.deepEqual(outbox.entries(), []);
      outbox.dispose();
      return sentTexts(bobClient, to, alice.userId);
    }

    it('counts a message sent exactly clockSkewMs before the entry was made as the delivery', async () => {
      assert.deepEqual(
        await unknownOutcome(freshTopic(), 'at the edge', (t) => t + 60_000 + 999),
        ['at the edge'],
        'not sent again',
      );
    });

    it('sends again when the same text is one second older than that', async () => {
      assert.deepEqual(await unknownOutcome(freshTopic(), 'too old', (t) => t + 61_000), ['too old', 'too old']);
    });

    it('counts only messages newer than the last one the outbox had delivered when the send began', async () => {
      assert.deepEqual(
        await unknownOutcome(
          freshTopic(),
          'newer',
          (t) => t,
          (id) => id - 1,
        ),
        ['newer'],
        'found',
      );
      assert.deepEqual(
        await unknownOutcome(
          freshTopic(),
          'said twice',
          (t) => t,
          (id) => id,
        ),
        ['said twice', 'said twice'],
        'not this send',
      );
    });

    it(`looks at one's newest ${CHECK_COUNT} messages of the conversation, not one more`, async () => {
      for (const [after, copies] of [
        [CHECK_COUNT - 1, 1],
        [CHECK_COUNT, 2],
      ] as const) {
        const to = freshTopic();
        const { id } = await post(to, 'needle');
        for (let i = 0; i < after; i++) await post(to, `hay ${i}`);
        const createdAt = suite.server.state.messages.get(id)!.timestamp * 1000;
        const storage = new MemoryStorage([
          {
            localId: `c${after}`,
            to,
            content: 'needle',
            createdAt,
            state: 'waiting',
            attempts: 1,
            sendStartedAt: createdAt,
          },
        ]);
        const outbox = await open({ storage });
        await outbox.whenIdle();
        outbox.dispose();
        const needles = (await sentTexts(bobClient, to, alice.userId)).filter((t) => t === 'needle');
        assert.equal(needles.length, copies, `with ${after} newer messages`);
      }
    });
  });
});
