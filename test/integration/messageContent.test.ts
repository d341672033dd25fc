// Message content in the conversation view inside a real VS Code: a poll round-trips (the vote
// goes out as POST /submessage, the `submessage` event comes back through the store and the live
// list, and the view's model shows the count), a to-do task is added and checked, and images of
// the organisation are loaded through the host with the account's credentials as data: URIs.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage, updateMessage } from '../../src/api/messages/routes';
import { updateStatus } from '../../src/api/users/routes';
import type { UserNode } from '../../src/views/presence/model';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { loadImage, openNarrow, sendWidgetAction } from '../../src/webviews/topicView/content';
import { widgetModel } from '../../src/webviews/topicView/model';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

describe('message content: polls, to-do lists and images', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  let panel: TopicPanel;
  const topic = `widgets ${Date.now()}`;

  before(async function () {
    this.timeout(90_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic }))!;
    await panel.whenLoaded();
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bobClient.close();
  });

  const ctx = () => {
    const current = api.services.sessions.current!;
    return {
      realmUrl: current.account.realmUrl,
      ownUserId: current.store.ownUserId,
      userName: (id: number) => current.store.user(id)?.full_name,
      channelName: () => 'general',
      emptyTopicName: 'general chat',
    };
  };

  it('a poll vote round-trips: POST /submessage, then the event updates the view’s model', async function () {
    this.timeout(30_000);
    const { id } = await sendMessage(bobClient, {
      type: 'stream',
      to: GENERAL,
      topic,
      content: '/poll Lunch?\nPizza\n- Soup',
    });
    const message = await waitFor('the poll in the view', () => panel.list!.get(id));
    const before = widgetModel(message, ctx());
    assert.deepEqual(before, {
      kind: 'poll',
      question: 'Lunch?',
      options: [
        { key: 'canned,0', text: 'Pizza', count: 0, voters: [], mine: false },
        { key: 'canned,1', text: 'Soup', count: 0, voters: [], mine: false },
      ],
    });
    const current = api.services.sessions.current!;
    await sendWidgetAction(current, message, { messageId: id, kind: 'vote', key: 'canned,1' });
    const voted = await waitFor('the vote applied', () => {
      const w = widgetModel(panel.list!.get(id)!, ctx());
      return w?.kind === 'poll' && w.options[1]!.count === 1 ? w : undefined;
    });
    assert.deepEqual(voted.kind === 'poll' && voted.options[1], {
      key: 'canned,1',
      text: 'Soup',
      count: 1,
      voters: ['You'],
      mine: true,
    });
    // Voting again takes the vote back.
    await sendWidgetAction(current, panel.list!.get(id), { messageId: id, kind: 'vote', key: 'canned,1' });
    await waitFor('the vote withdrawn', () => {
      const w = widgetModel(panel.list!.get(id)!, ctx());
      return w?.kind === 'poll' && w.options[1]!.count === 0;
    });
    // A new option, then an empty one is refused before anything is sent.
    await sendWidgetAction(current, panel.list!.get(id), { messageId: id, kind: 'newOption', text: 'Tacos' });
    await waitFor('the new option', () => {
      const w = widgetModel(panel.list!.get(id)!, ctx());
      return w?.kind === 'poll' && w.options.some((o) => o.text === 'Tacos');
    });
    const count = panel.list!.get(id)!.submessages.length;
    await assert.rejects(
      sendWidgetAction(current, panel.list!.get(id), { messageId: id, kind: 'newOption', text: '  ' }),
      /Type the option/,
    );
    assert.equal(panel.list!.get(id)!.submessages.length, count);
  });

  it('a to-do list: a task added and checked', async function () {
    this.timeout(30_000);
    const { id } = await sendMessage(bobClient, {
      type: 'stream',
      to: GENERAL,
      topic,
      content: '/todo Launch\nWrite docs: the guide',
    });
    const message = await waitFor('the list in the view', () => panel.list!.get(id));
    const current = api.services.sessions.current!;
    await sendWidgetAction(current, message, { messageId: id, kind: 'newTask', task: 'Test', desc: '' });
    await waitFor('the task added', () => {
      const w = widgetModel(panel.list!.get(id)!, ctx());
      return w?.kind === 'todo' && w.tasks.length === 2;
    });
    await sendWidgetAction(current, panel.list!.get(id), { messageId: id, kind: 'strike', key: '0,canned' });
    const done = await waitFor('the task checked', () => {
      const w = widgetModel(panel.list!.get(id)!, ctx());
      return w?.kind === 'todo' && w.tasks[0]!.completed ? w : undefined;
    });
    assert.deepEqual(done.kind === 'todo' && done.tasks[0], {
      key: '0,canned',
      task: 'Write docs',
      desc: 'the guide',
      completed: true,
    });
  });

  it('loads a custom emoji image through the host as a data: URI; other origins and non-images are refused', async function () {
    this.timeout(20_000);
    const current = api.services.sessions.current!;
    const emoji = current.store.realmEmoji().find((e) => e.name === 'party_parrot')!;
    const url = new URL(emoji.source_url, current.account.realmUrl).href;
    const dataUri = await loadImage(current, url);
    assert.match(dataUri, /^data:image\/png;base64,iVBORw0KGgo/);
    await assert.rejects(loadImage(current, 'https://evil.example/x.png'), /Only images from the organisation/);
    await assert.rejects(
      loadImage(current, new URL('/api/v1/users/me', current.account.realmUrl).href),
      /could not be loaded \(type application\/json\)/,
    );
  });

  it('People view: a custom status emoji is the row icon (downloaded), a unicode one stays in the text', async function () {
    this.timeout(30_000);
    const bobId = testAccount('bob').userId;
    const emoji = api.services.sessions.current!.store.realmEmoji().find((e) => e.name === 'party_parrot')!;
    await updateStatus(bobClient, {
      status_text: 'Partying',
      emoji_name: 'party_parrot',
      emoji_code: emoji.id,
      reaction_type: 'realm_emoji',
    });
    const { provider } = api.people;
    const bobRow = (): vscode.TreeItem | undefined => {
      for (const group of provider.getChildren()) {
        const node = (provider.getChildren(group) as UserNode[]).find((n) => n.userId === bobId);
        if (node) return provider.getTreeItem(node);
      }
      return undefined;
    };
    const row = await waitFor(
      'the custom emoji icon',
      () => {
        const item = bobRow();
        return item && item.iconPath instanceof vscode.Uri ? item : undefined;
      },
      20_000,
    );
    const icon = row.iconPath as vscode.Uri;
    assert.equal(icon.scheme, 'file');
    assert.match(icon.path, /custom-emoji\/.+\.png$/);
    const bytes = await vscode.workspace.fs.readFile(icon);
    assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal(row.description, 'Partying');
    await updateStatus(bobClient, {
      status_text: 'Celebrating',
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
    const unicode = await waitFor('the unicode status', () => {
      const item = bobRow();
      return item?.description === '🎉 Celebrating' ? item : undefined;
    });
    assert.ok(unicode.iconPath instanceof vscode.ThemeIcon, 'the presence icon is back');
    await updateStatus(bobClient, { status_text: '', emoji_name: '' });
  });

  it('a link to a topic in a message opens that topic in the extension', async function () {
    this.timeout(60_000);
    const other = `${topic} linked`;
    const current = api.services.sessions.current!;
    const log = api.services.log;
    const href = `${current.account.realmUrl}/#narrow/channel/${GENERAL}-general/topic/${encodeURIComponent(other).replace(/%/g, '.')}/near/1`;
    await openNarrow({ session: () => current, message: () => undefined, log }, href);
    const opened = await waitFor(
      'the linked topic’s view',
      () => api.topicViews.panels.find((p) => p.key.mode === 'topic' && p.key.topic === other),
      30_000,
    );
    assert.equal(opened.key.mode === 'topic' && opened.key.streamId, GENERAL);
  });

  it('a with link to a message that was moved opens the topic it is in now', async function () {
    this.timeout(60_000);
    const before = `${topic} before the move`;
    const after = `${topic} after the move`;
    const { id } = await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: before, content: 'moved on' });
    await updateMessage(bobClient, { message_id: id, topic: after, propagate_mode: 'change_all' });
    const current = api.services.sessions.current!;
    const href = `${current.account.realmUrl}/#narrow/channel/${GENERAL}-general/topic/${encodeURIComponent(before).replace(/%/g, '.')}/with/${id}`;
    await openNarrow({ session: () => current, message: () => undefined, log: api.services.log }, href);
    const opened = await waitFor(
      'the moved topic’s view',
      () => api.topicViews.panels.find((p) => p.key.mode === 'topic' && p.key.topic === after),
      30_000,
    );
    assert.equal(opened.key.mode === 'topic' && opened.key.streamId, GENERAL);
    assert.equal(
      api.topicViews.panels.some((p) => p.key.mode === 'topic' && p.key.topic === before),
      false,
      'the old topic was not opened',
    );
  });
});
