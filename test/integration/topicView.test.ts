// The topic view inside a real VS Code: opening a topic loads its messages into the webview (the
// page asks the host), sending from the compose path, another user's message arriving live,
// visible messages marked read by the page, reactions round-trip (REACTION_DOES_NOT_EXIST handled),
// Share Selection posting a fenced block with language and path:line-range, messages moved out
// and in again, and search highlights
// (GET /messages search narrow, then matches_narrow for live messages).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage, sendMessage, updateMessage } from '../../src/api/messages/routes';
import { createSavedSnippet, deleteSavedSnippet } from '../../src/api/personal/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { emojiChoices } from '../../src/webviews/topicView/emoji';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

describe('topic view', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  const topic = `topic view ${Date.now()}`;
  let panel: TopicPanel;
  const bobIds: number[] = [];
  // Made in before(): a suite skipped by --grep leaves no directory behind.
  let tmp = '';

  const bobSays = async (content: string, to = topic): Promise<number> =>
    (await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: to, content })).id;

  before(async function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-topic-'));
    this.timeout(30_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    for (let i = 1; i <= 3; i++) bobIds.push(await bobSays(`**hello** ${i} from Bob`));
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bobClient.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('opens a topic: the panel title names it and the page loads its messages', async function () {
    // A webview's first load is slow when another suite runs beside this one: no tight limit.
    this.timeout(90_000);
    const opened = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic });
    assert.ok(opened, 'openTopic returned no panel');
    panel = opened;
    assert.equal(panel.title, `#general › ${topic}`);
    const loaded = await panel.whenLoaded();
    for (const id of bobIds) assert.ok(loaded.includes(id), `message ${id} not loaded: ${JSON.stringify(loaded)}`);
    // Opening again reveals the same panel.
    const again = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic });
    assert.strictEqual(again, panel);
    assert.equal(api.topicViews.panels.filter((p) => p.key.mode === 'topic' && p.key.topic === topic).length, 1);
  });

  it('marks the messages the page shows as read', async function () {
    this.timeout(15_000);
    const store = api.services.sessions.current!.store;
    await waitFor('bob’s messages read', () => bobIds.every((id) => !store.isUnread(id)), 10_000);
  });

  it('sends from the compose path and shows the message', async function () {
    this.timeout(15_000);
    const { id } = await panel.send('Hi Bob, from the topic view');
    await waitFor('the sent message in the view', () => panel.list!.get(id));
    const { message } = await getMessage(bobClient, { message_id: id });
    assert.equal(message.subject, topic);
    await assert.rejects(
      panel.send('x'.repeat(200_000)),
      /long|characters/i,
      'an over-long message is refused before sending',
    );
  });

  it('inserts a saved snippet into the compose box (teamChat.insertSnippetIntoCompose), keeping the draft, also into a hidden view', async function () {
    this.timeout(20_000);
    const client = api.services.sessions.current!.client;
    const { saved_snippet_id: snippetId } = await createSavedSnippet(client, {
      title: 'Greeting',
      content: 'Thanks, Bob!',
    });
    try {
      panel.reveal();
      assert.equal(await vscode.commands.executeCommand(Commands.insertSnippetIntoCompose, { snippetId }), true);
      await waitFor('the snippet in the compose box', () => panel.composeText === 'Thanks, Bob!');
      // A second insertion goes in at the caret (after the first): the draft stays.
      assert.equal(await vscode.commands.executeCommand(Commands.insertSnippetIntoCompose, { snippetId }), true);
      await waitFor(
        'both insertions in the compose box',
        () => panel.composeText === 'Thanks, Bob!Thanks, Bob!',
        10_000,
      );
      // Hidden behind an editor, the page unloads; the draft comes back from its saved state and the
      // snippet is added to it once the revealed page is ready.
      const file = path.join(tmp, 'elsewhere.txt');
      fs.writeFileSync(file, 'elsewhere\n');
      await vscode.window.showTextDocument(vscode.Uri.file(file), { viewColumn: panel.panel.viewColumn });
      await waitFor('the view hidden', () => !panel.panel.visible);
      assert.equal(await vscode.commands.executeCommand(Commands.insertSnippetIntoCompose, { snippetId }), true);
      await waitFor(
        'the draft restored plus the snippet',
        () => panel.composeText === 'Thanks, Bob!'.repeat(3),
        15_000,
      );
      assert.ok(panel.panel.visible, 'the view was not revealed');
      const tab = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.fsPath === file);
      if (tab) await vscode.window.tabGroups.close(tab);
    } finally {
      await deleteSavedSnippet(client, { saved_snippet_id: snippetId });
    }
  });

  it('the Edit action of an own message runs teamChat.editMessage with {messageId}: its Markdown opens in a draft tab', async function () {
    this.timeout(20_000);
    const { id } = await panel.send('Edit **me** from the topic view');
    await waitFor('the own message in the view', () => panel.list!.get(id));
    await panel.runAction(id, 'edit');
    const doc = await waitFor('the draft tab', () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.uri.scheme === 'teamchat-draft' ? d : undefined;
    });
    assert.equal(doc.getText(), 'Edit **me** from the topic view');
    assert.equal(
      (await vscode.commands.executeCommand<{ status: string }>(Commands.discardEdit, { messageId: id })).status,
      'discarded',
    );
  });

  it('shows a message from another account live', async function () {
    this.timeout(15_000);
    const id = await bobSays('a live message');
    bobIds.push(id);
    const m = await waitFor('the live message', () => panel.list!.get(id));
    assert.match(m.content, /a live message/);
  });

  it('adds and removes a reaction; a reaction already gone is handled quietly', async function () {
    this.timeout(15_000);
    const target = bobIds[0]!;
    const own = api.services.sessions.current!.store.ownUserId;
    const mine = () => panel.list!.get(target)?.reactions.some((r) => r.user_id === own && r.emoji_name === 'tada');
    await panel.toggleReaction(target, { emojiName: 'tada', emojiCode: '1f389' });
    await waitFor('the reaction', () => mine());
    await panel.toggleReaction(target, { emojiName: 'tada', emojiCode: '1f389' });
    await waitFor('the reaction gone', () => mine() === false);
    await panel.toggleReaction(target, { emojiName: 'tada', emojiCode: '1f389' }, 'remove'); // REACTION_DOES_NOT_EXIST
    assert.equal(mine(), false);
  });

  it('offers the organisation’s custom emoji in the reaction picker, and reacts with one', async function () {
    this.timeout(15_000);
    const store = api.services.sessions.current!.store;
    const custom = emojiChoices(store.realmEmoji()).filter((c) => c.emoji.type === 'realm_emoji');
    assert.deepEqual(
      custom.map((c) => c.label),
      [':party_parrot:'],
    );
    const target = bobIds[1]!;
    const { name, code, type } = custom[0]!.emoji;
    await panel.toggleReaction(target, { emojiName: name, emojiCode: code, reactionType: type });
    await waitFor('the custom emoji reaction', () =>
      panel
        .list!.get(target)
        ?.reactions.some(
          (r) => r.user_id === store.ownUserId && r.reaction_type === 'realm_emoji' && r.emoji_code === code,
        ),
    );
  });

  it('shares an editor selection as a fenced block with its language and path:line-range', async function () {
    this.timeout(15_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? tmp;
    const file = path.join(folder, 'share-sample.ts');
    fs.writeFileSync(file, 'const a = 1;\nfunction twice(n: number) {\n  return n * 2;\n}\n');
    const doc = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 0, 3, 1);
    const result = await vscode.commands.executeCommand<{ id: number }>(Commands.shareSelection, {
      streamId: GENERAL,
      topic,
    });
    assert.ok(result, 'nothing was shared');
    const { message, raw_content } = await getMessage(bobClient, { message_id: result.id, apply_markdown: false });
    const content = raw_content ?? message.content;
    const rel = vscode.workspace.asRelativePath(file, false);
    assert.ok(content.includes(`\`${rel}:2-4\``), content);
    assert.ok(content.includes('```typescript\nfunction twice(n: number) {\n  return n * 2;\n}\n```'), content);
    await waitFor('the shared message in the open view', () => panel.list!.get(result.id));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    fs.rmSync(file, { force: true });
  });

  it('a message moved out of the topic leaves the view, and comes back when moved in again', async function () {
    this.timeout(15_000);
    const id = await bobSays('a message on the move');
    await waitFor('the message in the view', () => panel.list!.get(id));
    const quiet = {
      propagate_mode: 'change_one' as const,
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    };
    await updateMessage(bobClient, { message_id: id, topic: `${topic} (elsewhere)`, ...quiet });
    await waitFor('the message gone from the view', () => panel.list!.get(id) === undefined);
    await updateMessage(bobClient, { message_id: id, topic, ...quiet });
    const back = await waitFor('the message back in the view', () => panel.list!.get(id));
    assert.equal(back.subject, topic);
    assert.deepEqual(
      [...panel.list!.ids()].filter((x) => x >= id),
      [id],
    );
  });

  it('searches a topic with highlights, and highlights matching live messages (matches_narrow)', async function () {
    this.timeout(20_000);
    const needleId = await bobSays('the haystack hides a needle here');
    const search = await vscode.commands.executeCommand<TopicPanel>(Commands.searchTopic, {
      streamId: GENERAL,
      topic,
      query: 'needle',
    });
    assert.ok(search);
    await search.whenLoaded();
    const match = search.matches().get(needleId);
    assert.ok(match, `no match for ${needleId}: ${JSON.stringify([...search.matches().keys()])}`);
    assert.match(match.html, /<span class="highlight">needle<\/span>/);
    assert.ok(!search.list!.get(bobIds[0]!), 'a non-matching message is listed');
    search.dispose();

    // The topic view's own search box: live messages are checked with matches_narrow.
    const found = await panel.search('needle');
    assert.ok(found.some((m) => m.id === needleId));
    const matched: number[] = [];
    const sub = panel.onDidMatch((ids) => matched.push(...ids));
    const liveNeedle = await bobSays('one more needle arrives');
    await bobSays('nothing to see');
    await waitFor('the live match', () => matched.includes(liveNeedle));
    sub.dispose();
    assert.match(panel.matches().get(liveNeedle)!.html, /class="highlight"/);
    await panel.search('');
  });

  it('searches a channel across topics', async function () {
    this.timeout(15_000);
    const other = await bobSays('a needle in another topic', `${topic} (other)`);
    const search = await vscode.commands.executeCommand<TopicPanel>(Commands.searchChannel, {
      streamId: GENERAL,
      query: 'needle',
    });
    assert.ok(search);
    await search.whenLoaded();
    assert.ok(search.matches().has(other));
    // Each result names its topic, and opens it.
    await search.runAction(other, 'openTopic');
    const opened = api.topicViews.panels.find((p) => p.key.mode === 'topic' && p.key.topic === `${topic} (other)`);
    assert.ok(opened, 'the result’s topic opened');
    assert.equal(opened.key.mode === 'topic' && opened.key.streamId, GENERAL);
    // Closed only once its editor has opened: a panel disposed while the workbench is still
    // opening it makes VS Code log "OverlayWebview has been disposed".
    assert.ok((await opened.whenLoaded()).includes(other), 'the opened topic shows the result');
    opened.dispose();
    search.dispose();
  });
});
