// People in a real VS Code: the presence tree groups the demo users and regroups when another
// account reports presence; statuses set through the commands reach the server (checked from
// another client) and the tree; over-long statuses are refused before sending; administrators set
// other users' statuses, members are refused by the server; the profile card shows custom fields.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { ApiError, type ChatClient, ValidationError } from '../../src/api';
import { deleteQueue, registerQueue } from '../../src/api/events/routes';
import { updatePresence } from '../../src/api/users/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { PeopleNode, UserNode } from '../../src/views/presence/model';
import type { ProfileModel } from '../../src/webviews/profileCard/protocol';
import {
  accountWithRole,
  clientFor,
  EXTENSION_ID,
  freshStart,
  ROLE,
  signIn,
  signOutAll,
  testAccounts,
  waitFor,
  waitForSession,
  type TestAccount,
} from './helpers';

describe('people: presence, statuses, profiles', function () {
  this.timeout(60_000);
  let api: TeamChatApi;
  let all: TestAccount[];
  let member: TestAccount;
  let admin: TestAccount;
  const clients: ChatClient[] = [];

  const clientOf = (a: TestAccount): ChatClient => {
    const c = clientFor(a);
    clients.push(c);
    return c;
  };

  /** Another client's view of the server's statuses (a `/register` snapshot of `user_status`). */
  async function serverStatuses(
    viewer: TestAccount,
  ): Promise<Record<string, { status_text?: string; emoji_name?: string }>> {
    const client = clientOf(viewer);
    const snapshot = await registerQueue(client, { event_types: ['user_status'], fetch_event_types: ['user_status'] });
    if (snapshot.queue_id) await deleteQueue(client, { queue_id: snapshot.queue_id });
    return (snapshot.user_status ?? {}) as Record<string, { status_text?: string; emoji_name?: string }>;
  }

  /** The rows of the People tree as the provider renders them: group → [label, description]. */
  function treeRows(): Map<string, { count: string; users: Map<number, string | undefined> }> {
    const { provider } = api.people;
    const rows = new Map<string, { count: string; users: Map<number, string | undefined> }>();
    for (const group of provider.getChildren()) {
      const item = provider.getTreeItem(group);
      const users = new Map<number, string | undefined>();
      for (const child of provider.getChildren(group) as UserNode[]) {
        users.set(child.userId, provider.getTreeItem(child).description as string | undefined);
      }
      rows.set(String(item.label), { count: String(item.description), users });
    }
    return rows;
  }

  function groupOf(userId: number): string | undefined {
    for (const [label, group] of treeRows()) if (group.users.has(userId)) return label;
    return undefined;
  }

  before(async () => {
    all = testAccounts();
    member = accountWithRole(ROLE.member);
    admin = accountWithRole(ROLE.admin);
    api = await freshStart(member);
  });

  after(async () => {
    await signOutAll(api);
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  });

  it('groups the demo users into active, idle and offline, with counts and statuses', () => {
    const rows = treeRows();
    assert.deepEqual([...rows.keys()], ['Active', 'Idle', 'Offline']);
    const store = api.services.sessions.current!.store;
    const humans = store
      .users()
      .filter((u) => u.is_active && !u.is_bot)
      .map((u) => u.user_id);
    const listed = [...rows.values()].flatMap((g) => [...g.users.keys()]);
    assert.deepEqual(
      [...listed].sort((a, b) => a - b),
      [...humans].sort((a, b) => a - b),
      'every active human exactly once',
    );
    for (const group of rows.values()) assert.equal(group.count, String(group.users.size));
    const bots = store
      .users()
      .filter((u) => u.is_bot)
      .map((u) => u.user_id);
    assert.ok(bots.length > 0 && bots.every((id) => !listed.includes(id)), 'bots are not listed');
    const carol = all.find((a) => a.fullName === 'Carol Chen')!;
    assert.equal(groupOf(carol.userId), 'Offline', 'seen three days ago');
    const alice = all.find((a) => a.fullName === 'Alice Anders')!;
    const aliceRow = [...rows.values()].find((g) => g.users.has(alice.userId))!;
    assert.equal(aliceRow.users.get(alice.userId), `${String.fromCodePoint(0x1f4c6)} In a meeting`);
  });

  it('shows a profile card with custom profile fields (names, choices, links, sanitised HTML)', async () => {
    const alice = all.find((a) => a.fullName === 'Alice Anders')!;
    const model = await vscode.commands.executeCommand<ProfileModel>(Commands.showProfile, alice.userId);
    assert.equal(model.name, 'Alice Anders');
    assert.equal(model.statusText, 'In a meeting');
    assert.equal(model.statusEmoji, String.fromCodePoint(0x1f4c6));
    const fields = new Map(model.fields.map((f) => [f.name, f]));
    assert.equal(fields.get('Phone number')?.text, '+1-555-0104', JSON.stringify(model));
    assert.ok(fields.get('Biography')?.html?.startsWith('<p>'), JSON.stringify(fields.get('Biography')));
    assert.equal(fields.get('Team')?.text, 'Engineering');
    assert.equal(fields.get('GitHub')?.href, 'https://github.com/alice-gh');
    assert.ok(!model.warning, model.warning);
    const tab = await waitFor(
      'the profile card tab',
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('teamChat.profileCard')),
      15_000,
    );
    assert.equal(tab.label, 'Alice Anders');
    await vscode.window.tabGroups.close(tab);
  });

  it('regroups when another account goes active', async () => {
    const other = all.find((a) => a.role === 400 && a.userId !== member.userId && groupOf(a.userId) === 'Offline');
    assert.ok(other, 'an offline member to bring online');
    const nodes: PeopleNode[] = [];
    const sub = api.people.model.onDidChange((c) => {
      if (!c.all) nodes.push(...c.nodes);
    });
    try {
      await updatePresence(clientOf(other), { status: 'active', new_user_input: true, slim_presence: true });
      await waitFor(`${other.fullName} in Active`, () => groupOf(other.userId) === 'Active', 15_000);
      // Only the groups that changed were refreshed, not the whole tree.
      const states = nodes.filter((n) => n.kind === 'group').map((n) => n.state);
      assert.ok(states.includes('active') && states.includes('offline'), JSON.stringify(nodes));
      assert.ok(!states.includes('idle') || nodes.length > 0);
    } finally {
      sub.dispose();
    }
  });

  it('sets the own status with command arguments: the server and the tree follow', async () => {
    const sent = await vscode.commands.executeCommand(Commands.setStatus, {
      status_text: 'Testing the People view',
      emoji_name: 'rocket',
      emoji_code: '1f680',
      reaction_type: 'unicode_emoji',
    });
    assert.ok(sent);
    const seen = await serverStatuses(admin);
    assert.equal(seen[member.userId]?.status_text, 'Testing the People view');
    assert.equal(seen[member.userId]?.emoji_name, 'rocket');
    await waitFor(
      'the status in the tree',
      () => {
        const group = [...treeRows().values()].find((g) => g.users.has(member.userId));
        return group?.users.get(member.userId) === '🚀 Testing the People view';
      },
      15_000,
    );
  });

  it('refuses a 61-code-point status before sending, with the message, and changes nothing', async () => {
    const store = api.services.sessions.current!.store;
    const before = store.status(member.userId)?.status_text;
    const tooLong = '🎉'.repeat(61);
    await assert.rejects(
      async () => vscode.commands.executeCommand(Commands.setStatus, { status_text: tooLong }),
      (e: Error) => /at most 60 characters/.test(e.message),
    );
    // The same text through the API layer: a ValidationError, nothing sent.
    await assert.rejects(
      async () => (await import('../../src/api/users/routes')).updateStatus(clientOf(member), { status_text: tooLong }),
      (e: unknown) => e instanceof ValidationError,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(store.status(member.userId)?.status_text, before);
    assert.equal((await serverStatuses(admin))[member.userId]?.status_text, before);
  });

  it('clears the own status', async () => {
    await vscode.commands.executeCommand(Commands.clearStatus);
    assert.equal((await serverStatuses(admin))[member.userId]?.status_text || '', '');
    await waitFor(
      'no status in the tree',
      () => api.services.sessions.current!.store.status(member.userId) === undefined,
      15_000,
    );
  });

  it('an administrator sets another user’s status', async () => {
    await signIn(api, admin);
    const target = all.find((a) => a.fullName === 'Carol Chen')!;
    await vscode.commands.executeCommand(Commands.setUserStatus, {
      userId: target.userId,
      status_text: 'Set by an administrator',
      emoji_name: 'house',
      emoji_code: '1f3e0',
      reaction_type: 'unicode_emoji',
    });
    assert.equal((await serverStatuses(member))[target.userId]?.status_text, 'Set by an administrator');
    await waitFor(
      'the status in the admin’s tree',
      () => api.services.sessions.current!.store.status(target.userId)?.status_text === 'Set by an administrator',
      15_000,
    );
  });

  it('a member is refused by the server (the command is not offered; called anyway, the error surfaces)', async () => {
    const memberAccount = api.services.accounts.list().find((a) => a.userId === member.userId)!;
    await vscode.commands.executeCommand(Commands.switchAccount, memberAccount.id);
    await waitForSession(api, member.email);
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { menus: Record<string, { command: string; when?: string }[]> };
    };
    const entries = Object.values(pkg.contributes.menus)
      .flat()
      .filter((m) => m.command === Commands.setUserStatus);
    assert.ok(
      entries.length > 0 && entries.every((m) => m.when?.includes('teamChat.isAdmin')),
      'only offered to administrators',
    );
    const target = all.find((a) => a.fullName === 'Carol Chen')!;
    await assert.rejects(
      async () =>
        vscode.commands.executeCommand(Commands.setUserStatus, { userId: target.userId, status_text: 'Not allowed' }),
      (e: Error) => e instanceof ApiError || /permission/i.test(e.message),
    );
    assert.equal((await serverStatuses(member))[target.userId]?.status_text, 'Set by an administrator');
  });
});
