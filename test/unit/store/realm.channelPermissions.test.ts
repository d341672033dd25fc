// A channel's own permission groups (issue 27 item 4): RealmState's rules at their exact
// boundaries, the feature level of each setting (at it and one below) against the local server,
// the server's enforcement with the real server's messages, and the live updates (a stream update
// event for the setting, user_group events for the membership).
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api/client';
import { ChatSession } from '../../../src/store/session';
import { RealmState } from '../../../src/store/realm';
import { GROUP } from '../../server/state';
import { byEmail, clientFor, withServer, type Account, type RunningServer } from '../support/server';

const ME = 10;
const OTHER = 11;
const ADMIN = 200;
const MODERATOR = 300;
const MEMBER = 400;
const EVERYONE = 1;
const NOBODY = 4;
const MINE = 5; // lists ME
const THEIRS = 6; // lists OTHER only
const GROUPS = [
  { id: EVERYONE, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: NOBODY, name: 'role:nobody', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: MINE, name: 'mine', is_system_group: false, members: [ME], direct_subgroup_ids: [] },
  { id: THEIRS, name: 'theirs', is_system_group: false, members: [OTHER], direct_subgroup_ids: [] },
];
/** The organisation allows nobody anything: only a channel's own groups can. */
const LOCKED = {
  realm_can_move_messages_between_topics_group: NOBODY,
  realm_can_move_messages_between_channels_group: NOBODY,
  realm_can_resolve_topics_group: NOBODY,
  realm_can_delete_any_message_group: NOBODY,
  realm_can_delete_own_message_group: NOBODY,
  realm_message_content_delete_limit_seconds: 600,
};

function realm(role: number, snapshot: Record<string, unknown> = LOCKED): RealmState {
  const r = new RealmState(
    () => role,
    () => ME,
  );
  r.reset({ realm_user_groups: GROUPS, ...snapshot });
  return r;
}
const channel = (fields: Record<string, unknown>) => ({ stream_id: 3, name: 'design', ...fields });

describe('per-channel permission groups: the rules', () => {
  it("moving within a channel: its group, its administrators, the organisation's administrators; nothing without the field", () => {
    const member = realm(MEMBER);
    assert.equal(member.canMoveBetweenTopics(), false);
    assert.equal(member.canMoveBetweenTopics(channel({})), false, 'below FL 396 the organisation decides');
    assert.equal(member.canMoveBetweenTopics(channel({ can_move_messages_within_channel_group: MINE })), true);
    assert.equal(member.canMoveBetweenTopics(channel({ can_move_messages_within_channel_group: THEIRS })), false);
    assert.equal(
      member.canMoveBetweenTopics(
        channel({ can_move_messages_within_channel_group: { direct_members: [ME], direct_subgroups: [] } }),
      ),
      true,
    );
    assert.equal(
      member.canMoveBetweenTopics(
        channel({ can_move_messages_within_channel_group: NOBODY, can_administer_channel_group: MINE }),
      ),
      true,
      'a channel administrator',
    );
    assert.equal(
      member.canMoveBetweenTopics(
        channel({ can_move_messages_within_channel_group: NOBODY, can_administer_channel_group: THEIRS }),
      ),
      false,
    );
    assert.equal(
      realm(ADMIN).canMoveBetweenTopics(channel({ can_move_messages_within_channel_group: NOBODY })),
      true,
      'administrators administer every channel',
    );
    assert.equal(
      realm(MODERATOR).canMoveBetweenTopics(channel({ can_move_messages_within_channel_group: NOBODY })),
      false,
      'moderators do not',
    );
    assert.equal(
      realm(ADMIN).canMoveBetweenTopics(channel({})),
      false,
      "without the field, only the organisation's group",
    );
    assert.equal(
      realm(MEMBER, { ...LOCKED, realm_can_move_messages_between_topics_group: EVERYONE }).canMoveBetweenTopics(
        channel({ can_move_messages_within_channel_group: NOBODY }),
      ),
      true,
      'the channel only widens',
    );
  });

  it('moving out of a channel: the same, with can_move_messages_out_of_channel_group', () => {
    const member = realm(MEMBER);
    assert.equal(member.canMoveBetweenChannels(channel({})), false);
    assert.equal(member.canMoveBetweenChannels(channel({ can_move_messages_out_of_channel_group: MINE })), true);
    assert.equal(member.canMoveBetweenChannels(channel({ can_move_messages_out_of_channel_group: THEIRS })), false);
    assert.equal(
      member.canMoveBetweenChannels(channel({ can_move_messages_within_channel_group: MINE })),
      false,
      'the other group does not count',
    );
    assert.equal(
      member.canMoveBetweenChannels(
        channel({ can_move_messages_out_of_channel_group: NOBODY, can_administer_channel_group: MINE }),
      ),
      true,
    );
    assert.equal(
      realm(ADMIN).canMoveBetweenChannels(channel({ can_move_messages_out_of_channel_group: NOBODY })),
      true,
    );
    assert.equal(
      realm(MODERATOR).canMoveBetweenChannels(channel({ can_move_messages_out_of_channel_group: NOBODY })),
      false,
    );
  });

  it("resolving: the channel's group adds its members; administrators of the channel get nothing from it", () => {
    const member = realm(MEMBER);
    assert.equal(member.canResolveTopics(), false);
    assert.equal(member.canResolveTopics(channel({})), false, 'below FL 402');
    assert.equal(member.canResolveTopics(channel({ can_resolve_topics_group: MINE })), true);
    assert.equal(member.canResolveTopics(channel({ can_resolve_topics_group: THEIRS })), false);
    assert.equal(
      member.canResolveTopics(channel({ can_resolve_topics_group: NOBODY, can_administer_channel_group: MINE })),
      false,
    );
    assert.equal(realm(ADMIN).canResolveTopics(channel({ can_resolve_topics_group: NOBODY })), false);
    assert.equal(
      member.canResolveTopics(channel({ can_resolve_topics_group: 999 })),
      true,
      'an unknown group: the server decides',
    );
  });

  it("deleting: the channel's groups for any message and for one's own, within the organisation's time limit", () => {
    const member = realm(MEMBER);
    const any = channel({ can_delete_any_message_group: MINE, can_delete_own_message_group: NOBODY });
    const own = channel({ can_delete_any_message_group: NOBODY, can_delete_own_message_group: MINE });
    const neither = channel({ can_delete_any_message_group: THEIRS, can_delete_own_message_group: THEIRS });
    assert.equal(member.deleteRefusal(false, 10 ** 6, any), undefined, 'any message, at any age');
    assert.match(member.deleteRefusal(false, 1, own) ?? '', /only your own messages/);
    assert.equal(member.deleteRefusal(true, 600, own), undefined, 'at the limit');
    assert.match(
      member.deleteRefusal(true, 601, own) ?? '',
      /time limit for deleting your messages \(10 minutes\) has passed/,
    );
    assert.equal(
      member.deleteRefusal(true, 1, neither),
      'neither the organization nor #design lets you delete your messages.',
    );
    assert.equal(
      member.deleteRefusal(true, 1, channel({})),
      'the organization does not let you delete messages.',
      'below FL 407',
    );
    assert.equal(member.canDeleteMessage(false, 1, any), true);
    assert.equal(member.canDeleteMessage(false, 1, neither), false);
  });

  it('starting a topic: only can_create_topic_group, whoever one is; no field, no restriction', () => {
    assert.equal(realm(MEMBER).newTopicRefusal(channel({})), undefined, 'below FL 441');
    assert.equal(realm(MEMBER).newTopicRefusal(channel({ can_create_topic_group: EVERYONE })), undefined);
    assert.equal(realm(MEMBER).newTopicRefusal(channel({ can_create_topic_group: MINE })), undefined);
    assert.equal(
      realm(MEMBER).newTopicRefusal(
        channel({ can_create_topic_group: { direct_members: [ME], direct_subgroups: [] } }),
      ),
      undefined,
    );
    const refusal = realm(ADMIN).newTopicRefusal(channel({ can_create_topic_group: THEIRS }));
    assert.equal(
      refusal,
      'You may not start new topics in #design (the channel lets only some users do that); reply in one of its topics instead.',
    );
    assert.ok(realm(MEMBER).newTopicRefusal(channel({ can_create_topic_group: NOBODY })));
  });

  it('user_group events change the membership the rules read', () => {
    const r = realm(MEMBER);
    const ch = channel({ can_resolve_topics_group: THEIRS });
    assert.equal(r.canResolveTopics(ch), false);
    assert.equal(r.applyGroupEvent({ op: 'add_members', group_id: THEIRS, user_ids: [ME] }), true);
    assert.equal(r.canResolveTopics(ch), true);
    r.applyGroupEvent({ op: 'remove_members', group_id: THEIRS, user_ids: [ME] });
    assert.equal(r.canResolveTopics(ch), false);
    r.applyGroupEvent({ op: 'add_subgroups', group_id: THEIRS, direct_subgroup_ids: [MINE] });
    assert.equal(r.canResolveTopics(ch), true, 'through a subgroup');
    r.applyGroupEvent({ op: 'remove_subgroups', group_id: THEIRS, direct_subgroup_ids: [MINE] });
    assert.equal(r.canResolveTopics(ch), false);
    r.applyGroupEvent({
      op: 'add',
      group: { id: 40, name: 'new', members: [ME], direct_subgroup_ids: [], is_system_group: false },
    });
    assert.equal(r.canResolveTopics(channel({ can_resolve_topics_group: 40 })), true);
    r.applyGroupEvent({ op: 'update', group_id: 40, data: { name: 'renamed' } });
    assert.equal(r.groupName(40), 'renamed');
    assert.equal(r.canResolveTopics(channel({ can_resolve_topics_group: 40 })), true, 'an update keeps the members');
    r.applyGroupEvent({ op: 'remove', group_id: 40 });
    assert.equal(r.groupName(40), undefined);
    assert.equal(r.applyGroupEvent({ op: 'add_members', group_id: 77, user_ids: [ME] }), false, 'an unknown group');
  });
});

/** The settings of each feature level (issue 27: at the level and one below). */
const GATES: [number, string[]][] = [
  [396, ['can_move_messages_within_channel_group', 'can_move_messages_out_of_channel_group']],
  [402, ['can_resolve_topics_group']],
  [407, ['can_delete_any_message_group', 'can_delete_own_message_group']],
  [441, ['can_create_topic_group']],
];

async function form(
  server: RunningServer,
  who: Account,
  method: string,
  path: string,
  params: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    body,
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64'),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function until(what: string, test: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('per-channel permission groups against the local server', function () {
  const servers = withServer({}, 'none');
  this.timeout(60_000);
  const DESIGN = 3;

  for (const [level, fields] of GATES) {
    for (const fl of [level, level - 1]) {
      it(`feature level ${fl}: the channel ${fl >= level ? 'carries' : 'lacks'} ${fields.join(', ')}, and the decisions follow`, async () => {
        const server = (await servers.start({ featureLevel: fl })).server;
        const client = clientFor(server, byEmail(server, 'adam'));
        const session = new ChatSession(client, {});
        try {
          await session.start();
          const design = session.store.subscription(DESIGN)!;
          assert.equal(design.name, 'design');
          for (const f of fields) assert.equal(f in design, fl >= level, f);
          const realm = session.store.realm;
          if (level === 396) {
            // The organisation lets nobody rename topics; Adam administers every channel (FL 396 on).
            realm.update({
              can_move_messages_between_topics_group: GROUP.nobody,
              can_move_messages_between_channels_group: GROUP.nobody,
            });
            assert.equal(realm.canMoveBetweenTopics(design), fl >= level);
            assert.equal(realm.canMoveBetweenChannels(design), fl >= level);
          }
          if (level === 402) {
            realm.update({ can_resolve_topics_group: GROUP.nobody });
            assert.equal(
              realm.canResolveTopics({
                ...design,
                can_resolve_topics_group: design.can_resolve_topics_group === undefined ? undefined : GROUP.everyone,
              }),
              fl >= level,
            );
          }
          if (level === 441) {
            // #design lets only its team start topics; Adam (an administrator) is not in it.
            assert.equal(session.store.realm.newTopicRefusal(design) !== undefined, fl >= level);
            const sent = form(server, byEmail(server, 'adam'), 'POST', '/messages', {
              type: 'stream',
              to: DESIGN,
              topic: `new ${fl}`,
              content: 'hi',
            });
            assert.deepEqual(
              (await sent).body.msg,
              fl >= level ? 'You do not have permission to create new topics in this channel.' : '',
            );
          }
          if (level === 407) {
            // …and lets its team delete any message there: Alice, not an administrator.
            const alice = new ChatSession(clientFor(server, byEmail(server, 'alice')), {});
            await alice.start();
            try {
              assert.equal(alice.store.realm.canDeleteMessage(false, 1, alice.store.subscription(DESIGN)), fl >= level);
            } finally {
              await alice.stop();
            }
          }
        } finally {
          await session.stop();
          await client.close();
        }
      });
    }
  }

  describe('enforcement and live updates', () => {
    let server: RunningServer;
    let aliceClient: ChatClient;
    let alice: ChatSession;
    const testServer = withServer({ longpollTimeoutSeconds: 2 });
    before(async () => {
      server = testServer.server;
      aliceClient = clientFor(server, byEmail(server, 'alice'));
      alice = new ChatSession(aliceClient, {});
      await alice.start();
    });
    after(async () => {
      await alice?.stop();
      await aliceClient?.close();
    });
    const adam = () => byEmail(server, 'adam');
    const design = () => alice.store.subscription(DESIGN)!;

    it('refuses a new topic to a user outside can_create_topic_group, not a reply in an existing one', async () => {
      const olivia = byEmail(server, 'olivia');
      const fresh = await form(server, olivia, 'POST', '/messages', {
        type: 'stream',
        to: DESIGN,
        topic: 'owner topic',
        content: 'x',
      });
      assert.equal(fresh.status, 400);
      assert.deepEqual(
        [fresh.body.code, fresh.body.msg],
        ['BAD_REQUEST', 'You do not have permission to create new topics in this channel.'],
      );
      const reply = await form(server, olivia, 'POST', '/messages', {
        type: 'stream',
        to: DESIGN,
        topic: 'MOCKUPS',
        content: 'x',
      });
      assert.equal(reply.status, 200, 'an existing topic (any case)');
    });

    it('refuses resolving where neither the organisation nor the channel allows it, with the channel message', async () => {
      const realmSet = (group: number) =>
        form(server, adam(), 'PATCH', '/realm', { can_resolve_topics_group: { new: group } });
      assert.equal((await realmSet(GROUP.nobody)).status, 200);
      try {
        await until(
          'the realm update_dict event',
          () => alice.store.realm.settings.can_resolve_topics_group === GROUP.nobody,
        );
        const id = (
          await form(server, byEmail(server, 'carol'), 'POST', '/messages', {
            type: 'stream',
            to: DESIGN,
            topic: 'mockups',
            content: 'resolve me',
          })
        ).body.id as number;
        const resolve = () =>
          form(server, byEmail(server, 'alice'), 'PATCH', `/messages/${id}`, {
            topic: '✔ mockups',
            propagate_mode: 'change_one',
          });
        const refused = await resolve();
        assert.deepEqual(
          [refused.status, refused.body.msg],
          [400, "You don't have permission to resolve topics in this channel."],
        );
        assert.equal(alice.store.realm.canResolveTopics(design()), false);
        const set = await form(server, adam(), 'PATCH', `/streams/${DESIGN}`, {
          can_resolve_topics_group: { new: 30 },
        });
        assert.equal(set.status, 200, JSON.stringify(set.body));
        await until('the stream update event', () => design().can_resolve_topics_group === 30);
        assert.equal(alice.store.realm.canResolveTopics(design()), true);
        assert.equal(alice.store.realm.canResolveTopics(alice.store.subscription(1)), false, 'in #design only');
        assert.equal((await resolve()).status, 200);
        const byMember = await form(server, byEmail(server, 'alice'), 'PATCH', '/realm', {
          can_resolve_topics_group: { new: GROUP.everyone },
        });
        assert.deepEqual([byMember.status, byMember.body.msg], [400, 'Must be an organization administrator']);
      } finally {
        await realmSet(GROUP.everyone);
      }
    });

    it("lets the channel's delete group delete any message there, and follows the membership live", async () => {
      const carols = (
        await form(server, byEmail(server, 'carol'), 'POST', '/messages', {
          type: 'stream',
          to: DESIGN,
          topic: 'mockups',
          content: 'delete me',
        })
      ).body.id as number;
      const elsewhere = (
        await form(server, byEmail(server, 'carol'), 'POST', '/messages', {
          type: 'stream',
          to: 1,
          topic: 'lunch plans',
          content: 'not me',
        })
      ).body.id as number;
      const aliceAccount = byEmail(server, 'alice');
      assert.equal(alice.store.realm.canDeleteMessage(false, 1, design()), true);
      const outside = await form(server, aliceAccount, 'DELETE', `/messages/${elsewhere}`, {});
      assert.deepEqual([outside.status, outside.body.msg], [400, "You don't have permission to delete this message"]);
      // Alice leaves the design team: a user_group event takes the permission away.
      const left = await form(server, adam(), 'POST', '/user_groups/30/members', { delete: [aliceAccount.userId] });
      assert.equal(left.status, 200, JSON.stringify(left.body));
      await until('the user_group event', () => !alice.store.realm.canDeleteMessage(false, 1, design()));
      const refused = await form(server, aliceAccount, 'DELETE', `/messages/${carols}`, {});
      assert.deepEqual([refused.status, refused.body.msg], [400, "You don't have permission to delete this message"]);
      await form(server, adam(), 'POST', '/user_groups/30/members', { add: [aliceAccount.userId] });
      await until('the user_group event', () => alice.store.realm.canDeleteMessage(false, 1, design()));
      assert.equal((await form(server, aliceAccount, 'DELETE', `/messages/${carols}`, {})).status, 200);
    });

    it("moving: the channel's groups widen the organisation's, with the real messages otherwise", async () => {
      const settings = server.state.realm.settings;
      const saved = [
        settings.can_move_messages_between_topics_group,
        settings.can_move_messages_between_channels_group,
      ];
      settings.can_move_messages_between_topics_group = GROUP.nobody;
      settings.can_move_messages_between_channels_group = GROUP.nobody;
      alice.store.realm.update({
        can_move_messages_between_topics_group: GROUP.nobody,
        can_move_messages_between_channels_group: GROUP.nobody,
      });
      try {
        const aliceAccount = byEmail(server, 'alice');
        const id = (
          await form(server, aliceAccount, 'POST', '/messages', {
            type: 'stream',
            to: DESIGN,
            topic: 'mockups',
            content: 'move me',
          })
        ).body.id as number;
        const rename = () =>
          form(server, aliceAccount, 'PATCH', `/messages/${id}`, {
            topic: 'mockups',
            propagate_mode: 'change_one',
            stream_id: 1,
          });
        const out = await rename();
        assert.deepEqual([out.status, out.body.msg], [400, "You don't have permission to move this message"]);
        const within = await form(server, aliceAccount, 'PATCH', `/messages/${id}`, {
          topic: 'icons',
          propagate_mode: 'change_one',
        });
        assert.deepEqual([within.status, within.body.msg], [400, "You don't have permission to edit this message"]);
        assert.equal(alice.store.realm.canMoveBetweenTopics(design()), false);
        await form(server, adam(), 'PATCH', `/streams/${DESIGN}`, {
          can_move_messages_within_channel_group: {
            new: { direct_members: [aliceAccount.userId], direct_subgroups: [] },
          },
        });
        await until('the stream update event', () => alice.store.realm.canMoveBetweenTopics(design()));
        assert.equal(alice.store.realm.canMoveBetweenChannels(design()), false);
        const stale = await form(server, adam(), 'PATCH', `/streams/${DESIGN}`, {
          can_move_messages_within_channel_group: { new: GROUP.nobody, old: GROUP.everyone },
        });
        assert.deepEqual([stale.status, stale.body.msg], [400, "'old' value does not match the expected value."]);
        const notAdmin = await form(server, aliceAccount, 'PATCH', `/streams/${DESIGN}`, {
          can_move_messages_within_channel_group: { new: GROUP.everyone },
        });
        assert.deepEqual(
          [notAdmin.status, notAdmin.body.msg],
          [400, 'You do not have permission to administer this channel.'],
        );
        // A topic of its own needs can_create_topic_group (Alice is in the design team): allowed.
        const moved = await form(server, aliceAccount, 'PATCH', `/messages/${id}`, {
          topic: 'icons',
          propagate_mode: 'change_one',
        });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
      } finally {
        [settings.can_move_messages_between_topics_group, settings.can_move_messages_between_channels_group] = saved;
        alice.store.realm.update({
          can_move_messages_between_topics_group: saved[0],
          can_move_messages_between_channels_group: saved[1],
        });
      }
    });
  });
});
