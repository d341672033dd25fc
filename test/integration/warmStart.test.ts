// Warm start in the real extension host: after a session has started once, its snapshot is in the
// extension's global storage; the next start (a window reload restarts the session the same way)
// shows the channels from it while the server's /register is still on its way — here held back
// 3 s by the local server — and then goes live from the server's answer. Signing out forgets it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { TeamChatApi } from '../../src/extension';
import { freshStart, signOutAll, testAccount, testControl, waitFor, waitForSession } from './helpers';

describe('warm start', function () {
  this.timeout(60_000);
  let api: TeamChatApi;
  const alice = testAccount('alice');
  const snapshotFiles = (): string[] => {
    const dir = path.join(api.services.context.globalStorageUri.fsPath, 'snapshots');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  };

  before(async () => {
    api = await freshStart(alice);
  });
  after(async () => {
    await signOutAll(api);
  });

  it('shows the saved snapshot while the server answers, then goes live', async () => {
    await waitFor('the snapshot saved', () => snapshotFiles().length === 1, 10_000);
    const channelsBefore = api.channels.model.roots().map((n) => n.streamId);
    assert.ok(channelsBefore.length > 0);

    await testControl('fault', { kind: 'delay', ms: 3_000, route: 'POST /register', times: 1 });
    const seen: string[] = [];
    const subs = [
      api.services.sessions.onDidChange((c) => seen.push(`current ${c ? c.session.status : 'none'} roots ${api.channels.model.roots().length}`)),
      api.services.sessions.onDidChangeStatus((s) => seen.push(`status ${s.status}`)),
    ];
    const restarted = api.services.sessions.restart();
    // Before the held-back /register answers: a current session, still connecting, with the channels.
    const warm = await waitFor('a warm session', () => {
      const c = api.services.sessions.current;
      return c && c.session.status !== 'live' && api.channels.model.roots().length > 0 && c;
    }, 2_500).catch((e: Error) => {
      throw new Error(`${e.message}: ${seen.join(', ')}`);
    });
    for (const sub of subs) sub.dispose();
    assert.equal(api.services.sessions.status.status, 'connecting');
    assert.deepEqual(api.channels.model.roots().map((n) => n.streamId), channelsBefore);
    await restarted;
    const live = await waitForSession(api, alice.email);
    assert.equal(live.session, warm.session, 'the warm session is the one that went live');
    assert.deepEqual(api.channels.model.roots().map((n) => n.streamId), channelsBefore);
  });

  it('forgets the snapshot on sign-out', async () => {
    assert.equal(snapshotFiles().length, 1);
    await signOutAll(api);
    assert.deepEqual(snapshotFiles(), []);
  });
});
