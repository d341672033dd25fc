// Two windows, one account (issue 24): global storage is shared by every VS Code window, so each
// extension host keeps its own outbox file with a lease (src/session/outboxFiles.ts). A live
// window's unsent messages are never loaded or sent by another, nor overwritten; a closed window's
// (its process gone, or its lease not renewed for STALE_MS) are taken over once, by one window.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatClient } from '../../../src/api';
import { OutboxFile } from '../../../src/session/outboxFile';
import { OutboxFiles, STALE_MS } from '../../../src/session/outboxFiles';
import { Outbox, type OutboxConnection, type OutboxDestination, type OutboxStorage } from '../../../src/store/outbox';
import { byEmail, withServer, type Account } from '../support/server';
import { fakeTimers, sentTexts } from '../support/outbox';

class Log {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(`info ${m}`);
  warn = (m: string): void => void this.lines.push(`warn ${m}`);
}

describe('outbox files: two windows of one account', () => {
  const suite = withServer();
  let alice: Account;
  let aliceClient: ChatClient;
  let bobClient: ChatClient;
  let dir: string;
  let account: string;
  let now: number;
  /** The process ids that still run. */
  let alive: Set<number>;
  let topicNo = 0;
  const opened: Outbox[] = [];
  const freshTopic = (): OutboxDestination => ({
    type: 'stream',
    streamId: suite.server.state.streamsByName.get('general')!.id,
    topic: `windows ${++topicNo}`,
  });
  const hosts: OutboxFiles[] = [];
  const host = (hostId: string, pid: number): OutboxFiles => {
    const files = new OutboxFiles(dir, account, suite.server.url, new Log(), {
      hostId,
      pid,
      now: () => now,
      isAlive: (p) => alive.has(p),
    });
    hosts.push(files);
    return files;
  };
  const online = (): OutboxConnection => ({ client: aliceClient, ownUserId: alice.userId });
  async function open(files: OutboxStorage, connection: () => OutboxConnection | undefined): Promise<Outbox> {
    const outbox = await Outbox.open({ storage: files, connection, timers: fakeTimers() });
    opened.push(outbox);
    return outbox;
  }

  before(() => {
    alice = byEmail(suite.server, 'alice');
    aliceClient = suite.clientOf(alice);
    bobClient = suite.clientOf(byEmail(suite.server, 'bob'));
    account = `${suite.server.url}|${alice.userId}`;
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-outboxes-'));
    now = Date.UTC(2026, 10, 28, 9);
    alive = new Set([101, 202, 303]);
  });
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.whenIdle();
      o.dispose();
    }
    for (const h of hosts.splice(0)) await h.release(); // their heartbeats stop
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a live window’s unsent message is neither loaded, sent nor overwritten by another; each goes once', async () => {
    const to = freshTopic();
    const filesA = host('host-a', 101);
    const a = await open(filesA, () => undefined); // window A: no connection yet
    await a.enqueue(to, 'from A');
    await a.whenIdle();

    const filesB = host('host-b', 202);
    const b = await open(filesB, online);
    assert.deepEqual(b.entries(), [], 'B does not load A’s message');
    await b.enqueue(to, 'from B');
    await b.whenIdle();
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['from B']);
    assert.deepEqual(
      (await filesA.own.load()).map((e) => e.content),
      ['from A'],
      'A’s file is intact',
    );

    // A, connected: its message goes, once.
    const a2 = await open(host('host-a', 101), online);
    await a2.whenIdle();
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['from B', 'from A']);
    assert.equal(fs.existsSync(filesA.own.path), false, 'nothing left to send, no file');
    assert.ok(fs.existsSync(filesA.leasePath) && fs.existsSync(filesB.leasePath), 'both hold their lease');
  });

  it('a closed window’s messages are taken over, in order, by one of two windows opening together; then sent once', async () => {
    const to = freshTopic();
    const filesA = host('host-a', 101);
    const a = await open(filesA, () => undefined);
    for (const text of ['left 1', 'left 2']) await a.enqueue(to, text);
    await a.whenIdle();
    alive.delete(101); // window A's process exited

    const filesB = host('host-b', 202);
    const filesC = host('host-c', 303);
    const [inB, inC] = await Promise.all([filesB.load(), filesC.load()]);
    const taken = [...inB, ...inC].map((e) => e.content);
    assert.deepEqual(taken, ['left 1', 'left 2'], 'taken once, by one window, in order');
    assert.equal(fs.existsSync(filesA.own.path), false, 'A’s file is gone');
    const names = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
    const taker = inB.length ? filesB : filesC;
    assert.deepEqual(names, [path.basename(taker.own.path)], 'only the taker’s own file holds them');

    const sender = await open(host(taker.hostId, taker === filesB ? 202 : 303), online);
    await sender.whenIdle();
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['left 1', 'left 2']);
  });

  it(`a window whose process runs but whose lease is older than ${STALE_MS / 60_000} minutes is given up then, not a millisecond before`, async () => {
    const filesA = host('host-a', 101);
    const a = await open(filesA, () => undefined);
    await a.enqueue(freshTopic(), 'from a hung window');
    await a.whenIdle();
    const leaseAt = now;

    now = leaseAt + STALE_MS - 1;
    assert.deepEqual(await host('host-b', 202).load(), [], 'still held');
    now = leaseAt + STALE_MS;
    assert.deepEqual(
      (await host('host-c', 303).load()).map((e) => e.content),
      ['from a hung window'],
    );
  });

  it('a released lease (the account switched away, a reload): what is left is taken by the next window', async () => {
    const filesA = host('host-a', 101);
    const a = await open(filesA, () => undefined);
    await a.enqueue(freshTopic(), 'after the switch');
    await a.whenIdle();
    a.dispose();
    await filesA.release();
    assert.equal(fs.existsSync(filesA.leasePath), false);
    assert.deepEqual(
      (await host('host-b', 202).load()).map((e) => e.content),
      ['after the switch'],
      'A’s process still runs',
    );
  });

  it('the one file of earlier versions (no lease) is taken over', async () => {
    const to = freshTopic();
    const legacy = new OutboxFile(dir, account, suite.server.url, new Log());
    assert.equal(path.basename(legacy.path), `${path.basename(host('x', 1).own.path).split('.')[0]}.json`);
    const before = await open(legacy, () => undefined);
    await before.enqueue(to, 'from the older version');
    await before.whenIdle();
    const b = await open(host('host-b', 202), online);
    await b.whenIdle();
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['from the older version']);
    assert.equal(fs.existsSync(legacy.path), false);
  });

  it('sign-out removes this window’s file and the orphaned ones, not a live window’s', async () => {
    const live = host('host-a', 101);
    const gone = host('host-c', 303);
    for (const [files, text] of [
      [live, 'live'],
      [gone, 'gone'],
    ] as const) {
      const o = await open(files, () => undefined);
      await o.enqueue(freshTopic(), text);
      await o.whenIdle();
    }
    alive.delete(303);
    const mine = host('host-b', 202);
    const o = await open(mine, () => undefined);
    now += 1;
    await o.enqueue(freshTopic(), 'mine');
    await o.whenIdle();
    assert.deepEqual(
      o.entries().map((e) => e.content),
      ['gone', 'mine'],
      'opening took the closed window’s over',
    );
    await mine.remove();
    const left = fs.readdirSync(dir).sort();
    assert.deepEqual(left, [path.basename(live.leasePath), path.basename(live.own.path)].sort());
  });
});
