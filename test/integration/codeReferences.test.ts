// Chat that knows the code, in a real VS Code over the fixture workspace (a git repository with a
// GitHub remote, its commit pushed): line references and permalinks open the file at their lines,
// a change since the permalink's commit is reported, missing files and foreign repositories get a
// clear message, and Copy Chat Permalink writes the permalink (or says why there is none).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import type { OpenedReference } from '../../src/commands/code/openReference';
import type { SelectionShare } from '../../src/commands/code/share';
import type { TeamChatApi } from '../../src/extension';
import { FIXTURE_COMMIT, fixturePermalink } from '../fixtures/workspace';
import { getMessage, sendMessage } from '../../src/api/messages/routes';
import { activateExtension, clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('code references', function () {
  this.timeout(60_000);
  let api: TeamChatApi;
  let root = '';
  const errors: string[] = [];
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };

  before(async () => {
    api = await activateExtension();
    api.onDidReportError((e) => errors.push(e.text));
    root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    assert.equal(git('rev-parse', 'HEAD'), FIXTURE_COMMIT, 'the workspace is not the fixture repository');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function lastError(): Promise<string> {
    const before = errors.length;
    return waitFor('an error message', () => errors.length > before && errors[errors.length - 1]);
  }

  it('opens path:line-range at those lines', async () => {
    const opened = await vscode.commands.executeCommand<OpenedReference>(Commands.openCodeReference, {
      path: 'src/greeter.ts',
      lines: { start: 2, end: 4 },
    });
    assert.ok(opened);
    assert.ok(opened.editor.document.uri.fsPath.endsWith(path.join('src', 'greeter.ts')));
    assert.deepEqual([opened.editor.selection.start.line, opened.editor.selection.end.line], [1, 3]);
    // A bare file name is found anywhere in the workspace.
    const bare = await vscode.commands.executeCommand<OpenedReference>(Commands.openCodeReference, {
      path: 'stats.py',
      lines: { start: 4, end: 4 },
    });
    assert.ok(bare?.editor.document.uri.fsPath.endsWith(path.join('src', 'stats.py')));
    assert.equal(bare.editor.selection.start.line, 3);
  });

  it('says so when the file is not in the workspace', async () => {
    const waiting = lastError();
    const opened = await vscode.commands.executeCommand(Commands.openCodeReference, {
      path: 'src/missing.ts',
      lines: { start: 1, end: 1 },
    });
    assert.equal(opened, undefined);
    assert.match(await waiting, /src\/missing\.ts:1: there is no file src\/missing\.ts in this workspace/);
  });

  it('opens a permalink of the workspace repository, by commit and by branch', async () => {
    const byCommit = await vscode.commands.executeCommand<OpenedReference>(Commands.openCodeReference, {
      url: fixturePermalink('src/greeter.ts', 7, 9),
    });
    assert.ok(byCommit);
    assert.equal(byCommit.changedSince, undefined);
    assert.deepEqual([byCommit.editor.selection.start.line, byCommit.editor.selection.end.line], [6, 8]);
    const byBranch = await vscode.commands.executeCommand<OpenedReference>(Commands.openCodeReference, {
      url: 'https://github.com/acme/widgets/blob/main/src/stats.py#L4',
    });
    assert.ok(byBranch?.editor.document.uri.fsPath.endsWith(path.join('src', 'stats.py')));
  });

  it('reports a file changed since the permalink’s commit', async () => {
    const file = path.join(root, 'src', 'greeter.ts');
    const original = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, `// a new first line\n${original}`);
      const opened = await vscode.commands.executeCommand<OpenedReference>(Commands.openCodeReference, {
        url: fixturePermalink('src/greeter.ts', 2, 4),
      });
      assert.equal(opened?.changedSince, FIXTURE_COMMIT);
    } finally {
      fs.writeFileSync(file, original);
      // The open document follows the file on disk: wait, so later tests read the original lines.
      await waitFor('the document reloaded', () =>
        vscode.workspace.textDocuments.every((d) => d.uri.fsPath !== file || d.getText() === original),
      );
    }
  });

  it('refuses a permalink to a repository the workspace does not have', async () => {
    const waiting = lastError();
    await vscode.commands.executeCommand(Commands.openCodeReference, {
      url: `https://github.com/acme/other/blob/${FIXTURE_COMMIT}/src/greeter.ts#L1`,
    });
    assert.match(await waiting, /No repository of this workspace has the remote github\.com\/acme\/other/);
  });

  it('Copy Chat Permalink writes the permalink at the pushed HEAD, in the file’s language', async () => {
    const file = path.join(root, 'src', 'greeter.ts');
    const doc = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(doc);
    // The test before changed the file on disk and back; a busy machine may still show the changed text.
    if (doc.getText() !== fs.readFileSync(file, 'utf8'))
      await vscode.commands.executeCommand('workbench.action.files.revert');
    await waitFor('the file as on disk', () => doc.getText() === fs.readFileSync(file, 'utf8'), 15_000);
    editor.selection = new vscode.Selection(1, 0, 4, 0);
    const share = await vscode.commands.executeCommand<SelectionShare>(Commands.copyChatPermalink);
    assert.equal(share.permalink, fixturePermalink('src/greeter.ts', 2, 4));
    assert.equal(share.reference, 'src/greeter.ts:2-4');
    const clipboard = await vscode.env.clipboard.readText();
    assert.equal(clipboard, share.content);
    assert.ok(
      clipboard.startsWith(
        `[\`src/greeter.ts:2-4\`](${fixturePermalink('src/greeter.ts', 2, 4)})\n\`\`\`typescript\nexport function greet`,
      ),
      clipboard,
    );
  });

  it('without a pushed HEAD it writes path:line-range and says why', async () => {
    const file = path.join(root, 'NOTES.md');
    fs.writeFileSync(file, 'a local note\n');
    git('add', 'NOTES.md');
    git(
      '-c',
      'user.name=T',
      '-c',
      'user.email=t@example.com',
      '-c',
      'commit.gpgsign=false',
      'commit',
      '-q',
      '-m',
      'local only',
    );
    try {
      const doc = await vscode.workspace.openTextDocument(path.join(root, 'src', 'stats.py'));
      const editor = await vscode.window.showTextDocument(doc);
      editor.selection = new vscode.Selection(3, 0, 3, 10);
      const share = await waitFor(
        'the unpushed commit seen by git',
        async () => {
          const s = await vscode.commands.executeCommand<SelectionShare>(Commands.copyChatPermalink);
          return s.permalink === undefined && s;
        },
        20_000,
      );
      assert.equal(share.noPermalinkReason, '1 commit of main is not pushed to origin/main');
      assert.ok(share.content.startsWith('`src/stats.py:4`\n```python\n'), share.content);
    } finally {
      git('reset', '-q', '--hard', FIXTURE_COMMIT);
      // Later tests need the git extension to see HEAD pushed again.
      await waitFor(
        'HEAD pushed again, as git sees it',
        async () => (await vscode.commands.executeCommand<SelectionShare>(Commands.copyChatPermalink)).permalink,
        20_000,
      );
    }
  });
});

describe('Discuss Selection', function () {
  this.timeout(60_000);
  let api: TeamChatApi;

  before(async () => {
    api = await freshStart(testAccount('alice'));
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration()
      .update('teamChat.code.channels', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
  });

  it('posts the selection under its permalink and remembers the repository’s channel', async () => {
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(path.join(root, 'src', 'greeter.ts')));
    editor.selection = new vscode.Selection(6, 0, 9, 0);
    const topic = `discuss ${Date.now() % 100000}`;
    const result = await vscode.commands.executeCommand<{ id: number }>(Commands.discussSelection, {
      streamId: ENGINEERING,
      topic,
    });
    assert.ok(result);
    const { message } = await getMessage(clientFor(testAccount('bob')), {
      message_id: result.id,
      apply_markdown: false,
    });
    assert.equal(message.subject, topic);
    assert.ok(
      message.content.startsWith(
        `[\`src/greeter.ts:7-9\`](${fixturePermalink('src/greeter.ts', 7, 9)})\n\`\`\`typescript\nexport function greetAll`,
      ),
      message.content,
    );
    const mapping = vscode.workspace.getConfiguration().get<Record<string, string>>('teamChat.code.channels');
    assert.deepEqual(mapping, { 'github.com/acme/widgets': 'engineering' });
    // The new discussion shows on those lines.
    const threads = await waitFor(
      'the thread of the new discussion',
      async () => (await api.discussions.threadsOf(editor.document.uri)).find((t) => t.topic === topic),
      20_000,
    );
    assert.deepEqual([threads.lines.start, threads.lines.end], [7, 9]);
  });
});

describe('chat narrow URL hover', function () {
  this.timeout(60_000);
  let api: TeamChatApi;

  before(async () => {
    api = await freshStart(testAccount('alice'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await signOutAll(api);
  });

  it('shows the topic’s last messages, its unread count and a link that opens it', async () => {
    const bob = clientFor(testAccount('bob'));
    const topic = `hover ${Date.now() % 100000}`;
    for (let i = 1; i <= 6; i++)
      await sendMessage(bob, { type: 'stream', to: ENGINEERING, topic, content: `point **${i}** of the plan` });
    const current = api.services.sessions.current!;
    await waitFor(
      'the unread messages in the store',
      () => current.store.unreadIdsOfTopic(ENGINEERING, topic).length === 6,
    );
    const url = `${current.account.realmUrl.replace(/\/$/, '')}/#narrow/channel/${ENGINEERING}-engineering/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`;
    const doc = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: `const x = 1;\n// Discussed in ${url}\n`,
    });
    await vscode.window.showTextDocument(doc);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(1, 30),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.ok(text.includes(`#engineering › ${topic}** · 6 unread`), text);
    // The five newest, not the first.
    assert.ok(
      text.includes('point 6 of the plan') &&
        text.includes('point 2 of the plan') &&
        !text.includes('point 1 of the plan'),
      text,
    );
    assert.ok(
      text.includes(
        `[Open in Team Chat](command:teamChat.openTopic?${encodeURIComponent(JSON.stringify([{ streamId: ENGINEERING, topic }]))})`,
      ),
      text,
    );
    // Elsewhere on the line: no hover of ours.
    const none = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 3),
    );
    assert.ok(
      !none.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Open in Team Chat'))),
    );
    await bob.close();
  });
});
