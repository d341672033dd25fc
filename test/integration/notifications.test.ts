// Message notifications inside a real VS Code: Bob's direct message to Alice notifies and its
// "Reply" (an input box answered by the test) sends a direct message Bob receives; a mention
// notifies; the conversation on screen and Do Not Disturb do not; many at once are one summary;
// `teamChat.badge.counts` changes what the activity-bar badge counts.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage, sendMessage } from '../../src/api/messages/routes';
import { Commands, Settings } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { ShownNotification } from '../../src/notifications';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

describe('notifications', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  const alice = () => testAccount('alice');
  const bob = () => testAccount('bob');
  const shown: ShownNotification[] = [];
  const infoAnswers: (string | undefined)[] = [];
  const inputAnswers: (string | undefined)[] = [];
  const infoTexts: string[] = [];
  const restore: (() => void)[] = [];
  let listener: vscode.Disposable | undefined;

  before(async function () {
    this.timeout(30_000);
    bobClient = clientFor(bob());
    api = await freshStart(alice());
    if (api.notifications.dnd.on) await api.notifications.dnd.set(false);
    listener = api.notifications.notifier.onDidNotify((n) => shown.push(n));
    // The notification's button and the input box are answered by the test (what users would click and type).
    const win = vscode.window as unknown as Record<string, unknown>;
    const info = win.showInformationMessage;
    const input = win.showInputBox;
    win.showInformationMessage = (text: string) => {
      infoTexts.push(text);
      return Promise.resolve(infoAnswers.shift());
    };
    win.showInputBox = () => Promise.resolve(inputAnswers.shift());
    restore.push(() => {
      win.showInformationMessage = info;
      win.showInputBox = input;
    });
  });

  after(async () => {
    restore.forEach((r) => r());
    listener?.dispose();
    for (const p of api.topicViews.panels) p.dispose();
    await vscode.workspace
      .getConfiguration()
      .update(Settings.badgeCounts, undefined, vscode.ConfigurationTarget.Global);
    await signOutAll(api);
    await bobClient.close();
  });

  const shownFor = (id: number) =>
    waitFor(`a notification for message ${id}`, () => shown.find((n) => n.messageIds.includes(id)), 20_000);
  const dmFromBob = async (content: string) =>
    (await sendMessage(bobClient, { type: 'private', to: [alice().userId], content })).id;
  const arrived = (id: number) =>
    waitFor(`message ${id} in the store`, () => api.services.sessions.current?.store.isUnread(id), 20_000);

  it("Bob's direct message notifies; Reply sends Alice's answer to Bob", async function () {
    this.timeout(60_000);
    infoAnswers.push('Reply');
    inputAnswers.push('answer from the notification');
    const replied = new Promise<{ messageId: number }>((resolve) => {
      const d = api.notifications.notifier.onDidReply((r) => (d.dispose(), resolve(r)));
    });
    const id = await dmFromBob('lunch at noon?');
    const n = await shownFor(id);
    assert.equal(n.kind, 'message');
    assert.equal(n.text, `${bob().fullName}: lunch at noon?`);
    assert.deepEqual(n.actions, ['Open', 'Reply']);
    assert.deepEqual(n.target, { kind: 'dm', userIds: [bob().userId] });
    assert.ok(infoTexts.includes(n.text), 'shown through vscode.window.showInformationMessage');
    const { messageId } = await replied;
    const { message } = await getMessage(bobClient, { message_id: messageId });
    assert.equal(message.type, 'private');
    assert.equal(message.sender_id, alice().userId);
    assert.match(message.content, /answer from the notification/);
    const recipients = Array.isArray(message.display_recipient)
      ? message.display_recipient.map((r) => r.id).sort((a, b) => a - b)
      : [];
    assert.deepEqual(
      recipients,
      [alice().userId, bob().userId].sort((a, b) => a - b),
    );
  });

  it('Reply confirms the send and reads the conversation: its Inbox row goes, the badge and the status bar follow', async function () {
    this.timeout(90_000);
    const store = () => api.services.sessions.current!.store;
    const bobRow = () =>
      api.inbox.provider
        .getChildren()
        .find((r) => r.kind === 'dm' && r.userIds.length === 1 && r.userIds[0] === bob().userId);
    const badge = () => api.channels.view.badge?.value ?? 0;
    /** The status bar's number (" · N unread"), 0 when it shows none. */
    const statusCount = () => Number(/ · (\d+) unread/.exec(api.statusBar.text)?.[1] ?? 0);
    const inboxTotal = () => api.inbox.provider.getChildren().reduce((n, r) => n + r.count, 0);
    await vscode.commands.executeCommand(Commands.inboxShowUnread);
    // A first message, its notification dismissed: unread.
    const first = await dmFromBob('are you there?');
    await shownFor(first);
    await waitFor('bob’s row in the inbox', () => bobRow()?.count === 1, 20_000);
    // The status bar counts what the Inbox lists; the badge, direct messages and mentions.
    await waitFor(
      'the counts settled',
      () => statusCount() === inboxTotal() && badge() === store().unreads.dmsAndMentions,
      20_000,
    );
    const before = { badge: badge(), status: statusCount() };

    infoAnswers.push('Reply');
    inputAnswers.push('yes, here');
    const replied = new Promise<{ messageId: number }>((resolve) => {
      const d = api.notifications.notifier.onDidReply((r) => (d.dispose(), resolve(r)));
    });
    const second = await dmFromBob('can you look at the build?');
    await shownFor(second);
    await replied;
    assert.ok(infoTexts.includes(`Sent to ${bob().fullName}.`), `a confirmation: ${JSON.stringify(infoTexts)}`);
    // Both of Bob's messages are read now: his row goes; each count lost the first (the second came and went).
    await waitFor('bob’s row gone from the inbox', () => bobRow() === undefined, 20_000);
    assert.equal(store().isUnread(first), false);
    assert.equal(store().isUnread(second), false);
    await waitFor(
      'the status bar and the badge one less',
      () => statusCount() === before.status - 1 && badge() === before.badge - 1,
      20_000,
    );
    assert.equal(statusCount(), inboxTotal());
    assert.equal(badge(), store().unreads.dmsAndMentions);
  });

  it('a mention in a channel notifies, naming the topic', async function () {
    this.timeout(60_000);
    const topic = `notify mention ${Date.now()}`;
    const content = `@**${alice().fullName}|${alice().userId}** please look`;
    const id = (await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic, content })).id;
    const n = await shownFor(id);
    assert.match(
      n.text,
      new RegExp(`^${bob().fullName} mentioned you in #general › ${topic}: @${alice().fullName} please look$`),
    );
    assert.deepEqual(n.target, { kind: 'topic', streamId: GENERAL, topic });
  });

  it('nothing for the conversation on screen; other conversations still notify', async function () {
    this.timeout(90_000);
    const notifier = api.notifications.notifier;
    const focused = notifier.windowFocused;
    notifier.windowFocused = () => true;
    try {
      const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
        userIds: [bob().userId],
      });
      await panel.whenLoaded();
      await waitFor('the conversation panel active', () => panel.panel.active && panel.panel.visible);
      const hidden = await dmFromBob('you are looking at this one');
      // A mention elsewhere arrives after it: once it is shown, the first was judged too.
      const topic = `notify control ${Date.now()}`;
      const control = (
        await sendMessage(bobClient, {
          type: 'stream',
          to: GENERAL,
          topic,
          content: `@**${alice().fullName}|${alice().userId}** elsewhere`,
        })
      ).id;
      await shownFor(control);
      assert.equal(
        shown.find((n) => n.messageIds.includes(hidden)),
        undefined,
      );
      panel.dispose();
    } finally {
      notifier.windowFocused = focused;
    }
  });

  it('Do Not Disturb suppresses notifications, persists, and shows in the status bar', async function () {
    this.timeout(90_000);
    const { dnd } = api.notifications;
    assert.equal(await vscode.commands.executeCommand(Commands.toggleDoNotDisturb), true);
    assert.equal(dnd.on, true);
    assert.equal(api.services.context.globalState.get('teamChat.doNotDisturb'), true);
    assert.equal(dnd.statusText, '$(bell-slash) Do Not Disturb');
    const quiet = await dmFromBob('while you do not want to be disturbed');
    await arrived(quiet);
    assert.equal(await vscode.commands.executeCommand(Commands.toggleDoNotDisturb), false);
    assert.equal(dnd.statusText, '$(bell)');
    const loud = await dmFromBob('after Do Not Disturb');
    await shownFor(loud);
    assert.equal(
      shown.find((n) => n.messageIds.includes(quiet)),
      undefined,
    );
  });

  it('many at once are one summary', async function () {
    this.timeout(90_000);
    const notifier = api.notifications.notifier;
    const window = notifier.windowMs;
    notifier.windowMs = 8000; // generous: the machine is busy
    try {
      const ids: number[] = [];
      for (let i = 1; i <= 5; i++) ids.push(await dmFromBob(`burst ${i}`));
      const n = await shownFor(ids[0]!);
      assert.equal(n.kind, 'summary');
      assert.deepEqual(
        [...n.messageIds].sort((a, b) => a - b),
        ids,
      );
      assert.equal(n.text, '5 new messages: 5 direct');
      assert.deepEqual(n.actions, ['Open Latest']);
      assert.deepEqual(n.target, { kind: 'dm', userIds: [bob().userId] });
      for (const id of ids)
        assert.equal(shown.filter((s) => s.messageIds.includes(id)).length, 1, `message ${id} shown once`);
    } finally {
      notifier.windowMs = window;
    }
  });

  it('teamChat.badge.counts: direct messages and mentions, or every unread message', async function () {
    this.timeout(90_000);
    const config = vscode.workspace.getConfiguration();
    const badge = () => api.channels.view.badge?.value ?? 0;
    const store = () => api.services.sessions.current!.store;
    await config.update(Settings.badgeCounts, 'dmsAndMentions', vscode.ConfigurationTarget.Global);
    await waitFor('the DM-and-mention badge', () => badge() === store().unreads.dmsAndMentions);
    const mentionsBadge = badge();
    assert.ok(mentionsBadge > 0, 'the earlier direct messages are unread');
    await config.update(Settings.badgeCounts, 'allUnreads', vscode.ConfigurationTarget.Global);
    await waitFor('the all-unreads badge', () => badge() === store().totalUnread());
    const allBadge = badge();
    // A plain channel message counts only towards all unreads.
    const plain = (
      await sendMessage(bobClient, {
        type: 'stream',
        to: GENERAL,
        topic: `badge ${Date.now()}`,
        content: 'no mention here',
      })
    ).id;
    await arrived(plain);
    await waitFor('all unreads + 1', () => badge() === allBadge + 1);
    await config.update(Settings.badgeCounts, 'dmsAndMentions', vscode.ConfigurationTarget.Global);
    await waitFor('back to direct messages and mentions', () => badge() === mentionsBadge);
    // A direct message counts in both.
    const dm = await dmFromBob('badge dm');
    await arrived(dm);
    await waitFor('DMs and mentions + 1', () => badge() === mentionsBadge + 1);
  });
});
