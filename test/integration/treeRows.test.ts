// What the sidebar trees show, row by row, as their providers render them: label, description,
// tooltip and contextValue (the menus' `when` clauses match on it) of the Channels, Topics, People,
// Saved Snippets and Linkifiers trees. The fixture is made certain on the local server first: a
// fresh channel with exactly one message per topic, so every count and flag has one right value.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { subscribe, updateUserTopic } from '../../src/api/channels/routes';
import { sendMessage, updateMessage } from '../../src/api/messages/routes';
import { createSavedSnippet, deleteSavedSnippet } from '../../src/api/personal/routes';
import { addLinkifier, getLinkifiers, removeLinkifier } from '../../src/api/realm/routes';
import { updatePresence, updateStatus } from '../../src/api/users/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { PeopleNode } from '../../src/views/presence/model';
import {
  accountWithRole,
  clientFor,
  freshStart,
  ROLE,
  signOutAll,
  testAccount,
  waitFor,
  type TestAccount,
} from './helpers';

/** The fields a row shows, with a MarkdownString tooltip reduced to its source text. */
function shown(item: vscode.TreeItem): {
  label: string;
  description: unknown;
  tooltip: string | undefined;
  contextValue: string | undefined;
} {
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
  return {
    label: String(typeof item.label === 'object' ? item.label.label : item.label),
    description: item.description,
    tooltip,
    contextValue: item.contextValue,
  };
}

describe('tree rows: labels, descriptions, tooltips and context values', function () {
  this.timeout(60_000);
  let api: TeamChatApi;
  let alice: TestAccount;
  let bob: TestAccount;
  let bobClient: ChatClient;
  // Digits only: the tooltips' Markdown escaping leaves them as they are.
  const channel = `rows${Date.now() % 1_000_000}`;
  let streamId = 0;

  const store = () => api.services.sessions.current!.store;
  const aliceClient = () => api.services.sessions.current!.client;

  before(async function () {
    alice = testAccount('alice');
    bob = testAccount('bob');
    bobClient = clientFor(bob);
    // Bob makes the channel with both of them in it, then says exactly one thing per topic.
    await subscribe(bobClient, {
      subscriptions: [{ name: channel, description: 'Fixture' }],
      principals: [bob.userId, alice.userId],
    });
    api = await freshStart(alice);
    streamId = await waitFor(
      'the new channel in alice’s store',
      () =>
        store()
          .subscriptions()
          .find((s) => s.name === channel)?.stream_id,
    );
    for (const topic of ['plain', 'done', 'watched', 'quiet'])
      await sendMessage(bobClient, { type: 'stream', to: streamId, topic, content: `one message in ${topic}` });
    await waitFor('four unread in the new channel', () => store().unreadCount({ streamId }) === 4);
  });

  after(async () => {
    await signOutAll(api);
    await bobClient.close();
  });

  it('channels: the unread count, then muted, pinned and read, each in description and contextValue', async () => {
    // Alice owns a bot, so she may remove others from any channel (`.canRemoveOthers`).
    const node = api.channels.model.roots().find((n) => n.streamId === streamId);
    assert.ok(node, 'the new channel is a row');
    const row = () => shown(api.channels.provider.getTreeItem(node));
    assert.deepEqual(row(), {
      label: channel,
      description: '4',
      tooltip: `**#${channel}**\n\nFixture\n\n4 unread\n\n_Right-click for mute, pin, colour, notifications, email address, unsubscribe._`,
      contextValue: 'channel.unread.canRemoveOthers',
    });
    await vscode.commands.executeCommand(Commands.topicMarkRead, { streamId, topic: 'done' });
    await vscode.commands.executeCommand(Commands.topicMarkRead, { streamId, topic: 'watched' });
    await vscode.commands.executeCommand(Commands.topicMarkRead, { streamId, topic: 'quiet' });
    await waitFor('exactly one unread left', () => store().unreadCount({ streamId }) === 1);
    assert.equal(row().description, '1');
    assert.match(row().tooltip!, /\n\n1 unread\n\n/);

    await vscode.commands.executeCommand(Commands.channelMute, { streamId });
    await waitFor('muted', () => store().subscription(streamId)?.is_muted === true);
    // A muted channel still shows its own count; the container badge leaves it out.
    assert.deepEqual([row().description, row().contextValue], ['1 · muted', 'channel.muted.unread.canRemoveOthers']);
    assert.match(row().tooltip!, /\n\n1 unread · muted\n\n/);

    await vscode.commands.executeCommand(Commands.channelPin, { streamId });
    await waitFor('pinned', () => store().subscription(streamId)?.pin_to_top === true);
    assert.deepEqual(
      [row().description, row().contextValue],
      ['1 · pinned · muted', 'channel.muted.pinned.unread.canRemoveOthers'],
    );

    await vscode.commands.executeCommand(Commands.channelMarkRead, { streamId });
    await waitFor('read', () => store().unreadCount({ streamId }) === 0);
    assert.deepEqual(
      [row().description, row().contextValue],
      ['pinned · muted', 'channel.muted.pinned.canRemoveOthers'],
    );
    // Set back, so the topics below are not in a muted channel.
    await vscode.commands.executeCommand(Commands.channelUnmute, { streamId });
    await vscode.commands.executeCommand(Commands.channelUnpin, { streamId });
    await waitFor(
      'unmuted and unpinned',
      () => store().subscription(streamId)?.is_muted === false && store().subscription(streamId)?.pin_to_top === false,
    );
    assert.deepEqual([row().description, row().contextValue], ['', 'channel.canRemoveOthers']);
  });

  it('topics: unread, resolved, followed and muted rows', async () => {
    // One unread message again in each topic, then the policies and the resolve.
    for (const topic of ['plain', 'done', 'watched', 'quiet'])
      await sendMessage(bobClient, { type: 'stream', to: streamId, topic, content: `again in ${topic}` });
    await waitFor('four unread', () => store().unreadCount({ streamId }) === 4);
    const [first] = (
      await bobClient.call('GET /messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: streamId },
          { operator: 'topic', operand: 'done' },
        ],
      })
    ).messages;
    await updateMessage(bobClient, { message_id: first!.id, topic: '✔ done', propagate_mode: 'change_all' });
    await updateUserTopic(aliceClient(), { stream_id: streamId, topic: 'watched', visibility_policy: 3 });
    await updateUserTopic(aliceClient(), { stream_id: streamId, topic: 'quiet', visibility_policy: 1 });

    await api.topics.showChannel(streamId);
    const rows = () => {
      // getChildren reads the channel's permissions and mute once per listing, as the tree does.
      const nodes = api.topics.provider.getChildren();
      return new Map(nodes.map((n) => [n.topic, shown(api.topics.provider.getTreeItem(n))]));
    };
    await waitFor('the resolve and both policies in the topics tree', () => {
      const r = rows();
      return (
        r.get('✔ done')?.description === '2 · resolved' &&
        r.get('watched')?.description === '1 · followed' &&
        r.get('quiet')?.description === '1 · muted'
      );
    }).catch((e: Error) => assert.fail(`${e.message}: ${JSON.stringify([...rows()])}`));
    const r = rows();
    assert.deepEqual([...r.keys()].sort(), ['plain', 'quiet', 'watched', '✔ done']);
    // A member may resolve and move topics in the demo realm (its default permissions).
    const perms = '.canResolve.canMove';
    assert.deepEqual(r.get('plain'), {
      label: 'plain',
      description: '1',
      tooltip: 'plain\n1 unread',
      contextValue: `topic.unread${perms}`,
    });
    // Resolving posts the notification bot's "has marked this topic as resolved": a second unread.
    assert.deepEqual(r.get('✔ done'), {
      label: 'done',
      description: '2 · resolved',
      tooltip: '✔ resolved · done\n2 unread',
      contextValue: `topic.resolved.unread${perms}`,
    });
    assert.deepEqual(r.get('watched'), {
      label: 'watched',
      description: '1 · followed',
      tooltip: 'watched\n1 unread · followed',
      contextValue: `topic.followed.unread${perms}`,
    });
    assert.deepEqual(r.get('quiet'), {
      label: 'quiet',
      description: '1 · muted',
      tooltip: 'quiet\n1 unread · muted',
      contextValue: `topic.muted.unread${perms}`,
    });

    await vscode.commands.executeCommand(Commands.topicMarkRead, { streamId, topic: 'plain' });
    await waitFor('plain read', () => rows().get('plain')?.description === '');
    assert.deepEqual(rows().get('plain'), {
      label: 'plain',
      description: '',
      tooltip: 'plain\n0 unread',
      contextValue: `topic${perms}`,
    });
  });

  it('people: the presence group, its count, the status text and the own row', async () => {
    await updateStatus(bobClient, {
      status_text: 'Reviewing',
      emoji_name: 'eyes',
      emoji_code: '1f440',
      reaction_type: 'unicode_emoji',
    });
    await updatePresence(bobClient, { status: 'active', new_user_input: true, slim_presence: true });
    const { provider } = api.people;
    const groupOf = (userId: number) =>
      provider.getChildren().find((g) => provider.getChildren(g).some((u) => u.kind === 'user' && u.userId === userId));
    const userNode = (userId: number) =>
      groupOf(userId) && provider.getChildren(groupOf(userId)).find((u) => u.kind === 'user' && u.userId === userId);
    await waitFor(
      'bob active with his status',
      () => {
        const g = groupOf(bob.userId);
        const u = userNode(bob.userId);
        return (
          g &&
          u &&
          shown(provider.getTreeItem(g)).label === 'Active' &&
          provider.getTreeItem(u).description === '👀 Reviewing'
        );
      },
      15_000,
    );
    const bobRow = shown(provider.getTreeItem(userNode(bob.userId) as PeopleNode));
    assert.equal(bobRow.label, 'Bob Brown');
    assert.equal(bobRow.description, '👀 Reviewing');
    assert.equal(bobRow.contextValue, 'teamChat.user');
    // appendText keeps spaces as &nbsp; and escapes Markdown punctuation.
    assert.match(
      bobRow.tooltip!,
      /^\*\*Bob&nbsp;Brown\*\*\n\nActive&nbsp;·&nbsp;Member\n\n👀&nbsp;Reviewing\n\nLocal&nbsp;time&nbsp;.*&nbsp;\\\(America\/New\\_York\\\)$/,
    );

    // Every group row counts exactly the people under it.
    const groups = provider.getChildren();
    const labels = groups.map((g) => shown(provider.getTreeItem(g)).label);
    assert.deepEqual(
      labels,
      ['Active', 'Idle', 'Offline'].filter((l) => labels.includes(l)),
      'the groups in their order',
    );
    for (const g of groups) {
      const row = shown(provider.getTreeItem(g));
      const count = provider.getChildren(g).length;
      assert.equal(row.description, String(count), `${row.label}: the count`);
      assert.equal(row.tooltip, `${count} ${row.label.toLowerCase()} ${count === 1 ? 'person' : 'people'}`);
      assert.equal(row.contextValue, `teamChat.presenceGroup.${row.label.toLowerCase()}`);
    }
    const own = userNode(alice.userId);
    assert.ok(own, 'alice is in a group');
    assert.deepEqual(
      [shown(provider.getTreeItem(own)).label, shown(provider.getTreeItem(own)).contextValue],
      ['Alice Anders (you)', 'teamChat.user.self'],
    );
    await updateStatus(bobClient, { status_text: '', emoji_name: '' });
  });

  it('saved snippets: title, first line, the whole snippet as tooltip', async () => {
    const { saved_snippet_id: id } = await createSavedSnippet(aliceClient(), {
      title: 'Retry',
      content: 'wait 2s\nthen retry once',
    });
    try {
      const node = await waitFor('the snippet row', () =>
        api.snippets.provider.getChildren().find((n) => n.snippetId === id),
      );
      assert.deepEqual(shown(api.snippets.provider.getTreeItem(node)), {
        label: 'Retry',
        description: 'wait 2s',
        tooltip: 'Retry\n```markdown\nwait 2s\nthen retry once\n```\n',
        contextValue: 'snippet',
      });
    } finally {
      await deleteSavedSnippet(aliceClient(), { saved_snippet_id: id });
    }
  });

  it('linkifiers: pattern, → URL template, and where each row can move', async () => {
    // A third linkifier, added last by an administrator, gives the list a middle row.
    const admin = clientFor(accountWithRole(ROLE.admin));
    const { id: added } = await addLinkifier(admin, {
      pattern: 'JIRA-(?P<key>[0-9]+)',
      url_template: 'https://jira.example.com/browse/JIRA-{key}',
    });
    try {
      const list = (await getLinkifiers(aliceClient())).linkifiers;
      assert.equal(list.at(-1)?.id, added);
      const nodes = await waitFor('the added linkifier in the tree', () => {
        const n = api.linkifiers.provider.getChildren();
        return n.some((x) => x.linkifierId === added) && n;
      });
      assert.deepEqual(
        nodes.map((n) => n.linkifierId),
        list.map((l) => l.id),
      );
      const rows = nodes.map((n) => shown(api.linkifiers.provider.getTreeItem(n)));
      assert.deepEqual(rows.at(-1), {
        label: 'JIRA-(?P<key>[0-9]+)',
        description: '→ https://jira.example.com/browse/JIRA-{key}',
        tooltip:
          '**Linkifier 3** (processed in this order)\n\nPattern:\n```regex\nJIRA-(?P<key>[0-9]+)\n```\nURL template:\n```text\nhttps://jira.example.com/browse/JIRA-{key}\n```\n',
        contextValue: 'linkifier canMoveUp',
      });
      assert.deepEqual(
        rows.map((r) => [r.label, r.description, r.contextValue]),
        list.map((l, i) => [
          l.pattern,
          `→ ${l.url_template}`,
          i === 0
            ? 'linkifier canMoveDown'
            : i === list.length - 1
              ? 'linkifier canMoveUp'
              : 'linkifier canMoveUp canMoveDown',
        ]),
      );
      assert.equal(rows[0]!.contextValue, 'linkifier canMoveDown');
      assert.equal(rows[1]!.contextValue, 'linkifier canMoveUp canMoveDown');
    } finally {
      await removeLinkifier(admin, { filter_id: added });
      await admin.close();
    }
  });
});
