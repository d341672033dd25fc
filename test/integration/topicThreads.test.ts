// Topic threads on code (issue 28), in a real VS Code over the fixture repository with real git:
// several topics on one line each get their own thread; every line of the file takes a comment and
// "Discuss…" in a new (empty) thread posts the lines to a topic whose thread then shows there; a
// resolved topic's thread collapses as `comments.collapseOnResolve` says (and when it is turned
// on); a thread whose reference's commit is not HEAD says which branch and commit it was about.
// The repository is put back as it was: branch main at the fixture commit, nothing changed.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import { appendFileSync, existsSync, rmSync } from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage, sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicThread } from '../../src/commands/code/thread';
import { FIXTURE_COMMIT, fixturePermalink } from '../fixtures/workspace';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

const BRANCH = 'topic-threads-test';
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  // Later than the messages: a reference without a commit means HEAD's when it was sent.
  GIT_AUTHOR_DATE: '2030-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2030-01-01T00:00:00Z',
};
const { Collapsed, Expanded } = vscode.CommentThreadCollapsibleState;

describe('topic threads: several per line, Discuss… from the gutter, resolved, branch context', function () {
  this.timeout(120_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  let root = '';
  let hadSettings = false;
  let uri: vscode.Uri;
  const base = `threads ${Date.now() % 100000}`;
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
    assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  // Changes to tracked files only: other suites leave files of their own (and Discuss Selection the
  // workspace settings, .vscode/) behind, which checking out another branch keeps as they are.
  const changes = () => git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude).vscode');
  const say = (topic: string, content: string) =>
    sendMessage(bob, { type: 'stream', to: ENGINEERING, topic: `${base} ${topic}`, content });
  const threadOf = (topic: string) =>
    waitFor(
      `the thread of “${topic}”`,
      async () => (await api.discussions.threadsOf(uri)).find((t) => t.topic === topic),
      30_000,
    );
  const comments = () => vscode.workspace.getConfiguration('comments');

  before(async () => {
    root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    hadSettings = existsSync(path.join(root, '.vscode'));
    assert.equal(git('rev-parse', 'HEAD'), FIXTURE_COMMIT, 'the workspace is not the fixture repository');
    assert.equal(changes(), '', 'the fixture repository has changes');
    uri = vscode.Uri.file(path.join(root, 'src', 'greeter.ts'));
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    await vscode.window.showTextDocument(uri);
  });

  after(async () => {
    await comments().update('collapseOnResolve', undefined, vscode.ConfigurationTarget.Global);
    // "Discuss…" remembers the repository's channel in the workspace settings.
    await vscode.workspace
      .getConfiguration()
      .update('teamChat.code.channels', undefined, vscode.ConfigurationTarget.Workspace);
    if (!hadSettings) rmSync(path.join(root, '.vscode'), { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    spawnSync('git', ['checkout', '-q', '-f', 'main'], { cwd: root });
    spawnSync('git', ['branch', '-q', '-D', BRANCH], { cwd: root });
    assert.equal(git('rev-parse', 'HEAD'), FIXTURE_COMMIT);
    assert.equal(changes(), '');
    await signOutAll(api);
    await bob.close();
  });

  it('several topics on one line each get their own thread', async () => {
    await say('one', 'Is `src/greeter.ts:5` needed?');
    await say('two', 'Could `src/greeter.ts:5` be on the line above?');
    const onFive = await waitFor(
      'two threads on line 5',
      async () => {
        const ts = (await api.discussions.threadsOf(uri)).filter((t) => t.topic.startsWith(base));
        const five = ts.filter((t) => t.lines.start === 5 && t.lines.end === 5);
        return five.length === 2 && five;
      },
      30_000,
    );
    assert.deepEqual(onFive.map((t) => t.thread.label).sort(), [
      `#engineering › ${base} one`,
      `#engineering › ${base} two`,
    ]);
    assert.deepEqual(
      onFive.map((t) => [t.thread.range?.start.line, t.thread.range?.end.line]),
      [
        [4, 4],
        [4, 4],
      ],
    );
    assert.notEqual(onFive[0]!.thread, onFive[1]!.thread);
  });

  it('every line takes a comment; Discuss… in a new thread posts the lines and shows the topic there', async () => {
    const document = await vscode.workspace.openTextDocument(uri);
    const provider = api.discussions.controller.commentingRangeProvider;
    assert.ok(provider, 'no commenting ranges');
    const ranges = (await provider.provideCommentingRanges(
      document,
      new vscode.CancellationTokenSource().token,
    )) as vscode.Range[];
    assert.deepEqual(
      ranges.map((r) => [r.start.line, r.end.line]),
      [[0, document.lineCount - 1]],
    );
    // The gutter's + on line 8 opens an empty thread there (VS Code creates it through the controller).
    const draft = api.discussions.controller.createCommentThread(uri, new vscode.Range(7, 0, 7, 0), []);
    const topic = `${base} one`; // a topic that exists, with a thread on line 5
    const result = await vscode.commands.executeCommand<{ id?: number; thread?: TopicThread }>(
      Commands.discussionStart,
      { thread: draft, text: '  Why map here?  ' },
      { streamId: ENGINEERING, topic },
    );
    assert.ok(result?.id, 'nothing was posted');
    const { message } = await getMessage(bob, { message_id: result.id, apply_markdown: false });
    assert.equal(message.subject, topic);
    assert.equal(
      message.content,
      [
        'Why map here?',
        '',
        `[\`src/greeter.ts:8\`](${fixturePermalink('src/greeter.ts', 8)})`,
        '```typescript',
        '  return names.map(greet);',
        '```',
      ].join('\n'),
    );
    const shown = result.thread;
    assert.ok(shown, 'the topic’s thread did not show on the line');
    assert.deepEqual(
      [shown.topic, shown.lines, shown.thread.collapsibleState],
      [topic, { start: 8, end: 8 }, Expanded],
    );
    const ofTopic = (await api.discussions.threadsOf(uri)).filter((t) => t.topic === topic);
    assert.deepEqual(
      ofTopic.map((t) => t.lines.start),
      [5, 8],
    );
  });

  it('a resolved topic collapses, as comments.collapseOnResolve says', async () => {
    const topic = `${base} resolve`;
    await say('resolve', 'Should `src/greeter.ts:3` trim?');
    const open = await threadOf(topic);
    open.thread.collapsibleState = Expanded;
    await vscode.commands.executeCommand(Commands.discussionResolve, open.thread);
    const resolved = await threadOf(`✔ ${topic}`);
    assert.equal(resolved.thread.state, vscode.CommentThreadState.Resolved);
    assert.equal(resolved.thread.collapsibleState, Collapsed);

    // Off: resolved or not, a thread keeps the state the user left it in.
    await comments().update('collapseOnResolve', false, vscode.ConfigurationTarget.Global);
    resolved.thread.collapsibleState = Expanded;
    await vscode.commands.executeCommand(Commands.discussionUnresolve, resolved.thread);
    const reopened = await threadOf(topic);
    assert.deepEqual([reopened.thread.state, reopened.thread.collapsibleState], [0, Expanded]);
    await vscode.commands.executeCommand(Commands.discussionResolve, reopened.thread);
    const again = await threadOf(`✔ ${topic}`);
    assert.deepEqual([again.thread.state, again.thread.collapsibleState], [1, Expanded]);

    // Turned on: the resolved thread collapses.
    await comments().update('collapseOnResolve', true, vscode.ConfigurationTarget.Global);
    await waitFor('the resolved thread collapsed', () => again.thread.collapsibleState === Collapsed, 10_000);
  });

  it('says which branch and commit the discussion was about when HEAD is elsewhere', async () => {
    const topic = `${base} context`;
    await say('context', `Is [greet](${fixturePermalink('src/greeter.ts', 2, 5)}) right?`);
    const plain = `#engineering › ${topic}`;
    const t = await waitFor(
      'the thread anchored at the fixture commit',
      async () => {
        const found = (await api.discussions.threadsOf(uri)).find((u) => u.topic === topic);
        return found?.anchor?.commit === FIXTURE_COMMIT && found;
      },
      30_000,
    );
    assert.equal(t.thread.label, plain);
    git('checkout', '-q', '-b', BRANCH);
    appendFileSync(path.join(root, 'src', 'greeter.ts'), '\nexport const version = 2;\n');
    git('commit', '-q', '-am', 'a commit after the discussion');
    const context = `${plain} · discussed on main at ${FIXTURE_COMMIT.slice(0, 7)}`;
    await waitFor(`the label “${context}”`, () => t.thread.label === context, 40_000).catch((e: unknown) => {
      throw new Error(`${String(e)}; label: ${t.thread.label}`, { cause: e });
    });
    assert.deepEqual(t.context, { commit: FIXTURE_COMMIT, branch: 'main' });
    assert.deepEqual([t.lines, t.outdated], [{ start: 2, end: 5 }, false]);
    git('checkout', '-q', 'main');
    await waitFor('the plain label back on main', () => t.thread.label === plain, 40_000).catch((e: unknown) => {
      throw new Error(`${String(e)}; label: ${t.thread.label}`, { cause: e });
    });
  });
});
