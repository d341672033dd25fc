// The local server's `down` test control: a stopped server (connections refused) whose state is
// kept, listening again on the same port after the time it was given.
import assert from 'node:assert/strict';
import { NetworkError } from '../../../src/api';
import { getMessages, sendMessage } from '../../../src/api/messages/routes';
import { byEmail, channelId, clientFor, withServer } from '../support/server';

describe('local server: down (a stopped server)', function () {
  const servers = withServer({}, 'none');
  this.timeout(30_000);

  it('refuses connections while down, then answers on the same port with its state kept', async () => {
    const server = (await servers.start()).server;
    const alice = clientFor(server, byEmail(server, 'alice'), { maxRetries: 0 });
    try {
      const general = await channelId(alice, 'general');
      const { id } = await sendMessage(alice, {
        type: 'stream',
        to: general,
        topic: 'before the stop',
        content: 'kept',
      });
      const res = await fetch(`${server.url}/__test__/down`, { method: 'POST', body: JSON.stringify({ seconds: 2 }) });
      assert.equal(res.status, 200);
      const downAt = Date.now();
      // Down: refused, not hung.
      await assert.rejects(
        getMessages(alice, { anchor: id, num_before: 0, num_after: 0, narrow: [] }),
        (e) => e instanceof NetworkError && e.kind === 'refused',
      );
      assert.ok(Date.now() - downAt < 2_000, 'refused at once, while still down');
      // Back on the same port, the message still there.
      const deadline = Date.now() + 20_000;
      for (;;) {
        try {
          const { messages } = await getMessages(alice, { anchor: id, num_before: 0, num_after: 0, narrow: [] });
          assert.deepEqual(
            messages.map((m) => m.id),
            [id],
          );
          break;
        } catch (error) {
          if (!(error instanceof NetworkError) || Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      assert.ok(Date.now() - downAt >= 1_900, 'down for the time given');
    } finally {
      await alice.close();
    }
  });

  it('refuses a down without a positive time', async () => {
    const server = (await servers.start()).server;
    const res = await fetch(`${server.url}/__test__/down`, { method: 'POST', body: JSON.stringify({ seconds: 0 }) });
    assert.equal(res.status, 400);
  });
});
