// Compose drafts inside a real VS Code: text in a conversation's compose box is kept by the host
// when the view closes and comes back when the conversation is opened again; with drafts
// synchronisation on it reaches the server (GET /drafts); a draft written on another device
// appears in the Drafts tree, resumes into the compose box, and goes away when deleted elsewhere;
// "Delete Draft" deletes it on the server too.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { createDrafts, deleteDraft, getDrafts } from '../../src/api/drafts/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

describe('compose drafts: kept across closing the view, synchronised, the Drafts tree', () => {
  let api: TeamChatApi;
  /** The same user on "another device". */
  let elsewhere: ChatClient;
  const topic = `drafts ${Date.now()}`;
  const text = 'Half-written reply about the **release**';

  const openTopic = (t = topic) =>
    vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic: t });
  const close = async (panel: TopicPanel) => {
    panel.panel.dispose();
    await waitFor('the view closed', () => !api.topicViews.panels.includes(panel));
  };
  const rows = () => api.drafts.model.rows();

  before(async function () {
    this.timeout(30_000);
    // Maya: signing in makes her present, and the People test expects Carol offline.
    const maya = testAccount('maya');
    elsewhere = clientFor(maya);
    api = await freshStart(maya);
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    for (const d of (await getDrafts(elsewhere)).drafts) await deleteDraft(elsewhere, { draft_id: d.id });
    await signOutAll(api);
    await elsewhere.close();
  });

  it('restores the compose text when the closed conversation is opened again', async function () {
    this.timeout(90_000);
    let panel = await openTopic();
    await panel.whenLoaded();
    panel.insertIntoCompose(text);
    await waitFor('the text in the compose box', () => panel.composeText === text, 20_000);
    await close(panel);
    // Kept by the host (globalState), not by the closed page.
    const accountId = api.services.sessions.current!.account.id;
    assert.equal(api.services.drafts.get(accountId, { type: 'stream', streamId: GENERAL, topic })?.content, text);
    panel = await openTopic();
    await waitFor('the draft back in the compose box', () => panel.composeText === text, 30_000);
    assert.ok(
      rows().some((r) => r.local?.content === text),
      'the Drafts tree lists it',
    );
  });

  it('keeps a direct conversation’s draft too, and a note to self resumes from the tree', async function () {
    this.timeout(90_000);
    const bob = { user_id: testAccount('bob').userId };
    const open = (userIds: number[]) =>
      vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, { userIds });
    let panel = await open([bob.user_id]);
    await panel.whenLoaded();
    panel.insertIntoCompose('See you at 3?');
    await waitFor('the DM text in the compose box', () => panel.composeText === 'See you at 3?', 20_000);
    await close(panel);
    panel = await open([bob.user_id]);
    await waitFor('the DM draft back', () => panel.composeText === 'See you at 3?', 30_000);
    const own = api.services.sessions.current!.store.ownUserId;
    panel = await open([own]);
    await panel.whenLoaded();
    panel.insertIntoCompose('note to self');
    await waitFor('the note in the compose box', () => panel.composeText === 'note to self', 20_000);
    await close(panel);
    const row = await waitFor('the note in the tree', () => rows().find((r) => r.content === 'note to self'));
    assert.equal(api.drafts.provider.getTreeItem(row.node).label, 'yourself');
    panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.resumeDraft, row.node))!;
    assert.ok(panel.key.mode === 'dm' && panel.key.userIds.length === 0);
    await waitFor('the note resumed', () => panel.composeText === 'note to self', 30_000);
    for (const p of api.topicViews.panels) await close(p);
    for (const r of rows().filter((x) => x.target.type === 'private'))
      await vscode.commands.executeCommand(Commands.deleteDraft, r.node);
  });

  it('with synchronisation on, the draft reaches the server', async function () {
    this.timeout(30_000);
    const found = await waitFor(
      'the draft on the server',
      async () => (await getDrafts(elsewhere)).drafts.find((d) => d.content === text),
      20_000,
    );
    assert.deepEqual([found.type, found.to, found.topic], ['stream', [GENERAL], topic]);
  });

  it('a draft written on another device appears in the Drafts tree and resumes into the compose box', async function () {
    this.timeout(90_000);
    const other = `${topic} other`;
    const content = 'Written on my phone';
    const { ids } = await createDrafts(elsewhere, {
      drafts: [{ type: 'stream', to: [GENERAL], topic: other, content }],
    });
    const row = await waitFor(
      'the remote draft in the tree',
      () => rows().find((r) => r.remote?.id === ids[0]),
      15_000,
    );
    // Newest first: it was written last.
    assert.equal(rows()[0], row);
    const item = api.drafts.provider.getTreeItem(row.node);
    assert.equal(item.label, `#general > ${other}`);
    assert.match(String(item.description), /^Written on my phone · /);
    assert.equal(item.command?.command, Commands.resumeDraft);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.resumeDraft, row.node);
    assert.ok(panel && panel.key.mode === 'topic' && panel.key.topic === other);
    await waitFor('the resumed draft in the compose box', () => panel.composeText === content, 30_000);
    // Now a local draft linked to the server's: one row, not two.
    assert.equal(rows().filter((r) => r.content === content).length, 1);
    await close(panel);
  });

  it('a draft deleted on another device goes away here', async function () {
    this.timeout(30_000);
    const remote = (await getDrafts(elsewhere)).drafts.find((d) => d.content === 'Written on my phone')!;
    await deleteDraft(elsewhere, { draft_id: remote.id });
    await waitFor(
      'the draft gone from the tree',
      () => !rows().some((r) => r.content === 'Written on my phone'),
      15_000,
    );
  });

  it('"Delete Draft" deletes it here and on the server', async function () {
    this.timeout(30_000);
    for (const p of api.topicViews.panels) await close(p);
    const row = rows().find((r) => r.content === text)!;
    assert.ok(row);
    await vscode.commands.executeCommand(Commands.deleteDraft, row.node);
    assert.ok(!rows().some((r) => r.content === text));
    await waitFor(
      'the draft gone from the server',
      async () => !(await getDrafts(elsewhere)).drafts.some((d) => d.content === text),
      15_000,
    );
    const panel = await openTopic();
    await panel.whenLoaded();
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(panel.composeText, '', 'a deleted draft is not restored');
  });
});
