// The session state machine (src/store/lifecycle.ts) against the local server over real HTTP: its
// phases cold and warm, the race of a sign-in during a warm start, account switches and sign-out
// while connecting, a refused key, and each phase's time limit on a fake clock.
import assert from 'node:assert/strict';
import { registerQueue } from '../../../src/api/events/routes';
import { ApiError, NetworkError } from '../../../src/api/errors';
import type { ChatClient } from '../../../src/api/client';
import { ChatSession } from '../../../src/store';
import {
  LIFECYCLE_LIMITS,
  NoAnswerError,
  SessionLifecycle,
  type LifecycleHooks,
  type SavedSnapshot,
  type SessionPhase,
} from '../../../src/store/lifecycle';
import { byEmail, clientFor, type Account, type RunningServer, withServer } from '../support/server';
import { fakeClock } from '../support/synthetic';

interface TestAccount {
  readonly id: string;
  readonly account: Account;
}

const SAVED_AT = Date.UTC(2026, 10, 27, 9, 0);

describe('SessionLifecycle', function () {
  this.timeout(20_000);
  let server: RunningServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let machine: SessionLifecycle<TestAccount>;
  let phases: SessionPhase[];
  let sessions: ChatSession[];
  let errors: unknown[];
  let clock: ReturnType<typeof fakeClock>;

  const testServer = withServer();
  before(async () => {
    server = testServer.server;
    alice = { id: 'alice', account: byEmail(server, 'alice') };
    bob = { id: 'bob', account: byEmail(server, 'bob') };
  });

  /** A machine whose hooks make real clients and sessions; `saved` and `client` can be replaced. */
  function start(overrides: Partial<LifecycleHooks<TestAccount>> = {}): SessionLifecycle<TestAccount> {
    phases = [];
    sessions = [];
    errors = [];
    clock = fakeClock();
    machine = new SessionLifecycle<TestAccount>({
      client: async (a) => clientFor(server, a.account),
      saved: async () => undefined,
      session: (client) => {
        const session = new ChatSession(client, { queue: { backoff: { baseMs: 5, capMs: 20 } } });
        sessions.push(session);
        return session;
      },
      timers: clock,
      now: () => SAVED_AT + clock.now(),
      ...overrides,
    });
    machine.onDidChangeState((s) => {
      if (phases.at(-1) !== s.phase) phases.push(s.phase);
    });
    machine.onError((e) => errors.push(e));
    return machine;
  }
  /** {@link start} with the session's code loading until the returned function is called. */
  function startWithSlowSessionCode(): () => void {
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    start({
      session: async (client) => {
        await loading;
        const session = new ChatSession(client, { queue: { backoff: { baseMs: 5, capMs: 20 } } });
        sessions.push(session);
        return session;
      },
    });
    return loaded;
  }
  afterEach(async () => {
    await machine.switchTo(undefined);
    machine.dispose();
  });

  /** Alice's own /register snapshot, as the cache would have saved it. */
  async function savedSnapshot(): Promise<SavedSnapshot> {
    const client = clientFor(server, alice.account);
    try {
      const snapshot = await registerQueue(client, {
        fetch_event_types: ['realm', 'subscription', 'realm_user', 'message', 'update_message_flags'],
      });
      return { first: snapshot, complete: () => snapshot, savedAt: SAVED_AT - 60_000 };
    } finally {
      await client.close();
    }
  }

  async function waitFor<T>(what: string, check: () => T | undefined | false, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (phases ${phases.join(' → ')})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('cold: starting → connecting → live; the views get the session only once live', async () => {
    start();
    const seen: (string | undefined)[] = [];
    machine.onDidChangeCurrent((c) => seen.push(c && machine.state.phase));
    await machine.switchTo(alice);
    assert.deepEqual(phases, ['starting', 'connecting', 'live']);
    assert.deepEqual(seen, ['live']);
    assert.equal(machine.current?.session, sessions[0]);
    assert.equal(machine.state.accountId, 'alice');
    assert.ok(machine.current.store.subscriptions().length > 0);
  });

  it('warm: the saved snapshot is current before the server answers, with its age; the same session goes live', async () => {
    const saved = await savedSnapshot();
    start({ saved: async () => saved });
    server.inject({ kind: 'delay', ms: 400, route: 'POST /register' });
    const done = machine.switchTo(alice);
    const warm = await waitFor('the saved snapshot shown', () => machine.state.phase === 'saved' && machine.current);
    assert.equal(machine.state.savedAt, saved.savedAt);
    assert.equal(warm.session.hasServerSnapshot, false);
    assert.ok(warm.store.subscriptions().length > 0, 'the saved channels are there');
    await done;
    assert.deepEqual(phases, ['starting', 'saved', 'live']);
    assert.equal(machine.current?.session, warm.session);
    assert.equal(machine.state.savedAt, undefined, 'live data is not saved data');
    assert.equal(sessions.length, 1);
  });

  it('a sign-in to the same account during a warm start leaves it alone (the race that hung reloads)', async () => {
    const saved = await savedSnapshot();
    start({ saved: async () => saved });
    server.inject({ kind: 'delay', ms: 400, route: 'POST /register' });
    const first = machine.switchTo(alice, true);
    await waitFor('the saved snapshot shown', () => machine.state.phase === 'saved');
    const again = machine.switchTo(alice);
    await Promise.all([first, again]);
    assert.equal(machine.state.phase, 'live');
    assert.equal(sessions.length, 1, 'one session, not a second one waiting for the first');
    assert.equal(machine.current?.session, sessions[0]);
    // The same sign-in before the warm start has even begun: still one session.
    await machine.switchTo(alice);
    assert.equal(sessions.length, 1);
    // Reconnect (force) starts anew.
    await machine.switchTo(alice, true);
    assert.equal(sessions.length, 2);
    assert.equal(sessions[0]!.status, 'stopped');
    assert.equal(machine.current?.session, sessions[1]);
  });

  it('a switch to another account while connecting stops the first; only the second becomes current', async () => {
    start();
    server.inject({ kind: 'delay', ms: 400, route: 'POST /register' });
    const first = machine.switchTo(alice);
    await waitFor('connecting', () => machine.state.phase === 'connecting');
    const currents: (string | undefined)[] = [];
    machine.onDidChangeCurrent((c) => currents.push(c?.account.id));
    await machine.switchTo(bob);
    await first;
    assert.deepEqual(currents, ['bob']);
    assert.equal(machine.current?.account.id, 'bob');
    assert.equal(sessions[0]!.status, 'stopped');
    assert.equal(machine.state.phase, 'live');
    // Alice's delayed answer changes nothing.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(machine.current?.account.id, 'bob');
  });

  it('signed out while connecting: no session left, and nothing becomes current later', async () => {
    start();
    server.inject({ kind: 'delay', ms: 300, route: 'POST /register' });
    const first = machine.switchTo(alice);
    await waitFor('connecting', () => machine.state.phase === 'connecting');
    await machine.stopAccount('alice');
    await first;
    assert.equal(machine.state.phase, 'signedOut');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(machine.current, undefined);
    assert.equal(sessions[0]!.status, 'stopped');
    // Stopping another account's session does nothing.
    await machine.switchTo(alice);
    await machine.stopAccount('bob');
    assert.equal(machine.state.phase, 'live');
  });

  it('a wrong key is refused: reported once, nothing current; a sign-in again starts anew', async () => {
    start({
      client: async (a) =>
        clientFor(server, { ...a.account, apiKey: a === alice ? 'wrong'.repeat(8) : a.account.apiKey }),
    });
    await machine.switchTo(alice);
    assert.deepEqual(phases, ['starting', 'connecting', 'refused']);
    assert.ok(machine.state.error instanceof ApiError && machine.state.error.isAuthError, String(machine.state.error));
    assert.equal(errors.length, 1);
    assert.equal(machine.current, undefined);
    await waitFor('the refused session released', () => sessions[0]!.status === 'stopped');
    await machine.switchTo(alice);
    assert.equal(sessions.length, 2, 'refused is not a session on its way: signing in again starts one');
  });

  it('starting: a key that cannot be read within the limit is refused, exactly at the limit', async () => {
    let reads = 0;
    start({ client: () => (reads++, new Promise<ChatClient>(() => undefined)) });
    const done = machine.switchTo(alice);
    await waitFor('starting', () => machine.state.phase === 'starting' && reads === 1);
    clock.advance(LIFECYCLE_LIMITS.startingMs - 1);
    await new Promise((r) => setImmediate(r));
    assert.equal(machine.state.phase, 'starting');
    clock.advance(1);
    await done;
    assert.equal(machine.state.phase, 'refused');
    assert.match(String(machine.state.error), /gave up reading the API key after 15 s/);
  });

  it('starting: the key and the saved snapshot are read at once, not one after the other', async () => {
    const saved = await savedSnapshot();
    // The key's read ends only once the snapshot's has begun: read one after the other, the key
    // would wait for ever (and be refused at the limit).
    let snapshotAsked!: () => void;
    const asked = new Promise<void>((resolve) => (snapshotAsked = resolve));
    start({
      client: async (a) => {
        await asked;
        return clientFor(server, a.account);
      },
      saved: async () => {
        snapshotAsked();
        return saved;
      },
    });
    await machine.switchTo(alice);
    assert.deepEqual(phases, ['starting', 'saved', 'live']);
  });

  it('starting: a key that cannot be read is refused only after the snapshot read has settled', async () => {
    let finishRead!: () => void;
    const read = new Promise<undefined>((resolve) => (finishRead = () => resolve(undefined)));
    start({ client: () => Promise.reject(new Error('no key')), saved: () => read });
    const done = machine.switchTo(alice);
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(phases, ['starting']);
    finishRead();
    await done;
    assert.deepEqual(phases, ['starting', 'refused']);
  });

  it('starting: a saved snapshot that cannot be read within the limit is skipped: a cold start', async () => {
    start({ saved: () => new Promise<SavedSnapshot | undefined>(() => undefined) });
    const done = machine.switchTo(alice);
    await waitFor('starting', () => machine.state.phase === 'starting');
    await new Promise((r) => setTimeout(r, 20));
    clock.advance(LIFECYCLE_LIMITS.startingMs);
    await done;
    assert.deepEqual(phases, ['starting', 'connecting', 'live']);
  });

  it('connecting: no answer within the limit is offline (exactly at it), and the answer still makes it live', async () => {
    start();
    server.inject({ kind: 'delay', ms: 1_500, route: 'POST /register' });
    const done = machine.switchTo(alice);
    await waitFor('connecting', () => machine.state.phase === 'connecting');
    clock.advance(LIFECYCLE_LIMITS.connectingMs - 1);
    assert.equal(machine.state.phase, 'connecting');
    clock.advance(1);
    assert.equal(machine.state.phase, 'offline');
    assert.ok(machine.state.error instanceof NoAnswerError);
    await done; // settled: offline decides the first connection
    await waitFor('live after the slow answer', () => machine.state.phase === 'live', 10_000);
    assert.deepEqual(phases, ['starting', 'connecting', 'offline', 'live']);
    assert.equal(machine.current?.session, sessions[0]);
  });

  it('reconnecting: past its limit offline (exactly at it), and live again by itself', async () => {
    start();
    await machine.switchTo(alice);
    server.inject({ kind: 'drop', route: 'GET /events', times: 40 });
    // The poll in flight ends with its heartbeat; the next polls are dropped.
    await waitFor('reconnecting', () => machine.state.phase === 'reconnecting', 10_000);
    clock.advance(LIFECYCLE_LIMITS.reconnectingMs - 1);
    assert.equal(machine.state.phase, 'reconnecting');
    clock.advance(1);
    assert.equal(machine.state.phase, 'offline');
    await waitFor('live again', () => machine.state.phase === 'live', 15_000);
    assert.deepEqual(phases, ['starting', 'connecting', 'live', 'reconnecting', 'offline', 'live']);
  });

  it('a server that refuses connections is offline at once, with the reason, and keeps being tried', async () => {
    start({ client: async (a) => clientFor({ ...server, url: 'http://127.0.0.1:9' }, a.account) });
    const done = machine.switchTo(alice);
    await done;
    assert.equal(machine.state.phase, 'offline');
    assert.ok(
      machine.state.error instanceof NetworkError && machine.state.error.kind === 'refused',
      String(machine.state.error),
    );
    assert.equal(machine.current, undefined);
    assert.equal(errors.length, 0, 'an unreachable server is a phase, not an error notification');
  });
  it('a session whose code loads asynchronously (the extension loads it on first use) starts once loaded', async () => {
    const loaded = startWithSlowSessionCode();
    const done = machine.switchTo(alice);
    await waitFor('starting', () => machine.state.phase === 'starting');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(sessions.length, 0);
    assert.equal(machine.state.phase, 'starting');
    loaded();
    await done;
    assert.deepEqual(phases, ['starting', 'connecting', 'live']);
    assert.equal(machine.current?.session, sessions[0]);
  });

  it("disposed while the session's code loads: the session it then gets is never started, nothing becomes current", async () => {
    const loaded = startWithSlowSessionCode();
    let current = 0;
    machine.onDidChangeCurrent(() => current++);
    void machine.switchTo(alice);
    await waitFor('starting', () => machine.state.phase === 'starting');
    await new Promise((r) => setTimeout(r, 50));
    machine.dispose();
    loaded();
    await waitFor('the session made', () => sessions.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    const status = sessions[0]!.status;
    await sessions[0]!.stop(); // a session started by mistake would keep the process alive
    assert.equal(status, 'stopped', 'never started');
    assert.equal(machine.current, undefined);
    assert.equal(current, 0);
  });
});
