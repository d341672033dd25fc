// Saved snippets inside a real VS Code: save the editor selection, insert as a comment in a
// TypeScript and a Python file (VS Code's own comment toggling), edit title and content in a tab
// (PATCH, operation 15), refuse a 61-code-point title without a request, delete.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getSavedSnippets } from '../../src/api/personal/routes';
import type { InsertResult } from '../../src/commands/snippets/insertAsComment';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { clientFor, freshStart, signOutAll, testAccount, waitFor } from './helpers';

const SNIPPET_SOURCE = ['Retry with backoff:', 'wait 2^n seconds, at most 5 times', 'then give up and report'].join(
  '\n',
);

describe('saved snippets: save, insert as a comment, edit, delete', () => {
  let api: TeamChatApi;
  let client: ChatClient;
  let folder: vscode.Uri;
  let snippetId: number;

  const store = () => api.services.sessions.current!.store;
  const serverSnippets = async () => (await getSavedSnippets(client)).saved_snippets;

  async function open(name: string, content: string): Promise<vscode.TextEditor> {
    const file = path.join(folder.fsPath, name);
    fs.writeFileSync(file, content);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    return vscode.window.showTextDocument(doc);
  }

  before(async function () {
    this.timeout(30_000);
    const carol = testAccount('carol');
    client = clientFor(carol);
    api = await freshStart(carol);
    folder = vscode.workspace.workspaceFolders![0].uri;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
    await client.close();
  });

  it('saves the editor selection as a snippet; the store lists it', async function () {
    this.timeout(20_000);
    const editor = await open('notes.md', `# Notes\n${SNIPPET_SOURCE}\n\nmore\n`);
    editor.selection = new vscode.Selection(1, 0, 3, editor.document.lineAt(3).text.length);
    const id = await vscode.commands.executeCommand<number>(Commands.saveSelectionAsSnippet, { title: 'Retry policy' });
    assert.equal(typeof id, 'number');
    snippetId = id;
    const saved = (await serverSnippets()).find((s) => s.id === id);
    assert.ok(saved);
    assert.equal(saved.title, 'Retry policy');
    assert.equal(saved.content, SNIPPET_SOURCE);
    await waitFor('the snippet in the store', () =>
      store()
        .savedSnippets()
        .some((s) => s.id === id),
    );
  });

  it('refuses a 61-code-point title with nothing sent', async function () {
    this.timeout(20_000);
    const before = (await serverSnippets()).length;
    const editor = await open('notes2.md', 'some text\n');
    editor.selection = new vscode.Selection(0, 0, 0, 9);
    const title = '😀'.repeat(61); // 122 UTF-16 units, 61 code points
    // Record every request the extension's client makes meanwhile.
    const sessionClient = api.services.sessions.current!.client;
    const sent: string[] = [];
    const call = sessionClient.call.bind(sessionClient);
    sessionClient.call = ((key: string, ...rest: unknown[]) => {
      sent.push(key);
      return (call as (...a: unknown[]) => unknown)(key, ...rest);
    }) as typeof sessionClient.call;
    try {
      assert.equal(await vscode.commands.executeCommand(Commands.saveSelectionAsSnippet, { title }), undefined);
    } finally {
      sessionClient.call = call;
    }
    assert.deepEqual(
      sent.filter((k) => k !== 'GET /events'),
      [],
      'no request was sent',
    );
    const sixty = '😀'.repeat(60);
    assert.equal((await serverSnippets()).length, before, 'nothing was created');
    // Exactly 60 code points is fine.
    const id = await vscode.commands.executeCommand<number>(Commands.saveSelectionAsSnippet, { title: sixty });
    assert.equal(typeof id, 'number');
    assert.equal(await vscode.commands.executeCommand(Commands.deleteSnippet, { snippetId: id, confirm: false }), true);
  });

  it('inserts the snippet as // comments in a TypeScript file, indented like the cursor line', async function () {
    this.timeout(20_000);
    const editor = await open('retry.ts', 'export function retry() {\n  return run();\n}\n');
    assert.equal(editor.document.languageId, 'typescript');
    editor.selection = new vscode.Selection(1, 4, 1, 4);
    const result = await vscode.commands.executeCommand<InsertResult>(Commands.insertSnippet, { snippetId });
    assert.ok(result, 'inserted');
    assert.equal(result.commented, 'line');
    const lines = editor.document.getText().split('\n');
    const inserted = lines.slice(result.startLine, result.endLine + 1);
    assert.equal(inserted.length, 3, lines.join('\n'));
    for (const l of inserted) assert.ok(l.startsWith('  // '), `not a // comment: ${JSON.stringify(l)}`);
    assert.equal(inserted[0], '  // Retry with backoff:');
    assert.equal(lines[result.endLine + 1], '  return run();', 'the code below is untouched');
  });

  it('inserts the snippet in one undo step: one Undo restores the document exactly', async function () {
    this.timeout(20_000);
    const original = 'export function undoable() {\n  return run();\n}\n';
    const editor = await open('undo.ts', original);
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    const result = await vscode.commands.executeCommand<InsertResult>(Commands.insertSnippet, { snippetId });
    assert.ok(result);
    assert.equal(result.commented, 'line');
    assert.equal(
      editor.document.getText(),
      'export function undoable() {\n  // Retry with backoff:\n  // wait 2^n seconds, at most 5 times\n  // then give up and report\n  return run();\n}\n',
    );
    await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn });
    await vscode.commands.executeCommand('undo');
    await waitFor(
      'the undo to reach the document',
      () => editor.document.getText() === original || undefined,
      5_000,
    ).catch(() => undefined);
    assert.equal(editor.document.getText(), original);
  });

  it('inserts the snippet as # comments in a Python file', async function () {
    this.timeout(20_000);
    const editor = await open('retry.py', 'def retry():\n    return run()\n');
    assert.equal(editor.document.languageId, 'python');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    const result = await vscode.commands.executeCommand<InsertResult>(Commands.insertSnippet, { snippetId });
    assert.ok(result);
    assert.equal(result.commented, 'line');
    const inserted = editor.document
      .getText()
      .split('\n')
      .slice(result.startLine, result.endLine + 1);
    assert.equal(inserted.length, 3);
    for (const l of inserted) assert.ok(l.startsWith('    # '), `not a # comment: ${JSON.stringify(l)}`);
  });

  it('wraps the lines in a block comment where the language has no line comments (HTML)', async function () {
    this.timeout(20_000);
    const editor = await open('page.html', '<div>\n</div>\n');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    const result = await vscode.commands.executeCommand<InsertResult>(Commands.insertSnippet, { snippetId });
    assert.ok(result);
    const inserted = editor.document
      .getText()
      .split('\n')
      .slice(result.startLine, result.endLine + 1);
    assert.equal(inserted.length, 3, editor.document.getText());
    // VS Code wraps the lines in one <!-- … --> block.
    assert.ok(inserted[0].startsWith('<!-- Retry with backoff:'), inserted.join('\n'));
    assert.ok(inserted[2].endsWith('then give up and report -->'), inserted.join('\n'));
  });

  it('edits title and content in an editor tab and saves them (PATCH)', async function () {
    this.timeout(20_000);
    const uri = await vscode.commands.executeCommand<string>(Commands.editSnippet, { snippetId });
    assert.equal(typeof uri, 'string');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)!;
    assert.equal(doc.languageId, 'markdown');
    assert.equal(doc.getText(), SNIPPET_SOURCE);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), 'Retry with **jittered** backoff');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(
      await vscode.commands.executeCommand(Commands.editSnippetTitle, { uri, title: 'Retry policy v2' }),
      'Retry policy v2',
    );
    assert.equal(await vscode.commands.executeCommand(Commands.saveSnippetEdit, { uri }), true);
    const saved = (await serverSnippets()).find((s) => s.id === snippetId)!;
    assert.equal(saved.title, 'Retry policy v2');
    assert.equal(saved.content, 'Retry with **jittered** backoff');
    await waitFor(
      'the store to follow',
      () =>
        store()
          .savedSnippets()
          .find((s) => s.id === snippetId)?.title === 'Retry policy v2',
    );
    await waitFor(
      'the tab to close',
      () =>
        !vscode.window.tabGroups.all.some((g) =>
          g.tabs.some((t) => (t.input as { uri?: vscode.Uri })?.uri?.toString() === uri),
        ),
    );
    // Direct edit with arguments (no tab), and a too-long title refused before sending.
    assert.equal(
      await vscode.commands.executeCommand(Commands.editSnippet, { snippetId, content: 'Short again' }),
      true,
    );
    assert.equal((await serverSnippets()).find((s) => s.id === snippetId)!.content, 'Short again');
    assert.equal(
      await vscode.commands.executeCommand(Commands.editSnippet, { snippetId, title: 'x'.repeat(61) }),
      false,
    );
    assert.equal((await serverSnippets()).find((s) => s.id === snippetId)!.title, 'Retry policy v2');
  });

  it('deletes the snippet; the store drops it', async function () {
    this.timeout(20_000);
    assert.equal(await vscode.commands.executeCommand(Commands.deleteSnippet, { snippetId, confirm: false }), true);
    assert.ok(!(await serverSnippets()).some((s) => s.id === snippetId));
    await waitFor(
      'the store to drop it',
      () =>
        !store()
          .savedSnippets()
          .some((s) => s.id === snippetId),
    );
  });
});
