// Topics inside a real VS Code: the topics tree follows the selected channel (newest first), and
// visibility policies, resolve / unresolve, rename with a propagate mode and mark-as-read
// round-trip through the server's events.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { POLICY } from '../../src/store';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

describe('topics: the topics tree and topic commands', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  const TOPIC = `release plan ${Date.now() % 100000}`;
  /** A topic of its own for a test (each passes alone): Bob's message starts it; it is in the tree. */
  const ownTopic = async (name: string): Promise<string> => {
    const topic = `${name} ${Date.now() % 100000}`;
    await api.topics.showChannel(GENERAL);
    await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic, content: `About ${name}` });
    await waitFor(`the topic "${topic}" in the tree`, () => names().includes(topic));
    return topic;
  };

  const store = () => api.services.sessions.current!.store;
  const names = () => api.topics.model.topics().map((n) => n.topic);

  before(async function () {
    this.timeout(30_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
  });

  after(async () => {
    await signOutAll(api);
    await bobClient.close();
  });

  it("shows the selected channel's topics, newest first, and new topics live", async function () {
    this.timeout(20_000);
    await api.topics.showChannel(GENERAL);
    assert.equal(api.topics.model.streamId, GENERAL);
    assert.equal(api.topics.model.state.kind, 'loaded');
    const items = store().topics(GENERAL)!;
    assert.ok(items.length > 0);
    for (let i = 1; i < items.length; i++) assert.ok(items[i - 1]!.maxId > items[i]!.maxId, 'newest first');
    assert.deepEqual(
      names(),
      items.map((t) => t.name),
    );
    // A new topic from another user appears on top, live.
    await sendMessage(bobClient, { type: 'stream', to: GENERAL, topic: TOPIC, content: 'Plan for the release' });
    await waitFor('the new topic on top', () => names()[0] === TOPIC);
    assert.equal(store().unreadCount({ streamId: GENERAL, topic: TOPIC }), 1);
  });

  it('follows, mutes and resets a topic (visibility policy round-trip)', async function () {
    this.timeout(20_000);
    const TOPIC = await ownTopic('visibility');
    const arg = { streamId: GENERAL, topic: TOPIC };
    await vscode.commands.executeCommand(Commands.topicFollow, arg);
    await waitFor('followed', () => store().topicPolicy(GENERAL, TOPIC) === POLICY.followed);
    await vscode.commands.executeCommand(Commands.topicMute, arg);
    await waitFor('muted', () => store().topicPolicy(GENERAL, TOPIC) === POLICY.muted);
    // In a channel that is not muted, unmute removes the policy.
    assert.equal(await vscode.commands.executeCommand(Commands.topicUnmute, arg), POLICY.none);
    await waitFor('no policy', () => store().topicPolicy(GENERAL, TOPIC) === POLICY.none);
    await vscode.commands.executeCommand(Commands.topicFollow, arg);
    await waitFor('followed again', () => store().topicPolicy(GENERAL, TOPIC) === POLICY.followed);
    await vscode.commands.executeCommand(Commands.topicResetVisibility, arg);
    await waitFor('reset', () => store().topicPolicy(GENERAL, TOPIC) === POLICY.none);
  });

  it('resolves and unresolves a topic', async function () {
    this.timeout(20_000);
    const TOPIC = await ownTopic('resolving');
    assert.equal(
      await vscode.commands.executeCommand(Commands.topicResolve, { streamId: GENERAL, topic: TOPIC }),
      true,
    );
    await waitFor('the resolved topic', () => names().includes(`✔ ${TOPIC}`) && !names().includes(TOPIC));
    assert.ok(
      store()
        .topics(GENERAL)!
        .find((t) => t.name === `✔ ${TOPIC}`)?.resolved,
    );
    await vscode.commands.executeCommand(Commands.topicUnresolve, { streamId: GENERAL, topic: `✔ ${TOPIC}` });
    await waitFor('the unresolved topic', () => names().includes(TOPIC) && !names().includes(`✔ ${TOPIC}`));
  });

  it('renames a topic with a propagate mode and notification choices', async function () {
    this.timeout(20_000);
    const TOPIC = await ownTopic('renaming');
    const renamed = `${TOPIC} (v2)`;
    const ok = await vscode.commands.executeCommand(Commands.topicMove, {
      streamId: GENERAL,
      topic: TOPIC,
      newTopic: renamed,
      propagateMode: 'change_all',
      notifyOldThread: false,
      notifyNewThread: false,
    });
    assert.equal(ok, true);
    await waitFor('the renamed topic', () => names().includes(renamed) && !names().includes(TOPIC));
  });

  it('marks a topic as read', async function () {
    this.timeout(20_000);
    const TOPIC = await ownTopic('reading');
    await waitFor('an unread message in the topic', () => store().unreadCount({ streamId: GENERAL, topic: TOPIC }) > 0);
    await vscode.commands.executeCommand(Commands.topicMarkRead, { streamId: GENERAL, topic: TOPIC });
    await waitFor('no unread in the topic', () => store().unreadCount({ streamId: GENERAL, topic: TOPIC }) === 0);
  });
});
