import { strict as assert } from 'node:assert';
import type { ChatEvent } from '../../../../src/api/events/models';
import { parseEvent } from '../../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { registerQueue } from '../../../../src/api/events/routes';
import { sendMessage } from '../../../../src/api/messages/routes';
import { ChatStore, directMessageRefusal } from '../../../../src/store';
import { DirectMessagesModel } from '../../../../src/views/directMessages/model';
import { GROUP } from '../../../server/state';
import { byEmail, withServer } from '../../support/server';
import { apiError } from '../../support/errors';
import { ownSnapshot, user } from '../../support/synthetic';

/** The Direct Messages tree's model, the DM permission check, and the local server's side of both. */

const ME = 10;
const ALICE = 11;
const BOB = 12;
const BOT = 13;
const GONE = 14;
const ADMIN = 15;

function snapshot(extra: Record<string, unknown> = {}): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [
      user(ME, 'Me'),
      user(ALICE, 'Alice'),
      user(BOB, 'Bob'),
      user(BOT, 'Bot', { is_bot: true }),
      user(ADMIN, 'Admin', { role: 200, is_admin: true }),
    ],
    realm_non_active_users: [user(GONE, 'Dora', { is_active: false })],
    unread_msgs: {
      count: 3,
      mentions: [],
      old_unreads_missing: false,
      streams: [],
      pms: [{ other_user_id: ALICE, unread_message_ids: [200, 201] }],
      huddles: [{ user_ids_string: `${ME},${ALICE},${BOB}`, unread_message_ids: [190] }],
    },
    recent_private_conversations: [
      { max_message_id: 201, user_ids: [ALICE] },
      { max_message_id: 195, user_ids: [BOB] },
      { max_message_id: 190, user_ids: [ALICE, BOB] },
      { max_message_id: 100, user_ids: [] },
    ],
    muted_users: [],
    realm_user_groups: [
      { id: 1, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 2, name: 'role:administrators', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 3, name: 'role:nobody', is_system_group: true, members: [], direct_subgroup_ids: [] },
    ],
    realm_direct_message_permission_group: 1,
    realm_direct_message_initiator_group: 1,
    ...extra,
  });
}

function dmEvent(id: number, sender: number, others: number[]): ChatEvent {
  const people = [...new Set([sender, ...others, ME])].map((u) => ({
    id: u,
    email: `u${u}@example.com`,
    full_name: `U${u}`,
  }));
  const parsed = parseEvent({
    id: 0,
    type: 'message',
    flags: [],
    message: {
      id,
      type: 'private',
      sender_id: sender,
      sender_email: `u${sender}@example.com`,
      sender_full_name: 'x',
      sender_realm_str: 'r',
      avatar_url: null,
      client: 'test',
      content: '<p>x</p>',
      content_type: 'text/html',
      display_recipient: people,
      recipient_id: 9,
      subject: '',
      topic_links: [],
      is_me_message: false,
      timestamp: 1_700_000_000,
      reactions: [],
      submessages: [],
    },
  });
  if (!parsed.ok) throw parsed.error;
  return parsed.event;
}

describe('Direct Messages tree model', () => {
  let store: ChatStore;
  let model: DirectMessagesModel;
  let fired: number;

  beforeEach(() => {
    store = new ChatStore();
    store.reset(snapshot());
    model = new DirectMessagesModel();
    model.setStore(store);
    fired = 0;
    model.onDidChange(() => fired++);
    store.onDidChange((c) => model.onStoreChange(c));
  });

  it('lists recent conversations newest first with their unread counts', () => {
    assert.deepEqual(
      model.rows().map((r) => [r.node.key, r.maxMessageId, r.unread]),
      [
        [String(ALICE), 201, 2],
        [String(BOB), 195, 0],
        [`${ALICE},${BOB}`, 190, 1],
        [String(ME), 100, 0],
      ],
    );
    assert.deepEqual(model.rows()[2]!.node.userIds, [ALICE, BOB]);
    assert.deepEqual(model.rows()[3]!.node.userIds, [], 'the conversation with oneself has no other users');
  });

  it('a new direct message moves its conversation to the top (or adds it) and counts it unread', async () => {
    await store.apply([dmEvent(300, BOB, [])]);
    assert.ok(fired > 0, 'the model says it changed');
    assert.deepEqual(
      model
        .rows()
        .slice(0, 2)
        .map((r) => [r.node.key, r.unread]),
      [
        [String(BOB), 1],
        [String(ALICE), 2],
      ],
    );
    await store.apply([dmEvent(301, ADMIN, [BOB])]);
    assert.deepEqual(model.rows()[0]!.node.userIds, [BOB, ADMIN]);
    assert.equal(model.rows()[0]!.unread, 1);
    assert.equal(model.rows().length, 5);
  });

  it('an own message moves the conversation up without an unread', async () => {
    await store.apply([dmEvent(302, ME, [ALICE, BOB])]);
    assert.deepEqual(model.rows().map((r) => r.node.key)[0], `${ALICE},${BOB}`);
    assert.equal(model.rows()[0]!.unread, 1, 'the earlier unread stays, the own message is not counted');
  });

  it('keeps one node object per conversation across reorders', async () => {
    const bobNode = model.rows()[1]!.node;
    await store.apply([dmEvent(303, BOB, [])]);
    assert.equal(model.rows()[0]!.node, bobNode);
  });

  it('leaves out 1:1 conversations with muted users, but not group conversations with them', () => {
    store.reset(snapshot({ muted_users: [{ id: ALICE, timestamp: 1 }] }));
    model.onStoreChange({
      full: true,
      areas: new Set(),
      streamIds: new Set(),
      messageIds: new Set(),
      userIds: new Set(),
    });
    assert.deepEqual(
      model.rows().map((r) => r.node.key),
      [String(BOB), `${ALICE},${BOB}`, String(ME)],
    );
  });

  it('is empty without a store', () => {
    model.setStore(undefined);
    assert.deepEqual(model.rows(), []);
  });
});

describe('direct message permission check', () => {
  const refusal = (extra: Record<string, unknown>, others: number[]): string | undefined => {
    const store = new ChatStore();
    store.reset(snapshot(extra));
    return directMessageRefusal(store, others);
  };

  it('allows everyone by default', () => {
    assert.equal(refusal({}, [ALICE]), undefined);
    assert.equal(refusal({}, [ALICE, BOB]), undefined);
  });

  it('refuses a deactivated user with the reason', () => {
    assert.equal(refusal({}, [ALICE, GONE]), 'Cannot send to Dora: the user is deactivated.');
  });

  it('needs a participant who can authorize the conversation', () => {
    const admins = { realm_direct_message_permission_group: 2 };
    assert.equal(refusal(admins, [ALICE]), 'This conversation does not include any users who can authorize it.');
    assert.equal(refusal(admins, [ALICE, ADMIN]), undefined, 'an administrator among the recipients authorizes it');
    assert.equal(
      refusal({ realm_direct_message_permission_group: { direct_members: [BOB], direct_subgroups: [] } }, [BOB]),
      undefined,
    );
    assert.equal(
      refusal({ realm_direct_message_permission_group: { direct_members: [BOB], direct_subgroups: [] } }, [ALICE]),
      'This conversation does not include any users who can authorize it.',
    );
    assert.equal(
      refusal({ realm_direct_message_permission_group: { direct_members: [], direct_subgroups: [2] } }, [ADMIN]),
      undefined,
    );
  });

  it('needs the initiator group only for a new conversation', () => {
    const nobody = { realm_direct_message_initiator_group: 3 };
    assert.equal(refusal(nobody, [ADMIN]), 'You do not have permission to initiate direct message conversations.');
    assert.equal(refusal(nobody, [ALICE]), undefined, 'replying in an existing conversation is allowed');
    assert.equal(refusal(nobody, [ALICE, BOB]), undefined);
  });

  it('always allows conversations with bots only', () => {
    assert.equal(
      refusal({ realm_direct_message_permission_group: 3, realm_direct_message_initiator_group: 3 }, [BOT]),
      undefined,
    );
    assert.equal(
      refusal({ realm_direct_message_permission_group: 3 }, [BOT, ALICE]),
      'This conversation does not include any users who can authorize it.',
    );
  });

  it('leaves unknown groups to the server', () => {
    assert.equal(
      refusal({ realm_direct_message_permission_group: 99, realm_direct_message_initiator_group: 99 }, [ADMIN]),
      undefined,
    );
  });
});

describe('local server: recent_private_conversations and DM permissions', function () {
  this.timeout(20_000);
  const suite = withServer();
  const settings = () => suite.server.state.realm.settings;
  afterEach(() => {
    settings().direct_message_permission_group = GROUP.everyone;
    settings().direct_message_initiator_group = GROUP.everyone;
  });

  it('/register sends recent_private_conversations newest first, user_ids without self', async () => {
    const alice = byEmail(suite.server, 'alice');
    const snap = await registerQueue(suite.clientOf(alice), {
      fetch_event_types: ['recent_private_conversations'],
      event_types: ['message'],
    });
    const recent = snap.recent_private_conversations!;
    const ids = (local: string) => byEmail(suite.server, local).userId;
    assert.deepEqual(
      recent.map((r) => r.user_ids),
      [[ids('bob')], [ids('olivia'), ids('bob'), ids('carol')].sort((a, b) => a - b), [ids('carol')]],
    );
    for (let i = 1; i < recent.length; i++) assert.ok(recent[i - 1]!.max_message_id > recent[i]!.max_message_id);
    assert.equal(snap.unread_msgs, undefined, 'only the fetched section comes back');
  });

  it("refuses a conversation nobody in it can authorize, with Zulip's error", async () => {
    settings().direct_message_permission_group = GROUP.administrators;
    const bob = suite.clientOf(byEmail(suite.server, 'bob'));
    const err = await apiError(
      sendMessage(bob, { type: 'direct', to: [byEmail(suite.server, 'carol').userId], content: 'hi' }),
      'BAD_REQUEST',
      400,
    );
    assert.equal(err.message, 'This conversation does not include any users who can authorize it.');
    await sendMessage(bob, {
      type: 'direct',
      to: [byEmail(suite.server, 'adam').userId],
      content: 'an admin authorizes it',
    });
  });

  it('refuses starting a conversation outside the initiator group, but allows replies', async () => {
    settings().direct_message_initiator_group = GROUP.nobody;
    const bob = suite.clientOf(byEmail(suite.server, 'bob'));
    const err = await apiError(
      sendMessage(bob, { type: 'direct', to: [byEmail(suite.server, 'maya').userId], content: 'new' }),
      'BAD_REQUEST',
      400,
    );
    assert.equal(err.message, 'You do not have permission to initiate direct message conversations.');
    await sendMessage(bob, { type: 'direct', to: [byEmail(suite.server, 'alice').userId], content: 'a reply' });
  });

  it('refuses a deactivated recipient as Zulip does', async () => {
    const bob = suite.clientOf(byEmail(suite.server, 'bob'));
    const dora = byEmail(suite.server, 'dora');
    const err = await apiError(
      sendMessage(bob, { type: 'direct', to: [dora.userId], content: 'hello?' }),
      'BAD_REQUEST',
      400,
    );
    assert.match(err.message, /^'.+' is no longer using Zulip\.$/);
  });
});
