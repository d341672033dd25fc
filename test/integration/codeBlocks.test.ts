// Code blocks you can use, inside a real VS Code: what a block's toolbar runs
// (`teamChat.codeBlockAction`) while a conversation view has the focus — Copy, Insert at Cursor in
// the editor last used (every cursor, one undo step), Open in New Editor in the block's language,
// Compare with Selection as a read-only diff, and the organisation's playgrounds, kept live by
// `realm_playgrounds` events.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { addPlayground, removePlayground } from '../../src/api/realm/routes';
import { CODE_SCHEME, playgroundLink, type CodeBlockResult } from '../../src/commands/code/codeBlock';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { accountWithRole, clientFor, freshStart, GENERAL, ROLE, signOutAll, testAccount, waitFor } from './helpers';

const CODE = 'def greet(name):\n    return f"Hello, {name}!"';

describe('code blocks: the actions of a block', function () {
  this.timeout(60_000);
  let api: TeamChatApi;
  let admin: ChatClient;
  const errors: string[] = [];
  let tmp = '';
  let files = 0;

  const run = (args: Record<string, unknown>) =>
    vscode.commands.executeCommand<CodeBlockResult | undefined>(Commands.codeBlockAction, args);

  /** An editor with `text`, then a conversation view on top of it (the webview has the focus). */
  async function editorBehindView(text: string): Promise<vscode.TextEditor> {
    const file = path.join(tmp, `edit${++files}.py`);
    fs.writeFileSync(file, text);
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: GENERAL,
      topic: `code blocks ${Date.now()}`,
    });
    await panel!.whenLoaded();
    await waitFor('the view to have the focus', () => vscode.window.activeTextEditor === undefined);
    return editor;
  }

  before(async function () {
    this.timeout(90_000);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'code-blocks-'));
    api = await freshStart(testAccount('alice'));
    api.onDidReportError((e) => errors.push(e.text));
    admin = clientFor(accountWithRole(ROLE.admin));
  });
  afterEach(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    // Changed files and untitled editors are reverted, so closing asks nothing.
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await signOutAll(api);
    await admin.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('Copy puts the code in the clipboard', async () => {
    await vscode.env.clipboard.writeText('before');
    assert.deepEqual(await run({ action: 'copy', code: CODE, language: 'Python' }), { action: 'copy' });
    assert.equal(await vscode.env.clipboard.readText(), CODE);
  });

  it('Insert at Cursor goes into the editor last used, at every cursor, as one undo step', async () => {
    const editor = await editorBehindView('a = 1\nb = 2\n');
    editor.selections = [new vscode.Selection(1, 0, 1, 0), new vscode.Selection(2, 0, 2, 0)];
    const result = await run({ action: 'insert', code: 'x', language: 'Python' });
    assert.deepEqual(result, { action: 'insert', uri: editor.document.uri.toString(), ranges: 2 });
    assert.equal(editor.document.getText(), 'a = 1\nxb = 2\nx');
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'a = 1\nb = 2\n', 'one undo takes the whole insertion back');
  });

  it('Insert at Cursor without any editor says what to do', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const before = errors.length;
    assert.equal(await run({ action: 'insert', code: CODE, language: 'Python' }), undefined);
    assert.match(await waitFor('the error', () => errors[before]), /Open a file in the editor/);
  });

  it('Open in New Editor opens the code in the block’s language', async () => {
    const result = await run({ action: 'open', code: CODE, language: 'Python' });
    assert.ok(result?.action === 'open', errors.join('\n'));
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.toString(), result.uri);
    assert.equal(editor.document.languageId, 'python');
    assert.equal(editor.document.getText(), CODE);
    const plain = await run({ action: 'open', code: 'x', language: 'no such language' });
    assert.equal(plain?.action === 'open' && plain.languageId, 'plaintext');
  });

  it('Compare with Selection shows the selection and the block side by side, read-only', async () => {
    const editor = await editorBehindView('def greet(name):\n    return "Hi " + name\n');
    editor.selection = new vscode.Selection(0, 0, 1, 26);
    const result = await run({ action: 'compare', code: CODE, language: 'Python' });
    assert.equal(result?.action, 'compare');
    const input = await waitFor('the diff editor', () => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      return tab?.input instanceof vscode.TabInputTextDiff ? tab.input : undefined;
    });
    assert.equal(input.original.scheme, CODE_SCHEME);
    const [left, right] = await Promise.all([
      vscode.workspace.openTextDocument(input.original),
      vscode.workspace.openTextDocument(input.modified),
    ]);
    assert.equal(left.getText(), 'def greet(name):\n    return "Hi " + name');
    assert.equal(right.getText(), CODE);
    assert.equal(right.languageId, 'python');
  });

  it('Compare with Selection without a selection says what to do', async () => {
    await editorBehindView('nothing selected\n');
    const before = errors.length;
    assert.equal(await run({ action: 'compare', code: CODE, language: 'Python' }), undefined);
    assert.match(await waitFor('the error', () => errors[before]), /Select the code to compare with/);
  });

  it('a playground of the block’s language gets the code in its URL (new ones arrive live), opened through VS Code', async () => {
    const store = api.services.sessions.current!.store;
    const tutor = store.playgrounds().find((p) => p.name === 'Python Tutor')!;
    const link = (args: { code: string; language: string; playgroundId: number }) =>
      playgroundLink(store.playgrounds(), args);
    assert.equal(
      link({ code: 'print("a b")', language: 'Python', playgroundId: tutor.id }),
      'https://pythontutor.com/render.html#code=print%28%22a%20b%22%29',
    );
    // Another language's playground is not offered for this block.
    const rust = store.playgrounds().find((p) => p.pygments_language === 'Rust')!;
    assert.throws(
      () => link({ code: 'x', language: 'Python', playgroundId: rust.id }),
      /no such playground for Python/,
    );
    // The command opens it through VS Code's link protection (which asks about an untrusted site; tests refuse dialogs).
    const before = errors.length;
    assert.equal(await run({ action: 'playground', code: 'x', language: 'Python', playgroundId: tutor.id }), undefined);
    assert.match(await waitFor('the refused prompt', () => errors[before]), /open the external website/);

    const { id } = await addPlayground(admin, {
      name: 'Go Playground',
      pygments_language: 'Go',
      url_template: 'https://go.dev/play/?code={code}',
    });
    try {
      await waitFor('the realm_playgrounds event', () => store.playgrounds().some((p) => p.id === id), 15_000);
      assert.equal(
        link({ code: 'package main', language: 'Go', playgroundId: id }),
        'https://go.dev/play/?code=package%20main',
      );
    } finally {
      await removePlayground(admin, { playground_id: id });
    }
    await waitFor('the removal to arrive', () => !store.playgrounds().some((p) => p.id === id), 15_000);
  });
});
