// Editing messages in a real VS Code: the draft editor round-trip, edit conflicts (detected by
// re-fetching, both versions shown, keep mine / merge by hand, the draft surviving a "reload"),
// the move time limit with a partial move, wildcard-mention errors and detached uploads.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getAttachments, getMessage, getMessages, sendMessage, updateMessage } from '../../src/api/messages/routes';
import type { EditResult } from '../../src/commands/messages/editMessage';
import { Commands } from '../../src/constants';
import { DRAFT_SCHEME, theirsUri } from '../../src/drafts/documents';
import { draftKey, DraftStore } from '../../src/drafts/store';
import type { Account } from '../../src/auth/accounts';
import type { TeamChatApi } from '../../src/extension';
import {
  activateExtension,
  clientFor,
  ENGINEERING,
  serverUrl,
  signIn,
  testAccount,
  testControl,
  type TestAccount,
} from './helpers';
const DAY = 86400;

describe('edit message', function () {
  this.timeout(30_000);
  let api: TeamChatApi;
  let alice: TestAccount;
  let account: Account;
  /** A second client of the same user: "someone else" editing first. */
  let other: ChatClient;
  const topic = `edit tests ${Date.now()}`;

  before(async () => {
    alice = testAccount('alice');
    api = await activateExtension();
    account = await signIn(api, alice);
    other = clientFor(alice);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await other?.close();
  });

  async function post(content: string, inTopic = topic): Promise<number> {
    return (await sendMessage(other, { type: 'channel', to: ENGINEERING, topic: inTopic, content })).id;
  }
  async function raw(id: number): Promise<string> {
    const r = await getMessage(other, { message_id: id, apply_markdown: false });
    return r.raw_content ?? r.message.content;
  }
  const edit = (args: object) => vscode.commands.executeCommand<EditResult>(Commands.editMessage, args);
  const send = (args: object) => vscode.commands.executeCommand<EditResult>(Commands.sendEdit, args);

  /** Types into the open draft document without saving (as a user would). */
  async function typeInto(uri: string, text: string): Promise<void> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)!;
    const we = new vscode.WorkspaceEdit();
    we.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    assert.ok(await vscode.workspace.applyEdit(we));
  }

  it('opens the raw Markdown in a draft tab and sends the edit', async () => {
    const id = await post('Original **text**.');
    const opened = await edit({ messageId: id });
    assert.equal(opened.status, 'opened');
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.scheme, DRAFT_SCHEME);
    assert.equal(editor.document.languageId, 'markdown');
    assert.equal(editor.document.getText(), 'Original **text**.');
    await typeInto(editor.document.uri.toString(), 'Edited **text**.');
    const sent = await send({ messageId: id });
    assert.equal(sent.status, 'sent', JSON.stringify(sent));
    assert.equal(await raw(id), 'Edited **text**.');
    assert.equal(
      api.services.context.globalState.get<Record<string, unknown>>('teamChat.drafts')?.[
        draftKey('edit', account.id, id)
      ],
      undefined,
    );
    const stillOpen = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === DRAFT_SCHEME);
    assert.ok(!stillOpen, 'the draft tab was closed after sending');
  });

  it('detects a conflict, shows both versions, keeps the draft across a reload, and keep-mine re-sends', async () => {
    const id = await post('Version one.');
    const opened = await edit({ messageId: id });
    assert.equal(opened.status, 'opened');
    await typeInto((opened as { uri: string }).uri, 'My careful rewrite.');
    // Someone (the same user on another device) edits first.
    await updateMessage(other, { message_id: id, content: 'Their quick fix.', prevContent: 'Version one.' });

    const conflict = await send({ messageId: id, onConflict: 'defer' });
    assert.equal(conflict.status, 'conflict', JSON.stringify(conflict));
    assert.equal((conflict as { theirs: string }).theirs, 'Their quick fix.');
    assert.equal((conflict as { mine: string }).mine, 'My careful rewrite.');
    assert.equal(await raw(id), 'Their quick fix.', 'nothing overwritten');

    // Both versions are open in a diff editor.
    const diff = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputTextDiff);
    assert.ok(diff, 'a diff tab is open');
    const input = diff.input as vscode.TabInputTextDiff;
    assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'Their quick fix.');
    assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), 'My careful rewrite.');

    // A "reload": a fresh store over the persisted state still holds my text and theirs.
    const key = draftKey('edit', account.id, id);
    const reloaded = new DraftStore(api.services.context.globalState).get(key);
    assert.equal(reloaded?.text, 'My careful rewrite.');
    assert.equal(reloaded?.base, 'Version one.');
    assert.equal(reloaded?.theirs, 'Their quick fix.');
    const server = await vscode.workspace.openTextDocument(theirsUri(reloaded!));
    assert.equal(server.getText(), 'Their quick fix.');

    const kept = await send({ messageId: id, onConflict: 'keepMine' });
    assert.equal(kept.status, 'sent', JSON.stringify(kept));
    assert.equal((kept as { resolvedConflict?: string }).resolvedConflict, 'keepMine');
    assert.equal(await raw(id), 'My careful rewrite.');
    assert.equal(new DraftStore(api.services.context.globalState).get(key), undefined, 'the draft is gone once sent');
  });

  it('merge by hand: both texts between markers, refused until merged, then sent', async () => {
    // No workspace edit of a draft is refused along the way: refused ones race VS Code's reload
    // of the document and are logged by VS Code as "… has changed in the meantime".
    const workspace = vscode.workspace as unknown as { applyEdit: typeof vscode.workspace.applyEdit };
    const applyEdit = workspace.applyEdit;
    const refused: string[] = [];
    workspace.applyEdit = (async (edit: vscode.WorkspaceEdit, metadata?: vscode.WorkspaceEditMetadata) => {
      const ok = await applyEdit(edit, metadata);
      if (!ok)
        refused.push(
          edit
            .entries()
            .map(([uri]) => uri.toString())
            .join(),
        );
      return ok;
    }) as typeof vscode.workspace.applyEdit;
    try {
      await mergeByHand();
    } finally {
      workspace.applyEdit = applyEdit;
    }
    assert.deepEqual(refused, [], 'refused workspace edits');
  });

  async function mergeByHand(): Promise<void> {
    const id = await post('Base text.');
    await edit({ messageId: id });
    await send({ messageId: id, content: 'Mine.', onConflict: 'defer' }).then((r) =>
      assert.equal(r.status, 'sent', JSON.stringify(r)),
    );
    // Now a real conflict: draft from the current text, someone edits, we merge by hand.
    await edit({ messageId: id });
    await updateMessage(other, { message_id: id, content: 'Theirs.', prevContent: 'Mine.' });
    const merging = await send({ messageId: id, content: 'Mine, again.', onConflict: 'mergeByHand' });
    assert.equal(merging.status, 'merging', JSON.stringify(merging));
    const text = (merging as { text: string }).text;
    assert.ok(text.includes('Theirs.') && text.includes('Mine, again.') && text.includes('<<<<<<<'));
    assert.equal(vscode.window.activeTextEditor?.document.getText(), text, 'the editor shows the text to merge');
    const refused = await send({ messageId: id });
    assert.equal(refused.status, 'failed');
    assert.match((refused as { message: string }).message, /conflict markers/);
    const sent = await send({ messageId: id, content: 'Theirs. Mine, again.' });
    assert.equal(sent.status, 'sent', JSON.stringify(sent));
    assert.equal(await raw(id), 'Theirs. Mine, again.');
  }

  it('take theirs discards the draft and leaves the server text', async () => {
    const id = await post('Start.');
    await edit({ messageId: id });
    await updateMessage(other, { message_id: id, content: 'Server wins.', prevContent: 'Start.' });
    const r = await send({ messageId: id, content: 'Mine loses.', onConflict: 'takeTheirs' });
    assert.equal(r.status, 'discarded');
    assert.equal(await raw(id), 'Server wins.');
    assert.equal(new DraftStore(api.services.context.globalState).get(draftKey('edit', account.id, id)), undefined);
  });

  it('explains wildcard-mention errors and keeps the draft', async () => {
    const id = (
      await sendMessage(other, { type: 'channel', to: 1, topic: 'crowd', content: 'Hello crowd (edit test).' })
    ).id;
    const r = await edit({ messageId: id, content: '@**all** hello' });
    assert.equal(r.status, 'failed');
    assert.equal((r as { code?: string }).code, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    assert.match((r as { message: string }).message, /mentions everyone in the channel.*draft is kept/);
    const key = draftKey('edit', account.id, id);
    assert.equal(new DraftStore(api.services.context.globalState).get(key)?.text, '@**all** hello');
    const t = await send({ messageId: id, content: '@**topic** hello' });
    assert.equal((t as { code?: string }).code, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    assert.match((t as { message: string }).message, /mentions everyone in the topic/);
    assert.equal(
      (await vscode.commands.executeCommand<EditResult>(Commands.discardEdit, { messageId: id })).status,
      'discarded',
    );
    assert.equal(await raw(id), 'Hello crowd (edit test).');
  });

  it('offers to delete detached uploads (kept, then deleted)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello from the edit test']), 'edit-test.txt');
    const auth = `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`;
    const up = (await (
      await fetch(`${serverUrl()}/api/v1/user_uploads`, {
        method: 'POST',
        body: form,
        headers: { Authorization: auth },
      })
    ).json()) as { url: string };
    const id = await post(`See [edit-test.txt](${up.url})`);
    const kept = await edit({ messageId: id, content: 'No file any more.', deleteDetached: false });
    assert.equal(kept.status, 'sent', JSON.stringify(kept));
    assert.equal((kept as { detachedUploads: number }).detachedUploads, 1);
    assert.deepEqual((kept as { deletedUploads: number[] }).deletedUploads, []);
    const file = (await getAttachments(other)).attachments.find((a) => a.name === 'edit-test.txt');
    assert.ok(file, 'kept when the user says keep');
    // Link it again, remove the link again, and this time delete it.
    await updateMessage(other, { message_id: id, content: `Again: [edit-test.txt](${up.url})` });
    const deleted = await edit({ messageId: id, content: 'Gone for good.', deleteDetached: true });
    assert.deepEqual((deleted as { deletedUploads: number[] }).deletedUploads, [file.id]);
    assert.ok(!(await getAttachments(other)).attachments.some((a) => a.id === file.id));
  });

  describe('moves and the time limit', () => {
    const clock = (seconds: number) => testControl('advance-clock', { seconds });
    async function topicIds(name: string): Promise<number[]> {
      const r = await getMessages(other, {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: ENGINEERING },
          { operator: 'topic', operand: name },
        ],
      });
      return r.messages.map((m) => m.id);
    }

    it('renames a topic with change_all and the notification options', async () => {
      const t = `${topic} rename`;
      const ids = [await post('one', t), await post('two', t)];
      const r = await edit({
        messageId: ids[1],
        topic: `${t} (renamed)`,
        propagateMode: 'change_all',
        sendNotificationToOldThread: false,
        sendNotificationToNewThread: false,
      });
      assert.equal(r.status, 'moved', JSON.stringify(r));
      assert.deepEqual(await topicIds(`${t} (renamed)`), ids);
      assert.deepEqual(await topicIds(t), []);
    });

    it('explains MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and moves only the allowed part with change_later', async () => {
      const t = `${topic} old`;
      await clock(-8 * DAY);
      let old: number[];
      try {
        old = [await post('old one', t), await post('old two', t)];
      } finally {
        await clock(8 * DAY);
      }
      const recent = [await post('new one', t), await post('new two', t)];
      const r = await edit({
        messageId: old[0],
        topic: `${t} moved`,
        propagateMode: 'change_all',
        moveAllowedPart: true,
        sendNotificationToNewThread: false,
      });
      assert.equal(r.status, 'moved', JSON.stringify(r));
      const moved = r as {
        partial: boolean;
        explanation?: string;
        request: { messageId: number; propagateMode: string };
      };
      assert.equal(moved.partial, true);
      assert.match(moved.explanation ?? '', /only the 2 most recent of its 4 messages/);
      assert.equal(moved.request.messageId, recent[0]);
      assert.equal(moved.request.propagateMode, 'change_later');
      assert.deepEqual(await topicIds(`${t} moved`), recent);
      assert.deepEqual(await topicIds(t), old);

      // Every message too old: first_message_id_allowed_to_move is null, so only an explanation.
      const none = await edit({
        messageId: old[0],
        topic: `${t} nowhere`,
        propagateMode: 'change_all',
        moveAllowedPart: true,
      });
      assert.equal(none.status, 'failed');
      assert.match((none as { explanation: string }).explanation, /none can be moved/);
      assert.deepEqual(await topicIds(t), old);
    });
  });
});
