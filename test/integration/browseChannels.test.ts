// Channels you are not in, inside a real VS Code (window.showQuickPick, showInputBox and
// showWarningMessage are replaced for the test and answer as a user would): "Browse Channels…"
// lists a channel alice is not in with its subscriber count; "Preview" opens its messages in the
// conversation view without subscribing; "Join" subscribes and the channel appears in the
// Channels tree through the event; "Create Channel…" creates one (a kind she may not create is
// refused in the flow, with the reason, and the pick comes back), and a guest is refused with the
// reason before anything is sent.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getChannels, unsubscribe } from '../../src/api/channels/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, signIn, signOutAll, testAccount, waitFor } from './helpers';

type Item = vscode.QuickPickItem & { row?: { streamId: number; name: string } };
const SANDBOX = 9;

describe('browse, preview, join and create channels', () => {
  let api: TeamChatApi;
  let aliceClient: ChatClient;
  let adminClient: ChatClient;
  const shown: { title?: string; items: Item[] }[] = [];
  const answers: ((items: Item[]) => Item | undefined)[] = [];
  const inputs: (string | undefined)[] = [];
  const prefilled: (string | undefined)[] = [];
  const warnings: string[] = [];
  const win = vscode.window as unknown as Record<string, unknown>;
  const originals: Record<string, unknown> = {};
  const store = () => api.services.sessions.current!.store;
  const created: string[] = [];

  before(async function () {
    this.timeout(30_000);
    aliceClient = clientFor(testAccount('alice'));
    adminClient = clientFor(testAccount('adam'));
    api = await freshStart(testAccount('alice'));
    for (const name of ['showQuickPick', 'showInputBox', 'showWarningMessage']) originals[name] = win[name];
    win.showQuickPick = async (
      items: readonly Item[] | Thenable<readonly Item[]>,
      options?: vscode.QuickPickOptions,
    ) => {
      const list = [...(await items)];
      shown.push({ title: options?.title, items: list });
      return answers.shift()?.(list);
    };
    win.showInputBox = (options?: vscode.InputBoxOptions) => {
      prefilled.push(options?.value);
      return Promise.resolve(inputs.shift());
    };
    win.showWarningMessage = (text: string) => {
      warnings.push(text);
      return Promise.resolve(undefined);
    };
  });

  after(async () => {
    Object.assign(win, originals);
    for (const p of api.topicViews.panels) p.dispose();
    await unsubscribe(aliceClient, { subscriptions: ['sandbox', ...created] }).catch(() => undefined);
    await signOutAll(api);
    await aliceClient.close();
    await adminClient.close();
  });

  const byName = (name: string) => (items: Item[]) => items.find((i) => i.row?.name === name);
  const byLabel = (prefix: string) => (items: Item[]) => items.find((i) => i.label.startsWith(prefix));

  it('lists a channel alice is not in, with its access and subscriber count, and previews it without subscribing', async function () {
    this.timeout(90_000);
    assert.equal(store().subscription(SANDBOX), undefined, 'alice is not in #sandbox');
    shown.length = 0;
    answers.push(byName('sandbox'), byLabel('$(eye) Preview'), (items) => items[0]);
    await vscode.commands.executeCommand(Commands.browseChannels);
    const rows = shown[0]!.items;
    const sandbox = rows.find((i) => i.row?.name === 'sandbox')!;
    assert.equal(sandbox.label, '$(symbol-number) sandbox');
    assert.equal(sandbox.description, 'Public · 1 subscriber');
    assert.equal(sandbox.detail, 'Try things here');
    const separators = rows.filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label);
    assert.deepEqual(separators, ['Channels you can join', 'Your channels']);
    assert.ok(rows.indexOf(sandbox) < rows.findIndex((i) => i.row?.name === 'general'), 'channels to join come first');
    assert.ok(!rows.some((i) => i.row?.name === 'leadership'), 'a private channel alice is not in is not listed');
    assert.ok(!rows.some((i) => i.row?.name === 'old-archive'), 'archived channels are left out');
    assert.deepEqual(
      shown[2]!.items.map((i) => i.label),
      ['test'],
    );
    const panel = await waitFor(
      'the preview panel',
      () => api.topicViews.find({ mode: 'topic', streamId: SANDBOX, topic: 'test' }) as TopicPanel | undefined,
      30_000,
    );
    const loaded = await panel.whenLoaded();
    assert.equal(loaded.length, 1, `the sandbox message: ${JSON.stringify(loaded)}`);
    assert.equal(panel.title, '#sandbox › test');
    assert.equal(store().subscription(SANDBOX), undefined, 'still not subscribed after the preview');
    panel.dispose();
  });

  it('"Join" subscribes, and the channel appears in the Channels tree', async function () {
    this.timeout(30_000);
    shown.length = 0;
    answers.push(byName('sandbox'), byLabel('$(add) Join'));
    await vscode.commands.executeCommand(Commands.browseChannels);
    assert.deepEqual(
      shown[1]!.items.map((i) => i.label),
      ['$(eye) Preview', '$(add) Join'],
    );
    await waitFor('#sandbox in the Channels tree', () =>
      api.channels.model.roots().some((n) => n.streamId === SANDBOX),
    );
    // Browsing again lists it among her channels.
    shown.length = 0;
    answers.push(() => undefined);
    await vscode.commands.executeCommand(Commands.browseChannels);
    assert.equal(
      shown[0]!.items.find((i) => i.row?.name === 'sandbox')?.description,
      'Subscribed · public · 2 subscribers',
    );
  });

  it('"Create Channel…" refuses a kind alice may not create, then creates a public one', async function () {
    this.timeout(30_000);
    const name = `integration ${Date.now()}`;
    created.push(name);
    shown.length = 0;
    warnings.length = 0;
    answers.push(byLabel('$(globe) Web-public'), byLabel('$(symbol-number) Public'));
    inputs.push(name, 'Made by the **integration** test');
    const result = await vscode.commands.executeCommand<{ streamId: number; name: string }>(Commands.createChannel);
    assert.deepEqual(warnings, ['This organisation does not allow web-public channels (readable without an account).']);
    assert.equal(shown.length, 2, 'the privacy pick came back after the refusal');
    assert.equal(result?.name, name);
    await waitFor('the new channel in the Channels tree', () =>
      api.channels.model.roots().some((n) => n.streamId === result!.streamId),
    );
    const listed = (await getChannels(adminClient, {})).streams.find((s) => s.name === name);
    assert.equal(listed?.invite_only, false);
    assert.equal(listed?.rendered_description, '<p>Made by the <strong>integration</strong> test</p>');
  });

  it('a taken name and an over-long name are refused before sending', async function () {
    this.timeout(30_000);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Commands.createChannel, { name: 'General', privacy: 'public' })),
      /A channel named "General" already exists/,
    );
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand(Commands.createChannel, { name: 'x'.repeat(61), privacy: 'public' }),
      ),
      /at most 60 characters/,
    );
  });

  it('what was typed for a channel the server refuses is offered again', async function () {
    this.timeout(30_000);
    const reports: string[] = [];
    const listener = api.onDidReportError((e) => reports.push(e.text));
    try {
      // #leadership is private and alice cannot see it: only the server knows the name is taken.
      answers.push(byLabel('$(symbol-number) Public'));
      inputs.push('leadership', 'Kept **description**');
      await vscode.commands.executeCommand(Commands.createChannel);
      assert.equal(reports.length, 1, JSON.stringify(reports));
      assert.match(reports[0]!, /Could not create the channel: .*Unable to access channel \(leadership\)/);
      prefilled.length = 0;
      answers.push(byLabel('$(symbol-number) Public'));
      inputs.push(undefined); // Escape at the name, now prefilled
      await vscode.commands.executeCommand(Commands.createChannel);
      assert.deepEqual(prefilled, ['leadership']);
    } finally {
      listener.dispose();
    }
  });

  it('a guest is refused with the reason, before anything is asked or sent', async function () {
    this.timeout(30_000);
    await signOutAll(api);
    await signIn(api, testAccount('gus'));
    shown.length = 0;
    const reports: string[] = [];
    const listener = api.onDidReportError((e) => reports.push(e.text));
    try {
      await vscode.commands.executeCommand(Commands.createChannel);
    } finally {
      listener.dispose();
    }
    assert.equal(shown.length, 0, 'no pick was shown');
    assert.equal(reports.length, 1, JSON.stringify(reports));
    assert.match(
      reports[0]!,
      /You may not create channels\. In this organisation only members may create public channels\. In this organisation only members may create private channels\./,
    );
    const name = `guest ${Date.now()}`;
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Commands.createChannel, { name, privacy: 'public' })),
      /You may not create channels/,
    );
    const all = (await getChannels(adminClient, { include_all: true, exclude_archived: false })).streams;
    assert.ok(!all.some((s) => s.name === name), 'nothing was created');
  });
});
