import * as assert from 'node:assert/strict';
import { ApiError, type ChatClient, MalformedResponseError, NetworkError } from '../../../../src/api';
import {
  EventQueue,
  type EventQueueOptions,
  type QueueStatus,
  type QueueStatusDetail,
} from '../../../../src/api/events/queue';
import type { ChatEvent } from '../../../../src/api/events/models';

type Answer = () => Promise<unknown>;

/** A client stand-in answering the queue's three routes from scripts; an unscripted poll waits for the abort. */
class ScriptedClient {
  calls: string[] = [];
  registers: Answer[] = [];
  polls: Answer[] = [];

  call(key: string, _params: unknown, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    this.calls.push(key);
    if (key === 'POST /register') return (this.registers.shift() ?? (() => Promise.resolve(snapshot())))();
    if (key === 'GET /events') {
      const next = this.polls.shift();
      if (next) return next();
      return new Promise((_, reject) =>
        options.signal?.addEventListener('abort', () => reject(options.signal!.reason as Error)),
      );
    }
    return Promise.resolve({ result: 'success', msg: '' });
  }

  updateLimits(): void {}
}

let queueNumber = 0;
function snapshot(): Record<string, unknown> {
  return { queue_id: `q${++queueNumber}`, last_event_id: -1 };
}
const batch =
  (...events: unknown[]): Answer =>
  () =>
    Promise.resolve({ result: 'success', msg: '', events });
const fail =
  (error: unknown): Answer =>
  () =>
    Promise.reject(error as Error);
const auth = (): ApiError => new ApiError('UNAUTHORIZED', 'Invalid API key', 401, 'GET /events');
const netError = (): NetworkError => new NetworkError('refused', 'GET /events', 'refused');
const heartbeat = (id: number): unknown => ({ id, type: 'heartbeat' });

interface Run {
  client: ScriptedClient;
  queue: EventQueue;
  statuses: [QueueStatus, QueueStatusDetail | undefined][];
  events: ChatEvent[];
  errors: unknown[];
  snapshots: boolean[];
}

function setUp(options: Partial<EventQueueOptions> = {}): Run {
  const client = new ScriptedClient();
  const run: Run = {
    client,
    queue: undefined as unknown as EventQueue,
    statuses: [],
    events: [],
    errors: [],
    snapshots: [],
  };
  run.queue = new EventQueue(client as unknown as ChatClient, {
    onSnapshot: (_, { resync }) => void run.snapshots.push(resync),
    onEvents: (events) => void run.events.push(...events),
    onStatus: (status, detail) => void run.statuses.push([status, detail]),
    onError: (error) => void run.errors.push(error),
    backoff: { baseMs: 1, capMs: 2 },
    random: () => 0.5,
    ...options,
  });
  return run;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 1));
  assert.ok(condition(), 'condition not reached');
}

const names = (run: Run): QueueStatus[] => run.statuses.map(([s]) => s);

describe('EventQueue loop (scripted client)', () => {
  it('refuses a second start', async () => {
    const run = setUp();
    await run.queue.start();
    await assert.rejects(run.queue.start(), /EventQueue.start\(\) was already called\./);
    await run.queue.stop();
  });

  it('gives up at once on a refused registration or an unexpected failure', async () => {
    for (const error of [new ApiError('BAD_REQUEST', 'bad', 400, 'POST /register'), new TypeError('bug')]) {
      const run = setUp();
      run.client.registers.push(fail(error));
      await assert.rejects(run.queue.start(), (e) => e === error);
      assert.deepEqual(run.client.calls, ['POST /register']);
      assert.deepEqual(run.statuses.at(-1), ['stopped', { error }]);
    }
  });

  it('returns quietly when the owner stops the queue while taking the snapshot', async () => {
    const client = new ScriptedClient();
    const queue: EventQueue = new EventQueue(client as unknown as ChatClient, {
      onSnapshot: async () => {
        await queue.stop();
        throw new Error('state could not be built');
      },
      onEvents: () => undefined,
    });
    await queue.start();
    assert.equal(queue.status, 'stopped');
  });

  it('hands no snapshot over when stopped while the registration was answered', async () => {
    const run = setUp();
    let answer!: (value: unknown) => void;
    run.client.registers.push(() => new Promise((resolve) => (answer = resolve)));
    const starting = run.queue.start();
    await until(() => answer !== undefined);
    const stopping = run.queue.stop();
    answer(snapshot());
    await starting;
    await stopping;
    assert.deepEqual(run.snapshots, []);
  });

  it('registers again after the server dropped the queue, reporting why', async () => {
    const run = setUp();
    const dropped = new ApiError('BAD_EVENT_QUEUE_ID', 'Bad event queue id', 400, 'GET /events');
    run.client.polls.push(fail(dropped), batch({ id: 0, type: 'hologram' }));
    await run.queue.start();
    await until(() => run.events.length === 1);
    assert.deepEqual(run.snapshots, [false, true]);
    assert.deepEqual(run.statuses, [
      ['connecting', undefined],
      ['live', undefined],
      ['reconnecting', { error: dropped }],
      ['live', undefined],
    ]);
    await run.queue.stop();
  });

  it('retries a failed poll, reporting reconnecting each time but live only once', async () => {
    const run = setUp();
    const refused = new ApiError('BAD_REQUEST', 'odd', 400, 'GET /events');
    run.client.polls.push(
      fail(netError()),
      fail(refused),
      batch(heartbeat(0)),
      batch({ id: 1, type: 'hologram' }),
      batch({ id: 2, type: 'hologram' }),
    );
    await run.queue.start();
    await until(() => run.events.length === 2);
    assert.deepEqual(names(run), ['connecting', 'live', 'reconnecting', 'reconnecting', 'live']);
    assert.equal(run.statuses[3]![1]!.error, refused);
    assert.equal(typeof run.statuses[3]![1]!.retryInMs, 'number');
    await run.queue.stop();
    assert.deepEqual(names(run).slice(-1), ['stopped']);
  });

  it('waits the backoff on a rate limit without retry-after, and as asked with it', async () => {
    const run = setUp();
    run.client.polls.push(
      fail(new ApiError('RATE_LIMIT_HIT', 'slow down', 429, 'GET /events')),
      fail(new ApiError('RATE_LIMIT_HIT', 'slow down', 429, 'GET /events', { 'retry-after': 0.002 })),
      batch({ id: 1, type: 'hologram' }),
    );
    await run.queue.start();
    await until(() => run.events.length === 1);
    const waits = run.statuses.filter(([s]) => s === 'reconnecting').map(([, d]) => d!.retryInMs);
    assert.equal(waits.length, 2);
    assert.ok(Number.isFinite(waits[0]) && waits[0]! >= 0, String(waits[0]));
    assert.equal(waits[1], 2);
    await run.queue.stop();
  });

  it('stops on an authentication failure while polling, once, and frees nothing afterwards', async () => {
    const run = setUp();
    const error = auth();
    run.client.polls.push(() => new Promise((_, reject) => setTimeout(() => reject(error), 5)));
    await run.queue.start();
    assert.equal(run.queue.status, 'live');
    await run.queue.done;
    assert.equal(run.queue.status, 'stopped');
    assert.deepEqual(run.statuses.at(-1), ['stopped', { error }]);
    await run.queue.stop();
    assert.deepEqual(names(run), ['connecting', 'live', 'stopped']);
    assert.equal(run.client.calls.includes('DELETE /events'), false);
  });

  it('stops without an error when stopped during the wait before a retry', async () => {
    const run = setUp({ backoff: { baseMs: 5000, capMs: 5000 } });
    run.client.polls.push(fail(netError()));
    await run.queue.start();
    await until(() => run.queue.status === 'reconnecting');
    await run.queue.stop();
    assert.deepEqual(run.statuses.at(-1), ['stopped', undefined]);
    assert.ok(run.client.calls.includes('DELETE /events'));
  });

  it('reports events without an id or that do not parse, and handler failures, and goes on', async () => {
    const thrown = new Error('handler broke');
    let calls = 0;
    const run = setUp({
      onEvents: (events) => {
        calls++;
        if (calls === 1) throw thrown;
        run.events.push(...events);
      },
    });
    const noId = { type: 'hologram' };
    run.client.polls.push(
      batch({ id: 1, type: 'hologram' }),
      batch(noId, { id: 5, type: 'reaction', op: 'add', message_id: 'x' }, { id: 6, type: 'hologram' }),
    );
    await run.queue.start();
    await until(() => run.events.length === 1);
    assert.equal(run.errors[0], thrown);
    const [skipped, malformed] = run.errors.slice(1) as MalformedResponseError[];
    assert.ok(skipped instanceof MalformedResponseError);
    assert.equal(skipped.message, 'An event without an id was skipped.');
    assert.equal(skipped.cause, noId);
    assert.ok(malformed instanceof MalformedResponseError);
    assert.equal(malformed.message, 'An event of type reaction (id 5) was not understood and was skipped.');
    assert.ok(malformed.cause instanceof Error);
    assert.equal(run.errors.length, 3);
    assert.equal(run.queue.lastEventId, 6);
    await run.queue.stop();
  });

  it('keeps polling when the error callback itself throws', async () => {
    const run = setUp({
      onError: () => {
        throw new Error('reporting broke');
      },
    });
    run.client.polls.push(batch({ type: 'hologram' }), batch({ id: 2, type: 'hologram' }));
    await run.queue.start();
    await until(() => run.events.length === 1);
    await run.queue.stop();
  });
});
