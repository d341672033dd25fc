// Whose address may be shown (src/api/users/email.ts): only `delivery_email`, which the server sends
// to those allowed to see it; the API `email` (a made-up `user5@host` when the address is hidden) never.
// Checked on the rule and where people are listed with an address: the profile card's model.
import assert from 'node:assert/strict';
import { visibleEmail } from '../../../../src/api/users/email';
import type { User } from '../../../../src/api/users/models';
import { buildProfileModel } from '../../../../src/webviews/profileModel';

function user(extra: Partial<User>): User {
  return {
    user_id: 5,
    email: 'user5@127.0.0.1',
    full_name: 'Eve Example',
    is_active: true,
    is_bot: false,
    role: 400,
    ...extra,
  } as User;
}

describe('visible email addresses', () => {
  it('the real address when the server sent it; none when it is null, left out or blank', () => {
    assert.equal(visibleEmail({ delivery_email: 'eve@corp.example' }), 'eve@corp.example');
    assert.equal(visibleEmail({ delivery_email: ' eve@corp.example ' }), 'eve@corp.example');
    assert.equal(visibleEmail({ delivery_email: null }), undefined);
    assert.equal(visibleEmail({}), undefined);
    assert.equal(visibleEmail({ delivery_email: '' }), undefined);
    // The API address is never taken for theirs, even when it looks real (an old server, another format).
    assert.equal(visibleEmail(user({ email: 'eve@corp.example', delivery_email: null })), undefined);
    assert.equal(visibleEmail(user({ email: 'user5@127.0.0.1' })), undefined);
  });

  it('the profile card shows the visible address only', () => {
    const input = {
      status: undefined,
      presence: 'offline',
      ownUserId: 1,
      realmUrl: 'http://127.0.0.1:9991',
      fieldDefs: [],
      userName: () => undefined,
    } as const;
    assert.equal(buildProfileModel({ ...input, user: user({ delivery_email: null }) }).email, undefined);
    assert.equal(
      buildProfileModel({ ...input, user: user({ email: 'eve.api@corp.example', delivery_email: null }) }).email,
      undefined,
    );
    assert.equal(
      buildProfileModel({ ...input, user: user({ delivery_email: 'eve@corp.example' }) }).email,
      'eve@corp.example',
    );
  });
});
