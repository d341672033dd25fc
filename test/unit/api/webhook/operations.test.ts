import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatClient, ValidationError } from '../../../../src/api';
import { OutgoingWebhookPayload, WebhookReply } from '../../../../src/api/webhook/models';
import { operations } from '../../../../src/api/operations';
import {
  outgoingWebhookPath,
  parseOutgoingWebhookPayload,
  verifyWebhookToken,
  webhookReply,
} from '../../../../src/api/webhook/payload';
import { byEmail, clientFor, withServer, type Account, type RunningServer } from '../../support/server';

type Handler = (body: string) => unknown;

/** A bot's webhook endpoint: a plain HTTP receiver answering with `handler`'s result as JSON. */
async function startReceiver(): Promise<{
  url: string;
  setHandler(h: Handler): void;
  received: string[];
  close(): Promise<void>;
}> {
  let handler: Handler = () => webhookReply({ noResponse: true });
  const received: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push(body);
      let status = 200;
      let reply: unknown;
      try {
        reply = handler(body);
      } catch (e) {
        status = e instanceof ValidationError ? 400 : 500;
        reply = { error: String(e) };
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bot`,
    setHandler: (h) => (handler = h),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface RawMessage {
  id: number;
  sender_id: number;
  content: string;
}

/** Messages of a conversation, through the raw transport (the messages routes belong to another group). */
async function messagesIn(client: ChatClient, narrow: unknown[]): Promise<RawMessage[]> {
  const body = await client.request(
    'GET',
    '/messages',
    { anchor: 'newest', num_before: 20, num_after: 0, narrow, apply_markdown: false },
    { route: 'GET /messages' },
  );
  return body.messages as RawMessage[];
}

function sendRaw(client: ChatClient, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  return client.request('POST', '/messages', params, { route: 'POST /messages' });
}

/** The outgoing-webhook bot of the fixture and its token (bots get it from their configuration). */
function webhookBot(server: RunningServer): { account: Account; token: string; fullName: string } {
  const user = [...server.state.users.values()].find((u) => u.isBot && u.botType === 3 && u.isActive);
  assert.ok(user && user.token, 'the fixture has an outgoing webhook bot');
  const account = server.accounts.find((a) => a.userId === user.id);
  assert.ok(account, 'the bot has an account');
  return { account, token: user.token, fullName: user.fullName };
}

describe('Outgoing webhooks (op 21)', () => {
  describe('delivery from the server to a bot receiver', () => {
    let server: RunningServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let alice: ChatClient;
    let bot: ReturnType<typeof webhookBot>;

    const testServer = withServer();
    before(async () => {
      server = testServer.server;
      receiver = await startReceiver();
      bot = webhookBot(server);
      // The bot's endpoint is configured on the server (no API for it): point it at the receiver.
      server.state.users.get(bot.account.userId)!.botUrl = receiver.url;
      alice = clientFor(server, byEmail(server, 'alice'));
    });
    after(async () => {
      await alice?.close();
      await receiver?.close();
    });

    it('parses a mention payload, verifies the token and posts the reply', async () => {
      const seen: OutgoingWebhookPayload[] = [];
      receiver.setHandler((body) => {
        const payload = parseOutgoingWebhookPayload(body);
        seen.push(payload);
        if (!verifyWebhookToken(payload, bot.token)) throw new ValidationError('Bad token.', undefined);
        return webhookReply({ content: `echo: ${payload.data.length} characters` });
      });
      const content = `@**${bot.fullName}** please echo this`;
      await sendRaw(alice, { type: 'stream', to: 'engineering', topic: 'webhook test', content });
      const payload = await waitFor(() => seen[0], 'the webhook payload');
      assert.equal(payload.trigger, 'mention');
      assert.equal(payload.data, content);
      assert.equal(payload.bot_email, bot.account.email);
      assert.equal(payload.bot_full_name, bot.fullName);
      assert.equal(payload.message.subject, 'webhook test');
      assert.match(payload.message.rendered_content, /<p>/);
      const narrow = [
        { operator: 'channel', operand: 'engineering' },
        { operator: 'topic', operand: 'webhook test' },
      ];
      const reply = await waitFor(
        async () => (await messagesIn(alice, narrow)).find((m) => m.sender_id === bot.account.userId),
        'the bot reply',
      );
      assert.equal(reply.content, `echo: ${content.length} characters`);
    });

    it('parses a direct message payload and posts nothing for response_not_required', async () => {
      const seen: OutgoingWebhookPayload[] = [];
      receiver.setHandler((body) => {
        seen.push(parseOutgoingWebhookPayload(JSON.parse(body)));
        return webhookReply({ noResponse: true });
      });
      await sendRaw(alice, { type: 'direct', to: [bot.account.userId], content: 'hello bot' });
      const payload = await waitFor(() => seen[0], 'the webhook payload');
      assert.equal(payload.trigger, 'direct_message');
      assert.equal(payload.message.type, 'private');
      assert.ok(verifyWebhookToken(payload, bot.token));
      await new Promise((r) => setTimeout(r, 200));
      const dm = await messagesIn(alice, [{ operator: 'dm', operand: [bot.account.userId] }]);
      assert.ok(!dm.some((m) => m.sender_id === bot.account.userId), 'no reply was posted');
    });

    it('the bot reads its last payloads at /chat-outgoing-webhook', async () => {
      const botClient = clientFor(server, bot.account);
      try {
        const body = await botClient.request(
          'POST',
          outgoingWebhookPath('chat'),
          {},
          { route: 'POST /chat-outgoing-webhook' },
        );
        const payloads = body.payloads as unknown[];
        assert.ok(payloads.length >= 2);
        for (const p of payloads)
          assert.ok(['mention', 'direct_message'].includes(parseOutgoingWebhookPayload(p).trigger));
      } finally {
        await botClient.close();
      }
    });
  });

  describe('gates', () => {
    const servers = withServer({}, 'none');
    it('reads the private_message trigger of servers below FL.webhookDirectMessageTrigger as direct_message', async () => {
      const server = (await servers.start({ featureLevel: 200 })).server;
      const receiver = await startReceiver();
      const bot = webhookBot(server);
      server.state.users.get(bot.account.userId)!.botUrl = receiver.url;
      const alice = clientFor(server, byEmail(server, 'alice'));
      try {
        await sendRaw(alice, { type: 'private', to: [bot.account.userId], content: 'old server' });
        const raw = await waitFor(() => receiver.received[0], 'the webhook payload');
        assert.equal(JSON.parse(raw).trigger, 'private_message');
        assert.equal(parseOutgoingWebhookPayload(raw).trigger, 'direct_message');
      } finally {
        await alice.close();
        await receiver.close();
      }
    });

    it('uses /zulip-outgoing-webhook on zulip-named servers', async () => {
      assert.equal(outgoingWebhookPath('zulip'), '/zulip-outgoing-webhook');
      assert.equal(outgoingWebhookPath('chat'), '/chat-outgoing-webhook');
      const server = (await servers.start({ names: 'zulip' })).server;
      const botClient = clientFor(server, webhookBot(server).account);
      try {
        const info = await botClient.ensureServerInfo();
        const body = await botClient.request(
          'POST',
          outgoingWebhookPath(info.flavor),
          {},
          { route: 'POST /chat-outgoing-webhook' },
        );
        assert.deepEqual(body.payloads, []);
      } finally {
        await botClient.close();
      }
    });
  });

  describe('parseOutgoingWebhookPayload', () => {
    const message = {
      id: 1,
      type: 'stream',
      sender_id: 4,
      sender_email: 'a@example.com',
      sender_full_name: 'A',
      sender_realm_str: 'demo',
      avatar_url: null,
      client: 'website',
      content: 'hi',
      content_type: 'text/x-markdown',
      rendered_content: '<p>hi</p>',
      display_recipient: 'general',
      recipient_id: 7,
      stream_id: 1,
      subject: 't',
      topic_links: [],
      is_me_message: false,
      timestamp: 1700000000,
      reactions: [{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: 4 }],
      submessages: [],
    };
    const payload = {
      bot_email: 'b@example.com',
      bot_full_name: 'B',
      data: 'hi',
      trigger: 'mention',
      token: 'abc',
      message,
    };

    it('accepts JSON text, a Buffer or parsed JSON', () => {
      assert.equal(parseOutgoingWebhookPayload(JSON.stringify(payload)).trigger, 'mention');
      assert.equal(parseOutgoingWebhookPayload(Buffer.from(JSON.stringify(payload))).token, 'abc');
      assert.equal(parseOutgoingWebhookPayload(payload).message.reactions[0].reaction_type, 'chat_extra_emoji');
    });

    it('maps unknown triggers to unknown and private_message to direct_message', () => {
      assert.equal(parseOutgoingWebhookPayload({ ...payload, trigger: 'keyword' }).trigger, 'unknown');
      assert.equal(parseOutgoingWebhookPayload({ ...payload, trigger: 'private_message' }).trigger, 'direct_message');
    });

    it('accepts the documented example payload exactly as published (no content_type, no flags)', () => {
      // The example of the real API's outgoing-webhook documentation, byte for byte.
      const documented = `{
    "bot_email": "outgoing-bot@localhost",
    "bot_full_name": "Outgoing webhook test",
    "data": "@**Outgoing webhook test** Zulip is the world\\u2019s most productive group chat!",
    "message": {
        "avatar_url": "https://secure.gravatar.com/avatar/1f4f1575bf002ae562fea8fc4b861b09?d=identicon&version=1",
        "client": "website",
        "content": "@**Outgoing webhook test** Zulip is the world\\u2019s most productive group chat!",
        "display_recipient": "Verona",
        "id": 112,
        "is_me_message": false,
        "reactions": [],
        "recipient_id": 20,
        "rendered_content": "<p><span class=\\"user-mention\\" data-user-id=\\"25\\">@Outgoing webhook test</span> Zulip is the world\\u2019s most productive group chat!</p>",
        "sender_email": "iago@zulip.com",
        "sender_full_name": "Iago",
        "sender_id": 5,
        "sender_realm_str": "zulip",
        "stream_id": 5,
        "subject": "Verona2",
        "submessages": [],
        "timestamp": 1527876931,
        "topic_links": [],
        "type": "stream"
    },
    "token": "xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0",
    "trigger": "mention"
}`;
      const parsed = parseOutgoingWebhookPayload(documented);
      assert.equal(parsed.trigger, 'mention');
      assert.equal(parsed.message.id, 112);
      assert.equal(parsed.message.subject, 'Verona2');
      assert.equal(parsed.message.content_type, undefined);
      assert.ok(verifyWebhookToken(parsed, 'xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0'));
    });

    it('refuses bodies that are not payloads', () => {
      assert.throws(
        () => parseOutgoingWebhookPayload('{not json'),
        (e: unknown) => e instanceof ValidationError && /not JSON/.test(e.message),
      );
      assert.throws(() => parseOutgoingWebhookPayload({ ...payload, token: undefined }), ValidationError);
      const { rendered_content: _r, ...noRendered } = message;
      assert.throws(() => parseOutgoingWebhookPayload({ ...payload, message: noRendered }), ValidationError);
      assert.throws(() => parseOutgoingWebhookPayload(null), ValidationError);
    });
  });

  describe('verifyWebhookToken', () => {
    it('compares in constant time and never throws on length differences', () => {
      assert.equal(verifyWebhookToken({ token: 'abcdef' }, 'abcdef'), true);
      assert.equal(verifyWebhookToken({ token: 'abcdeg' }, 'abcdef'), false);
      assert.equal(verifyWebhookToken({ token: 'abc' }, 'abcdef'), false);
      assert.equal(verifyWebhookToken({ token: 'abcdefgh' }, 'abcdef'), false);
      assert.equal(verifyWebhookToken({ token: '' }, ''), false);
      assert.equal(verifyWebhookToken({ token: 42 }, 'abcdef'), false);
      assert.equal(verifyWebhookToken({}, 'abcdef'), false);
      assert.equal(verifyWebhookToken({ token: 'é' }, 'ab'), false);
    });
  });

  describe('webhookReply and the operation table entry', () => {
    it('builds the two reply forms', () => {
      assert.deepEqual(webhookReply({ content: 'pong' }), { content: 'pong' });
      assert.deepEqual(webhookReply({ noResponse: true }), { response_not_required: true });
      assert.throws(() => webhookReply({ content: '' }), ValidationError);
    });

    it('describes payload and reply in the table', () => {
      const op = operations['POST /chat-outgoing-webhook'];
      assert.equal(op.method, 'POST');
      assert.equal(op.path, '/chat-outgoing-webhook');
      assert.deepEqual(Object.keys(op.params.shape), []);
      assert.ok(op.payload);
      assert.equal(op.response, WebhookReply);
      assert.ok(WebhookReply.safeParse({ content: 'x' }).success);
      assert.ok(WebhookReply.safeParse({ response_not_required: true }).success);
      assert.ok(!WebhookReply.safeParse({ response_not_required: false }).success);
    });
  });
});
