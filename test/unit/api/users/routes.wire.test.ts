// Users, statuses, presence and muting without the chat server: the exact request each route
// sends (method, path, form), the answers it understands, and the messages of refused inputs.
import assert from 'node:assert/strict';
import { MalformedResponseError, type ChatClient } from '../../../../src/api';
import { PresenceEntry } from '../../../../src/api/users/presence';
import { CustomProfileField, User, UserStatus } from '../../../../src/api/users/models';
import {
  getOwnUser,
  getPresence,
  getUserByEmail,
  getUsers,
  muteUser,
  unmuteUser,
  updatePresence,
  updateStatus,
  updateUserStatus,
} from '../../../../src/api/users/routes';
import { parseResult } from '../../../../src/api/result';
import { user } from '../../support/synthetic';
import { ctx, prepare, refusal } from '../../support/operations';
import { brief, recordingServer } from '../../support/recordingServer';

const ok = (fields: Record<string, unknown> = {}) => ({ result: 'success', msg: '', ...fields });
const NEW = ctx(482);
const hamlet = user(10, 'King Hamlet');
const info = { client: 'website', status: 'active', timestamp: 1_700_000_000, pushable: false };
const presence = { website: info, aggregated: info };

describe('API: user requests', () => {
  const server = recordingServer();
  let client: ChatClient;
  before(() => (client = server.client()));

  it('GET /users/{email} with the flags in the query', async () => {
    server.answer({ user: hamlet });
    const res = await getUserByEmail(client, {
      email: ' hamlet@example.com ',
      client_gravatar: false,
      include_custom_profile_fields: true,
    });
    assert.deepEqual(res.user, hamlet);
    assert.deepEqual(brief(server.last()), {
      method: 'GET',
      path: '/api/v1/users/hamlet%40example.com',
      params: { client_gravatar: 'false', include_custom_profile_fields: 'true' },
    });
  });

  it('GET /users with the flags in the query', async () => {
    server.answer({ members: [hamlet] });
    const { members } = await getUsers(client, { client_gravatar: true, include_custom_profile_fields: false });
    assert.deepEqual(members, [hamlet]);
    assert.deepEqual(brief(server.last()), {
      method: 'GET',
      path: '/api/v1/users',
      params: { client_gravatar: 'true', include_custom_profile_fields: 'false' },
    });
  });

  it('GET /users/me: the own user at the top level', async () => {
    server.answer({ ...hamlet, max_message_id: 99 });
    const me = await getOwnUser(client);
    assert.equal(me.full_name, 'King Hamlet');
    assert.equal(me.max_message_id, 99);
    assert.deepEqual(brief(server.last()), { method: 'GET', path: '/api/v1/users/me', params: {} });
  });

  it('POST /users/me/status and POST /users/{user_id}/status', async () => {
    server.answer({});
    await updateStatus(client, {
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
      away: true,
    });
    assert.deepEqual(brief(server.last()), {
      method: 'POST',
      path: '/api/v1/users/me/status',
      params: {
        status_text: 'on vacation',
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
        away: 'true',
      },
    });
    await updateUserStatus(client, { user_id: 10, status_text: 'in a meeting', emoji_name: 'calendar' });
    assert.deepEqual(brief(server.last()), {
      method: 'POST',
      path: '/api/v1/users/10/status',
      params: { status_text: 'in a meeting', emoji_name: 'calendar' },
    });
  });

  it('GET /realm/presence', async () => {
    server.answer({ server_timestamp: 1_700_000_001.5, presences: { 'hamlet@example.com': presence } });
    const res = await getPresence(client);
    assert.deepEqual(res.presences, { 'hamlet@example.com': presence });
    assert.equal(res.server_timestamp, 1_700_000_001.5);
    assert.deepEqual(brief(server.last()), { method: 'GET', path: '/api/v1/realm/presence', params: {} });
  });

  it('POST /users/me/presence with every parameter', async () => {
    server.answer({
      presences: { '10': { active_timestamp: 1_700_000_000 } },
      server_timestamp: 1_700_000_002,
      presence_last_update_id: 31,
    });
    const res = await updatePresence(client, {
      status: 'idle',
      ping_only: false,
      new_user_input: true,
      slim_presence: true,
      last_update_id: -1,
      history_limit_days: 14,
    });
    assert.deepEqual(brief(server.last()), {
      method: 'POST',
      path: '/api/v1/users/me/presence',
      params: {
        status: 'idle',
        ping_only: 'false',
        new_user_input: 'true',
        slim_presence: 'true',
        last_update_id: '-1',
        history_limit_days: '14',
      },
    });
    assert.equal(res.presence_last_update_id, 31);
    assert.deepEqual(res.presences?.['10']?.aggregated, {
      client: 'website',
      status: 'active',
      timestamp: 1_700_000_000,
    });
  });

  it('POST and DELETE /users/me/muted_users/{muted_user_id}', async () => {
    server.answer({});
    await muteUser(client, { muted_user_id: 10 });
    assert.deepEqual(brief(server.last()), { method: 'POST', path: '/api/v1/users/me/muted_users/10', params: {} });
    await unmuteUser(client, { muted_user_id: 10 });
    assert.deepEqual(brief(server.last()), { method: 'DELETE', path: '/api/v1/users/me/muted_users/10', params: {} });
  });
});

describe('API: user answers', () => {
  it('refuses answers without a well-formed user', () => {
    const bad = { ...hamlet, user_id: 'x' };
    assert.throws(() => parseResult('GET /users/{email}', ok({ user: bad }), NEW), MalformedResponseError);
    assert.throws(() => parseResult('GET /users/{email}', ok(), NEW), MalformedResponseError);
    assert.throws(() => parseResult('GET /users', ok({ members: [bad] }), NEW), MalformedResponseError);
    assert.throws(() => parseResult('GET /users', ok(), NEW), MalformedResponseError);
    assert.throws(() => parseResult('GET /users/me', ok(bad), NEW), MalformedResponseError);
    assert.throws(
      () => parseResult('GET /users/me', ok({ ...hamlet, max_message_id: 'x' }), NEW),
      MalformedResponseError,
    );
  });

  it('reads a user with profile data and refuses wrong types', () => {
    const full = { ...hamlet, profile_data: { '3': { value: 'Denmark', rendered_value: '<p>Denmark</p>' } } };
    assert.deepEqual(User.parse(full), full);
    for (const bad of [
      { user_id: 1.5 },
      { email: 5 },
      { full_name: null },
      { is_admin: 'no' },
      { role: '400' },
      { profile_data: { '3': { value: 5 } } },
    ]) {
      assert.equal(User.safeParse({ ...full, ...bad }).success, false, JSON.stringify(bad));
    }
  });

  it('reads a custom profile field and a status, and refuses wrong types', () => {
    const field = { id: 3, name: 'Country', type: 1, hint: '', field_data: '', order: 1 };
    assert.deepEqual(CustomProfileField.parse(field), field);
    for (const bad of [{ id: 'x' }, { name: 5 }, { type: 1.5 }])
      assert.equal(CustomProfileField.safeParse({ ...field, ...bad }).success, false);
    const status = {
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
      away: true,
    };
    assert.deepEqual(UserStatus.parse(status), status);
    for (const bad of [{ status_text: 5 }, { away: 'yes' }, { emoji_code: 5 }])
      assert.equal(UserStatus.safeParse({ ...status, ...bad }).success, false);
  });

  it('refuses presence answers with malformed entries', () => {
    assert.throws(
      () =>
        parseResult(
          'GET /realm/presence',
          ok({ server_timestamp: 1, presences: { a: { website: 5, aggregated: 5 } } }),
          NEW,
        ),
      MalformedResponseError,
    );
    assert.throws(() => parseResult('GET /realm/presence', ok({ presences: {} }), NEW), MalformedResponseError);
    assert.throws(
      () => parseResult('POST /users/me/presence', ok({ presence_last_update_id: 'x' }), NEW),
      MalformedResponseError,
    );
  });

  it('reads a presence entry; the client defaults to website', () => {
    const { client: _c, ...noClient } = info;
    assert.deepEqual(PresenceEntry.parse({ website: noClient, aggregated: noClient }), presence);
    for (const bad of [{ status: 5 }, { timestamp: 'x' }, { client: 5 }]) {
      assert.equal(
        PresenceEntry.safeParse({ website: { ...info, ...bad }, aggregated: info }).success,
        false,
        JSON.stringify(bad),
      );
    }
  });
});

describe('API: user input messages', () => {
  const refuses = (key: Parameters<typeof refusal>[0], raw: Record<string, unknown>, message: string) =>
    assert.equal(refusal(key, raw), message);

  it('accepts email addresses and refuses other text', () => {
    for (const email of ['hamlet@example.com', 'a@b', 'user12@chat.example.com', '  x.y+z@host  ']) {
      assert.equal(prepare('GET /users/{email}', { email }, NEW).email, email.trim());
    }
    for (const email of [
      'hamlet',
      'hamlet@',
      '@example.com',
      'a@b@c',
      'king hamlet@example.com',
      'hamlet@example com',
      'hamlet@@example.com',
      ' @ ',
    ]) {
      refuses('GET /users/{email}', { email }, 'Give an email address, e.g. user12@chat.example.com.');
    }
  });

  it('names the faulty flag, status field and id', () => {
    refuses('GET /users/{email}', { email: 5 }, 'The email address must be text.');
    refuses('GET /users/{email}', {}, 'The email address is required.');
    for (const key of ['GET /users/{email}', 'GET /users'] as const) {
      for (const name of ['client_gravatar', 'include_custom_profile_fields']) {
        refuses(key, { email: 'a@b', [name]: 'yes' }, `"${name}" must be true or false.`);
      }
    }
    for (const name of ['ping_only', 'new_user_input', 'slim_presence']) {
      refuses('POST /users/me/presence', { status: 'active', [name]: 1 }, `"${name}" must be true or false.`);
    }
    for (const key of ['POST /users/me/status', 'POST /users/{user_id}/status'] as const) {
      refuses(key, { user_id: 1, emoji_name: 5 }, 'The emoji name must be text.');
      refuses(key, { user_id: 1, emoji_code: 5 }, 'The emoji code must be text.');
      refuses(
        key,
        { user_id: 1, status_text: 'x'.repeat(61) },
        'The status text can be at most 60 characters (an emoji counts as one).',
      );
    }
    refuses('POST /users/me/status', { away: 'yes' }, 'Away must be true or false.');
    refuses('POST /users/{user_id}/status', { user_id: 'x', away: true }, 'The user id must be a number.');
    refuses(
      'POST /users/me/muted_users/{muted_user_id}',
      { muted_user_id: 'x' },
      'The muted user id must be a number.',
    );
    refuses(
      'DELETE /users/me/muted_users/{muted_user_id}',
      { muted_user_id: 'x' },
      'The muted user id must be a number.',
    );
  });

  it('applies the status rules to another user status too', () => {
    assert.throws(() => prepare('POST /users/{user_id}/status', { user_id: 4 }, NEW), /Nothing to change/);
    assert.throws(
      () => prepare('POST /users/{user_id}/status', { user_id: 4, emoji_code: '1f697' }, NEW),
      /needs the emoji name/,
    );
  });

  it('reports presence as active or idle only', () => {
    for (const status of ['active', 'idle'])
      assert.equal(prepare('POST /users/me/presence', { status }, NEW).status, status);
    for (const status of ['away', '', undefined])
      refuses('POST /users/me/presence', { status }, 'The presence status must be active or idle.');
  });

  it('takes last_update_id from -1 (everything) up', () => {
    for (const id of [-1, 0, 31])
      assert.equal(
        prepare('POST /users/me/presence', { status: 'active', last_update_id: id }, NEW).last_update_id,
        id,
      );
    assert.match(refusal('POST /users/me/presence', { status: 'active', last_update_id: -2 }), /-1/);
  });
});
