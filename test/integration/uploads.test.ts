// Uploads inside a real VS Code: "Upload File…" puts the link into the active conversation's
// compose box and the URL serves the same bytes; a file over the realm's limit is refused before
// anything is sent, the compose text kept; "Share File to Chat…" (Explorer) uploads into a picked
// topic and opens it with the link in the compose box, for the user to send.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getAttachments } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, testControl, waitFor } from './helpers';

const MIB = 1024 * 1024;

describe('uploads', () => {
  let api: TeamChatApi;
  let alice: ChatClient;
  let panel: TopicPanel;
  let tmp = '';
  const topic = `uploads ${Date.now()}`;

  const write = (name: string, size: number): { uri: vscode.Uri; data: Buffer } => {
    const data = Buffer.alloc(size);
    for (let i = 0; i < size; i++) data[i] = (i * 131 + 17) & 0xff;
    const file = path.join(tmp, name);
    fs.writeFileSync(file, data);
    return { uri: vscode.Uri.file(file), data };
  };
  const linkUrl = (link: string): string =>
    /\]\((\/user_uploads\/[^)]+)\)$/.exec(link)?.[1] ?? assert.fail(`not a link: ${link}`);

  before(async function () {
    this.timeout(30_000);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-uploads-'));
    api = await freshStart(testAccount('alice'));
    alice = clientFor(testAccount('alice'));
    panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic }))!;
    await panel.whenLoaded();
  });

  after(async () => {
    await alice?.close();
    if (api) await signOutAll(api);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('Upload File… inserts the link at the caret of the active conversation; the URL serves the same bytes', async function () {
    this.timeout(30_000);
    const { uri, data } = write('report.log', 300_000);
    panel.reveal();
    await waitFor('the view active', () => panel.panel.active);
    assert.ok(panel.insertIntoCompose('See: '));
    await waitFor('the draft', () => panel.composeText === 'See: ');
    const links = await vscode.commands.executeCommand<string[]>(Commands.uploadFile, { files: [uri] });
    assert.equal(links.length, 1);
    assert.match(links[0], /^\[report\.log\]\(\/user_uploads\/\d+\/[0-9a-f]{2}\/[\w-]+\/report\.log\)$/);
    await waitFor('the link after the draft', () => panel.composeText === `See: ${links[0]}`, 15_000);
    assert.equal(panel.uploads.uploading, 0);
    const served = await alice.download(linkUrl(links[0]), { maxBytes: 10 * MIB, accept: () => true });
    assert.ok(served.bytes.equals(data), 'the server gives back the same bytes');
  });

  it('refuses a file over the realm limit (25 MiB) before sending; the compose text stays', async function () {
    this.timeout(30_000);
    const big = path.join(tmp, 'huge.bin');
    fs.closeSync(fs.openSync(big, 'w'));
    fs.truncateSync(big, 25 * MIB + 1); // sparse: one byte over the limit
    const draft = panel.composeText;
    const before = (await getAttachments(alice)).attachments.length;
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Commands.uploadFile, { files: [vscode.Uri.file(big)] })),
      /"huge\.bin" is 25 MiB: this organization accepts files of at most 25 MiB\./,
    );
    assert.equal(panel.composeText, draft);
    assert.equal((await getAttachments(alice)).attachments.length, before, 'nothing was uploaded');
    assert.equal(panel.uploads.uploading, 0);
  });

  it('shows the upload under way; a failed upload says why and keeps the compose text', async function () {
    this.timeout(30_000);
    const { uri } = write('slow.txt', 2_000);
    panel.reveal();
    await waitFor('the view active', () => panel.panel.active);
    await testControl('fault', { kind: 'delay', ms: 2_000, route: 'POST /user_uploads' });
    const draft = panel.composeText;
    const pending = Promise.resolve(vscode.commands.executeCommand<string[]>(Commands.uploadFile, { files: [uri] }));
    await waitFor('the upload under way', () => panel.uploads.uploading === 1);
    const [link] = await pending;
    await waitFor('the link after the draft', () => panel.composeText === draft + link, 15_000);

    const before = panel.composeText;
    await testControl('fault', { kind: 'status', status: 500, body: 'json', route: 'POST /user_uploads' });
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Commands.uploadFile, { files: [uri] })),
      /500|server/i,
    );
    assert.equal(panel.composeText, before, 'the compose text is kept');
    assert.equal(panel.uploads.uploading, 0);
  });

  it('Share File to Chat… (Explorer) uploads into the picked topic, opens it with the link to send', async function () {
    this.timeout(30_000);
    const other = `${topic} shared`;
    const { uri, data } = write('diagram.png', 5_000);
    const links = await vscode.commands.executeCommand<string[]>(Commands.shareFileToChat, uri, [uri], {
      streamId: GENERAL,
      topic: other,
    });
    assert.equal(links?.length, 1);
    const view = await waitFor('the topic opened', () =>
      api.topicViews.find({ mode: 'topic', streamId: GENERAL, topic: other }),
    );
    await waitFor('the link in its compose box', () => view.composeText === links[0], 15_000);
    assert.equal(view.list?.ids().length ?? 0, 0, 'nothing sent: the user presses Send');
    const served = await alice.download(linkUrl(links[0]), { maxBytes: MIB, accept: () => true });
    assert.ok(served.bytes.equals(data));
    const { id } = await view.send(view.composeText);
    const { attachments } = await getAttachments(alice);
    assert.ok(
      attachments.some((a) => `/user_uploads/${a.path_id}` === linkUrl(links[0]) && a.message_ids.includes(id)),
      'the message links the upload',
    );
  });
});
