// The local server against the real API's contract (issue 13): endpoints it lacked, fields the real
// API does not send, the user_settings_object capability, complete objects and 404s for unknown ids.
import * as assert from 'node:assert/strict';
import { withServer, type Account, type RunningServer } from '../support/server';
import { GROUP } from '../../server/state';

type Json = Record<string, any>;
type Call = (method: string, path: string, params?: Record<string, unknown>) => Promise<{ status: number; body: Json }>;

function caller(server: RunningServer, who: Account): Call {
  const auth = 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64');
  return async (method, path, params = {}) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const isGet = method === 'GET';
    const res = await fetch(`${server.url}/api/v1${path}${isGet && form.size ? '?' + form : ''}`, {
      method,
      headers: { Authorization: auth, ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }) },
      body: isGet ? undefined : form.toString(),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
}

async function ok(call: ReturnType<Call>): Promise<Json> {
  const r = await call;
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

async function fails(call: ReturnType<Call>, status: number, msg: RegExp): Promise<void> {
  const r = await call;
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.code, 'BAD_REQUEST');
  assert.match(r.body.msg, msg);
}

/** A queue of `types` for `call`'s user; `drain()` returns what arrived since the last drain. */
async function queue(call: Call, types: string[]): Promise<{ drain(): Promise<Json[]> }> {
  const reg = await ok(
    call('POST', '/register', {
      event_types: types,
      fetch_event_types: [],
      client_capabilities: { bulk_message_deletion: true },
    }),
  );
  let last = -1;
  return {
    async drain() {
      const { events } = await ok(
        call('GET', '/events', { queue_id: reg.queue_id, last_event_id: last, dont_block: true }),
      );
      if (events.length) last = events[events.length - 1].id;
      return events.filter((e: Json) => e.type !== 'heartbeat');
    },
  };
}

describe('local server: faithful to the real API', function () {
  let server: RunningServer;
  let clock = 0;
  const who = (local: string) => server.accounts.find((a) => a.email.startsWith(local + '@'))!;
  const as = (local: string) => caller(server, who(local));

  // The clock is reset before the fixture starts the server (its seed reads the time).
  beforeEach(() => {
    clock = 0;
  });
  const testServer = withServer({ now: () => Date.now() / 1000 + clock }, 'test');
  beforeEach(() => {
    server = testServer.server;
  });

  describe('endpoints the extension needs', function () {
    it('GET /users/{user_id}/status: only the fields that are set', async function () {
      const alice = who('alice');
      server.state.statuses.delete(alice.userId);
      assert.deepEqual((await ok(as('bob')('GET', `/users/${alice.userId}/status`))).status, {});
      await ok(as('alice')('POST', '/users/me/status', { status_text: 'On a train', emoji_name: 'train' }));
      const { status } = await ok(as('bob')('GET', `/users/${alice.userId}/status`));
      assert.deepEqual(Object.keys(status).sort(), ['emoji_code', 'emoji_name', 'reaction_type', 'status_text']);
      assert.equal(status.status_text, 'On a train');
      await ok(as('alice')('POST', '/users/me/status', { away: true }));
      assert.equal((await ok(as('bob')('GET', `/users/${alice.userId}/status`))).status.away, true);
      await fails(as('bob')('GET', '/users/987654/status'), 400, /No such user/);
    });

    it('GET /users/{user_id_or_email}/presence: by id and by email, the same entry', async function () {
      const alice = who('alice');
      await ok(as('alice')('POST', '/users/me/presence', { status: 'active' }));
      const byId = (await ok(as('bob')('GET', `/users/${alice.userId}/presence`))).presence;
      const byEmail = (await ok(as('bob')('GET', `/users/${encodeURIComponent(alice.email)}/presence`))).presence;
      assert.deepEqual(byId, byEmail);
      assert.deepEqual(Object.keys(byId).sort(), ['aggregated', 'website']);
      assert.equal(byId.website.status, 'active');
      server.state.presence.delete(who('carol').userId);
      await fails(as('bob')('GET', `/users/${who('carol').userId}/presence`), 400, /No presence data/);
      await fails(as('bob')('GET', '/users/nobody@example.com/presence'), 400, /No such user/);
    });
  });

  describe('DELETE /messages/{message_id}', function () {
    async function channelMessage(local: string): Promise<{ id: number; streamId: number }> {
      const me = who(local);
      const s = [...server.state.streams.values()].find(
        (x) => !x.inviteOnly && x.subscribers.has(me.userId) && x.subscribers.has(who('bob').userId),
      )!;
      const { id } = await ok(
        as(local)('POST', '/messages', { type: 'stream', to: s.id, topic: 'deletions', content: 'Delete me' }),
      );
      return { id, streamId: s.id };
    }

    it('deletes your own message within the time limit (exactly at it too) and tells the audience', async function () {
      const bobQ = await queue(as('bob'), ['delete_message']);
      const { id, streamId } = await channelMessage('alice');
      clock += server.state.realm.settings.message_content_delete_limit_seconds as number;
      await ok(as('alice')('DELETE', `/messages/${id}`));
      assert.equal(server.state.messages.has(id), false);
      const [e] = await bobQ.drain();
      assert.deepEqual(
        { ...e, id: 0 },
        {
          id: 0,
          type: 'delete_message',
          message_ids: [id],
          message_type: 'stream',
          stream_id: streamId,
          topic: 'deletions',
        },
      );
      await fails(as('alice')('GET', `/messages/${id}`), 400, /Invalid message/);
    });

    it('refuses your own message one second past the limit; an administrator may still delete it', async function () {
      const { id } = await channelMessage('alice');
      clock += (server.state.realm.settings.message_content_delete_limit_seconds as number) + 1;
      await fails(as('alice')('DELETE', `/messages/${id}`), 400, /time limit for deleting/);
      await ok(as('adam')('DELETE', `/messages/${id}`));
    });

    it("refuses someone else's message, and your own when the realm allows nobody to", async function () {
      const { id } = await channelMessage('alice');
      await fails(as('bob')('DELETE', `/messages/${id}`), 400, /permission/);
      server.state.realm.settings.can_delete_own_message_group = GROUP.nobody;
      await fails(as('alice')('DELETE', `/messages/${id}`), 400, /permission/);
      server.state.realm.settings.message_content_delete_limit_seconds = null;
      server.state.realm.settings.can_delete_own_message_group = GROUP.members;
      clock += 10 * 365 * 86400;
      await ok(as('alice')('DELETE', `/messages/${id}`));
    });
  });

  describe('fields the real API does not send', function () {
    it('GET /users/me has no bot fields; subscription properties echo nothing at feature level 111', async function () {
      const me = await ok(as('alice')('GET', '/users/me'));
      assert.ok(!('bot_type' in me) && !('bot_owner_id' in me), Object.keys(me).join());
      const s = [...server.state.streams.values()].find((x) => x.subscribers.has(who('alice').userId))!;
      const r = await ok(
        as('alice')('POST', '/users/me/subscriptions/properties', {
          subscription_data: [{ stream_id: s.id, property: 'pin_to_top', value: true }],
        }),
      );
      assert.deepEqual(r, { result: 'success', msg: '' });
    });

    it('reminders carry no note; /register has none of the fields beyond its feature level', async function () {
      const { messages } = await ok(as('alice')('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0 }));
      await ok(
        as('alice')('POST', '/reminders', {
          message_id: messages[0].id,
          scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
          note: 'n',
        }),
      );
      const reminderKeys = [
        'content',
        'failed',
        'reminder_id',
        'reminder_target_message_id',
        'rendered_content',
        'scheduled_delivery_timestamp',
        'to',
        'type',
      ];
      for (const r of (await ok(as('alice')('GET', '/reminders'))).reminders)
        assert.deepEqual(Object.keys(r).sort(), reminderKeys);
      const reg = await ok(as('alice')('POST', '/register', {}));
      for (const k of [
        'realm_email_address_visibility',
        'realm_email_gateway_bot_id',
        'realm_notification_bot_id',
        'realm_user_groups_system',
        'user_role',
      ]) {
        assert.ok(!(k in reg), k);
      }
      assert.ok(reg.reminders.length >= 1);
      for (const r of reg.reminders) assert.deepEqual(Object.keys(r).sort(), reminderKeys);
    });
  });

  describe('complete objects', function () {
    it('custom profile fields say editable_by_user and required; realm_bots entries have the bot schema only', async function () {
      const reg = await ok(
        as('alice')('POST', '/register', { fetch_event_types: ['custom_profile_fields', 'realm_user'] }),
      );
      for (const f of reg.custom_profile_fields) {
        assert.equal(typeof f.editable_by_user, 'boolean', f.name);
        assert.equal(typeof f.required, 'boolean', f.name);
      }
      assert.ok(
        reg.custom_profile_fields.some((f: Json) => f.required) &&
          reg.custom_profile_fields.some((f: Json) => !f.editable_by_user),
      );
      const botKeys = [
        'api_key',
        'avatar_url',
        'bot_type',
        'default_all_public_streams',
        'default_events_register_stream',
        'default_sending_stream',
        'email',
        'full_name',
        'is_active',
        'owner_id',
        'services',
        'user_id',
      ];
      assert.ok(reg.realm_bots.length >= 1);
      for (const b of reg.realm_bots) assert.deepEqual(Object.keys(b).sort(), botKeys);
      assert.equal(reg.realm_bots.find((b: Json) => b.email.startsWith('helper-bot@')).owner_id, who('alice').userId);
    });
  });

  describe('email_address_visibility', function () {
    it('a change reaches only those whose access changed; to or from "everyone" the API email and avatar too', async function () {
      // Carol (a member) shows her address to everyone; Alice is a member, Adam an administrator.
      const carol = who('carol');
      const alice = await queue(as('alice'), ['realm_user']);
      const adam = await queue(as('adam'), ['realm_user']);
      const delivery = (events: Json[]) => events.filter((e) => 'delivery_email' in e.person).map((e) => e.person);
      const emails = (events: Json[]) => events.filter((e) => 'new_email' in e.person).map((e) => e.person);
      const realEmail = server.state.users.get(carol.userId)!.deliveryEmail;

      // Everyone → administrators only: Alice loses access, Adam keeps it; the API email becomes the dummy one.
      await ok(as('carol')('PATCH', '/settings', { email_address_visibility: 3 }));
      const a1 = await alice.drain();
      const d1 = await adam.drain();
      assert.deepEqual(delivery(a1), [{ user_id: carol.userId, delivery_email: null }]);
      assert.deepEqual(delivery(d1), []);
      const dummy = `user${carol.userId}@${server.state.host}`;
      assert.deepEqual(emails(a1), [{ user_id: carol.userId, new_email: dummy }]);
      assert.deepEqual(emails(d1), [{ user_id: carol.userId, new_email: dummy }]);
      const avatar = a1.find((e) => 'avatar_url' in e.person)!.person;
      assert.match(
        avatar.avatar_url,
        /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=\d+$/,
      );

      // Administrators only → nobody: only Adam loses access; the API email stays the dummy one.
      await ok(as('carol')('PATCH', '/settings', { email_address_visibility: 4 }));
      const a2 = await alice.drain();
      const d2 = await adam.drain();
      assert.deepEqual(a2, []);
      assert.deepEqual(delivery(d2), [{ user_id: carol.userId, delivery_email: null }]);
      assert.deepEqual(emails(d2), []);

      // Nobody → everyone: both regain it, with the real address, which is the API email again.
      await ok(as('carol')('PATCH', '/settings', { email_address_visibility: 1 }));
      for (const events of [await alice.drain(), await adam.drain()]) {
        assert.deepEqual(delivery(events), [{ user_id: carol.userId, delivery_email: realEmail }]);
        assert.deepEqual(emails(events), [{ user_id: carol.userId, new_email: realEmail }]);
      }
      const users = await ok(as('alice')('GET', '/users'));
      assert.equal(users.members.find((u: Json) => u.user_id === carol.userId).email, realEmail);
    });
  });

  describe('client_capabilities.user_settings_object', function () {
    it('with it, settings come only under user_settings', async function () {
      const reg = await ok(
        as('alice')('POST', '/register', {
          fetch_event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'],
          client_capabilities: { user_settings_object: true },
        }),
      );
      assert.equal(reg.user_settings.twenty_four_hour_time, false);
      assert.equal(reg.user_settings.web_home_view, 'inbox');
      for (const k of ['twenty_four_hour_time', 'enable_sounds', 'web_home_view']) assert.ok(!(k in reg), k);
    });

    it('without it, the top-level copies are only the legacy set', async function () {
      const reg = await ok(
        as('alice')('POST', '/register', {
          fetch_event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'],
        }),
      );
      assert.equal(reg.twenty_four_hour_time, false);
      assert.equal(reg.enable_sounds, true);
      for (const k of ['web_home_view', 'receives_typing_notifications', 'send_read_receipts'])
        assert.ok(!(k in reg), k);
      assert.equal(reg.user_settings.web_home_view, 'inbox');
    });
  });
});
