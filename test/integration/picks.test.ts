// The quick picks of Share Selection and Open Topic, as the user sees them (window.showQuickPick
// is replaced for the test and records its items): the most recent topic comes first so Enter
// picks it, "New topic in channel…" last; channel rows carry plain-text descriptions; a pick for
// posting leaves out archived channels and those the user may not post in.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { clientFor, ENGINEERING, freshStart, GENERAL, signOutAll, testAccount } from './helpers';

type Item = vscode.QuickPickItem & { streamId?: number; target?: { streamId: number; topic: string } };

describe('quick picks: recent topic first, plain channel descriptions, only channels one may post in', () => {
  let api: TeamChatApi;
  let bob: ChatClient;
  const shown: { title?: string; items: Item[] }[] = [];
  let answer: (items: Item[]) => Item | undefined = () => undefined;
  let original: typeof vscode.window.showQuickPick;

  before(async function () {
    this.timeout(30_000);
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    const win = vscode.window as unknown as { showQuickPick: typeof vscode.window.showQuickPick };
    original = win.showQuickPick;
    win.showQuickPick = (async (
      items: readonly Item[] | Thenable<readonly Item[]>,
      options?: vscode.QuickPickOptions,
    ) => {
      const list = [...(await items)];
      shown.push({ title: options?.title, items: list });
      return answer(list);
    }) as unknown as typeof vscode.window.showQuickPick;
  });

  after(async () => {
    (vscode.window as unknown as { showQuickPick: typeof vscode.window.showQuickPick }).showQuickPick = original;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
    await bob.close();
  });

  it('Share Selection offers the most recent topic first and "New topic in channel…" last', async function () {
    this.timeout(30_000);
    const topic = `fresh ${Date.now()}`;
    await sendMessage(bob, { type: 'stream', to: GENERAL, topic, content: 'the newest message anywhere' });
    const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'share-order.ts');
    fs.writeFileSync(file, 'export const answer = 42;\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    editor.selection = new vscode.Selection(0, 0, 0, 10);
    shown.length = 0;
    answer = () => undefined; // Escape: nothing is sent
    await vscode.commands.executeCommand(Commands.shareSelection);
    const items = shown[0]?.items;
    assert.ok(items, 'a pick was shown');
    const first = items[0]!;
    assert.equal(first.label, topic, `Enter picks the most recent topic: ${items.map((i) => i.label).join(' | ')}`);
    assert.deepEqual(first.target, { streamId: GENERAL, topic });
    assert.equal(items[items.length - 1]!.label, '$(add) New topic in channel…');
    const channelsOfTopics = new Set(items.filter((i) => i.target).map((i) => i.description));
    assert.ok(!channelsOfTopics.has('#announcements'), 'no topics of a channel alice may not post in');
    assert.ok(!channelsOfTopics.has('#old-archive'), 'no topics of an archived channel');
  });

  it('"New topic in channel…" offers only channels alice may post in, with plain-text descriptions', async function () {
    this.timeout(30_000);
    shown.length = 0;
    answer = (items) => items.find((i) => i.label === '$(add) New topic in channel…'); // then Escape on the channel pick
    await vscode.commands.executeCommand(Commands.shareSelection);
    const channels = shown[1]?.items;
    assert.ok(channels, 'a channel pick followed');
    const labels = channels.map((i) => i.label);
    assert.ok(labels.includes('#general') && labels.includes('#engineering'), labels.join());
    assert.ok(!labels.includes('#announcements'), `only administrators post in #announcements: ${labels.join()}`);
    assert.ok(!labels.includes('#old-archive'), `archived: ${labels.join()}`);
    const eng = channels.find((i) => i.streamId === ENGINEERING);
    assert.equal(eng?.description, 'Code, reviews and deploys. See https://example.com/handbook');
  });

  it('Open Topic offers every subscribed channel, archived ones too (read-only), #announcements included', async function () {
    this.timeout(30_000);
    shown.length = 0;
    answer = () => undefined;
    await vscode.commands.executeCommand(Commands.openTopic);
    const labels = (shown[0]?.items ?? []).map((i) => i.label);
    assert.ok(labels.includes('#announcements'), labels.join());
    assert.ok(labels.includes('#old-archive'), labels.join());
  });
});
