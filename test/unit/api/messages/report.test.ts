// Report a message (issue 27 item 7): the local server's POST /messages/{id}/report as the real one
// (the report posted in the moderation request channel, the error messages, feature levels 382 and
// 435), the /register fields, and the client's checks before sending.
import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/api';
import { registerQueue } from '../../../../src/api/events/routes';
import { getMessages, reportMessage, sendMessage } from '../../../../src/api/messages/routes';
import { getOwnUser } from '../../../../src/api/users/routes';
import { legacyReportTypes, offersReport } from '../../../../src/api/messages/reportTypes';
import { byEmail, channelId, clientFor, withServer, type RunningServer } from '../../support/server';
import { refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

const LEADERSHIP = 6;
const KEYS = ['spam', 'harassment', 'inappropriate', 'norms', 'other'];

/** A raw form POST as alice or bob (the client would refuse some of these before sending). */
async function rawPost(
  server: RunningServer,
  who: string,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const account = byEmail(server, who);
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64'),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The newest messages of the moderation channel, as the notification bot posted them. */
function reportsIn(server: RunningServer): { topic: string; content: string; senderId: number }[] {
  return [...server.state.messages.values()]
    .filter((m) => m.streamId === LEADERSHIP && m.senderId === server.state.notificationBotId)
    .map((m) => ({ topic: m.topic, content: m.content, senderId: m.senderId }));
}

describe('report a message', function () {
  this.timeout(30_000);

  describe('feature level 482', () => {
    const s = withServer();

    it('/register names the moderation channel and the report types (the strict shape checks them)', async () => {
      const bob = s.clientOf(byEmail(s.server, 'bob'));
      const reg = await registerQueue(bob, { fetch_event_types: ['realm'] });
      assert.equal(reg.realm_moderation_request_channel_id, LEADERSHIP);
      assert.deepEqual(
        reg.server_report_message_types?.map((t) => t.key),
        KEYS,
      );
      assert.equal(reg.server_report_message_types?.find((t) => t.key === 'norms')?.name, 'Violates community norms');
    });

    it('posts the report in the moderation channel, from the notification bot, in "<sender> moderation"', async () => {
      const alice = s.clientOf(byEmail(s.server, 'alice'));
      const bob = s.clientOf(byEmail(s.server, 'bob'));
      const general = await channelId(alice, 'general');
      const topic = `report ${Date.now()}`;
      const { id } = await sendMessage(alice, { type: 'stream', to: general, topic, content: 'buy cheap watches' });
      const before = reportsIn(s.server).length;
      await reportMessage(bob, { message_id: id, report_type: 'spam', description: 'Third time today.' });
      const reports = reportsIn(s.server);
      assert.equal(reports.length, before + 1);
      const report = reports[reports.length - 1]!;
      assert.equal(report.topic, 'Alice Anders moderation');
      const ids = { alice: byEmail(s.server, 'alice').userId, bob: byEmail(s.server, 'bob').userId };
      assert.match(
        report.content,
        new RegExp(
          `^@_\\*\\*Bob Brown\\|${ids.bob}\\*\\* reported a message sent by @_\\*\\*Alice Anders\\|${ids.alice}\\*\\* at <time:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00>\\.\\n`,
        ),
      );
      assert.ok(report.content.includes('```quote\n**Spam**. Third time today.\n```'), report.content);
      assert.ok(
        report.content.includes(
          `\`\`\` spoiler Original message at #**general>${topic}@${id}**\nbuy cheap watches\n\`\`\``,
        ),
        report.content,
      );
      // The reporter, a member, does not see the private channel: the report is for its members.
      const olivia = s.clientOf(byEmail(s.server, 'olivia'));
      const { messages } = await getMessages(olivia, {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: LEADERSHIP }],
      });
      assert.equal(messages[0]?.subject, 'Alice Anders moderation');
    });

    it('any message the reporter can read, their own included; not one they cannot read', async () => {
      const alice = s.clientOf(byEmail(s.server, 'alice'));
      const general = await channelId(alice, 'general');
      const { id } = await sendMessage(alice, {
        type: 'stream',
        to: general,
        topic: 'own report',
        content: 'I regret this',
      });
      await reportMessage(alice, { message_id: id, report_type: 'norms' });
      const leadershipMessage = [...s.server.state.messages.values()].find(
        (m) => m.streamId === LEADERSHIP && m.senderId !== s.server.state.notificationBotId,
      )!;
      const raw = await rawPost(s.server, 'bob', `/messages/${leadershipMessage.id}/report`, { report_type: 'spam' });
      assert.deepEqual([raw.status, raw.body.code, raw.body.msg], [400, 'BAD_REQUEST', 'Invalid message(s)']);
    });

    it("the real server's refusals: an unknown type, 'other' without a description, over 1000 characters", async () => {
      const alice = s.clientOf(byEmail(s.server, 'alice'));
      const { id } = await sendMessage(alice, {
        type: 'stream',
        to: await channelId(alice, 'general'),
        topic: 'refusals',
        content: 'hm',
      });
      const post = (form: Record<string, string>) => rawPost(s.server, 'bob', `/messages/${id}/report`, form);
      const expect = async (form: Record<string, string>, msg: string) => {
        const r = await post(form);
        assert.deepEqual([r.status, r.body.result, r.body.code, r.body.msg], [400, 'error', 'BAD_REQUEST', msg]);
      };
      const before = reportsIn(s.server).length;
      await expect({ report_type: 'rude' }, 'Invalid report_type');
      await expect({ report_type: 'other' }, 'An explanation is required.');
      await expect({ report_type: 'other', description: '' }, 'An explanation is required.');
      await expect(
        { report_type: 'spam', description: 'x'.repeat(1001) },
        'description is too long (limit: 1000 characters)',
      );
      assert.equal(reportsIn(s.server).length, before, 'nothing posted');
      // 1000 code points is the limit, not 1000 UTF-16 units: 1000 emoji pass.
      assert.equal((await post({ report_type: 'other', description: '🙈'.repeat(1000) })).status, 200);
      assert.equal((await post({ report_type: 'harassment', description: 'x'.repeat(1000) })).status, 200);
    });

    it('the client refuses the same before sending', async () => {
      const client = offlineClient({ featureLevel: 482 });
      await refused(reportMessage(client, { message_id: 1, report_type: 'other' }), 'description', /required/);
      await refused(
        reportMessage(client, { message_id: 1, report_type: 'other', description: '   ' }),
        'description',
        /required/,
      );
      await refused(
        reportMessage(client, { message_id: 1, report_type: 'spam', description: 'x'.repeat(1001) }),
        'description',
        /1001 characters, at most 1000/,
      );
      await refused(reportMessage(client, { message_id: 1, report_type: '' }), 'report_type');
      // At the limit it goes to the server (which cannot be reached here: not a ValidationError).
      await assert.rejects(
        reportMessage(client, { message_id: 1, report_type: 'spam', description: '🙈'.repeat(1000) }),
        (e) => !(e instanceof ValidationError),
      );
      await client.close();
    });

    it('an organisation without a moderation channel takes no reports, and says so in /register', async () => {
      const bob = s.clientOf(byEmail(s.server, 'bob'));
      const settings = s.server.state.realm.settings;
      settings.moderation_request_channel_id = null;
      try {
        assert.equal(
          (await registerQueue(bob, { fetch_event_types: ['realm'] })).realm_moderation_request_channel_id,
          -1,
        );
        const r = await rawPost(s.server, 'bob', '/messages/1/report', { report_type: 'spam' });
        assert.deepEqual(
          [r.status, r.body.code, r.body.msg],
          [400, 'BAD_REQUEST', 'Message reporting is not enabled in this organization.'],
        );
      } finally {
        settings.moderation_request_channel_id = LEADERSHIP;
      }
    });
  });

  it('"Report…" is offered from feature level 382, where the organisation has a moderation channel', () => {
    assert.equal(offersReport(382, LEADERSHIP), true);
    assert.equal(offersReport(381, LEADERSHIP), false);
    assert.equal(offersReport(482, -1), false, 'reporting off');
    assert.equal(offersReport(482, undefined), false, 'a server that does not say');
    // Below 435 the client offers the server's five fixed reasons, in its order.
    assert.deepEqual(
      legacyReportTypes().map((t) => t.key),
      KEYS,
    );
  });

  describe('feature levels', () => {
    const servers = withServer({}, 'none');
    async function at(featureLevel: number, test: (server: RunningServer) => Promise<void>): Promise<void> {
      const server = (await servers.start({ featureLevel })).server;
      await test(server);
    }

    it('381: no endpoint; the client refuses before sending. 382: it works with the five fixed types', async () => {
      await at(381, async (server) => {
        const bob = clientFor(server, byEmail(server, 'bob'));
        try {
          await getOwnUser(bob); // the client learns the level
          const sent = server.server.credentialedRequests;
          await refused(reportMessage(bob, { message_id: 1, report_type: 'spam' }), undefined, /feature level 382/);
          assert.equal(server.server.credentialedRequests, sent, 'nothing sent');
          const r = await rawPost(server, 'bob', '/messages/1/report', { report_type: 'spam' });
          assert.equal(r.status, 404);
        } finally {
          await bob.close();
        }
      });
      await at(382, async (server) => {
        const bob = clientFor(server, byEmail(server, 'bob'));
        try {
          const reg = await registerQueue(bob, { fetch_event_types: ['realm'] });
          assert.equal(reg.realm_moderation_request_channel_id, LEADERSHIP);
          assert.equal('server_report_message_types' in reg, false);
          const inGeneral = [...server.state.messages.values()].find((m) => m.streamId === 1)!;
          await reportMessage(bob, { message_id: inGeneral.id, report_type: 'inappropriate' });
          assert.equal(reportsIn(server).length, 1);
        } finally {
          await bob.close();
        }
      });
    });

    it('434: only the five fixed types, checked before sending; 435: the server lists them and decides', async () => {
      await at(434, async (server) => {
        const bob = clientFor(server, byEmail(server, 'bob'));
        try {
          assert.equal(
            'server_report_message_types' in (await registerQueue(bob, { fetch_event_types: ['realm'] })),
            false,
          );
          await refused(
            reportMessage(bob, { message_id: 1, report_type: 'scam' }),
            'report_type',
            /does not know the report type "scam"/,
          );
        } finally {
          await bob.close();
        }
      });
      await at(435, async (server) => {
        const bob = clientFor(server, byEmail(server, 'bob'));
        try {
          assert.deepEqual(
            (await registerQueue(bob, { fetch_event_types: ['realm'] })).server_report_message_types?.map((t) => t.key),
            KEYS,
          );
          // Not refused by the client: this server lists its own types, and it refuses this one.
          await assert.rejects(
            reportMessage(bob, { message_id: 1, report_type: 'scam' }),
            (e) => !(e instanceof ValidationError) && /Invalid report_type/.test(String(e)),
          );
        } finally {
          await bob.close();
        }
      });
    });
  });
});
