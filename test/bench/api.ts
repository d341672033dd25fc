import { Pool } from 'undici';
import { ChatClient, type OperationKey } from '../../src/api';
import { fillPath } from '../../src/api/encode';
import { pinCores, startServerProcess } from './serverProcess';
import { median, type BenchResult } from './stats';

// zulip-js has no types; only `callEndpoint` is used.

const zulipInit = require('zulip-js') as (config: { username: string; apiKey: string; realm: string }) => Promise<{
  callEndpoint(path: string, method: string, params: Record<string, unknown>): Promise<{ result: string }>;
}>;

interface WorkItem {
  key: OperationKey;
  params: Record<string, unknown>;
}

type Runner = (item: WorkItem) => Promise<void>;

/** The targets: throughput ≥ 1.0× raw undici and ≥ 2.5× zulip-js, client CPU per call ≤ 1.1× raw undici. */
const RATE_TARGET = 1.0;
const ZULIP_TARGET = 2.5;
const CPU_TARGET = 1.1;
const CONCURRENCY = 8;
const REQUESTS_PER_ROUND = 10000;
const ROUNDS = 9;

/**
 * Read throughput of the client on a mixed workload against the local server, as ratios to raw
 * undici with keep-alive (the floor: no validation, no parsing beyond JSON) and to zulip-js 2.1.0
 * making the same calls. Rounds are interleaved so drift affects every contender alike.
 */
export async function benchApi(): Promise<BenchResult[]> {
  const cores = pinCores();
  const server = await startServerProcess(['--org', 'demo'], cores.serverCore);
  try {
    const account = server.accounts.find((a) => a.role === 400)!;
    const client = new ChatClient({
      realmUrl: server.url,
      email: account.email,
      apiKey: account.apiKey,
      connections: CONCURRENCY,
    });
    const work = await buildWorkload(client, account.email);

    const auth = 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64');
    const origin = new URL(server.url).origin;
    const pool = new Pool(origin, { connections: CONCURRENCY });
    const raw: Runner = async ({ key, params }) => {
      const { path, query } = wirePath(key, params);
      const res = await pool.request({
        path: '/api/v1' + path + (query ? '?' + query : ''),
        method: 'GET',
        headers: { authorization: auth },
      });
      const body = (await res.body.json()) as { result: string };
      if (body.result !== 'success') throw new Error(`raw ${key} failed`);
    };
    const ours: Runner = async ({ key, params }) => {
      await client.call(key, params as never);
    };
    const zulip = await zulipInit({ username: account.email, apiKey: account.apiKey, realm: server.url });
    const zulipJs: Runner = async ({ key, params }) => {
      const { path, query } = wirePath(key, params);
      const body = await zulip.callEndpoint(path, 'GET', Object.fromEntries(new URLSearchParams(query)));
      if (body.result !== 'success') throw new Error(`zulip-js ${key} failed`);
    };

    const contenders: [string, Runner][] = [
      ['raw undici', raw],
      ['ChatClient', ours],
      ['zulip-js 2.1.0', zulipJs],
    ];
    const rates = new Map<string, number[]>(contenders.map(([n]) => [n, []]));
    const cpu = new Map<string, number[]>(contenders.map(([n]) => [n, []]));
    // Warm-up: a full round each, so that both processes run optimised code before measuring.
    for (const [, run] of contenders) await runRound(run, work, REQUESTS_PER_ROUND);
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the next contender, so none always runs first (or after the same one).
      for (let i = 0; i < contenders.length; i++) {
        const [name, run] = contenders[(round + i) % contenders.length]!;
        const result = await runRound(run, work, REQUESTS_PER_ROUND);
        rates.get(name)!.push(result.rate);
        cpu.get(name)!.push(result.cpuMicros);
      }
    }
    if (process.env.BENCH_VERBOSE) {
      for (const [name] of contenders) {
        console.log(
          `${name}: ${rates
            .get(name)!
            .map((r) => r.toFixed(0))
            .join(' ')} req/s; ${cpu
            .get(name)!
            .map((c) => c.toFixed(0))
            .join(' ')} µs`,
        );
      }
    }
    await client.close();
    await pool.close();

    // Ratios are taken within each round (the contenders ran back to back), then the median: drift
    // of the shared machine between rounds cancels out.
    const ratio = (of: Map<string, number[]>, a: string, b: string, invert = false) =>
      median(of.get(a)!.map((x, i) => (invert ? of.get(b)![i]! / x : x / of.get(b)![i]!)));
    const ourRate = ratio(rates, 'ChatClient', 'raw undici');
    const ourZulipRate = ratio(rates, 'ChatClient', 'zulip-js 2.1.0');
    const ourCpu = ratio(cpu, 'ChatClient', 'raw undici', true);
    const ourZulipCpu = ratio(cpu, 'ChatClient', 'zulip-js 2.1.0', true);
    const cpuPerCall = ratio(cpu, 'ChatClient', 'raw undici');
    return [
      { name: 'api: raw undici (req/s, baseline)', value: median(rates.get('raw undici')!), unit: 'req/s' },
      { name: 'api: ChatClient (req/s)', value: median(rates.get('ChatClient')!), unit: 'req/s' },
      { name: 'api: zulip-js 2.1.0 (req/s)', value: median(rates.get('zulip-js 2.1.0')!), unit: 'req/s' },
      {
        name: 'api: ChatClient / raw undici',
        value: ourRate,
        unit: 'x',
        target: `>= ${RATE_TARGET}`,
        ok: ourRate >= RATE_TARGET,
      },
      {
        name: 'api: ChatClient / zulip-js',
        value: ourZulipRate,
        unit: 'x',
        target: `>= ${ZULIP_TARGET}`,
        ok: ourZulipRate >= ZULIP_TARGET,
      },
      // The server shares the machine, so wall-clock rates are bounded by it; the client process's
      // own CPU per request is what each client costs (its throughput when the client is the limit).
      {
        name: 'api: client CPU per request, raw undici (µs, baseline)',
        value: median(cpu.get('raw undici')!),
        unit: 'µs',
      },
      { name: 'api: client CPU per request, ChatClient (µs)', value: median(cpu.get('ChatClient')!), unit: 'µs' },
      { name: 'api: client CPU per request, zulip-js (µs)', value: median(cpu.get('zulip-js 2.1.0')!), unit: 'µs' },
      {
        name: 'api: client CPU per request ChatClient / raw undici',
        value: cpuPerCall,
        unit: 'x',
        target: `<= ${CPU_TARGET}`,
        ok: cpuPerCall <= CPU_TARGET,
      },
      { name: 'api: client-bound throughput ChatClient / raw undici', value: ourCpu, unit: 'x' },
      { name: 'api: client-bound throughput ChatClient / zulip-js', value: ourZulipCpu, unit: 'x' },
    ];
  } finally {
    server.stop();
    cores.release();
  }
}

/**
 * Requests per second for `total` requests from the workload, `CONCURRENCY` at a time, and this
 * process's CPU time per request.
 */
async function runRound(run: Runner, work: WorkItem[], total: number): Promise<{ rate: number; cpuMicros: number }> {
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < total) {
      const item = work[next++ % work.length]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: total / seconds, cpuMicros: (cpu.user + cpu.system) / total };
}

/** A mix of the reads the extension makes: messages of a topic, one message, lists, lookups. */
export async function buildWorkload(client: ChatClient, email: string): Promise<WorkItem[]> {
  const subs = await client.call('GET /users/me/subscriptions', {});
  const channel = subs.subscriptions[0]!;
  const topics = await client.call('GET /users/me/{stream_id}/topics', { stream_id: channel.stream_id });
  const topic = topics.topics[0]!.name;
  const narrow = [
    { operator: 'channel', operand: channel.stream_id },
    { operator: 'topic', operand: topic },
  ];
  const page = await client.call('GET /messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow } as never);
  const messageId = page.messages[page.messages.length - 1]!.id;
  return [
    { key: 'GET /messages', params: { anchor: 'newest', num_before: 50, num_after: 0, narrow } },
    { key: 'GET /messages/{message_id}', params: { message_id: messageId } },
    { key: 'GET /users/me/subscriptions', params: {} },
    { key: 'GET /users/me/{stream_id}/topics', params: { stream_id: channel.stream_id } },
    { key: 'GET /realm/presence', params: {} },
    { key: 'GET /users/{email}', params: { email } },
    { key: 'GET /realm/linkifiers', params: {} },
    { key: 'GET /server_settings', params: {} },
  ];
}

/** The path and query string exactly as the API expects them (arrays as JSON text). */
function wirePath(key: OperationKey, params: Record<string, unknown>): { path: string; query: string } {
  const template = key.slice(key.indexOf(' ') + 1);
  const { path, rest } = fillPath(template, params, key);
  const query = new URLSearchParams(
    Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  return { path, query };
}
