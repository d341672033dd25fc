// The outbox's file (issue 24): what waits survives a restart and is sent once; a send in flight at
// the crash is checked, not repeated; a damaged or foreign file is set aside with a log line and
// nothing in it is sent; the file is its owner's only and holds no key.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatClient } from '../../../src/api';
import { OUTBOX_FILE_VERSION, OutboxFile } from '../../../src/session/outboxFile';
import { Outbox, type OutboxConnection, type OutboxDestination, type OutboxEntry } from '../../../src/store/outbox';
import { byEmail, withServer, type Account } from '../support/server';
import { fakeTimers, sentTexts, until } from '../support/outbox';

class Log {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(`info ${m}`);
  warn = (m: string): void => void this.lines.push(`warn ${m}`);
}

describe('outbox file', () => {
  const suite = withServer();
  const NOW = Date.UTC(2026, 10, 28, 9);
  let alice: Account;
  let aliceClient: ChatClient;
  let bobClient: ChatClient;
  let dir: string;
  let log: Log;
  let account: string;
  let topicNo = 0;
  const freshTopic = (): OutboxDestination => ({
    type: 'stream',
    streamId: suite.server.state.streamsByName.get('general')!.id,
    topic: `file ${++topicNo}`,
  });
  const fileOf = (accountId = account, realmUrl = suite.server.url) =>
    new OutboxFile(dir, accountId, realmUrl, log, () => NOW);
  const online = (): OutboxConnection => ({ client: aliceClient, ownUserId: alice.userId });
  const open = (file: OutboxFile, connection: () => OutboxConnection | undefined) =>
    Outbox.open({ storage: file, connection, timers: fakeTimers() });
  const messageCount = () => suite.server.state.messages.size;

  before(() => {
    alice = byEmail(suite.server, 'alice');
    aliceClient = suite.clientOf(alice);
    bobClient = suite.clientOf(byEmail(suite.server, 'bob'));
    account = `${suite.server.url}|${alice.userId}`;
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-outbox-'));
    log = new Log();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the three messages waiting at a restart once each, in order, and then holds no file', async () => {
    const to = freshTopic();
    const before = await open(fileOf(), () => undefined);
    for (const text of ['kept 1', 'kept 2', 'kept 3']) await before.enqueue(to, text);
    await before.whenIdle();
    before.dispose();
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), [], 'nothing was sent without a client');

    const file = fileOf();
    assert.deepEqual(
      (await file.load()).map((e) => [e.content, e.state, e.attempts]),
      [
        ['kept 1', 'waiting', 0],
        ['kept 2', 'waiting', 0],
        ['kept 3', 'waiting', 0],
      ],
    );
    const after = await open(file, online);
    await after.whenIdle();
    assert.deepEqual(after.entries(), []);
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['kept 1', 'kept 2', 'kept 3']);
    assert.ok(!fs.existsSync(file.path), 'no entries, no file');
    assert.deepEqual(fs.readdirSync(dir), [], 'no temporary file left');
    after.dispose();
  });

  it('checks a send that was under way at the crash and does not send it again', async () => {
    const to = freshTopic();
    const first = await open(fileOf(), online);
    suite.server.inject({ kind: 'dropAfter', route: 'POST /messages' });
    await first.enqueue(to, 'in flight at the crash');
    await first.whenIdle();
    first.dispose(); // the process dies: no resume(), no timer
    const saved = await fileOf().load();
    assert.equal(saved.length, 1);
    assert.ok(saved[0]!.sendStartedAt !== undefined, 'the file says a send began');

    const second = await open(fileOf(), online);
    await second.whenIdle();
    assert.deepEqual(second.entries(), []);
    assert.deepEqual(await sentTexts(bobClient, to, alice.userId), ['in flight at the crash'], 'once');
    second.dispose();
  });

  it('has a send on disk before it leaves', async () => {
    const outbox = await Outbox.open({
      storage: fileOf(),
      connection: online,
      timers: fakeTimers(),
      sendTimeoutMs: 300,
    });
    suite.server.inject({ kind: 'hang', route: 'POST /messages' });
    await outbox.enqueue(freshTopic(), 'on disk first');
    await until(() => suite.server.hungRequests() === 1, 'the send reached the server');
    const [entry] = await fileOf().load();
    assert.equal(entry?.content, 'on disk first');
    assert.equal(entry?.attempts, 1);
    assert.ok(entry?.sendStartedAt !== undefined, 'a crash now would send it again unchecked');
    await outbox.whenIdle();
    outbox.dispose();
  });

  it('is readable by its owner only and holds no API key, with its header', async () => {
    const outbox = await open(fileOf(), () => undefined);
    await outbox.enqueue(freshTopic(), 'private words');
    await outbox.whenIdle();
    outbox.dispose();
    const file = fileOf();
    assert.equal(fs.statSync(file.path).mode & 0o777, 0o600);
    const text = fs.readFileSync(file.path, 'utf8');
    assert.ok(!text.includes(alice.apiKey), 'the API key is in the file');
    assert.ok(
      !text.includes(Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')),
      'the Basic credential is in the file',
    );
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
    assert.deepEqual(
      [header.version, header.accountId, header.realmUrl, header.savedAt],
      [OUTBOX_FILE_VERSION, account, suite.server.url, NOW],
    );
    assert.match(path.basename(file.path), /^outbox-[0-9a-f]{24}\.json$/);
  });

  /** Writes `content` as the account's file, opens an outbox over it and expects it set aside with nothing sent. */
  async function setAside(content: string | Buffer, why: RegExp): Promise<void> {
    const file = fileOf();
    fs.writeFileSync(file.path, content);
    const count = messageCount();
    const outbox = await open(file, online);
    await outbox.whenIdle();
    assert.deepEqual(outbox.entries(), []);
    outbox.dispose();
    assert.equal(messageCount(), count, 'a message was sent from a set-aside file');
    const warnings = log.lines.filter((l) => l.startsWith('warn'));
    assert.equal(warnings.length, 1, JSON.stringify(log.lines));
    assert.match(
      warnings[0]!,
      /^warn Outbox: outbox-\w+\.json was set aside as outbox-\w+\.json\.corrupt-\d+ \(.*\); nothing in it is sent\.$/,
    );
    assert.match(warnings[0]!, why);
    assert.ok(!fs.existsSync(file.path), 'the file is still in place');
    assert.deepEqual(
      fs.readFileSync(`${file.path}.corrupt-${NOW}`),
      Buffer.from(content),
      'the set-aside file is not kept as it was',
    );
  }

  /** A valid file of `accountId` on `realmUrl`, holding one waiting message. */
  async function validFile(accountId: string, realmUrl: string): Promise<Buffer> {
    const other = new OutboxFile(fs.mkdtempSync(path.join(dir, 'other-')), accountId, realmUrl, log, () => NOW);
    const entry: OutboxEntry = {
      localId: 'x1',
      to: freshTopic(),
      content: 'not yours',
      createdAt: NOW,
      state: 'waiting',
      attempts: 0,
    };
    await other.save([entry]);
    return fs.readFileSync(other.path);
  }

  it('sets aside a file that is not JSON', () => setAside('{"version": 1, "acc', /header is not valid JSON/));

  it("sets aside another account's file", async () =>
    setAside(await validFile(`${suite.server.url}|999`, suite.server.url), /another account or server/));

  it("sets aside the same account's file of another server", async () =>
    setAside(await validFile(account, 'https://elsewhere.example'), /another account or server/));

  it('sets aside a file whose entries do not match their checksum', async () => {
    const good = (await validFile(account, suite.server.url)).toString('utf8');
    await setAside(good.replace('not yours', 'NOT yours'), /do not match their checksum/);
  });

  it('sets aside a file cut short', async () => {
    const good = await validFile(account, suite.server.url);
    await setAside(good.subarray(0, good.length - 5), /bytes long/);
  });

  it('sets aside a file of another version', async () => {
    const good = (await validFile(account, suite.server.url)).toString('utf8');
    await setAside(
      good.replace(`"version":${OUTBOX_FILE_VERSION}`, `"version":${OUTBOX_FILE_VERSION + 1}`),
      new RegExp(`version ${OUTBOX_FILE_VERSION + 1}, expected ${OUTBOX_FILE_VERSION}`),
    );
  });

  it('sets aside a file whose entries are not outbox entries', async () => {
    const body = JSON.stringify([
      {
        localId: 'x',
        to: { type: 'stream', streamId: 1 },
        content: 'no topic',
        createdAt: NOW,
        state: 'waiting',
        attempts: 0,
      },
    ]);
    const header = {
      version: OUTBOX_FILE_VERSION,
      accountId: account,
      realmUrl: suite.server.url,
      savedAt: NOW,
      bytes: Buffer.byteLength(body),
      sha1: createHash('sha1').update(body).digest('hex'),
    };
    await setAside(`${JSON.stringify(header)}\n${body}\n`, /not outbox entries/);
  });

  it('reads back a valid file of this account (the control of the cases above)', async () => {
    const count = messageCount();
    fs.writeFileSync(fileOf().path, await validFile(account, suite.server.url));
    const outbox = await open(fileOf(), online);
    await outbox.whenIdle();
    outbox.dispose();
    assert.equal(messageCount(), count + 1);
    assert.deepEqual(log.lines, ['info Outbox: 1 unsent message(s) found in ' + path.basename(fileOf().path) + '.']);
  });
});
