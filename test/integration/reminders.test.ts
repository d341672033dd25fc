// Reminders inside a real VS Code: a reminder from an editor selection (note = the selected text
// and its workspace-relative path:line-range), a linked message, a note too long for the realm
// shortened with an ellipsis, refused times, the live store list, delete, and an older server
// without reminders.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessages } from '../../src/api/messages/routes';
import { getReminders } from '../../src/api/personal/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { clientFor, freshStart, signIn, signOutAll, startExtraServer, testAccount, waitFor } from './helpers';

const SAMPLE = [
  'export function add(a: number, b: number): number {',
  '  // TODO: overflow',
  '  return a + b;',
  '}',
  '',
].join('\n');

describe('reminders: create from a selection, list, delete', () => {
  let api: TeamChatApi;
  let aliceClient: ChatClient;
  let sampleUri: vscode.Uri;

  const store = () => api.services.sessions.current!.store;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  // The real API sends no `note` field: the note is in the content the notification bot will send.
  const noteOf = (r: { content?: string }) => (r.content ?? '').split('\n\nNote:\n> ')[1] ?? '';

  async function select(uri: vscode.Uri, startLine: number, endLine: number): Promise<vscode.TextEditor> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(startLine, 0, endLine, doc.lineAt(endLine).text.length);
    return editor;
  }

  before(async function () {
    this.timeout(30_000);
    const alice = testAccount('alice');
    aliceClient = clientFor(alice);
    api = await freshStart(alice);

    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workbench opens a folder');
    fs.mkdirSync(path.join(folder.uri.fsPath, 'src'), { recursive: true });
    fs.writeFileSync(path.join(folder.uri.fsPath, 'src', 'math.ts'), SAMPLE);
    sampleUri = vscode.Uri.joinPath(folder.uri, 'src', 'math.ts');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
    await aliceClient.close();
  });

  it('creates a reminder whose note holds the selection and its path:line-range', async function () {
    this.timeout(20_000);
    await select(sampleUri, 1, 2);
    const when = inAnHour();
    const id = await vscode.commands.executeCommand<number>(Commands.createReminder, {
      when,
      note: 'Handle overflow',
      messageId: null,
    });
    assert.equal(typeof id, 'number');
    const { reminders } = await getReminders(aliceClient);
    const r = reminders.find((x) => x.reminder_id === id);
    assert.ok(r, JSON.stringify(reminders));
    assert.equal(r.scheduled_delivery_timestamp, when);
    assert.equal(r.reminder_target_message_id ?? null, null);
    const note = noteOf(r);
    assert.ok(note.startsWith('Handle overflow\nsrc/math.ts:2-3\n```typescript\n'), note);
    assert.ok(note.includes('  // TODO: overflow\n  return a + b;'), note);
    // The store keeps the list live (reminders event).
    await waitFor('the reminder in the store', () =>
      store()
        .reminders()
        .some((x) => x.reminder_id === id),
    );
  });

  it('links a message and names a single line as path:line', async function () {
    this.timeout(20_000);
    await select(sampleUri, 2, 2);
    const { messages } = await getMessages(aliceClient, {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 1 }],
    });
    const messageId = messages[0].id;
    const id = await vscode.commands.executeCommand<number>(Commands.createReminder, {
      when: inAnHour(),
      note: '',
      messageId,
    });
    const r = (await getReminders(aliceClient)).reminders.find((x) => x.reminder_id === id);
    assert.ok(r);
    assert.equal(r.reminder_target_message_id, messageId);
    assert.ok(noteOf(r).startsWith('src/math.ts:3\n```typescript\n  return a + b;\n```'), noteOf(r));
  });

  it('shortens a selection too long for max_reminder_note_length with an ellipsis', async function () {
    this.timeout(20_000);
    const max = api.services.sessions.current!.client.limits.maxReminderNoteLength;
    assert.equal(typeof max, 'number', 'the realm sends max_reminder_note_length');
    const folder = vscode.workspace.workspaceFolders![0];
    const longUri = vscode.Uri.joinPath(folder.uri, 'long.py');
    fs.writeFileSync(
      longUri.fsPath,
      Array.from({ length: 200 }, (_, i) => `value_${i} = ${i}  # 😀`).join('\n') + '\n',
    );
    await select(longUri, 0, 199);
    const id = await vscode.commands.executeCommand<number>(Commands.createReminder, {
      when: inAnHour(),
      note: '',
      messageId: null,
      truncate: true,
    });
    assert.equal(typeof id, 'number');
    const note = noteOf((await getReminders(aliceClient)).reminders.find((x) => x.reminder_id === id)!);
    assert.ok([...note].length <= max!, `${[...note].length} > ${max}`);
    assert.ok(note.startsWith('long.py:1-200\n```python\nvalue_0 = 0'), note.slice(0, 80));
    assert.ok(note.endsWith('…\n```'), note.slice(-20));
  });

  it('refuses a time in the past and a missing selection, sending nothing', async function () {
    this.timeout(20_000);
    const before = (await getReminders(aliceClient)).reminders.length;
    await select(sampleUri, 0, 0);
    const past = await vscode.commands.executeCommand(Commands.createReminder, {
      when: Math.floor(Date.now() / 1000) - 60,
      note: '',
      messageId: null,
    });
    assert.equal(past, undefined);
    const editor = await select(sampleUri, 0, 0);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const empty = await vscode.commands.executeCommand(Commands.createReminder, {
      when: inAnHour(),
      note: '',
      messageId: null,
    });
    assert.equal(empty, undefined);
    assert.equal((await getReminders(aliceClient)).reminders.length, before);
  });

  it('deletes a reminder (DELETE /reminders/{id}); the store follows', async function () {
    this.timeout(20_000);
    const [first] = store().reminders();
    assert.ok(first);
    assert.equal(
      await vscode.commands.executeCommand(Commands.deleteReminder, { reminderId: first.reminder_id }),
      true,
    );
    assert.ok(!(await getReminders(aliceClient)).reminders.some((r) => r.reminder_id === first.reminder_id));
    await waitFor(
      'the store to drop it',
      () =>
        !store()
          .reminders()
          .some((r) => r.reminder_id === first.reminder_id),
    );
    // A second delete: the server's error is reported, nothing thrown.
    assert.equal(
      await vscode.commands.executeCommand(Commands.deleteReminder, { reminderId: first.reminder_id }),
      false,
    );
  });

  it('explains that an older server (below FL.reminders) has no reminders', async function () {
    this.timeout(30_000);
    const old = await startExtraServer({ featureLevel: 370 });
    try {
      await signIn(
        api,
        old.accounts.find((a) => a.email.startsWith('alice@'))!,
        old.url,
      );
      assert.equal(store().featureLevel, 370);
      await select(sampleUri, 1, 2);
      assert.equal(
        await vscode.commands.executeCommand(Commands.createReminder, { when: inAnHour(), note: '', messageId: null }),
        undefined,
      );
    } finally {
      await signOutAll(api);
      await old.stop();
    }
  });
});

describe('reminders on opening a file', () => {
  let api: TeamChatApi;
  before(async function () {
    this.timeout(30_000);
    api = await freshStart(testAccount('alice'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
  });

  it('arrives once, the next time the file is opened, not while it stays open', async function () {
    this.timeout(60_000);
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'src', 'stats.py');
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(3, 0, 5, 0);
    const shown: string[] = [];
    const sub = api.fileReminders.onDidRemind((r) => shown.push(r.id));
    try {
      const reminder = await vscode.commands.executeCommand<{
        id: string;
        path: string;
        lines: { start: number; end: number };
        remark: string;
      }>(Commands.createReminder, { onOpen: true, note: ' check the tie ' });
      assert.ok(reminder);
      assert.deepEqual(
        [reminder.path, reminder.lines, reminder.remark],
        ['src/stats.py', { start: 4, end: 5 }, 'check the tie'],
      );
      assert.ok(api.fileReminders.list().some((r) => r.id === reminder.id));
      // Not shown while the file stays open; closing it shows nothing either.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor('no editor visible', () => vscode.window.visibleTextEditors.length === 0);
      assert.deepEqual(shown, []);
      await vscode.window.showTextDocument(uri);
      await waitFor('the reminder shown', () => shown.includes(reminder.id));
      assert.ok(!api.fileReminders.list().some((r) => r.id === reminder.id), 'delivered once, then gone');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.window.showTextDocument(uri);
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(shown, [reminder.id]);
    } finally {
      sub.dispose();
    }
  });
});
