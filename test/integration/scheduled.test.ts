// Scheduled messages in a real VS Code: the list marks failed ones, a failed one cannot be saved
// without a new time, times are parsed strictly, type changes follow docs/API.md's rules, and
// "Schedule Message…" creates one from a topic.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getScheduledMessages } from '../../src/api/personal/routes';
import type { ScheduledResult } from '../../src/commands/messages/scheduled';
import { NEEDS_NEW_TIME } from '../../src/commands/messages/scheduled';
import { formatLocal, fromUnixSeconds } from '../../src/time/when';
import { Commands } from '../../src/constants';
import { DRAFT_SCHEME } from '../../src/drafts/documents';
import { activateExtension, clientFor, ENGINEERING, signIn, testAccount, type TestAccount } from './helpers';

describe('scheduled messages', function () {
  this.timeout(30_000);
  let other: ChatClient;
  let bob: TestAccount;

  before(async () => {
    const alice = testAccount('alice');
    bob = testAccount('bob');
    await signIn(await activateExtension(), alice);
    other = clientFor(alice);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await other?.close();
  });

  const run = (args: object) => vscode.commands.executeCommand<ScheduledResult>(Commands.scheduledMessages, args);
  const serverCopy = async (id: number) =>
    (await getScheduledMessages(other)).scheduled_messages.find((s) => s.scheduled_message_id === id);
  const inDays = (d: number) => Math.floor(Date.now() / 1000) + d * 86400;

  it('lists scheduled messages with time, target, topic and excerpt; the failed one is marked', async () => {
    const r = await run({ action: 'list' });
    assert.equal(r.status, 'listed');
    const items = (r as Extract<ScheduledResult, { status: 'listed' }>).items;
    const failed = items.find((i) => i.failed);
    assert.ok(failed, JSON.stringify(items));
    assert.equal(failed.warning, 'Failed to send — needs a new time');
    assert.equal(failed.target, 'Bob Brown');
    assert.equal(failed.excerpt, 'Happy birthday!');
    const ok = items.find((i) => !i.failed && i.topic === 'deploys');
    assert.ok(ok);
    assert.equal(ok.target, '#engineering');
    assert.equal(ok.warning, undefined);
    assert.match(ok.time, /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('refuses to save a failed one without a new time, and saves it with one', async () => {
    const failed = (await getScheduledMessages(other)).scheduled_messages.find((s) => s.failed)!;
    const refused = await run({
      action: 'edit',
      scheduledMessageId: failed.scheduled_message_id,
      content: 'Happy birthday, Bob!',
    });
    assert.equal(refused.status, 'refused');
    assert.equal((refused as { message: string }).message, NEEDS_NEW_TIME);
    assert.equal((await serverCopy(failed.scheduled_message_id))?.content, 'Happy birthday!', 'nothing was sent');

    const badTime = await run({
      action: 'edit',
      scheduledMessageId: failed.scheduled_message_id,
      content: 'x',
      time: '2030-02-30 10:00',
    });
    assert.equal(badTime.status, 'refused');
    assert.match((badTime as { message: string }).message, /does not exist/);

    const at = inDays(3);
    const saved = await run({
      action: 'edit',
      scheduledMessageId: failed.scheduled_message_id,
      content: 'Happy birthday, Bob!',
      time: formatLocal(fromUnixSeconds(at)),
    });
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    const now = await serverCopy(failed.scheduled_message_id);
    assert.equal(now?.content, 'Happy birthday, Bob!');
    assert.equal(now?.failed, false);
    assert.ok(Math.abs(now!.scheduled_delivery_timestamp - at) < 60);
  });

  it('schedules a message to a topic, edits it in a draft tab, retargets and deletes it', async () => {
    const created = await vscode.commands.executeCommand<ScheduledResult>(Commands.scheduleMessage, {
      streamId: ENGINEERING,
      topic: 'scheduled test',
      content: 'Later, **gator**.',
      time: inDays(1),
    });
    assert.equal(created.status, 'created', JSON.stringify(created));
    const id = (created as { id: number }).id;

    const opened = await run({ action: 'edit', scheduledMessageId: id });
    assert.equal(opened.status, 'opened');
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.uri.scheme, DRAFT_SCHEME);
    assert.equal(doc.getText(), 'Later, **gator**.');
    const we = new vscode.WorkspaceEdit();
    we.insert(doc.uri, doc.positionAt(doc.getText().length), ' Edited in a tab.');
    assert.ok(await vscode.workspace.applyEdit(we));
    const saved = await vscode.commands.executeCommand<ScheduledResult>(Commands.sendEdit, doc.uri);
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    assert.equal((await serverCopy(id))?.content, 'Later, **gator**. Edited in a tab.');

    // Changing the type needs `to` (and a topic for a channel): the API layer says so.
    const noTo = await run({ action: 'retarget', scheduledMessageId: id, type: 'direct' });
    assert.equal(noTo.status, 'failed');
    assert.match((noTo as { message: string }).message, /recipients/);
    const dm = await run({ action: 'retarget', scheduledMessageId: id, type: 'direct', to: [bob.userId] });
    assert.equal(dm.status, 'saved', JSON.stringify(dm));
    assert.deepEqual((await serverCopy(id))?.to, [bob.userId]);
    const noTopic = await run({ action: 'retarget', scheduledMessageId: id, type: 'channel', to: ENGINEERING });
    assert.equal(noTopic.status, 'failed');
    assert.match((noTopic as { message: string }).message, /topic/);

    const moved = await run({ action: 'reschedule', scheduledMessageId: id, time: inDays(2) });
    assert.equal(moved.status, 'saved');
    const deleted = await run({ action: 'delete', scheduledMessageId: id });
    assert.equal(deleted.status, 'deleted');
    assert.equal(await serverCopy(id), undefined);
  });
});
