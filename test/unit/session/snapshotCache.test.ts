// Warm start: the last /register snapshot per account in global storage. A saved snapshot builds the
// store before the server answers, the server's then replaces it; files of another version, account
// or shape are discarded with a log line; nothing secret is written.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerQueue } from '../../../src/api/events/routes';
import type { RegisterSnapshot } from '../../../src/api/events/register';
import {
  SNAPSHOT_CACHE_VERSION,
  SnapshotCache,
  splitSnapshot,
  type CachedConversation,
} from '../../../src/session/snapshotCache';
import { ConversationCache } from '../../../src/session/conversationCache';
import { ChatSession } from '../../../src/store';
import { STORE_FETCH_EVENT_TYPES } from '../../../src/store/session';
import { accountWithRole, clientFor, MEMBER, withServer } from '../support/server';

class Log {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(`info ${m}`);
  warn = (m: string): void => void this.lines.push(`warn ${m}`);
}

/** The snapshot with its users in id order (the cache keeps the users named at once first). */
const usersSorted = (s: RegisterSnapshot | undefined) =>
  s && { ...s, realm_users: [...(s.realm_users ?? [])].sort((a, b) => a.user_id - b.user_id) };

describe('warm start snapshot cache', () => {
  const server = withServer();
  let dir: string;
  let log: Log;
  let cache: SnapshotCache;
  let snapshot: RegisterSnapshot;
  const ACCOUNT = 'http://chat.example|42';
  const REALM = 'http://chat.example';

  before(async () => {
    snapshot = await registerQueue(server.client(MEMBER), {
      fetch_event_types: STORE_FETCH_EVENT_TYPES,
      event_types: ['heartbeat'],
    });
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-cache-'));
    log = new Log();
    cache = new SnapshotCache(dir, log, () => Date.UTC(2026, 10, 25, 10));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives back what was saved, for that account only, and writes no key', async () => {
    await cache.write(ACCOUNT, REALM, snapshot);
    const read = await cache.read(ACCOUNT, REALM);
    assert.deepEqual(read?.first.subscriptions, snapshot.subscriptions);
    assert.equal(read?.first.user_id, snapshot.user_id);
    assert.equal(
      read?.first.never_subscribed,
      undefined,
      'the first section holds the lists the first render does not read',
    );
    assert.deepEqual(usersSorted(read?.complete()), usersSorted(snapshot), 'the whole snapshot is not what was saved');
    assert.equal(await cache.read('http://chat.example|43', REALM), undefined, 'no file for another account');
    const text = fs.readFileSync(cache.fileOf(ACCOUNT), 'utf8');
    const account = accountWithRole(server.server, MEMBER);
    assert.ok(!text.includes(account.apiKey), 'the API key is in the cache file');
    assert.equal(fs.statSync(cache.fileOf(ACCOUNT)).mode & 0o077, 0, 'readable by others');
    assert.deepEqual(fs.readdirSync(dir), [path.basename(cache.fileOf(ACCOUNT))], 'a temporary file was left');
  });

  const discarded = async (content: string, why: RegExp): Promise<void> => {
    fs.writeFileSync(cache.fileOf(ACCOUNT), content);
    assert.equal(await cache.read(ACCOUNT, REALM), undefined);
    assert.equal(log.lines.length, 1, JSON.stringify(log.lines));
    assert.match(log.lines[0]!, /^warn Warm start: the cached snapshot snapshot-\w+\.json was discarded/);
    assert.match(log.lines[0]!, why);
    for (let i = 0; i < 50 && fs.existsSync(cache.fileOf(ACCOUNT)); i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(!fs.existsSync(cache.fileOf(ACCOUNT)), 'the discarded file is still there');
  };
  /** A cache file as SnapshotCache writes it, with the header's fields and the sections as given. */
  const file = (
    over: Record<string, unknown> = {},
    sections: { first?: string; rest?: string } = {},
    checksums?: Record<string, string>,
  ): string => {
    const { first, rest } = splitSnapshot(snapshot);
    const bodies = { first: JSON.stringify(first), rest: JSON.stringify(rest), ...sections };
    const info = (name: keyof typeof bodies) => ({
      bytes: Buffer.byteLength(bodies[name]),
      sha1: checksums?.[name] ?? createHash('sha1').update(bodies[name]).digest('hex'),
    });
    const header = {
      version: SNAPSHOT_CACHE_VERSION,
      accountId: ACCOUNT,
      realmUrl: REALM,
      savedAt: 0,
      sections: { first: info('first'), rest: info('rest') },
      ...over,
    };
    return [JSON.stringify(header), bodies.first, bodies.rest, ''].join('\n');
  };

  it('reads back a file built by hand (the format the tests below tamper with)', async () => {
    fs.writeFileSync(cache.fileOf(ACCOUNT), file());
    assert.deepEqual(usersSorted((await cache.read(ACCOUNT, REALM))?.complete()), usersSorted(snapshot));
    assert.deepEqual(
      log.lines.filter((l) => l.startsWith('warn')),
      [],
    );
  });
  it('discards a corrupt file with a log line', () => discarded('{"version": 2, "snap', /header is not valid JSON/));
  it('discards a file of the previous format (one JSON document)', () =>
    discarded(
      JSON.stringify({ version: 1, accountId: ACCOUNT, realmUrl: REALM, savedAt: 0, snapshot }),
      /version 1, expected/,
    ));
  it('discards an older version', () =>
    discarded(file({ version: SNAPSHOT_CACHE_VERSION - 1 }), new RegExp(`version ${SNAPSHOT_CACHE_VERSION - 1}`)));
  it('discards a newer version too', () => discarded(file({ version: SNAPSHOT_CACHE_VERSION + 1 }), /version/));
  it("discards another account's file", () =>
    discarded(file({ accountId: 'http://chat.example|7' }), /another account/));
  it('discards a file of the same account on another server', () =>
    discarded(file({ realmUrl: 'http://other.example' }), /another account/));
  it('discards a truncated file', () => discarded(file().slice(0, -100), /bytes long, its header says/));
  it('discards a file whose first section was tampered with (same length, checksum mismatch)', async () => {
    const { first } = splitSnapshot(snapshot);
    const text = JSON.stringify(first);
    // Another channel name of the same length: valid JSON, the right length, the wrong bytes.
    const name = snapshot.subscriptions![0]!.name;
    const tampered = text.replace(JSON.stringify(name), JSON.stringify('x'.repeat(name.length)));
    assert.notEqual(tampered, text);
    const header = file();
    const lines = header.split('\n');
    lines[1] = tampered;
    await discarded(lines.join('\n'), /first section does not match its checksum/);
  });
  it('a first section that does not parse is discarded even with a matching checksum', () =>
    discarded(file({}, { first: '{"subscriptions": [' }), /first section is not valid JSON/));

  it('a tampered rest section: the first is shown, the rest is discarded with a log line', async () => {
    fs.writeFileSync(cache.fileOf(ACCOUNT), file({}, {}, { rest: '0'.repeat(40) }));
    const read = await cache.read(ACCOUNT, REALM);
    assert.ok(read, 'the first section was not given');
    assert.deepEqual(read.first.subscriptions, snapshot.subscriptions);
    assert.equal(read.complete(), undefined);
    assert.match(
      log.lines.at(-1)!,
      /^warn Warm start: the cached snapshot .* discarded \(its rest section does not match its checksum\)/,
    );
  });

  it('a tampered rest section leaves the session on the first section until the server answers', async () => {
    fs.writeFileSync(cache.fileOf(ACCOUNT), file({}, {}, { rest: '0'.repeat(40) }));
    const read = (await cache.read(ACCOUNT, REALM))!;
    const client = clientFor(server.server, accountWithRole(server.server, MEMBER));
    const session = new ChatSession(client);
    try {
      await session.restore(read.first, () => read.complete());
      const ids = (list: readonly { stream_id: number }[]) => list.map((s) => s.stream_id).sort((a, b) => a - b);
      assert.deepEqual(ids(session.store.subscriptions()), ids(snapshot.subscriptions!));
      assert.equal(
        session.store.users().length,
        read.first.realm_users!.length + (read.first.cross_realm_bots?.length ?? 0),
      );
    } finally {
      session.dispose();
      await client.close();
    }
  });

  it('restore builds the first section at once and the whole snapshot on the next turn', async () => {
    await cache.write(ACCOUNT, REALM, snapshot);
    const read = (await cache.read(ACCOUNT, REALM))!;
    const client = clientFor(server.server, accountWithRole(server.server, MEMBER));
    const session = new ChatSession(client);
    const whole = new ChatSession(client);
    try {
      await whole.restore(snapshot);
      const done = session.restore(read.first, () => read.complete());
      // At once: the channels tree's rows, with their unread counts, and oneself.
      assert.deepEqual(session.store.subscriptions(), whole.store.subscriptions());
      for (const s of whole.store.subscriptions())
        assert.equal(
          session.store.unreadCount({ streamId: s.stream_id }),
          whole.store.unreadCount({ streamId: s.stream_id }),
        );
      assert.deepEqual(session.store.ownUser, whole.store.ownUser);
      assert.ok(
        session.store.users().length < whole.store.users().length,
        'the other users came with the first section',
      );
      await done;
      assert.equal(session.store.users().length, whole.store.users().length);
      assert.deepEqual([...session.store.channels()], [...whole.store.channels()]);
    } finally {
      session.dispose();
      whole.dispose();
      await client.close();
    }
  });

  it('the conversation cache: saved in its own file, a section per conversation, read back, tampered ones discarded, forgotten on sign-out', async () => {
    const message = {
      id: 7,
      sender_id: 1,
      content: '<p>hi</p>',
      subject: 'lunch',
      timestamp: 1,
      type: 'stream',
      stream_id: 3,
      reactions: [],
      flags: ['read'],
    };
    const lunch = {
      narrow: [
        { operator: 'channel', operand: 3 },
        { operator: 'topic', operand: 'lunch' },
      ],
      messages: [message],
      foundOldest: true,
    } as unknown as CachedConversation;
    const other = { ...lunch, messages: [{ ...message, id: 8, subject: 'tea' }] } as unknown as CachedConversation;
    const conversations = new ConversationCache();
    conversations.put('["topic",3,"lunch",null]', lunch);
    conversations.put('["topic",3,"tea",null]', other);
    await cache.write(ACCOUNT, REALM, snapshot);
    await cache.writeMessages(ACCOUNT, REALM, conversations.sections());
    const saved = await cache.readMessages(ACCOUNT, REALM);
    assert.deepEqual(saved?.keys, ['["topic",3,"lunch",null]', '["topic",3,"tea",null]'], 'least recently used first');
    const back = new ConversationCache(undefined, saved);
    assert.deepEqual(back.get('["topic",3,"lunch",null]'), lunch);
    assert.deepEqual(back.get('["topic",3,"tea",null]'), other);
    assert.equal(back.bytes, conversations.bytes);
    assert.equal(await cache.readMessages('http://chat.example|43', REALM), undefined, 'another account has none');
    const file = cache.messagesFileOf(ACCOUNT);
    assert.equal(fs.statSync(file).mode & 0o077, 0, 'readable by others');
    assert.ok(
      fs.statSync(file).size <= conversations.bytes,
      `the file (${fs.statSync(file).size} bytes) is bigger than the cache counts (${conversations.bytes})`,
    );
    // Same length, other bytes, in the second conversation: found when that one is read.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"tea"', '"tee"'));
    const tampered = await cache.readMessages(ACCOUNT, REALM);
    assert.ok(tampered?.body('["topic",3,"lunch",null]'), 'the untouched section reads');
    assert.equal(tampered?.body('["topic",3,"tea",null]'), undefined);
    assert.match(
      log.lines.at(-1)!,
      /^warn Warm start: the cached messages messages-\w+\.json was discarded \(its \["topic",3,"tea",null\] section does not match its checksum\)/,
    );
    assert.ok((await cache.read(ACCOUNT, REALM))?.first, 'a tampered messages file took the snapshot with it');
    assert.equal(await cache.readMessages(ACCOUNT, REALM), undefined, 'the tampered file was removed');
    await cache.writeMessages(ACCOUNT, REALM, conversations.sections());
    await cache.remove(ACCOUNT);
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('a saved snapshot builds the store at once; the server answer replaces it and is saved', async () => {
    const client = clientFor(server.server, accountWithRole(server.server, MEMBER));
    // The saved state lacks the member's first channel: the server's snapshot brings it back.
    const [first, ...rest] = snapshot.subscriptions!;
    const saved = { ...snapshot, subscriptions: rest };
    const snapshots: RegisterSnapshot[] = [];
    const session = new ChatSession(client, { onSnapshot: (s) => snapshots.push(s) });
    try {
      void session.restore(saved);
      assert.equal(session.store.ready, true);
      assert.equal(session.store.subscription(first!.stream_id), undefined);
      assert.equal(session.status, 'stopped', 'nothing was sent yet');
      assert.equal(session.hasServerSnapshot, false, 'a saved snapshot counts as the server’s');
      await session.start();
      assert.equal(session.hasServerSnapshot, true);
      assert.ok(session.store.subscription(first!.stream_id), 'the server snapshot did not replace the saved one');
      assert.equal(snapshots.length, 1);
      // What the session hands over is what the cache gives back (a JSON round trip keeps the shape).
      await cache.write(ACCOUNT, REALM, snapshots[0]!);
      assert.ok(await cache.read(ACCOUNT, REALM), JSON.stringify(log.lines));
      assert.throws(() => void session.restore(saved), /before start/);
    } finally {
      await session.stop();
      session.dispose();
      await client.close();
    }
  });
});
