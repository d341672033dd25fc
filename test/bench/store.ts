import { performance } from 'node:perf_hooks';
import { ChatClient } from '../../src/api';
import type { ChatEvent } from '../../src/api/events/models';
import { parseEvent } from '../../src/api/events/parse';
import type { RegisterSnapshot } from '../../src/api/events/register';
import { getChannelTopics } from '../../src/api/channels/routes';
import { ChatStore } from '../../src/store';
import { benchSignIn, parseSnapshot, slimRegisterForm } from './signIn';
import { startServerProcess } from './serverProcess';
import { collectGarbage, median, timePaired, timeRuns, type BenchResult } from './stats';

const RUNS = 7;
const EVENTS = 10_000;
/** Events per long-poll answer in the replay (the server batches what piled up between polls). */
const BATCH = 100;
/** "Without a visible pause": under 100 ms, the usual bound for a response that feels instant. */
const INSTANT_MS = 100;
/** The target: 10,000 events parsed, validated and applied ≤ 2.5× their `JSON.parse`. */
const EVENTS_TARGET = 2.5;

/**
 * The store against the large organisation (5,000 channels, 100,000 topics, 20,000 users and
 * presence entries). Baseline: `JSON.parse` of the very same bytes (the register body, the event
 * batches), measured in the same run; that is the floor any client receiving them pays, so the
 * ratios say what the store costs on top of merely reading the data.
 */
export async function benchStore(): Promise<BenchResult[]> {
  const server = await startServerProcess(['--org', 'large']);
  try {
    // User 1 of the large organisation is subscribed to every channel and has the most unreads.
    const account = server.accounts.find((a) => a.userId === 1) ?? server.accounts[0]!;
    const client = new ChatClient({
      realmUrl: server.url,
      email: account.email,
      apiKey: account.apiKey,
      timeoutMs: 120_000,
    });
    const body = await fetchRegisterBody(server.url, account.email, account.apiKey);
    const snapshot = parseSnapshot(body);
    const results: BenchResult[] = await benchSignIn(server);
    const mb = (Buffer.byteLength(body) / 1e6).toFixed(1);

    // 1. Building the store.
    const jsonParse = timeRuns(() => JSON.parse(body));
    const build = timeRuns(() => new ChatStore().reset(snapshot));
    const fullBuild = timeRuns(() => new ChatStore().reset(parseSnapshot(body)));
    results.push(
      { name: `register body JSON.parse (${mb} MB; baseline)`, value: jsonParse, unit: 'ms' },
      { name: 'store build from parsed snapshot', value: build, unit: 'ms' },
      { name: 'store build / JSON.parse of register body', value: build / jsonParse, unit: 'x' },
      { name: 'parse+validate+build', value: fullBuild, unit: 'ms' },
      { name: 'parse+validate+build / JSON.parse of register body', value: fullBuild / jsonParse, unit: 'x' },
    );

    // 2. Applying 10,000 events, delivered as the event queue delivers them.
    const batches = generateEventBatches(snapshot, EVENTS, BATCH);
    const events = timePaired(
      () => {
        for (const text of batches) JSON.parse(text);
      },
      {
        setup: () => {
          const store = new ChatStore();
          store.reset(snapshot);
          return store;
        },
        run: (store: ChatStore) => {
          for (const text of batches) {
            const events: ChatEvent[] = [];
            for (const raw of (JSON.parse(text) as { events: unknown[] }).events) {
              const parsed = parseEvent(raw);
              if (parsed.ok) events.push(parsed.event);
              else throw parsed.error;
            }
            store.apply(events);
          }
        },
      },
    );
    const eventsParse = events.baseline;
    const apply = events.measured;
    const parsedBatches = batches.map((text) =>
      (JSON.parse(text) as { events: unknown[] }).events.map((raw) => {
        const parsed = parseEvent(raw);
        if (!parsed.ok) throw parsed.error;
        return parsed.event;
      }),
    );
    const applyOnly = timeFresh(snapshot, (store) => {
      for (const events of parsedBatches) store.apply(events);
    });
    results.push(
      { name: `${EVENTS} events JSON.parse (baseline)`, value: eventsParse, unit: 'ms' },
      { name: `${EVENTS} events parse+validate+apply`, value: apply, unit: 'ms' },
      {
        name: `${EVENTS} events parse+validate+apply / JSON.parse of batches`,
        value: events.ratio,
        unit: 'x',
        target: `≤ ${EVENTS_TARGET}`,
        ok: events.ratio <= EVENTS_TARGET,
      },
      { name: `${EVENTS} events apply only (store reducers)`, value: applyOnly, unit: 'ms' },
      { name: `${EVENTS} events apply only / JSON.parse of batches`, value: applyOnly / eventsParse, unit: 'x' },
    );

    // 3. The top level of each tree, cold (first computation after a build).
    const biggest = biggestChannel(snapshot);
    const topicList = (await getChannelTopics(client, { stream_id: biggest })).topics;
    const channelsTree = timeFresh(snapshot, (store) => {
      for (const s of store.subscriptions()) store.unreadCount({ streamId: s.stream_id }, { excludeMuted: true });
      store.totalUnread();
    });
    const topicsTree = await timeFreshAsync(
      snapshot,
      async (store) => {
        await store.loadTopics(biggest);
      },
      async () => topicList,
    );
    const peopleTree = timeFresh(snapshot, (store) => {
      const g = store.presenceGroups();
      // The rows show names and statuses.
      for (const id of g.active) store.user(id);
      for (const id of g.idle) store.user(id);
    });
    const trees: [string, number][] = [
      [`channels tree: ${snapshot.subscriptions?.length ?? 0} subscriptions with unread counts`, channelsTree],
      [`topics tree: ${topicList.length} topics of the biggest channel`, topicsTree],
      [`people tree: presence groups of ${snapshot.realm_users?.length ?? 0} users`, peopleTree],
    ];
    for (const [name, ms] of trees) {
      results.push({ name: `${name} (ms)`, value: ms, unit: 'ms', target: `< ${INSTANT_MS} ms`, ok: ms < INSTANT_MS });
      results.push({ name: `${name} / JSON.parse of register body`, value: ms / jsonParse, unit: 'x' });
    }
    await client.close();
    return results;
  } finally {
    server.stop();
  }
}

/** The raw `/register` body the session asks for (what the store is built from). */
export async function fetchRegisterBody(url: string, email: string, apiKey: string): Promise<string> {
  const form = new URLSearchParams(slimRegisterForm());
  const res = await fetch(url + '/api/v1/register', {
    method: 'POST',
    headers: {
      authorization: 'Basic ' + Buffer.from(`${email}:${apiKey}`).toString('base64'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`register failed: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** Times `fn` on a freshly built store each run (the build is not timed). */
function timeFresh(snapshot: RegisterSnapshot, fn: (store: ChatStore) => void): number {
  const times: number[] = [];
  collectGarbage();
  for (let i = 0; i <= RUNS; i++) {
    const store = new ChatStore();
    store.reset(snapshot);
    const t0 = performance.now();
    fn(store);
    if (i > 0) times.push(performance.now() - t0); // run 0 warms up
  }
  return median(times);
}

async function timeFreshAsync(
  snapshot: RegisterSnapshot,
  fn: (store: ChatStore) => Promise<void>,
  fetchTopics: () => Promise<readonly { name: string; max_id: number }[]>,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const store = new ChatStore({ fetchTopics });
    store.reset(snapshot);
    const t0 = performance.now();
    await fn(store);
    if (i > 0) times.push(performance.now() - t0);
  }
  return median(times);
}

function biggestChannel(snapshot: RegisterSnapshot): number {
  const counts = new Map<number, number>();
  for (const s of snapshot.unread_msgs?.streams ?? []) counts.set(s.stream_id, (counts.get(s.stream_id) ?? 0) + 1);
  let best = snapshot.subscriptions![0]!.stream_id;
  for (const [id, n] of counts) if (n > (counts.get(best) ?? 0)) best = id;
  return best;
}

/**
 * A realistic mix for a busy organisation, as raw JSON batches: 35% new messages (85% channel,
 * 15% direct; from others, unread), 20% read flags (1–20 ids), 25% presence, 8% status
 * changes, 8% reactions, 4% content edits. Deterministic (seeded).
 */
export function generateEventBatches(snapshot: RegisterSnapshot, total: number, batchSize: number): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const subs = snapshot.subscriptions ?? [];
  const users = (snapshot.realm_users ?? []).filter((u) => !u.is_bot && u.user_id !== snapshot.user_id);
  const topicsByStream = new Map<number, string[]>();
  for (const s of snapshot.unread_msgs?.streams ?? []) {
    const list = topicsByStream.get(s.stream_id) ?? [];
    list.push(s.topic);
    topicsByStream.set(s.stream_id, list);
  }
  const recent: number[] = [...(snapshot.unread_msgs?.streams ?? []).flatMap((s) => s.unread_message_ids).slice(-1000)];
  let nextId = 10_000_000;
  let eventId = snapshot.last_event_id;
  const now = Math.floor(Date.now() / 1000);
  const events: unknown[] = [];
  for (let i = 0; i < total; i++) {
    const r = rand();
    const sender = pick(users);
    let e: Record<string, unknown>;
    if (r < 0.35) {
      const id = nextId++;
      recent.push(id);
      const sub = pick(subs);
      const dm = rand() < 0.15;
      const topic = dm
        ? ''
        : rand() < 0.7
          ? pick(topicsByStream.get(sub.stream_id) ?? ['new topic'])
          : `topic ${i % 500}`;
      e = {
        type: 'message',
        flags: [],
        message: {
          id,
          type: dm ? 'private' : 'stream',
          sender_id: sender.user_id,
          sender_email: sender.email,
          sender_full_name: sender.full_name,
          sender_realm_str: 'large',
          avatar_url: null,
          client: 'website',
          content: `<p>message ${id} with some text in it</p>`,
          content_type: 'text/html',
          display_recipient: dm
            ? [
                { id: sender.user_id, email: sender.email, full_name: sender.full_name, is_mirror_dummy: false },
                { id: snapshot.user_id, email: snapshot.email, full_name: 'me', is_mirror_dummy: false },
              ]
            : sub.name,
          recipient_id: dm ? 1 : sub.stream_id + 100_000,
          ...(dm ? {} : { stream_id: sub.stream_id }),
          subject: topic,
          topic_links: [],
          is_me_message: false,
          timestamp: now,
          reactions: [],
          submessages: [],
        },
      };
    } else if (r < 0.55) {
      const n = 1 + Math.floor(rand() * 20);
      const ids = Array.from({ length: n }, () => pick(recent));
      e = { type: 'update_message_flags', op: 'add', flag: 'read', messages: [...new Set(ids)], all: false };
    } else if (r < 0.8) {
      e = {
        type: 'presence',
        user_id: sender.user_id,
        server_timestamp: now,
        presences: { [sender.user_id]: { active_timestamp: now, idle_timestamp: now } },
      };
    } else if (r < 0.88) {
      e = {
        type: 'user_status',
        user_id: sender.user_id,
        status_text: `busy ${i}`,
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
      };
    } else if (r < 0.96) {
      e = {
        type: 'reaction',
        op: rand() < 0.7 ? 'add' : 'remove',
        message_id: pick(recent),
        user_id: sender.user_id,
        emoji_name: 'thumbs_up',
        emoji_code: '1f44d',
        reaction_type: 'unicode_emoji',
      };
    } else {
      const id = pick(recent);
      e = {
        type: 'update_message',
        message_id: id,
        message_ids: [id],
        user_id: sender.user_id,
        edit_timestamp: now,
        rendering_only: false,
        flags: [],
        orig_content: 'a',
        orig_rendered_content: '<p>a</p>',
        content: 'b',
        rendered_content: '<p>b</p>',
        is_me_message: false,
      };
    }
    events.push({ ...e, id: ++eventId });
  }
  const batches: string[] = [];
  for (let i = 0; i < events.length; i += batchSize) {
    batches.push(
      JSON.stringify({ result: 'success', msg: '', events: events.slice(i, i + batchSize), queue_id: 'bench' }),
    );
  }
  return batches;
}

if (require.main === module) {
  void benchStore().then(
    async (results) => (await import('./stats')).printResults(results),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
