// Archived channels and "general chat" channels in a real VS Code (issue 27 items 2 and 3): a
// general-chat-only channel composes without a topic and the message lands in the empty topic; a
// named topic there is refused before sending, with the reason; an archived channel's view has no
// compose box, its writing commands are refused with the reason, and no destination pick offers it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { channelChoices } from '../../src/commands/topic/channelChoices';
import { askTopicName, pickTopicOf } from '../../src/commands/topic/pickers';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, signOutAll, testAccount, waitFor } from './helpers';

/** The demo's channels (test/server/fixtures/demo.ts). */
const OLD_ARCHIVE = 8;
const WATERCOOLER = 12;

describe('channel policy: general chat and archived channels', () => {
  let api: TeamChatApi;
  let bob: ChatClient;

  before(async function () {
    this.timeout(30_000);
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bob.close();
  });

  const store = () => api.services.sessions.current!.store;

  it('a general-chat-only channel asks for no topic and the message arrives in the empty topic', async function () {
    this.timeout(90_000);
    assert.equal(store().subscription(WATERCOOLER)?.topics_policy, 'empty_topic_only');
    // The pickers ask nothing: the one topic is the empty one.
    assert.equal(await pickTopicOf(store(), WATERCOOLER, 'Discuss Selection', true), '');
    assert.equal(await askTopicName(store(), WATERCOOLER), '');
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: WATERCOOLER,
      topic: '',
    });
    await panel.whenLoaded();
    assert.equal(panel.title, '#watercooler › general chat');
    assert.ok(panel.canCompose);
    const { id } = await panel.send('From the general chat');
    await waitFor('the sent message in the view', () => panel.list!.get(id));
    const { message } = await getMessage(bob, { message_id: id, allow_empty_topic_name: true });
    assert.equal(message.subject, '');
    assert.equal(message.stream_id, WATERCOOLER);
    panel.dispose();
  });

  it('a named topic of a general-chat-only channel is refused before sending, with the reason', async function () {
    this.timeout(90_000);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: WATERCOOLER,
      topic: 'lunch',
    });
    await panel.whenLoaded();
    const before = panel.outbox.entries().length;
    await assert.rejects(panel.send('Lunch?'), /Only the “general chat” topic is allowed in this channel/);
    assert.equal(panel.outbox.entries().length, before, 'nothing waits in the outbox');
    panel.dispose();
  });

  it('an archived channel reads, has no compose box, refuses writing commands and is never a destination', async function () {
    this.timeout(90_000);
    assert.equal(store().subscription(OLD_ARCHIVE)?.is_archived, true);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: OLD_ARCHIVE,
      topic: 'history',
    });
    const ids = await panel.whenLoaded();
    assert.equal(ids.length, 3, 'its history is shown');
    assert.equal(panel.canCompose, false);
    assert.equal(panel.insertIntoCompose('a snippet'), false);
    await assert.rejects(panel.send('x'), /archived/);
    // Writing commands, scripted, are refused with the reason before anything is sent.
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand(Commands.topicMove, {
          streamId: OLD_ARCHIVE,
          topic: 'history',
          newTopic: 'renamed',
          propagateMode: 'change_all',
        }),
      ),
      /archived/,
    );
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand(Commands.topicResolve, { streamId: OLD_ARCHIVE, topic: 'history' }),
      ),
      /archived/,
    );
    // Delete answers scripted callers with a shown error rather than a throw: the message stays.
    await vscode.commands.executeCommand(Commands.deleteMessage, { messageId: ids[ids.length - 1], confirmed: true });
    const kept = await getMessage(api.services.sessions.current!.client, { message_id: ids[ids.length - 1]! });
    assert.equal(kept.message.id, ids[ids.length - 1], 'the message is still on the server');
    // Share, Discuss, Move and the recent-topic picks all offer channelChoices(…, 'post').
    const offered = channelChoices(store(), 'post').map((c) => c.streamId);
    assert.ok(!offered.includes(OLD_ARCHIVE), `offered: ${JSON.stringify(offered)}`);
    assert.ok(offered.includes(WATERCOOLER));
    // Browsing still lists it (read-only).
    assert.ok(
      store()
        .subscriptions()
        .some((s) => s.stream_id === OLD_ARCHIVE),
    );
    panel.dispose();
  });
});
