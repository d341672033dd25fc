// Message actions (issue 14, item 2): who may delete a message (the realm's groups, the legacy
// policies, the time limit at its exact value), the quote-and-reply text, and the local server's
// delete that the client's check mirrors.
import assert from 'node:assert/strict';
import { deleteMessage, sendMessage } from '../../../../src/api/messages/routes';
import { RealmState } from '../../../../src/store/realm';
import { quoteText } from '../../../../src/webviews/topicView/model';
import { ADMIN, MEMBER, withServer } from '../../support/server';
import { apiError } from '../../support/errors';

const GROUPS = [
  { id: 1, name: 'role:administrators', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: 2, name: 'role:members', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: 3, name: 'role:nobody', is_system_group: true, members: [], direct_subgroup_ids: [] },
];

function realm(role: number, settings: Record<string, unknown>): RealmState {
  const r = new RealmState(
    () => role,
    () => 10,
  );
  r.reset({ realm_user_groups: GROUPS, ...settings });
  return r;
}

describe('message actions: who may delete a message', () => {
  const groups = {
    realm_can_delete_any_message_group: 1,
    realm_can_delete_own_message_group: 2,
    realm_message_content_delete_limit_seconds: 600,
  };

  it('lets a member delete their own message up to the time limit, exactly', () => {
    const r = realm(400, groups);
    assert.equal(r.deleteRefusal(true, 600), undefined);
    assert.match(r.deleteRefusal(true, 600.5) ?? '', /time limit for deleting your messages \(10 minutes\) has passed/);
    assert.match(r.deleteRefusal(false, 1) ?? '', /only your own messages/);
    assert.equal(r.canDeleteMessage(true, 1), true);
  });

  it('lets the any-message group delete anything at any age; no limit means none', () => {
    const admin = realm(200, groups);
    assert.equal(admin.deleteRefusal(false, 10 ** 9), undefined);
    assert.equal(
      realm(400, { ...groups, realm_message_content_delete_limit_seconds: null }).deleteRefusal(true, 10 ** 9),
      undefined,
    );
  });

  it('refuses when the own-message group is nobody', () => {
    assert.match(
      realm(400, { ...groups, realm_can_delete_own_message_group: 3 }).deleteRefusal(true, 1) ?? '',
      /does not let you delete messages/,
    );
  });

  it('follows the legacy policies of older servers', () => {
    // delete_own_message_policy 4: moderators and above; administrators delete anything.
    assert.match(realm(400, { realm_delete_own_message_policy: 4 }).deleteRefusal(true, 1) ?? '', /does not let you/);
    assert.equal(realm(300, { realm_delete_own_message_policy: 4 }).deleteRefusal(true, 1), undefined);
    assert.equal(realm(200, {}).deleteRefusal(false, 1), undefined);
    assert.match(realm(400, { realm_allow_message_deleting: false }).deleteRefusal(true, 1) ?? '', /does not let you/);
    assert.equal(realm(400, { realm_allow_message_deleting: true }).deleteRefusal(true, 1), undefined);
  });
});

describe('message actions: quote and reply', () => {
  it('mentions the sender silently, links the message and fences the Markdown', () => {
    assert.equal(
      quoteText('Bob Brown', 12, 'https://chat.example.com/#narrow/channel/1-general/topic/x/near/5', 'Hello\n\n'),
      '@_**Bob Brown|12** [said](https://chat.example.com/#narrow/channel/1-general/topic/x/near/5):\n```quote\nHello\n```\n',
    );
  });

  it('uses a fence longer than any backtick run of the quoted text', () => {
    const text = quoteText('A', 1, 'https://x/#narrow/near/1', 'see\n````js\nx\n````');
    assert.ok(text.includes('\n`````quote\nsee\n````js\nx\n````\n`````\n'), text);
  });
});

describe('message actions: DELETE /messages/{message_id} on the local server', () => {
  const suite = withServer();

  it('deletes an own message; refuses another member’s', async () => {
    const member = suite.client(MEMBER);
    const admin = suite.client(ADMIN);
    const { id } = await sendMessage(admin, { type: 'stream', to: 1, topic: 'delete me', content: 'admin says' });
    const refused = await apiError(deleteMessage(member, { message_id: id }), 'BAD_REQUEST');
    assert.match(refused.message, /permission to delete this message/);
    const own = await sendMessage(member, { type: 'stream', to: 1, topic: 'delete me', content: 'mine' });
    await deleteMessage(member, { message_id: own.id });
    assert.equal(suite.server.state.messages.has(own.id), false);
    await deleteMessage(admin, { message_id: id });
    assert.equal(suite.server.state.messages.has(id), false);
  });
});
