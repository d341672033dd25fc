// The Direct Messages tree inside a real VS Code: the demo organisation's conversations for Alice,
// newest first with unread counts, a new message moving its conversation to the top, a row's
// command opening the conversation view, and "Send Direct Message" from a People row.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('Direct Messages tree', () => {
  let api: TeamChatApi;
  let carolClient: ChatClient;
  let bobId = 0;
  let carolId = 0;
  let ownerId = 0;

  const rows = () => {
    const { provider } = api.directMessages;
    return provider.getChildren().map((n) => ({ node: n, item: provider.getTreeItem(n) }));
  };

  before(async function () {
    this.timeout(30_000);
    carolClient = clientFor(testAccount('carol'));
    api = await freshStart(testAccount('alice'));
    bobId = testAccount('bob').userId;
    carolId = testAccount('carol').userId;
    ownerId = testAccount('olivia').userId;
    await waitFor('the conversations', () => rows().length >= 3);
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await carolClient.close();
  });

  it('shows the 1:1 and group conversations, newest first, with unread counts and presence', () => {
    const store = api.services.sessions.current!.store;
    const list = rows();
    const keys = list.map((r) => r.node.key);
    assert.ok(keys.includes(String(bobId)) && keys.includes(String(carolId)), `1:1 rows: ${keys.join(' | ')}`);
    const group = [bobId, carolId, ownerId].sort((a, b) => a - b).join(',');
    assert.ok(keys.includes(group), `the group row: ${keys.join(' | ')}`);
    const model = api.directMessages.model.rows();
    for (let i = 1; i < model.length; i++)
      assert.ok(model[i - 1]!.maxMessageId > model[i]!.maxMessageId, 'newest first');
    for (const { node, item } of list) {
      const unread = store.unreadCount({ dmUserIds: node.userIds.length ? node.userIds : [store.ownUserId] });
      assert.equal(item.description, unread > 0 ? String(unread) : undefined, `count of ${String(item.label)}`);
      assert.equal(item.command?.command, Commands.openDirectMessage);
      assert.deepEqual(item.command?.arguments, [{ userIds: [...node.userIds] }]);
    }
    const bob = list.find((r) => r.node.key === String(bobId))!;
    assert.equal(bob.item.label, 'Bob Brown');
    assert.equal((bob.item.iconPath as vscode.ThemeIcon).id.startsWith('circle-'), true, 'a presence dot for 1:1');
    const groupRow = list.find((r) => r.node.key === group)!;
    assert.equal((groupRow.item.iconPath as vscode.ThemeIcon).id, 'organization');
    assert.ok(
      list.some((r) => Number(r.item.description) > 0),
      'some conversations are unread in the demo',
    );
  });

  it('a new message moves its conversation to the top with one more unread', async function () {
    this.timeout(60_000);
    const before = rows().find((r) => r.node.key === String(carolId));
    const count = Number(before?.item.description ?? 0);
    await sendMessage(carolClient, {
      type: 'private',
      to: [testAccount('alice').userId],
      content: `tree ${Date.now()}`,
    });
    await waitFor(
      'Carol on top',
      () => rows()[0]?.node.key === String(carolId) && Number(rows()[0]!.item.description) === count + 1,
    );
  });

  it("a row's command opens the conversation view", async function () {
    this.timeout(60_000);
    const row = rows().find((r) => r.node.userIds.length === 3)!;
    const panel = await vscode.commands.executeCommand<TopicPanel>(
      row.item.command!.command,
      ...row.item.command!.arguments!,
    );
    assert.ok(panel);
    assert.deepEqual(panel.key, { mode: 'dm', userIds: row.node.userIds });
    await panel.whenLoaded();
  });

  it('"Send Direct Message" on a People row opens the 1:1 conversation', async function () {
    this.timeout(60_000);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.sendDirectMessage, {
      kind: 'user',
      state: 'active',
      userId: bobId,
    });
    assert.ok(panel);
    assert.deepEqual(panel.key, { mode: 'dm', userIds: [bobId] });
  });

  it('refuses a deactivated user with the reason', async () => {
    const errors: string[] = [];
    const d = api.onDidReportError((e) => errors.push(e.text));
    try {
      const dora = api.services.sessions.current!.store.users().find((u) => u.full_name === 'Dora Departed')!;
      assert.equal(dora.is_active, false);
      const panel = await vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openDirectMessage, {
        userIds: [dora.user_id],
      });
      assert.equal(panel, undefined);
      await waitFor('the error', () => errors.length > 0);
      assert.match(errors[0]!, /Cannot send to Dora Departed: the user is deactivated\./);
    } finally {
      d.dispose();
    }
  });
});
