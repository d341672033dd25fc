// The direct message permission check from the sender's side: unknown users, a bot or an
// administrator as the own user, an own user the store does not know, the conversation with
// oneself, and a realm without the permission settings (hand-made snapshots, no server).
import assert from 'node:assert/strict';
import { ChatStore, directMessageRefusal } from '../../../src/store';
import { ownSnapshot, user } from '../support/synthetic';

const ME = 10;
const ALICE = 11;
const BOT = 13;
const ADMIN = 15;
const STRANGER = 99;
const NO_AUTHORIZER = 'This conversation does not include any users who can authorize it.';

const GROUPS = [
  { id: 1, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: 2, name: 'role:administrators', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: 3, name: 'role:nobody', is_system_group: true, members: [], direct_subgroup_ids: [] },
];

function refusal(
  opts: { me?: Record<string, unknown> | null; settings?: Record<string, unknown> },
  others: number[],
): string | undefined {
  const users = [
    user(ALICE, 'Alice'),
    user(BOT, 'Bot', { is_bot: true }),
    user(ADMIN, 'Admin', { role: 200, is_admin: true }),
  ];
  if (opts.me !== null) users.push(user(ME, 'Me', opts.me ?? {}));
  const store = new ChatStore();
  store.reset(
    ownSnapshot({
      realm_users: users,
      realm_user_groups: GROUPS,
      recent_private_conversations: [{ max_message_id: 5, user_ids: [ALICE] }],
      ...opts.settings,
    }),
  );
  return directMessageRefusal(store, others);
}

const ADMINS_AUTHORIZE = { realm_direct_message_permission_group: 2, realm_direct_message_initiator_group: 1 };

describe('direct message permission: the sender side', () => {
  it('a recipient the store does not know is no reason to refuse (the server decides)', () => {
    assert.equal(refusal({ settings: { realm_direct_message_permission_group: 1 } }, [STRANGER]), undefined);
  });

  it('a bot as the own user may always send', () => {
    assert.equal(
      refusal(
        {
          me: { is_bot: true },
          settings: { realm_direct_message_permission_group: 3, realm_direct_message_initiator_group: 3 },
        },
        [ALICE],
      ),
      undefined,
    );
  });

  it('the own user counts as a participant who can authorize', () => {
    assert.equal(refusal({ me: { role: 200, is_admin: true }, settings: ADMINS_AUTHORIZE }, [ALICE]), undefined);
    assert.equal(refusal({ settings: ADMINS_AUTHORIZE }, [ALICE]), NO_AUTHORIZER);
  });

  it('the conversation with oneself needs the own user to authorize it too', () => {
    assert.equal(refusal({ settings: ADMINS_AUTHORIZE }, []), NO_AUTHORIZER);
    assert.equal(refusal({ me: { role: 200, is_admin: true }, settings: ADMINS_AUTHORIZE }, []), undefined);
  });

  it('an own user missing from the store: only the recipients are judged', () => {
    assert.equal(refusal({ me: null, settings: ADMINS_AUTHORIZE }, [ALICE]), NO_AUTHORIZER);
    assert.equal(refusal({ me: null, settings: ADMINS_AUTHORIZE }, [ADMIN]), undefined);
  });

  it('a realm that sends neither permission setting allows everything', () => {
    assert.equal(refusal({ settings: {} }, [ALICE]), undefined);
    assert.equal(refusal({ settings: {} }, [ADMIN]), undefined);
  });
});
