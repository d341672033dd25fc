// Channels inside a real VS Code: sign-in starts a live session, the channels tree fills from the
// store, subscription properties round-trip through the server's events, another user's message
// updates unread counts and the badge live, an expired queue and a lost connection recover by
// themselves, and sign-out deletes the event queue and the key.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { secretKey } from '../../src/auth/accounts';
import { Commands, Settings } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import {
  clientFor,
  ENGINEERING,
  freshStart,
  GENERAL,
  signIn,
  signOutAll,
  testAccount,
  testControl,
  waitFor,
  type TestAccount,
} from './helpers';

describe('channels: live session and the channels tree', () => {
  let api: TeamChatApi;
  let alice: TestAccount;
  let bob: TestAccount;
  let bobClient: ChatClient;

  const store = () => api.services.sessions.current!.store;

  before(async function () {
    this.timeout(30_000);
    alice = testAccount('alice');
    bob = testAccount('bob');
    bobClient = clientFor(bob);
    // Signed in here, not only in the first test: each test stands alone (a filtered run skips that one).
    api = await freshStart(alice);
  });

  after(async () => {
    await signOutAll(api);
    await bobClient.close();
  });

  it('signs in against the local server and fills the channels tree (pinned first)', async function () {
    this.timeout(20_000);
    await signIn(api, alice);
    const current = api.services.sessions.current!;
    assert.equal(current.account.email, alice.email);
    assert.equal(api.services.sessions.state.phase, 'live');
    const roots = api.channels.model.roots();
    const names = roots.map((n) => store().subscription(n.streamId)?.name);
    assert.ok(names.includes('general') && names.includes('engineering'), JSON.stringify(names));
    assert.equal(names[0], 'engineering', 'the pinned channel comes first');
    assert.ok(store().subscription(4)?.is_muted, '#random is muted for alice');
    // The topics tree follows: it shows the first channel.
    await waitFor(
      'topics of the first channel',
      () => api.topics.model.streamId !== undefined && api.topics.model.state.kind === 'loaded',
    );
  });

  it('round-trips subscription properties (mute, pin, colour, notifications)', async function () {
    this.timeout(20_000);
    const changed: number[][] = [];
    const sub = api.channels.model.onDidChange((nodes) => nodes && changed.push(nodes.map((n) => n.streamId)));
    try {
      assert.equal(await vscode.commands.executeCommand(Commands.channelMute, { streamId: GENERAL }), true);
      await waitFor('general muted', () => store().subscription(GENERAL)?.is_muted === true);
      // Only the changed row is refreshed.
      await waitFor('a row refresh for general', () => changed.some((ids) => ids.length === 1 && ids[0] === GENERAL));
      await vscode.commands.executeCommand(Commands.channelUnmute, { streamId: GENERAL });
      await waitFor('general unmuted', () => store().subscription(GENERAL)?.is_muted === false);

      await vscode.commands.executeCommand(Commands.channelSetColor, { streamId: GENERAL, color: '#1a2B3c' });
      await waitFor('the new colour', () => store().subscription(GENERAL)?.color === '#1a2b3c');

      await vscode.commands.executeCommand(Commands.channelPin, { streamId: GENERAL });
      await waitFor(
        'general pinned first',
        () =>
          api.channels.model
            .roots()
            .slice(0, 2)
            .some((n) => n.streamId === GENERAL) && store().subscription(GENERAL)?.pin_to_top,
      );
      await vscode.commands.executeCommand(Commands.channelUnpin, { streamId: GENERAL });
      await waitFor('general unpinned', () => store().subscription(GENERAL)?.pin_to_top === false);

      await vscode.commands.executeCommand(Commands.channelNotifications, {
        streamId: GENERAL,
        values: { desktop_notifications: true, email_notifications: false },
      });
      await waitFor(
        'notification flags',
        () =>
          store().subscription(GENERAL)?.desktop_notifications === true &&
          store().subscription(GENERAL)?.email_notifications === false,
      );
    } finally {
      sub.dispose();
    }
  });

  it('updates unread counts and the badge live when another user posts', async function () {
    this.timeout(20_000);
    // The badge counts every unread message with `teamChat.badge.counts: allUnreads` (default: DMs and mentions).
    const config = vscode.workspace.getConfiguration();
    await config.update(Settings.badgeCounts, 'allUnreads', vscode.ConfigurationTarget.Global);
    try {
      const before = store().unreadCount({ streamId: GENERAL });
      await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: 'live counts', content: 'Hello from Bob' });
      await waitFor('the unread count to grow', () => store().unreadCount({ streamId: GENERAL }) === before + 1);
      await waitFor('the badge', () => api.channels.view.badge?.value === store().totalUnread());
    } finally {
      await config.update(Settings.badgeCounts, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('marks the channel as read', async function () {
    this.timeout(20_000);
    const updated = await vscode.commands.executeCommand<number>(Commands.channelMarkRead, { streamId: GENERAL });
    assert.ok(updated >= 1);
    await waitFor('no unread in general', () => store().unreadCount({ streamId: GENERAL }) === 0);
  });

  it('copies the channel email address with a chosen sender', async () => {
    const email = await vscode.commands.executeCommand<string>(Commands.channelCopyEmail, {
      streamId: GENERAL,
      senderId: alice.userId,
    });
    assert.ok(email && email.includes('@'), email);
    assert.equal(await vscode.env.clipboard.readText(), email);
    const gateway = await vscode.commands.executeCommand<string>(Commands.channelCopyEmail, {
      streamId: GENERAL,
      senderId: 'gateway',
    });
    assert.ok(gateway.includes('@'));
  });

  it('removes others only where permitted, and reports not_removed', async function () {
    this.timeout(20_000);
    const helper = store()
      .users()
      .find((u) => u.is_bot && u.bot_owner_id === alice.userId)!;
    assert.ok(helper, 'alice owns a bot');
    // (b) the owner of a bot may remove it.
    const first = await vscode.commands.executeCommand<{ removed: number[]; notSubscribed: number[] }>(
      Commands.channelRemoveSubscribers,
      { streamId: ENGINEERING, userIds: [helper.user_id] },
    );
    assert.deepEqual(first.removed, [helper.user_id]);
    const again = await vscode.commands.executeCommand<{ removed: number[]; notSubscribed: number[] }>(
      Commands.channelRemoveSubscribers,
      { streamId: ENGINEERING, userIds: [helper.user_id] },
    );
    assert.deepEqual(again.notSubscribed, [helper.user_id]);
    // A member outside the channel's group may not remove another member: refused before any request.
    await assert.rejects(
      async () =>
        vscode.commands.executeCommand(Commands.channelRemoveSubscribers, {
          streamId: ENGINEERING,
          userIds: [bob.userId],
        }),
      (e: Error) => /cannot remove Bob Brown/.test(e.message),
    );
  });

  it('unsubscribes the own user (the row goes away)', async function () {
    this.timeout(20_000);
    const result = await vscode.commands.executeCommand<{ removed: string[] }>(Commands.channelUnsubscribe, {
      streamId: 3,
    });
    assert.deepEqual(result.removed, ['design']);
    await waitFor('design gone from the tree', () => !api.channels.model.roots().some((n) => n.streamId === 3));
  });

  it('rebuilds from a new snapshot when the queue expired (BAD_EVENT_QUEUE_ID)', async function () {
    this.timeout(30_000);
    const statuses: string[] = [];
    let full = false;
    const subs = [
      api.services.sessions.onDidChangeState((s) => statuses.push(s.phase)),
      api.services.sessions.onDidChangeStore((c) => (full ||= c.full)),
    ];
    try {
      await testControl('expire-queues');
      await waitFor('a rebuild', () => full, 20_000);
      await waitFor('live again', () => api.services.sessions.state.phase === 'live', 20_000);
      assert.ok(statuses.includes('reconnecting'), JSON.stringify(statuses));
      // Events flow again on the new queue.
      const before = store().unreadCount({ streamId: GENERAL });
      await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: 'after expiry', content: 'Still here?' });
      await waitFor('the message after the rebuild', () => store().unreadCount({ streamId: GENERAL }) === before + 1);
    } finally {
      for (const s of subs) s.dispose();
    }
  });

  it('shows reconnecting on network loss and recovers by itself', async function () {
    this.timeout(40_000);
    const statuses: string[] = [];
    const sub = api.services.sessions.onDidChangeState((s) => statuses.push(s.phase));
    try {
      await testControl('fault', { kind: 'drop', route: 'GET /events', times: 2 });
      await waitFor('reconnecting', () => statuses.includes('reconnecting'), 20_000);
      await waitFor(
        'live again',
        () =>
          api.services.sessions.state.phase === 'live' &&
          statuses.lastIndexOf('live') > statuses.indexOf('reconnecting'),
        30_000,
      );
      const before = store().unreadCount({ streamId: GENERAL });
      await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: 'after reconnect', content: 'Back online' });
      await waitFor('the message after reconnecting', () => store().unreadCount({ streamId: GENERAL }) === before + 1);
    } finally {
      sub.dispose();
    }
  });

  it('signs out: the session stops and the key leaves SecretStorage', async function () {
    this.timeout(20_000);
    const account = api.services.accounts.active!;
    await vscode.commands.executeCommand(Commands.signOut, account.id);
    assert.equal(api.services.sessions.current, undefined);
    assert.equal(await api.services.context.secrets.get(secretKey(account.id)), undefined);
    assert.equal(api.channels.model.roots().length, 0);
  });
});
