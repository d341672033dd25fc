// A chat server that stops answering (accepts connections, never replies): the event queue's time
// limits, derived from when a heartbeat must have arrived, notice it and report `reconnecting` at
// once; the queue recovers by itself when the server answers again. Against the local server over
// real HTTP, frozen with its `hang` fault.
import assert from 'node:assert/strict';
import { type ChatClient, NetworkError } from '../../../../src/api';
import {
  EventQueue,
  HEARTBEAT_MARGIN_MS,
  LATEST_HEARTBEAT_SECONDS,
  pollTimeLimitMs,
} from '../../../../src/api/events/queue';
import { sendMessage } from '../../../../src/api/messages/routes';
import { accountWithRole, ADMIN, clientFor, MEMBER, withServer, type RunningServer } from '../../support/server';
import { QueueRecorder } from '../../support/queueRecorder';

/** The long-poll timeout the server announces: idle polls end with a heartbeat after 1 s. */
const LONGPOLL_SECONDS = 2;

const isTimeout = (error: unknown): boolean => error instanceof NetworkError && error.kind === 'timeout';

describe('EventQueue: a server that stops answering', function () {
  this.timeout(60_000);

  describe('pollTimeLimitMs', () => {
    it('is when a heartbeat must have arrived plus a margin', () => {
      assert.equal(LATEST_HEARTBEAT_SECONDS, 55);
      assert.equal(HEARTBEAT_MARGIN_MS, 10_000);
      assert.equal(pollTimeLimitMs(90), 65_000);
      assert.equal(pollTimeLimitMs(56), 65_000);
      assert.equal(pollTimeLimitMs(55), 65_000);
      assert.equal(pollTimeLimitMs(54), 64_000);
      assert.equal(pollTimeLimitMs(30), 40_000);
      assert.equal(pollTimeLimitMs(2), 12_000);
      assert.equal(pollTimeLimitMs(90, 0), 55_000);
      assert.equal(pollTimeLimitMs(2, 500), 2_500);
    });
  });

  describe('against the local server', () => {
    let server: RunningServer;
    let client: ChatClient;
    let otherClient: ChatClient;
    const queues: EventQueue[] = [];

    const testServer = withServer({ longpollTimeoutSeconds: LONGPOLL_SECONDS }, 'test');
    beforeEach(async () => {
      server = testServer.server;
      // A short client time limit: only `/register` uses it (polls have their own).
      client = clientFor(server, accountWithRole(server, MEMBER), { timeoutMs: 3000 });
      otherClient = clientFor(server, accountWithRole(server, ADMIN));
    });

    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.stop()));
      await client.close();
      await otherClient.close();
    });

    function queueWith(rec: QueueRecorder): EventQueue {
      const queue = new EventQueue(client, { backoff: { baseMs: 10, capMs: 50 }, ...rec.handlers });
      queues.push(queue);
      return queue;
    }

    it('reports reconnecting within the poll time limit when a long-poll is never answered, then recovers', async () => {
      const rec = new QueueRecorder();
      const queue = queueWith(rec);
      await queue.start();
      const limitMs = pollTimeLimitMs(LONGPOLL_SECONDS);
      // Freeze the server for the next poll: the one after the poll the server holds now.
      const held = () => Boolean(server.server.queues.byId.get(queue.queueId!)?.waiter);
      await rec.until(held, 'a long-poll held by the server');
      const seen = queue.lastEventId;
      server.inject({ kind: 'hang', route: 'GET /events' });
      await rec.until(() => queue.lastEventId > seen, 'the held poll answered with a heartbeat');
      const frozenAt = Date.now();
      await rec.until(() => server.hungRequests() === 1, 'the next poll held by the frozen server');
      const me = accountWithRole(server, MEMBER);
      const text = `sent while frozen ${Date.now()}`;
      await sendMessage(otherClient, { type: 'direct', to: [me.userId], content: text });

      // Generous slack for a busy machine; never before the limit (undici's timers run up to 1 s early).
      await rec.until(() => rec.statuses.some((s) => s.status === 'reconnecting'), 'reconnecting', limitMs + 15_000);
      const reconnecting = rec.statuses.find((s) => s.status === 'reconnecting')!;
      assert.ok(
        reconnecting.at - frozenAt >= limitMs - 1500,
        `reconnecting after ${reconnecting.at - frozenAt} ms, before the ${limitMs} ms limit`,
      );
      assert.ok(
        isTimeout(reconnecting.detail?.error),
        `a time-out in the detail: ${String(reconnecting.detail?.error)}`,
      );
      assert.equal((reconnecting.detail?.error as NetworkError).route, 'GET /events');
      assert.equal(typeof reconnecting.detail?.retryInMs, 'number');
      assert.equal(rec.hasMessage(text), false, 'nothing arrived while the server was frozen');

      // The fault is used up: the next poll is answered, with what was sent meanwhile.
      await rec.until(() => rec.hasMessage(text), 'the message sent while frozen', 10_000);
      assert.deepEqual(
        rec.statuses.map((s) => s.status),
        ['connecting', 'live', 'reconnecting', 'live'],
      );
      assert.equal(rec.snapshots.length, 1, 'the same queue: no new registration');
      await rec.until(() => server.hungRequests() === 0, 'the abandoned poll closed');
    });

    it('retries a /register that is never answered; start() resolves once the server answers', async () => {
      const rec = new QueueRecorder();
      const queue = queueWith(rec);
      server.inject({ kind: 'hang', route: 'POST /register', times: 2 });
      await Promise.race([
        queue.start(),
        new Promise((_, reject) =>
          setTimeout(
            () => reject(new Error(`start() still pending: ${JSON.stringify(rec.statuses.map((s) => s.status))}`)),
            20_000,
          ),
        ),
      ]);
      assert.equal(queue.status, 'live');
      assert.equal(rec.snapshots.length, 1);
      const statuses = rec.statuses.map((s) => s.status);
      assert.deepEqual(statuses, ['connecting', 'reconnecting', 'reconnecting', 'live']);
      for (const s of rec.statuses.filter((x) => x.status === 'reconnecting')) {
        assert.ok(isTimeout(s.detail?.error), `a time-out in the detail: ${String(s.detail?.error)}`);
        assert.equal((s.detail?.error as NetworkError).route, 'POST /register');
      }
      await rec.until(() => server.hungRequests() === 0, 'the abandoned registrations closed');
    });
  });
});
