// Users by id (`getUsersById`): from FL.usersById the server is asked for just those users; an
// older server sends everyone and the client keeps the ones asked for. Against a recording server.
import assert from 'node:assert/strict';
import { FL } from '../../../../src/api/features';
import { getUsersById } from '../../../../src/api/users/byId';
import { user } from '../../support/synthetic';
import { brief, recordingServer } from '../../support/recordingServer';

describe('API: users by id', () => {
  const server = recordingServer();
  const everyone = [user(10), user(11), user(12)];

  it(`asks for just those users from feature level ${FL.usersById}, with gravatar avatars left to the client`, async () => {
    server.answer({ members: [user(11), user(12)] });
    const users = await getUsersById(server.client({ featureLevel: FL.usersById }), [11, 12]);
    assert.deepEqual(
      users.map((u) => u.user_id),
      [11, 12],
    );
    assert.deepEqual(brief(server.last()), {
      method: 'GET',
      path: '/api/v1/users',
      params: { user_ids: '[11,12]', client_gravatar: 'true' },
    });
  });

  it(`below feature level ${FL.usersById}, fetches every user and keeps the ones asked for`, async () => {
    server.answer({ members: everyone });
    const users = await getUsersById(server.client({ featureLevel: FL.usersById - 1 }), [12, 10]);
    assert.deepEqual(
      users.map((u) => u.user_id),
      [10, 12],
    );
    assert.deepEqual(brief(server.last()), {
      method: 'GET',
      path: '/api/v1/users',
      params: { client_gravatar: 'true' },
    });
  });

  it("learns the server's feature level first when the client does not know it yet", async () => {
    server.answer((request) =>
      request.path.endsWith('/server_settings')
        ? {
            zulip_feature_level: FL.usersById,
            zulip_version: '10.0',
            authentication_methods: {},
            external_authentication_methods: [],
          }
        : { members: [user(11)] },
    );
    const client = server.client();
    client.server = undefined;
    const users = await getUsersById(client, [11]);
    assert.deepEqual(
      users.map((u) => u.user_id),
      [11],
    );
    assert.deepEqual(
      server.requests.map((r) => [r.method, r.path, r.params.user_ids]),
      [
        ['GET', '/api/v1/server_settings', undefined],
        ['GET', '/api/v1/users', '[11]'],
      ],
    );
  });

  it('a cancelled lookup sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    server.answer({ members: everyone });
    await assert.rejects(getUsersById(server.client({ featureLevel: FL.usersById }), [11], controller.signal));
    await assert.rejects(getUsersById(server.client({ featureLevel: FL.usersById - 1 }), [11], controller.signal));
    assert.equal(server.requests.length, 0);
  });
});
