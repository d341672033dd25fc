import assert from 'node:assert/strict';
import { muteUser, unmuteUser } from '../../../../src/api/users/routes';
import { accountWithRole, MEMBER, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

describe('API: muted users', function () {
  const suite = withServer();

  it('mutes and unmutes a user; the server refuses muting twice or unmuting an unmuted user', async function () {
    const alice = suite.client(MEMBER, 0);
    const bobId = accountWithRole(suite.server, MEMBER, 1).userId;
    await muteUser(alice, { muted_user_id: bobId });
    const twice = await apiError(muteUser(alice, { muted_user_id: bobId }), 'BAD_REQUEST', 400);
    assert.equal(twice.message, 'User already muted');
    await unmuteUser(alice, { muted_user_id: bobId });
    const notMuted = await apiError(unmuteUser(alice, { muted_user_id: bobId }), 'BAD_REQUEST', 400);
    assert.equal(notMuted.message, 'User is not muted');
  });

  it('refuses a bad user id before sending anything', async function () {
    await refused(muteUser(offlineClient(), { muted_user_id: -1 }), 'muted_user_id');
    await refused(unmuteUser(offlineClient(), { muted_user_id: 1.5 }), 'muted_user_id');
  });
});
