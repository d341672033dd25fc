// Warm start: the last /register snapshot per account in global storage. A saved snapshot builds the
// store before the server answers, the server's then replaces it; files of another version, account
// or shape are discarded with a log line; nothing secret is written.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerQueue } from '../../src/api/events/routes';
import type { RegisterSnapshot } from '../../src/api/events/register';
import { SNAPSHOT_CACHE_VERSION, SnapshotCache } from '../../src/session/snapshotCache';
import { ChatSession } from '../../src/store';
import { STORE_FETCH_EVENT_TYPES } from '../../src/store/session';
import { accountWithRole, clientFor, MEMBER, useServer } from './helpers';

class Log {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(`info ${m}`);
  warn = (m: string): void => void this.lines.push(`warn ${m}`);
}

describe('warm start snapshot cache', () => {
  const server = useServer();
  let dir: string;
  let log: Log;
  let cache: SnapshotCache;
  let snapshot: RegisterSnapshot;
  const ACCOUNT = 'http://chat.example|42';
  const REALM = 'http://chat.example';

  before(async () => {
    snapshot = await registerQueue(server.client(MEMBER), { fetch_event_types: STORE_FETCH_EVENT_TYPES, event_types: ['heartbeat'] });
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
    assert.deepEqual(read?.subscriptions, snapshot.subscriptions);
    assert.equal(read?.user_id, snapshot.user_id);
    assert.equal(await cache.read('http://chat.example|43', REALM), undefined, 'no file for another account');
    const text = fs.readFileSync(cache.fileOf(ACCOUNT), 'utf8');
    const account = accountWithRole(server.server, MEMBER);
    assert.ok(!text.includes(account.apiKey), 'the API key is in the cache file');
    assert.equal((fs.statSync(cache.fileOf(ACCOUNT)).mode & 0o077), 0, 'readable by others');
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
  const file = (over: Record<string, unknown>): string =>
    JSON.stringify({ version: SNAPSHOT_CACHE_VERSION, accountId: ACCOUNT, realmUrl: REALM, savedAt: 0, snapshot, ...over });

  it('discards a corrupt file with a log line', () => discarded('{"version": 1, "snap', /not valid JSON/));
  it('discards an older version', () => discarded(file({ version: SNAPSHOT_CACHE_VERSION - 1 }), new RegExp(`version ${SNAPSHOT_CACHE_VERSION - 1}`)));
  it('discards a newer version too', () => discarded(file({ version: SNAPSHOT_CACHE_VERSION + 1 }), /version/));
  it("discards another account's file", () => discarded(file({ accountId: 'http://chat.example|7' }), /another account/));
  it('discards a file of the same account on another server', () => discarded(file({ realmUrl: 'http://other.example' }), /another account/));
  it('discards a snapshot without the register shape', () =>
    discarded(file({ snapshot: { ...snapshot, subscriptions: 'none' } }), /register shape/));

  it('a saved snapshot builds the store at once; the server answer replaces it and is saved', async () => {
    const client = clientFor(server.server, accountWithRole(server.server, MEMBER));
    // The saved state lacks the member's first channel: the server's snapshot brings it back.
    const [first, ...rest] = snapshot.subscriptions!;
    const saved = { ...snapshot, subscriptions: rest };
    const snapshots: RegisterSnapshot[] = [];
    const session = new ChatSession(client, { onSnapshot: (s) => snapshots.push(s) });
    try {
      session.restore(saved);
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
      assert.throws(() => session.restore(saved), /before start/);
    } finally {
      await session.stop();
      session.dispose();
      await client.close();
    }
  });
});
