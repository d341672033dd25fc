// The Inbox, Mentions and Starred trees inside a real VS Code: unread conversations are listed and
// open at their first unread message, Mark as Read on a row clears it, a message starred in the
// conversation view appears in Starred, and a new mention appears live in Mentions.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { InboxRow } from '../../src/views/inbox';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('Inbox, Mentions and Starred trees', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  let aliceId = 0;
  let bobId = 0;

  const post = async (topic: string, content: string): Promise<number> =>
    (await sendMessage(bobClient, { type: 'stream', to: ENGINEERING, topic, content })).id;
  /** The inbox's rows, folders and channels expanded (what the tree shows). */
  const expand = (r: InboxRow): InboxRow[] => [r, ...api.inbox.provider.getChildren(r).flatMap(expand)];
  const rows = (): InboxRow[] => api.inbox.provider.getChildren().flatMap(expand);
  const topicRow = (topic: string) =>
    rows().find((r) => r.kind === 'topic' && r.topic === topic && r.streamId === ENGINEERING);
  const dmRow = () => rows().find((r) => r.kind === 'dm' && r.userIds.length === 1 && r.userIds[0] === bobId);

  before(async function () {
    this.timeout(30_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    aliceId = testAccount('alice').userId;
    bobId = testAccount('bob').userId;
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await vscode.commands.executeCommand(Commands.inboxShowUnread);
    await signOutAll(api);
    await bobClient.close();
  });

  it('lists an unread topic with its count; its row opens the conversation at the first unread message, revealed', async function () {
    this.timeout(90_000);
    const topic = `inbox ${Date.now()}`;
    // Enough newer messages that the newest page would not reach the first unread one.
    const first = await post(topic, 'the first unread message');
    for (let i = 0; i < 60; i++) await post(topic, `later message ${i}`);
    const row = await waitFor('the topic in the inbox', () => {
      const r = topicRow(topic);
      return r && r.count === 61 ? r : undefined;
    });
    const channel = rows().find((r) => r.kind === 'channel' && r.streamId === ENGINEERING)!;
    assert.ok(channel && channel.kind === 'channel' && channel.count >= 61);
    const item = api.inbox.provider.getTreeItem(row);
    assert.equal(item.label, topic);
    assert.equal(item.description, '61');
    assert.equal(item.contextValue, 'inbox.topic.unread');
    assert.deepEqual(item.command?.arguments, [{ streamId: ENGINEERING, topic, anchor: first }]);

    const panel = await vscode.commands.executeCommand<TopicPanel>(item.command!.command, ...item.command!.arguments!);
    assert.ok(panel);
    const loaded = await panel.whenLoaded();
    assert.ok(loaded.includes(first), `the anchor ${first} is loaded`);
    await waitFor('the first unread message revealed', () => panel.revealed === first, 20_000);

    // Already open: opening at another message scrolls there.
    const later = loaded[loaded.length - 1]!;
    await vscode.commands.executeCommand(Commands.openTopic, { streamId: ENGINEERING, topic, anchor: later });
    await waitFor('the later message revealed', () => panel.revealed === later, 20_000);
    panel.dispose();
  });

  it('Mark as Read on a topic row and on a direct conversation row clears them', async function () {
    this.timeout(90_000);
    const topic = `to read ${Date.now()}`;
    await post(topic, 'unread one');
    await post(topic, 'unread two');
    await sendMessage(bobClient, { type: 'private', to: [aliceId], content: 'an unread direct message' });
    const row = await waitFor('the topic in the inbox', () => topicRow(topic));
    const dm = await waitFor('the direct conversation in the inbox', () => dmRow());
    assert.equal(api.inbox.provider.getTreeItem(dm).contextValue, 'inbox.dm.unread');
    await vscode.commands.executeCommand(Commands.inboxMarkRead, row);
    await waitFor('the topic gone from the inbox', () => topicRow(topic) === undefined, 20_000);
    assert.equal(api.services.sessions.current!.store.unreadCount({ streamId: ENGINEERING, topic }), 0);
    await vscode.commands.executeCommand(Commands.inboxMarkRead, dm);
    await waitFor('the direct conversation gone from the inbox', () => dmRow() === undefined, 20_000);
    assert.equal(api.services.sessions.current!.store.unreadCount({ dmUserIds: [bobId] }), 0);
  });

  it('Recent Conversations lists read conversations too, newest first', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand(Commands.inboxShowRecent);
    assert.equal(api.inbox.model.mode, 'recent');
    assert.equal(api.inbox.view.title, 'Recent Conversations');
    const topic = `recent ${Date.now()}`;
    const id = await post(topic, 'newest activity');
    const recent = await waitFor('the new topic first', () => {
      const list = api.inbox.provider.getChildren();
      return list[0]?.kind === 'topic' && list[0].topic === topic ? list : undefined;
    });
    assert.equal(recent[0]!.kind === 'topic' && recent[0]!.lastId, id);
    assert.ok(
      recent.some((r) => r.kind === 'topic' && r.count === 0),
      'read conversations are listed',
    );
    await vscode.commands.executeCommand(Commands.inboxShowUnread);
    assert.equal(api.inbox.view.title, 'Inbox');
  });

  it('a message starred in the conversation view appears in Starred, and leaves when unstarred', async function () {
    this.timeout(90_000);
    await api.starred.model.load();
    const topic = `star ${Date.now()}`;
    const id = await post(topic, 'worth keeping');
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: ENGINEERING,
      topic,
    });
    assert.ok(panel);
    await panel.whenLoaded();
    await panel.runAction(id, 'star');
    await waitFor('the star in the panel', () => panel.list?.get(id)?.flags?.includes('starred'));
    const row = await waitFor('the message in Starred', () => api.starred.model.nodes().find((r) => r.id === id));
    assert.equal(row.label, 'Bob Brown — worth keeping');
    assert.equal(row.description, `#engineering › ${topic}`);
    assert.equal(api.starred.model.nodes()[0]!.id, id, 'newest first');
    const item = api.starred.provider.getTreeItem(row);
    assert.deepEqual(item.command?.arguments, [{ streamId: ENGINEERING, topic, anchor: id }]);
    await panel.runAction(id, 'star');
    await waitFor('the message gone from Starred', () => !api.starred.model.nodes().some((r) => r.id === id));
    panel.dispose();
  });

  it('a new mention appears live in Mentions', async function () {
    this.timeout(60_000);
    await api.mentions.model.load();
    const id = await post(`mention ${Date.now()}`, '@**Alice Anders** please have a look');
    const row = await waitFor('the mention in Mentions', () => api.mentions.model.nodes().find((r) => r.id === id));
    assert.equal(row.label, 'Bob Brown — @Alice Anders please have a look');
    assert.equal(api.mentions.model.nodes()[0]!.id, id);
    const plain = await post(`mention ${Date.now()}`, 'no mention here');
    await new Promise((r) => setTimeout(r, 1000));
    assert.ok(!api.mentions.model.nodes().some((r) => r.id === plain), 'a message without a mention is not listed');
  });
});
