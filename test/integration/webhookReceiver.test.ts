// The outgoing webhook receiver inside a real VS Code (operation 21): the local chat server
// delivers a mention of the demo outgoing bot to the receiver, which checks the token and
// answers; the answer appears as the bot's message. A wrong token gets 401.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import type { StartReceiverResult } from '../../src/commands/webhook';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { deriveKey } from '../server/state';
import { activateExtension, clientFor, testAccount, testControl, waitFor, type TestAccount } from './helpers';

interface RawMessage {
  id: number;
  sender_id: number;
  content: string;
  client?: string;
}

describe('outgoing webhook receiver: payloads from the chat server, answers, token check', () => {
  let api: TeamChatApi;
  let alice: ChatClient;
  let bot: TestAccount;
  /** The demo bot's token, as its downloaded configuration gives it (the fixture derives it). */
  const token = deriveKey('echo-bot-token');
  let receiver: StartReceiverResult;

  const topic = `webhook test ${Date.now()}`;

  async function topicMessages(): Promise<RawMessage[]> {
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: topic },
    ];
    const body = await alice.request(
      'GET',
      '/messages',
      { anchor: 'newest', num_before: 20, num_after: 0, narrow, apply_markdown: false },
      { route: 'GET /messages' },
    );
    return body.messages as RawMessage[];
  }

  before(async function () {
    this.timeout(20_000);
    bot = testAccount('echo-bot');
    alice = clientFor(testAccount('alice'));
    api = await activateExtension();
  });

  after(async () => {
    await vscode.commands.executeCommand(Commands.stopWebhookReceiver);
    await alice?.close();
  });

  it('starts on 127.0.0.1 with the arguments given', async () => {
    receiver = await vscode.commands.executeCommand<StartReceiverResult>(Commands.startWebhookReceiver, {
      token,
      port: 0,
      autoReply: 'pong from the receiver',
    });
    assert.match(receiver.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.ok(receiver.port > 0);
    assert.equal(api.webhookReceiver.running, true);
    const res = await fetch(receiver.url);
    assert.equal(res.status, 405);
  });

  it('gets a mention of the bot with a valid token and its reply appears as the bot’s message', async function () {
    this.timeout(20_000);
    await testControl('bot-url', { botEmail: bot.email, url: receiver.url });
    const received = new Promise<void>((resolve) => {
      const sub = api.webhookReceiver.onDidAnswer((e) => {
        if (e.payload.message.subject === topic) {
          sub.dispose();
          resolve();
        }
      });
    });
    await alice.request(
      'POST',
      '/messages',
      { type: 'stream', to: 'general', topic, content: `@**${bot.fullName}** ping` },
      { route: 'POST /messages' },
    );
    await received;
    const entry = api.webhookReceiver.received.find((e) => e.payload.message.subject === topic)!;
    assert.equal(entry.payload.trigger, 'mention');
    assert.equal(entry.payload.bot_email, bot.email);
    assert.match(entry.payload.data, /ping/);
    assert.deepEqual(entry.reply, { content: 'pong from the receiver' });
    const reply = await waitFor('the bot’s reply in the topic', async () =>
      (await topicMessages()).find((m) => m.sender_id === bot.userId),
    );
    assert.equal(reply.content, 'pong from the receiver');
  });

  it('answers with no response when told to', async function () {
    this.timeout(15_000);
    const payload = api.webhookReceiver.received.find((e) => e.payload.message.subject === topic)!.payload;
    receiver = await vscode.commands.executeCommand<StartReceiverResult>(Commands.startWebhookReceiver, {
      token,
      port: 0,
      autoReply: null,
    });
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { response_not_required: true });
  });

  it('refuses a payload with a wrong token (401) without answering it', async () => {
    const payload = api.webhookReceiver.received.find((e) => e.payload.message.subject === topic)!.payload;
    const count = api.webhookReceiver.received.length;
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...payload, token: 'not-the-token' }),
    });
    assert.equal(res.status, 401);
    assert.equal(api.webhookReceiver.received.length, count);
    const notJson = await fetch(receiver.url, { method: 'POST', body: 'hello' });
    assert.equal(notJson.status, 400);
  });

  it('stops', async () => {
    assert.equal(await vscode.commands.executeCommand(Commands.stopWebhookReceiver), true);
    assert.equal(api.webhookReceiver.running, false);
    await assert.rejects(fetch(receiver.url));
  });
});
