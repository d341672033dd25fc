// Topics as comment threads on code, in a real VS Code over the fixture repository: messages that
// reference lines of src/greeter.ts (a line reference and a permalink) appear as threads at those
// lines with the topic's conversation from the citing message on (as Markdown: code, links, emoji
// glyphs) and a CodeLens; a reply posts to the topic; a reaction toggles the user's own; new
// references arrive live; threads follow edits; Resolve resolves.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { addReaction, getMessage, getMessages, sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { fixturePermalink } from '../fixtures/workspace';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('discussions on code', function () {
  this.timeout(90_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  let uri: vscode.Uri;
  const topic = `greeter review ${Date.now() % 100000}`;
  const ids: number[] = [];

  const threads = () => api.discussions.threadsOf(uri);
  const mine = async () => (await threads()).filter((t) => t.topic.endsWith(topic));

  before(async () => {
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    const say = async (content: string, to = topic) =>
      (await sendMessage(bob, { type: 'stream', to: ENGINEERING, topic: to, content })).id;
    ids.push(await say('Can we simplify `src/greeter.ts:2-4`?'));
    ids.push(await say(`And [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}) could use it.`));
    ids.push(await say('Agreed :+1:, no reference here.'));
    uri = vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'src', 'greeter.ts'));
    await vscode.window.showTextDocument(uri);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await signOutAll(api);
    await bob.close();
  });

  it('shows a thread per referenced range, with the topic’s conversation and a CodeLens', async () => {
    const found = await waitFor(
      'two threads',
      async () => {
        const t = await mine();
        return t.length === 2 && t;
      },
      30_000,
    );
    assert.deepEqual(
      found.map((t) => [t.thread.range?.start.line, t.thread.range?.end.line]),
      [
        [1, 3],
        [6, 8],
      ],
    );
    assert.equal(found[0]!.thread.label, `#engineering › ${topic}`);
    for (const t of found) await t.loaded();
    assert.deepEqual(
      found[0]!.comments.map((c) => c.messageId),
      ids,
    );
    // Each thread opens with the message that cites its lines (the Comments panel titles it so).
    assert.deepEqual(
      found[1]!.comments.map((c) => c.messageId),
      ids.slice(1),
    );
    assert.equal(found[0]!.comments[0]!.author.name, 'Bob Brown');
    // The messages as Markdown (src/messageText): code intact, links absolute, emoji as glyphs.
    assert.deepEqual(
      found[0]!.comments.map((c) => (c.body as vscode.MarkdownString).value),
      [
        'Can we simplify `src/greeter.ts:2-4`?',
        `And [greetAll](${fixturePermalink('src/greeter.ts', 7, 9)}) could use it.`,
        'Agreed 👍, no reference here.',
      ],
    );
    assert.equal(found[0]!.thread.state, vscode.CommentThreadState.Unresolved);

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const titles = lenses.map((l) => l.command?.title ?? '').filter((t) => t.includes(topic));
    assert.deepEqual(titles, [
      `$(comment-discussion) #engineering › ${topic}: 3 messages`,
      `$(comment-discussion) #engineering › ${topic}: 2 messages`,
    ]);
  });

  it('a reply in the thread posts to the topic and shows there', async () => {
    const [first] = await mine();
    assert.ok(first);
    await vscode.commands.executeCommand(Commands.discussionReply, {
      thread: first.thread,
      text: 'Done in the editor.',
    });
    const { messages } = await getMessages(bob, {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: ENGINEERING },
        { operator: 'topic', operand: topic },
      ],
    });
    assert.equal(messages[0]?.content, '<p>Done in the editor.</p>');
    await waitFor('the reply in the thread', () => first.comments.length === 4);
  });

  it('a reaction toggles the user’s own, on the server', async () => {
    const [first] = await mine();
    await addReaction(bob, { message_id: ids[0]!, emoji_name: '+1' });
    const reaction = await waitFor('Bob’s reaction in the thread', () =>
      first!.comments[0]!.reactions?.find((r) => r.label === '👍'),
    );
    assert.equal(reaction.count, 1);
    assert.equal(reaction.authorHasReacted, false);
    await api.discussions.controller.reactionHandler!(first!.comments[0]!, reaction);
    const { message } = await getMessage(bob, { message_id: ids[0]! });
    assert.equal(message.reactions.filter((r) => r.emoji_name === '+1').length, 2);
    await waitFor('both reactions in the thread', () =>
      first!.comments[0]!.reactions?.find((r) => r.label === '👍' && r.count === 2 && r.authorHasReacted),
    );
  });

  it('a new reference in another topic appears live', async () => {
    const other = `${topic} (live)`;
    await sendMessage(bob, { type: 'stream', to: ENGINEERING, topic: other, content: 'What about greeter.ts:5?' });
    const live = await waitFor('the live thread', async () => (await threads()).find((t) => t.topic === other), 20_000);
    assert.equal(live.thread.range?.start.line, 4);
  });

  it('threads follow edits of the file', async () => {
    const editor = vscode.window.activeTextEditor!;
    const before = (await mine()).map((t) => t.lines.start);
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// one\n// two\n'));
    const after = (await mine()).map((t) => t.lines.start);
    assert.deepEqual(
      after,
      before.map((l) => l + 2),
    );
    await vscode.commands.executeCommand('undo');
    assert.deepEqual(
      (await mine()).map((t) => t.lines.start),
      before,
    );
  });

  it('Resolve resolves the topic: its thread is shown resolved', async () => {
    const [first] = await mine();
    await vscode.commands.executeCommand(Commands.discussionResolve, first!.thread);
    const resolved = await waitFor(
      'the resolved thread',
      async () => (await threads()).find((t) => t.topic === `✔ ${topic}`),
      20_000,
    );
    assert.equal(resolved.thread.state, vscode.CommentThreadState.Resolved);
    assert.equal(resolved.thread.contextValue, 'teamChat.topic.resolved');
  });
});
