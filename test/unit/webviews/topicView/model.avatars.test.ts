// Avatars and addresses as a signed-in client gets them from the local server over HTTP: the slim
// register asks for `client_gravatar`, so a sender whose address the viewer may see comes with
// `avatar_url: null` and the topic view builds the Gravatar URL from the real address; a hidden
// address comes with the server's URL and no `delivery_email` (none shown); a bot's avatar is the
// realm's own image, which the server serves.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Message } from '../../../../src/api/messages/models';
import { visibleEmail } from '../../../../src/api/users/email';
import type { MessageEvent } from '../../../../src/api/events/models';
import { ChatSession } from '../../../../src/store/session';
import { messageModel, modelContextOf } from '../../../../src/webviews/topicView/model';
import type { Account, RunningServer } from '../../../server';
import { clientFor, withServer } from '../../support/server';

const gravatar = (email: string, version: number): string =>
  `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=${version}`;

describe('message avatars and visible addresses (local server, a member viewing)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  const account = (name: string): Account => server.accounts.find((a) => a.fullName === name)!;

  const testServer = withServer();
  before(async () => {
    server = testServer.server;
  });

  async function sendDm(from: Account, to: Account, content: string): Promise<void> {
    const res = await fetch(`${server.url}/api/v1/messages`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${from.email}:${from.apiKey}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ type: 'private', to: JSON.stringify([to.userId]), content }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  it('visible address: Gravatar from the real one; hidden: the server URL and no address; a bot: the realm image', async () => {
    const alice = account('Alice Anders');
    const senders = { carol: account('Carol Chen'), bob: account('Bob Brown'), bot: account('Helper Bot') };
    const client = clientFor(server, alice);
    const session = new ChatSession(client, {});
    try {
      await session.start();
      const store = session.store;
      const received = new Map<number, Message>();
      store.onDidApplyEvents((events) => {
        for (const e of events)
          if (e.type === 'message') received.set((e as MessageEvent).message.sender_id, (e as MessageEvent).message);
      });
      for (const s of Object.values(senders)) await sendDm(s, alice, `Hello from ${s.fullName}`);
      for (let i = 0; i < 400 && received.size < 3; i++) await new Promise((r) => setTimeout(r, 25));
      const ctx = modelContextOf({ account: { realmUrl: server.url } as never, store });
      const model = (a: Account) => messageModel(received.get(a.userId)!, ctx);
      const stored = (a: Account) => server.state.users.get(a.userId)!;

      // Carol's address is visible to everyone: the server leaves her avatar to the client.
      assert.equal(received.get(senders.carol.userId)!.avatar_url, null);
      assert.equal(
        model(senders.carol).avatarUrl,
        gravatar(stored(senders.carol).deliveryEmail, stored(senders.carol).avatarVersion),
      );
      assert.equal(visibleEmail(store.user(senders.carol.userId)!), stored(senders.carol).deliveryEmail);

      // Bob shows his address to administrators only: a made-up API address, no real one, the server's URL.
      const bob = store.user(senders.bob.userId)!;
      assert.match(bob.email, /^user\d+@/);
      assert.equal(bob.delivery_email ?? null, null);
      assert.equal(visibleEmail(bob), undefined);
      assert.equal(
        model(senders.bob).avatarUrl,
        gravatar(stored(senders.bob).deliveryEmail, stored(senders.bob).avatarVersion),
      );

      // A bot's avatar is an image of the realm, served as PNG.
      const botUrl = model(senders.bot).avatarUrl!;
      assert.equal(
        botUrl,
        `${server.url}/user_avatars/${server.state.realm.id}/bot-${senders.bot.userId}.png?version=${stored(senders.bot).avatarVersion}`,
      );
      const image = await fetch(botUrl);
      assert.equal(image.status, 200);
      assert.equal(image.headers.get('content-type'), 'image/png');
      assert.deepEqual([...new Uint8Array(await image.arrayBuffer()).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      assert.equal(
        (await fetch(`${server.url}/user_avatars/${server.state.realm.id}/bot-${senders.carol.userId}.png`)).status,
        404,
        'no bot, no image',
      );
    } finally {
      await session.stop();
      session.dispose();
      await client.close();
    }
  });
});
