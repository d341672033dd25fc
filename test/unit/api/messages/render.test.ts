// `POST /messages/render` (the compose box's preview) against the local server, and the store's
// lists the compose box's completions read (every known channel, the organisation's groups).
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { getMessages, renderMessage } from '../../../../src/api/messages/routes';
import { ChatStore } from '../../../../src/store';
import { MEMBER, withServer } from '../../support/server';
import { refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

describe('API: render a message', function () {
  const suite = withServer();
  let alice: ChatClient;

  before(function () {
    alice = suite.client(MEMBER, 0);
  });

  it('answers the HTML a message with that content would have, and stores nothing', async function () {
    const newest = async () =>
      (await getMessages(alice, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [] })).messages[0]?.id;
    const before = await newest();
    const { rendered } = await renderMessage(alice, { content: '**foo** :tada:' });
    assert.equal(
      rendered,
      '<p><strong>foo</strong> <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>',
    );
    const mention = await renderMessage(alice, { content: '@**Bob Brown** $$x^2$$' });
    assert.match(mention.rendered, /<span class="user-mention" data-user-id="\d+">@Bob Brown<\/span>/);
    assert.match(mention.rendered, /class="katex"/);
    assert.equal(await newest(), before, 'no message was sent');
  });

  it('refuses empty content and content over max_message_length before sending; the limit itself passes', async function () {
    const dead = offlineClient({ limits: { maxMessageLength: 10 } });
    await refused(renderMessage(dead, { content: '' }), 'content', /nothing to preview/);
    await refused(renderMessage(dead, { content: '12345678901' }), 'content', /at most 10/);
    // Exactly the limit is sent (and fails only because nothing listens there).
    await assert.rejects(renderMessage(dead, { content: '1234567890' }), (e: Error) => !/at most/.test(e.message));
  });
});

describe('store: what completions read', function () {
  it("every known channel (subscribed or not) and the organisation's groups with their state", function () {
    const store = new ChatStore();
    store.reset(
      RegisterSnapshot.parse({
        queue_id: 'q',
        last_event_id: -1,
        chat_feature_level: 420,
        user_id: 1,
        email: 'me@example.com',
        realm_users: [],
        subscriptions: [{ stream_id: 1, name: 'general', color: '#76ce90', is_muted: false, pin_to_top: false }],
        never_subscribed: [{ stream_id: 3, name: 'elsewhere', is_archived: true }],
        realm_user_groups: [
          { id: 1, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
          {
            id: 9,
            name: 'movers',
            description: 'They move',
            is_system_group: false,
            members: [1],
            direct_subgroup_ids: [],
            deactivated: false,
          },
          { id: 10, name: 'old team', is_system_group: false, members: [], direct_subgroup_ids: [], deactivated: true },
        ],
      }),
    );
    assert.deepEqual([...store.channels()].map((c) => [c.stream_id, c.name, c.is_archived === true]).sort(), [
      [1, 'general', false],
      [3, 'elsewhere', true],
    ]);
    assert.deepEqual(store.realm.userGroups(), [
      { id: 1, name: 'role:everyone', isSystem: true, description: '', deactivated: false },
      { id: 9, name: 'movers', isSystem: false, description: 'They move', deactivated: false },
      { id: 10, name: 'old team', isSystem: false, description: '', deactivated: true },
    ]);
  });
});
