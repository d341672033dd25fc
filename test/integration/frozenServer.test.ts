// A chat server that freezes (accepts connections, never answers) inside a real VS Code: the
// session reports `reconnecting` within the event queue's poll time limit, not minutes later, and
// is live again by itself once the server answers.
import * as assert from 'assert';
import type * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { pollTimeLimitMs } from '../../src/api/events/queue';
import { sendMessage } from '../../src/api/messages/routes';
import type { TeamChatApi } from '../../src/extension';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, testControl, waitFor } from './helpers';

/** One change of the connection: its phase, and the error behind it when there is one. */
interface ConnectionChange {
  phase: string;
  error?: unknown;
  at: number;
}

/**
 * The session's connection phase and its changes: the one place that knows the session manager's
 * state API (`sessions.state.phase`, `onDidChangeState`).
 */
function connection(api: TeamChatApi): {
  phase(): string;
  onDidChange(listener: (change: ConnectionChange) => void): vscode.Disposable;
} {
  const sessions = api.services.sessions;
  return {
    phase: () => sessions.state.phase,
    onDidChange: (listener) =>
      sessions.onDidChangeState((s) => listener({ phase: s.phase, error: s.error, at: Date.now() })),
  };
}

describe('frozen server: reconnecting within the poll time limit', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;

  const store = () => api.services.sessions.current!.store;

  before(async function () {
    this.timeout(30_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
  });

  after(async () => {
    await signOutAll(api);
    await bobClient.close();
  });

  it('reports reconnecting when long-polls go unanswered, then live again with the messages sent meanwhile', async function () {
    this.timeout(90_000);
    const conn = connection(api);
    assert.equal(conn.phase(), 'live');
    // 2 s on the integration server: 12 s. The poll the server holds now ends within its 1 s heartbeat.
    const limitMs = pollTimeLimitMs(store().realm.longpollTimeoutSeconds);
    // Each change with alice's unread count in #general at that moment.
    const changes: (ConnectionChange & { unread: number })[] = [];
    const sub = conn.onDidChange((c) => changes.push({ ...c, unread: store().unreadCount({ streamId: GENERAL }) }));
    try {
      const before = store().unreadCount({ streamId: GENERAL });
      const frozenAt = Date.now();
      await testControl('fault', { kind: 'hang', route: 'GET /events', times: 2 });

      const reconnecting = await waitFor(
        'reconnecting',
        () => changes.find((c) => c.phase === 'reconnecting'),
        limitMs + 1000 + 15_000,
      );
      // Not before the limit (the poll held at the fault ends up to 1 s later; timers may run early by up to 1 s).
      assert.ok(
        reconnecting.at - frozenAt >= limitMs - 1500,
        `reconnecting after ${reconnecting.at - frozenAt} ms, before the ${limitMs} ms limit`,
      );
      const error = reconnecting.error as { name?: string; kind?: string } | undefined;
      assert.equal(error?.name, 'NetworkError', String(reconnecting.error));
      assert.equal(error?.kind, 'timeout', 'the detail says the server did not answer in time');

      // Sent while the retried poll hangs too: it arrives through the third poll, which is answered.
      await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: 'while frozen', content: 'Anyone there?' });
      await waitFor('live again', () => conn.phase() === 'live' && changes.at(-1)?.phase === 'live', limitMs + 20_000);
      assert.deepEqual(
        changes.map((c) => c.phase),
        ['reconnecting', 'reconnecting', 'live'],
      );
      assert.equal(changes[1]!.unread, before, 'nothing arrived while the server was frozen');
      await waitFor(
        'the message sent while frozen',
        () => store().unreadCount({ streamId: GENERAL }) === before + 1,
        10_000,
      );
    } finally {
      sub.dispose();
    }
  });
});
