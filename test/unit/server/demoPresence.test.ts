// The demo server keeps its online people online (demoPresenceSeconds): after the clock moves on
// past the offline threshold, their presence is renewed with their original age and announced
// with presence events; offline people stay offline; a user whose real client posts presence is
// no longer renewed.
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../src/api';
import { byEmail, clientFor, withServer, type RunningServer } from '../support/server';

describe('demo server: presence kept fresh', () => {
  let server: RunningServer;
  let carol: ChatClient;
  let alice: ChatClient;
  const idOf = (local: string) => byEmail(server, local).userId;
  const ageOf = (local: string) => {
    const p = server.state.presence.get(idOf(local))!;
    const now = server.server.now();
    return { active: now - p.activeTs, idle: now - p.idleTs };
  };
  const until = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const testServer = withServer({ demoPresenceSeconds: 0.2, longpollTimeoutSeconds: 2 });
  before(async () => {
    server = testServer.server;
    carol = clientFor(server, byEmail(server, 'carol'));
    alice = clientFor(server, byEmail(server, 'alice'));
  });
  after(async () => {
    await carol?.close();
    await alice?.close();
  });

  it('renews the online people after the clock passes the offline threshold, with events; not the offline ones', async function () {
    this.timeout(20_000);
    const before = { olivia: ageOf('olivia'), bob: ageOf('bob'), carol: ageOf('carol') };
    assert.ok(before.olivia.active < 140 && before.carol.active > 140, JSON.stringify(before));
    const queue = await carol.call('POST /register', { event_types: ['presence'], slim_presence: true });
    server.advanceClock(600);
    await until('olivia renewed', () => ageOf('olivia').active < 140);
    const olivia = ageOf('olivia');
    assert.ok(
      Math.abs(olivia.active - before.olivia.active) <= 2,
      `olivia keeps her age: ${JSON.stringify(olivia)} vs ${JSON.stringify(before.olivia)}`,
    );
    const bob = ageOf('bob');
    assert.ok(bob.idle < 140 && bob.active > 140, `bob stays idle: ${JSON.stringify(bob)}`);
    assert.ok(ageOf('carol').active > 600, 'carol (offline for days) is not renewed');
    const { events } = await carol.call('GET /events', {
      queue_id: queue.queue_id!,
      last_event_id: queue.last_event_id,
      dont_block: true,
    });
    const presence = (events as { type: string; user_id?: number }[]).filter((e) => e.type === 'presence');
    const users = new Set(presence.map((e) => e.user_id));
    assert.ok(
      users.has(idOf('olivia')) && users.has(idOf('bob')),
      `presence events for the renewed people: ${[...users].join()}`,
    );
    assert.ok(!users.has(idOf('carol')));
  });

  it('stops renewing a user whose own client posts presence', async function () {
    this.timeout(20_000);
    await alice.call('POST /users/me/presence', { status: 'idle', ping_only: true });
    const posted = server.state.presence.get(idOf('alice'))!;
    server.advanceClock(300);
    const oliviaBefore = server.state.presence.get(idOf('olivia'));
    await until('olivia renewed again', () => server.state.presence.get(idOf('olivia')) !== oliviaBefore);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(server.state.presence.get(idOf('alice')), posted, "alice's own presence is left as her client set it");
  });
});
