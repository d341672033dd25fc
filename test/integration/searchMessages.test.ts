// "Search Messages…" inside a real VS Code over the demo organisation: a query with operators
// lists its matches in the Search Results tree grouped by conversation (newest conversation
// first, match counts, "sender — excerpt" labels with the matches highlighted), a message row
// opens its conversation at that message, a new matching message appears live, a bad query is
// refused before any request, a server failure and an empty result say so, and Clear empties it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { ConversationGroup } from '../../src/views/messages/groups';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
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
} from './helpers';

describe('Search Messages', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  const token = `zebra${Date.now()}`;
  const ids: Record<string, number> = {};

  const search = (query: string): Thenable<unknown> =>
    vscode.commands.executeCommand(Commands.searchMessages, { query });
  const groups = (): ConversationGroup[] => api.searchResults.provider.groups();
  const summary = (): string[] => groups().map((g) => `${g.label} (${g.rows.length})`);

  before(async function () {
    this.timeout(60_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    const post = async (name: string, to: number, topic: string, content: string): Promise<void> => {
      ids[name] = (await sendMessage(bobClient, { type: 'stream', to, topic, content })).id;
    };
    await post('a1', ENGINEERING, 'search a', `first ${token} message`);
    await post('a2', ENGINEERING, 'search a', `second ${token} message`);
    await post('b1', GENERAL, 'search b', `third ${token} message`);
    ids.dm = (
      await sendMessage(bobClient, { type: 'private', to: [testAccount('alice').userId], content: `a direct ${token}` })
    ).id;
    await post('other', ENGINEERING, 'search a', 'no match here');
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await vscode.commands.executeCommand(Commands.clearSearchResults);
    await signOutAll(api);
    await bobClient.close();
  });

  it('groups the matches by conversation, newest conversation first, with counts, labels and highlights', async function () {
    this.timeout(60_000);
    await search(token);
    assert.equal(api.searchResults.model.state, 'loaded');
    assert.equal(api.searchResults.query, token);
    assert.equal(api.searchResults.view.description, token);
    assert.deepEqual(summary(), ['DM with Bob Brown (1)', '#general › search b (1)', '#engineering › search a (2)']);
    assert.equal(api.searchResults.view.message, '4 messages in 3 conversations.');

    const [dm, , eng] = api.searchResults.provider.getChildren();
    const dmItem = api.searchResults.provider.getTreeItem(dm!);
    assert.equal(dmItem.label, 'DM with Bob Brown');
    assert.equal(dmItem.description, '1 match');
    const engItem = api.searchResults.provider.getTreeItem(eng!);
    assert.equal(engItem.description, '2 matches');
    assert.equal(engItem.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);

    const rows = api.searchResults.provider.getChildren(eng);
    assert.deepEqual(
      rows.map((r) => (r.kind === 'message' ? r.row.id : 0)),
      [ids.a2, ids.a1],
      'newest first',
    );
    const item = api.searchResults.provider.getTreeItem(rows[0]!);
    const label = item.label as vscode.TreeItemLabel;
    assert.equal(label.label, `Bob Brown — second ${token} message`);
    const start = 'Bob Brown — second '.length;
    assert.deepEqual(label.highlights, [[start, start + token.length]], 'the server-highlighted word');
    assert.match(String(item.description), /\d/, 'the time');
    assert.deepEqual(item.command?.arguments, [{ streamId: ENGINEERING, topic: 'search a', anchor: ids.a2 }]);

    const panel = await vscode.commands.executeCommand<TopicPanel>(item.command!.command, ...item.command!.arguments!);
    assert.ok(panel);
    const loaded = await panel.whenLoaded();
    assert.ok(loaded.includes(ids.a2!), 'the message is loaded');
    await waitFor('the message revealed', () => panel.revealed === ids.a2, 20_000);
    panel.dispose();

    const dmRow = api.searchResults.provider.getChildren(dm)[0]!;
    assert.deepEqual(api.searchResults.provider.getTreeItem(dmRow).command?.arguments, [
      { userIds: [testAccount('bob').userId], anchor: ids.dm },
    ]);
  });

  it('is live: a new matching message appears, and its conversation moves first', async function () {
    this.timeout(60_000);
    await search(token);
    const id = (
      await sendMessage(bobClient, { type: 'stream', to: ENGINEERING, topic: 'search a', content: `fourth ${token}` })
    ).id;
    await sendMessage(bobClient, { type: 'stream', to: ENGINEERING, topic: 'search a', content: 'still no match' });
    await waitFor('the new match, its conversation first', () => groups()[0]?.rows[0]?.id === id, 20_000);
    assert.deepEqual(summary(), ['#engineering › search a (3)', 'DM with Bob Brown (1)', '#general › search b (1)']);
    assert.equal(api.searchResults.view.message, '5 messages in 3 conversations.');
  });

  it('operators narrow the search; no match says so', async function () {
    this.timeout(60_000);
    await search(`channel:engineering from:"Bob Brown" -is:starred ${token}`);
    assert.deepEqual(summary(), ['#engineering › search a (3)']);
    // The email the server shows for Bob (his real one is hidden from Alice) works too.
    const bobEmail = api.services.sessions.current!.store.user(testAccount('bob').userId)!.email;
    await search(`channel:engineering sender:${bobEmail} ${token}`);
    assert.deepEqual(summary(), ['#engineering › search a (3)']);
    assert.equal(api.searchResults.view.message, '3 messages in 1 conversation.');
    // A first name, as the web app: Bob Brown (not another Bob*).
    await search(`channel:engineering sender:bob ${token}`);
    assert.deepEqual(summary(), ['#engineering › search a (3)']);
    await search(`topic:"search b" ${token}`);
    assert.deepEqual(summary(), ['#general › search b (1)']);
    assert.equal(api.searchResults.view.message, '1 message.');
    await search(`sender:me ${token}`);
    assert.deepEqual(summary(), []);
    assert.equal(api.searchResults.view.message, `No messages match “sender:me ${token}”.`);
    assert.deepEqual((api.services.context.globalState.get<string[]>('teamChat.recentSearches') ?? []).slice(0, 2), [
      `sender:me ${token}`,
      `topic:"search b" ${token}`,
    ]);
    // near: lists around a message (every match here, the oldest first reached).
    await search(`near:${ids.a1} channel:engineering ${token}`);
    assert.equal(api.searchResults.model.state, 'loaded');
    assert.deepEqual(summary(), ['#engineering › search a (3)']);
    assert.ok(api.searchResults.model.list?.foundOldest && api.searchResults.model.list.foundNewest);
  });

  it('an unknown channel, user or operator is refused before any request; the results stay', async function () {
    this.timeout(30_000);
    await search(token);
    const client = api.services.sessions.current!.client;
    const sent: string[] = [];
    const original = client.request.bind(client);
    client.request = (method, path, params, options) => {
      sent.push(`${method} ${path}`);
      return original(method, path, params, options);
    };
    try {
      await assert.rejects(Promise.resolve(search('channel:nowhere deploy')), /No channel named "nowhere"/);
      await assert.rejects(
        Promise.resolve(search('sender:zed@example.com')),
        /No user with the email or name "zed@example.com"/,
      );
      // A name that could be several people lists them (five, and how many more).
      await assert.rejects(
        Promise.resolve(search('sender:crowd')),
        /"crowd" could be several people: Crowd Member 01 <crowd01@[^>]+>, Crowd Member 02 <crowd02@[^>]+>, .*Crowd Member 05 <crowd05@[^>]+> and 13 more\./,
      );
      await assert.rejects(Promise.resolve(search('todo: fix')), /Unknown operator "todo:"/);
      await assert.rejects(Promise.resolve(search('has:emoji')), /"has:emoji" is not a search/);
    } finally {
      client.request = original;
    }
    assert.deepEqual(
      sent.filter((r) => r.includes('/messages')),
      [],
    );
    assert.equal(api.searchResults.query, token, 'the last results are kept');
  });

  it('says "Searching…" while the server answers; a failed search shows why; Clear empties the view', async function () {
    this.timeout(30_000);
    await testControl('fault', { kind: 'delay', ms: 1500, route: 'GET /messages', times: 1 });
    const slow = search(`${token} slow`);
    await waitFor('Searching…', () => api.searchResults.view.message === 'Searching…');
    assert.equal(api.searchResults.view.description, `${token} slow`);
    await slow;
    assert.equal(api.searchResults.view.message, `No messages match “${token} slow”.`);

    await testControl('fault', { kind: 'status', status: 400, body: 'json', route: 'GET /messages', times: 1 });
    await search(`${token} failing`);
    assert.equal(api.searchResults.model.state, 'failed');
    assert.match(api.searchResults.view.message ?? '', /^The search failed: /);
    await vscode.commands.executeCommand(Commands.clearSearchResults);
    assert.equal(api.searchResults.query, undefined);
    assert.deepEqual(groups(), []);
    assert.equal(api.searchResults.view.message, undefined);
    assert.equal(api.searchResults.view.description, undefined);
  });

  it("another account's session drops the search (its ids mean nothing there)", async function () {
    this.timeout(60_000);
    await search(token);
    assert.equal(api.searchResults.query, token);
    await signIn(api, testAccount('bob'));
    await waitFor('the search dropped', () => api.searchResults.query === undefined, 30_000);
    assert.deepEqual(groups(), []);
  });
});
