// Threads that move with the code, in a real VS Code over the fixture repository with real git: a
// thread stays on its lines after 10 lines are inserted above them, after a commit that moves the
// function 30 lines down is checked out, and after a `git mv`; it becomes outdated, with a working
// Compare, when a new commit deletes the lines. The repository is put back as it was (other suites
// use it): branch main at the fixture commit, nothing changed.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicThread } from '../../src/commands/code/thread';
import { FIXTURE_COMMIT, fixturePermalink } from '../fixtures/workspace';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

const BRANCH = 'anchors-test';
// Later than the messages: a reference without a commit means HEAD's when it was sent.
const LATER = { GIT_AUTHOR_DATE: '2030-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2030-01-01T00:00:00Z' };
const WHO = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

describe('discussions that follow the code', function () {
  this.timeout(120_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  let root = '';
  const topic = `anchors ${Date.now() % 100000}`;
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...WHO, ...LATER } });
    assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const file = (rel: string) => vscode.Uri.file(path.join(root, ...rel.split('/')));
  const threadsOn = async (rel: string) =>
    (await api.discussions.threadsOf(file(rel))).filter((t) => t.topic.startsWith(topic));
  const byTopic = (threads: TopicThread[], suffix: string) => threads.find((t) => t.topic === `${topic}${suffix}`);
  /** Waits until the threads of `rel` are at these lines (greet's topic, greetAll's topic; 1-based). */
  async function linesBecome(
    rel: string,
    greet: [number, number],
    greetAll: [number, number],
    what: string,
  ): Promise<TopicThread[]> {
    let seen = '';
    try {
      return await waitFor(
        what,
        async () => {
          const ts = await threadsOn(rel);
          const g = byTopic(ts, ' greet');
          const all = byTopic(ts, ' greetAll');
          seen = JSON.stringify([
            vscode.workspace.textDocuments.find((d) => d.uri.toString() === file(rel).toString())?.lineCount,
            ts.map((t) => [t.topic, t.lines, t.outdated, t.anchor?.commit, t.anchor?.path]),
          ]);
          const at = (t: TopicThread | undefined, l: [number, number]) =>
            t && t.lines.start === l[0] && t.lines.end === l[1] && !t.outdated;
          return at(g, greet) && at(all, greetAll) && ts;
        },
        40_000,
      );
    } catch (e) {
      throw new Error(`${String(e)}; threads: ${seen}`, { cause: e });
    }
  }

  before(async () => {
    root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    assert.equal(git('rev-parse', 'HEAD'), FIXTURE_COMMIT, 'the workspace is not the fixture repository');
    assert.equal(git('status', '--porcelain'), '', 'the fixture repository has changes');
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    // greet by a permalink (its commit), greetAll by a line reference (HEAD's commit when sent).
    await sendMessage(bob, {
      type: 'stream',
      to: ENGINEERING,
      topic: `${topic} greet`,
      content: `Is [greet](${fixturePermalink('src/greeter.ts', 2, 5)}) right about blanks?`,
    });
    await sendMessage(bob, {
      type: 'stream',
      to: ENGINEERING,
      topic: `${topic} greetAll`,
      content: 'Should `src/greeter.ts:7-9` keep the order?',
    });
    await vscode.window.showTextDocument(file('src/greeter.ts'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    spawnSync('git', ['checkout', '-q', '-f', 'main'], { cwd: root });
    spawnSync('git', ['branch', '-q', '-D', BRANCH], { cwd: root });
    assert.equal(git('rev-parse', 'HEAD'), FIXTURE_COMMIT);
    assert.equal(git('status', '--porcelain'), '');
    await signOutAll(api);
    await bob.close();
  });

  it('a thread stays on its lines when 10 lines are inserted above them', async () => {
    await linesBecome('src/greeter.ts', [2, 5], [7, 9], 'the threads at their lines');
    const editor = vscode.window.activeTextEditor!;
    await editor.edit((b) =>
      b.insert(new vscode.Position(1, 0), Array.from({ length: 10 }, (_, i) => `// note ${i}\n`).join('')),
    );
    await linesBecome('src/greeter.ts', [12, 15], [17, 19], 'the threads 10 lines down');
    // The web workbench saves after a delay: take the lines out again and save, as it was.
    await editor.edit((b) => b.delete(new vscode.Range(1, 0, 11, 0)));
    await editor.document.save();
    await waitFor('the file saved as it was', () => !editor.document.isDirty && git('status', '--porcelain') === '');
    await linesBecome('src/greeter.ts', [2, 5], [7, 9], 'the threads back after the lines are taken out');
  });

  it('follows a commit that moves the function 30 lines down, checked out with git', async () => {
    git('checkout', '-q', '-b', BRANCH);
    const source = readFileSync(path.join(root, 'src', 'greeter.ts'), 'utf8').split('\n');
    const moved = [
      ...source.slice(0, 6),
      ...Array.from({ length: 30 }, (_, i) => `// spacer ${i}`),
      ...source.slice(6),
    ];
    writeFileSync(path.join(root, 'src', 'greeter.ts'), moved.join('\n'));
    git('commit', '-q', '-am', 'move greetAll down');
    await linesBecome('src/greeter.ts', [2, 5], [37, 39], 'greetAll’s thread 30 lines down');
    git('checkout', '-q', 'main');
    await linesBecome('src/greeter.ts', [2, 5], [7, 9], 'greetAll’s thread back on main');
    git('checkout', '-q', BRANCH);
    await linesBecome('src/greeter.ts', [2, 5], [37, 39], 'greetAll’s thread down again on the branch');
  });

  it('follows a rename with git mv', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    git('mv', 'src/greeter.ts', 'src/hello.ts');
    await vscode.window.showTextDocument(file('src/hello.ts'));
    await linesBecome('src/hello.ts', [2, 5], [37, 39], 'the threads on the renamed file (staged)');
    git('commit', '-q', '-m', 'rename greeter to hello');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(file('src/hello.ts'));
    await linesBecome('src/hello.ts', [2, 5], [37, 39], 'the threads on the renamed file (committed)');
  });

  it('is outdated when a commit deletes the lines, and Compare shows them then and now', async () => {
    const source = readFileSync(path.join(root, 'src', 'hello.ts'), 'utf8').split('\n');
    const start = source.findIndex((l) => l.startsWith('export function greetAll'));
    assert.equal(start, 36);
    writeFileSync(
      path.join(root, 'src', 'hello.ts'),
      [...source.slice(0, start), ...source.slice(start + 3)].join('\n'),
    );
    git('commit', '-q', '-am', 'drop greetAll');
    const outdated = await waitFor(
      'greetAll’s thread outdated',
      async () => {
        const t = byTopic(await threadsOn('src/hello.ts'), ' greetAll');
        return t?.outdated && t;
      },
      40_000,
    );
    assert.equal(
      outdated.thread.label,
      `#engineering › ${topic} greetAll · outdated: the lines discussed at ${FIXTURE_COMMIT.slice(0, 7)} are gone`,
    );
    assert.equal(outdated.thread.contextValue, 'teamChat.topic.unresolved.outdated');
    const greet = byTopic(await threadsOn('src/hello.ts'), ' greet');
    assert.deepEqual([greet?.lines, greet?.outdated], [{ start: 2, end: 5 }, false]);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      file('src/hello.ts'),
    );
    assert.ok(
      lenses.some((l) => l.command?.title === `$(git-compare) Compare with ${FIXTURE_COMMIT.slice(0, 7)}`),
      lenses.map((l) => l.command?.title).join('\n'),
    );

    await vscode.commands.executeCommand(Commands.discussionCompare, outdated.thread);
    const input = await waitFor('the diff editor', () => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      return tab?.input instanceof vscode.TabInputTextDiff && tab.input;
    });
    assert.equal(input.modified.toString(), file('src/hello.ts').toString());
    assert.equal(input.original.scheme, 'team-chat-revision');
    const then = await vscode.workspace.openTextDocument(input.original);
    assert.equal(then.getText(), git('show', `${FIXTURE_COMMIT}:src/greeter.ts`) + '\n');
    assert.ok(then.getText().includes('export function greetAll'));
  });
});
