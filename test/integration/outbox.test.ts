// The outbox in a real VS Code (src/session/outbox.ts): the conversation views send through it;
// while the server cannot take messages they wait (shown in the view and the status bar), and
// when it is back they arrive in order, once each, also after the outbox was opened again from its
// file (a window reload). A refused message keeps its text and the server's reason.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { channel, dm, topic as topicOf, type Narrow } from '../../src/api/messages/narrow';
import { getMessages } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import { outboxFileStem } from '../../src/session/outboxFile';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, testControl, waitFor } from './helpers';

/** Channel 5 of the demo realm: only administrators post there (alice is not one). */
const ANNOUNCEMENTS = 5;
/** A server that cannot take messages: its proxy answers 502 to every send until `clear-faults`. */
const DOWN = { kind: 'status', status: 502, route: 'POST /messages', times: 100_000 };

describe('outbox: sends kept until the server has them', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  let topicPanel: TopicPanel;
  let dmPanel: TopicPanel;
  const stamp = Date.now().toString(36);
  const topic = `outbox ${stamp}`;
  const alice = testAccount('alice');
  const bob = testAccount('bob');

  /** The texts bob can read in a conversation that carry this run's stamp, oldest first, with their ids. */
  async function readBack(narrow: Narrow): Promise<{ id: number; content: string }[]> {
    const { messages } = await getMessages(bobClient, {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow,
      apply_markdown: false,
    });
    return messages.filter((m) => m.content.includes(stamp)).map((m) => ({ id: m.id, content: m.content }));
  }
  const topicNarrow = (): Narrow => [channel(GENERAL), topicOf(topic)];
  const dmNarrow = (): Narrow => [dm([alice.userId])];
  const outbox = () => api.services.outbox;

  before(async function () {
    this.timeout(90_000);
    bobClient = clientFor(bob);
    api = await freshStart(alice);
    topicPanel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic }))!;
    await topicPanel.whenLoaded();
    dmPanel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [bob.userId],
    }))!;
    await dmPanel.whenLoaded();
  });

  afterEach(async () => {
    await testControl('clear-faults');
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bobClient.close();
  });

  it('server down while 5 messages go to 2 conversations: they wait (view, status bar), then arrive in order, once each', async function () {
    this.timeout(150_000);
    await testControl('fault', DOWN);
    const sends: { panel: TopicPanel; text: string }[] = [0, 1, 2, 3, 4].map((i) => ({
      panel: i % 2 === 0 ? topicPanel : dmPanel,
      text: `down ${i} ${stamp}`,
    }));
    // The compose box's path: kept in the outbox, the box emptied, no error.
    for (const s of sends) await s.panel.outbox.enqueue(s.text);
    await waitFor(
      'all 5 waiting, the first not sent',
      () => outbox().entries().length === 5 && outbox().entries()[0]!.state === 'failed',
      30_000,
    );
    assert.deepEqual(
      outbox()
        .entries()
        .map((e) => e.content),
      sends.map((s) => s.text),
    );

    // The status bar and each view say so.
    const item = api.statusBar;
    await waitFor('the status bar saying 5 waiting', () => item.text.endsWith(' · 5 waiting'), 10_000);
    assert.match(String(item.tooltip), /5 message\(s\) waiting to be sent/);
    assert.match(item.accessibilityInformation?.label ?? '', /5 waiting$/);
    // One snapshot of what the view was told (a retry may be under way the next moment).
    const shown = await waitFor(
      'the topic view showing its 3, the first not sent',
      () => {
        const now = topicPanel.outbox.shown;
        return now.length === 3 && now[0]!.state === 'failed' ? now : undefined;
      },
      10_000,
    );
    assert.deepEqual(
      shown.map((e) => e.content),
      [sends[0]!.text, sends[2]!.text, sends[4]!.text],
    );
    assert.ok(shown[0]!.reason, 'a failed entry says why');
    assert.deepEqual(
      shown.slice(1).map((e) => e.state),
      ['sending', 'sending'],
    );
    assert.deepEqual(
      dmPanel.outbox.shown.map((e) => e.content),
      [sends[1]!.text, sends[3]!.text],
    );
    assert.equal((await readBack(topicNarrow())).length, 0, 'nothing arrived while the server was down');

    await testControl('clear-faults');
    await waitFor('the outbox empty', () => outbox().entries().length === 0, 120_000);
    const inTopic = await readBack(topicNarrow());
    const inDm = await readBack(dmNarrow());
    assert.deepEqual(
      inTopic.map((m) => m.content),
      [sends[0]!.text, sends[2]!.text, sends[4]!.text],
      'each once, in order',
    );
    assert.deepEqual(
      inDm.map((m) => m.content),
      [sends[1]!.text, sends[3]!.text],
      'each once, in order',
    );
    const order = [...inTopic, ...inDm].sort((a, b) => a.id - b.id).map((m) => m.content);
    assert.deepEqual(
      order,
      sends.map((s) => s.text),
      'sent in the order they were written',
    );
    await waitFor('the status bar without waiting', () => !item.text.includes('waiting'), 10_000);
    assert.equal(topicPanel.outbox.shown.length, 0);
  });

  it('a reload with 3 messages waiting (server down): sent once each when the server is back', async function () {
    this.timeout(150_000);
    await testControl('fault', DOWN);
    const texts = [0, 1, 2].map((i) => `reload ${i} ${stamp}`);
    for (const t of texts) await topicPanel.outbox.enqueue(t);
    await waitFor(
      '3 waiting, the first not sent',
      () => outbox().entries().length === 3 && outbox().entries()[0]!.state === 'failed',
      30_000,
    );

    // What a window reload does: this outbox stops, a new one starts from the file.
    await outbox().reopen();
    assert.deepEqual(
      outbox()
        .entries()
        .map((e) => e.content),
      texts,
      'the file kept all 3, in order',
    );

    await testControl('clear-faults');
    await waitFor('the outbox empty', () => outbox().entries().length === 0, 120_000);
    const arrived = (await readBack(topicNarrow())).map((m) => m.content).filter((c) => c.startsWith('reload '));
    assert.deepEqual(arrived, texts, 'each once, in order');
  });

  it('a refused message keeps its text and the server’s reason in the view; the queue goes on; Edit puts it back in the compose box', async function () {
    this.timeout(90_000);
    const refusedTopic = `outbox refused ${stamp}`;
    const announcements = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: ANNOUNCEMENTS,
      topic: refusedTopic,
    }))!;
    await announcements.whenLoaded();
    const text = `not allowed here ${stamp}`;
    const { localId } = await announcements.outbox.enqueue(text);
    const shown = await waitFor(
      'the refusal shown in the view',
      () => announcements.outbox.shown.find((e) => e.localId === localId && e.state === 'refused'),
      30_000,
    );
    assert.equal(shown.content, text);
    assert.ok(shown.reason && shown.reason.length > 0, 'the server’s reason is shown');
    assert.equal(outbox().entry(localId)?.error?.message, shown.reason);

    // The queue goes on behind a refusal.
    const { id } = await topicPanel.send(`after the refusal ${stamp}`);
    assert.ok(id > 0);
    assert.equal(outbox().entries().length, 1, 'only the refused one is kept');
    assert.match(api.statusBar.text, / · 1 waiting$/);

    // Edit: the text goes back into the compose box, the entry goes.
    await vscode.commands.executeCommand(Commands.showOutbox, { localId, action: 'edit' });
    await waitFor('the text in the compose box', () => announcements.composeText.includes(text), 20_000);
    assert.equal(outbox().entry(localId), undefined);
    await waitFor('nothing shown', () => announcements.outbox.shown.length === 0, 10_000);
    announcements.dispose();
  });

  it('Share Selection with the server down resolves queued (no id, no error); the message arrives once the server is back', async function () {
    this.timeout(150_000);
    const folder =
      vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-outbox-'));
    const file = path.join(folder, `outbox-share-${stamp}.ts`);
    fs.writeFileSync(file, `const shared = '${stamp}';\n`);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    editor.selection = new vscode.Selection(0, 0, 1, 0);
    try {
      await testControl('fault', DOWN);
      const result = await vscode.commands.executeCommand<{ id?: number } | undefined>(Commands.shareSelection, {
        streamId: GENERAL,
        topic,
      });
      assert.deepEqual(result, { id: undefined }, 'queued, not failed');
      assert.equal(outbox().entries().length, 1);
      await testControl('clear-faults');
      await waitFor('the outbox empty', () => outbox().entries().length === 0, 120_000);
      const shared = (await readBack(topicNarrow())).filter((m) => m.content.includes(`const shared = '${stamp}'`));
      assert.equal(shared.length, 1, 'sent once');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(file, { force: true });
    }
  });

  it('Sign Out removes the account’s outbox file with what still waits', async function () {
    this.timeout(60_000);
    await testControl('fault', DOWN);
    await topicPanel.outbox.enqueue(`left behind ${stamp}`);
    const account = api.services.sessions.current!.account;
    const dir = vscode.Uri.joinPath(api.services.context.globalStorageUri, 'outbox').fsPath;
    // This window's file (one per extension host, see src/session/outboxFiles.ts) and its lease.
    const files = () =>
      (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((n) => n.startsWith(`${outboxFileStem(account.id)}.`));
    const own = `${outboxFileStem(account.id)}.${outbox().hostId}.json`;
    await waitFor('the outbox file written', () => files().includes(own), 10_000);
    assert.ok(files().includes(`${outboxFileStem(account.id)}.${outbox().hostId}.lease`), 'with its lease');
    await vscode.commands.executeCommand(Commands.signOut, account.id);
    assert.deepEqual(files(), [], 'the account’s outbox files are gone');
    assert.equal(outbox().entries().length, 0);
    await testControl('clear-faults');
    // Nothing is sent after the sign-out (the outbox is closed, its file gone).
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal((await readBack(topicNarrow())).filter((m) => m.content.startsWith('left behind')).length, 0);
  });
});
