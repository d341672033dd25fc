// Read receipts (issue 27 item 6): the local server's GET /messages/{id}/read_receipts as the real
// one (who is left out, the organisation's switch, feature level 137) and the client's binding.
import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/api';
import { registerQueue } from '../../../../src/api/events/routes';
import { getReadReceipts, sendMessage, updateMessageFlags } from '../../../../src/api/messages/routes';
import { updateSettings } from '../../../../src/api/personal/routes';
import { getOwnUser, muteUser } from '../../../../src/api/users/routes';
import { byEmail, channelId, clientFor, withServer } from '../../support/server';
import { apiError } from '../../support/errors';

describe('read receipts', function () {
  this.timeout(30_000);
  const servers = withServer({}, 'none');

  describe('feature level 482', () => {
    const s = withServer();

    it('lists who has read a message: not the sender, not who keeps reading private, not who the asker muted or who muted the asker', async () => {
      const [alice, bob, carol, olivia] = ['alice', 'bob', 'carol', 'olivia'].map((n) =>
        s.clientOf(byEmail(s.server, n)),
      );
      const ids = Object.fromEntries(
        ['alice', 'bob', 'carol', 'olivia', 'adam'].map((n) => [n, byEmail(s.server, n).userId]),
      );
      const general = await channelId(alice!, 'general');
      const { id } = await sendMessage(alice!, {
        type: 'stream',
        to: general,
        topic: `receipts ${Date.now()}`,
        content: 'who reads this?',
      });
      assert.deepEqual(
        (await getReadReceipts(alice!, { message_id: id })).user_ids,
        [],
        'the sender has read it, and is left out',
      );
      for (const reader of [bob!, carol!, olivia!])
        await updateMessageFlags(reader, { messages: [id], op: 'add', flag: 'read' });
      assert.deepEqual(
        (await getReadReceipts(alice!, { message_id: id })).user_ids,
        [ids.bob, ids.carol, ids.olivia].sort((a, b) => a! - b!),
      );
      await updateSettings(carol!, { send_read_receipts: false });
      assert.deepEqual(
        (await getReadReceipts(alice!, { message_id: id })).user_ids,
        [ids.bob, ids.olivia].sort((a, b) => a! - b!),
      );
      await muteUser(alice!, { muted_user_id: ids.olivia! });
      assert.deepEqual((await getReadReceipts(alice!, { message_id: id })).user_ids, [ids.bob]);
      // Muted by Alice, not by Bob: Bob still sees Olivia, and himself (he read it).
      assert.deepEqual(
        (await getReadReceipts(bob!, { message_id: id })).user_ids,
        [ids.olivia, ids.bob].sort((a, b) => a! - b!),
      );
      // Olivia mutes Bob: Bob no longer sees her.
      await muteUser(olivia!, { muted_user_id: ids.bob! });
      assert.deepEqual((await getReadReceipts(bob!, { message_id: id })).user_ids, [ids.bob]);
    });

    it('an organisation with read receipts off refuses them, and says so in /register', async () => {
      const alice = s.clientOf(byEmail(s.server, 'alice'));
      const general = await channelId(alice, 'general');
      const { id } = await sendMessage(alice, {
        type: 'stream',
        to: general,
        topic: 'receipts off',
        content: 'private reading',
      });
      assert.equal((await registerQueue(alice, { fetch_event_types: ['realm'] })).realm_enable_read_receipts, true);
      s.server.state.realm.settings.enable_read_receipts = false;
      try {
        const error = await apiError(getReadReceipts(alice, { message_id: id }), 'BAD_REQUEST', 400);
        assert.match(error.message, /Read receipts are disabled in this organization/);
        assert.equal((await registerQueue(alice, { fetch_event_types: ['realm'] })).realm_enable_read_receipts, false);
      } finally {
        s.server.state.realm.settings.enable_read_receipts = true;
      }
    });
  });

  it('below feature level 137: refused before anything is sent', async () => {
    const server = (await servers.start({ featureLevel: 136 })).server;
    const alice = clientFor(server, byEmail(server, 'alice'));
    try {
      // No such realm setting below 137: the extension offers no "Read by".
      assert.equal(
        'realm_enable_read_receipts' in (await registerQueue(alice, { fetch_event_types: ['realm'] })),
        false,
      );
      await getOwnUser(alice); // the client learns the server's level
      const before = server.server.credentialedRequests;
      await assert.rejects(
        getReadReceipts(alice, { message_id: 1 }),
        (e) => e instanceof ValidationError && /feature level 137/.test(e.message),
      );
      assert.equal(server.server.credentialedRequests, before, 'nothing sent');
    } finally {
      await alice.close();
    }
  });
});
