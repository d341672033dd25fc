// Direct conversations in the conversation view, inside a real VS Code: opening one (1:1 and
// group) loads its history, the compose box sends a direct message to exactly its participants,
// another participant's reply arrives live, and a message link copied from it is a `dm` link.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage, sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('direct messages in the conversation view', () => {
  let api: TeamChatApi;
  let bobClient: ChatClient;
  let bobId = 0;
  let carolId = 0;
  let aliceId = 0;

  before(async function () {
    this.timeout(30_000);
    bobClient = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
    aliceId = testAccount('alice').userId;
    bobId = testAccount('bob').userId;
    carolId = testAccount('carol').userId;
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bobClient.close();
  });

  it('opens a 1:1 conversation with its history, sends to it and receives live', async function () {
    this.timeout(90_000);
    const earlier = (
      await sendMessage(bobClient, { type: 'private', to: [aliceId], content: `before opening ${Date.now()}` })
    ).id;
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [bobId, aliceId],
    });
    assert.ok(panel);
    assert.deepEqual(panel.key, { mode: 'dm', userIds: [bobId] });
    assert.equal(panel.title, 'Bob Brown');
    assert.ok(panel.canCompose);
    const loaded = await panel.whenLoaded();
    assert.ok(loaded.includes(earlier), `Bob's earlier message ${earlier} loaded: ${JSON.stringify(loaded)}`);

    const sent = await panel.send('a direct reply');
    const { message } = await getMessage(bobClient, { message_id: sent.id });
    assert.equal(message.type, 'private');
    const recipients = Array.isArray(message.display_recipient)
      ? message.display_recipient.map((r) => r.id).sort((a, b) => a - b)
      : [];
    assert.deepEqual(
      recipients,
      [aliceId, bobId].sort((a, b) => a - b),
    );

    const live = (await sendMessage(bobClient, { type: 'private', to: [aliceId], content: 'live from Bob' })).id;
    await waitFor('the live reply in the list', () => panel.list?.get(live));

    await panel.runAction(live, 'copyLink');
    const link = await vscode.env.clipboard.readText();
    assert.match(link, new RegExp(`/#narrow/dm/${bobId}-Bob-Brown/with/${live}$`));

    // The same conversation, spelt another way, is the same panel.
    const again = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, { userIds: [bobId] });
    assert.strictEqual(again, panel);
  });

  it('a group conversation sends to every participant and not to others', async function () {
    this.timeout(90_000);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [carolId, bobId],
    });
    assert.ok(panel);
    assert.deepEqual(panel.key, { mode: 'dm', userIds: [bobId, carolId].sort((a, b) => a - b) });
    await panel.whenLoaded();
    const sent = await panel.send('hello group');
    const { message } = await getMessage(bobClient, { message_id: sent.id });
    const recipients = Array.isArray(message.display_recipient)
      ? message.display_recipient.map((r) => r.id).sort((a, b) => a - b)
      : [];
    assert.deepEqual(
      recipients,
      [aliceId, bobId, carolId].sort((a, b) => a - b),
    );
    // Bob's 1:1 message does not belong to the group conversation.
    const oneToOne = (await sendMessage(bobClient, { type: 'private', to: [aliceId], content: 'only for Alice' })).id;
    const marker = (await sendMessage(bobClient, { type: 'private', to: [aliceId, carolId], content: 'for the group' }))
      .id;
    await waitFor('the group message', () => panel.list?.get(marker));
    assert.equal(panel.list?.get(oneToOne), undefined);
  });

  it('refuses an unknown user id with a clear message', async () => {
    const errors: string[] = [];
    const d = api.onDidReportError((e) => errors.push(e.text));
    try {
      const panel = await vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openDirectMessage, {
        userIds: [987654],
      });
      assert.equal(panel, undefined);
      await waitFor('the error', () => errors.length > 0);
      assert.match(errors[0]!, /No user with id 987654/);
    } finally {
      d.dispose();
    }
  });
});
