// RealmState on hand-made snapshots: settings and limits, the own user's permissions (group
// settings, anonymous groups, legacy policy codes, system groups that follow the role) and the
// time limits in deletion refusals.
import assert from 'node:assert/strict';
import { RealmState } from '../../../src/store/realm';

const ME = 10;
const OTHER = 11;
const OWNER = 100;
const ADMIN = 200;
const MODERATOR = 300;
const MEMBER = 400;

const EVERYONE = 1;
const MEMBERS = 2;
const OWNERS = 3;
const NOBODY = 4;
const MOVERS = 5; // lists OTHER only
const UNKNOWN_GROUP = 999;

const GROUPS = [
  { id: EVERYONE, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: MEMBERS, name: 'role:members', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: OWNERS, name: 'role:owners', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: NOBODY, name: 'role:nobody', is_system_group: true, members: [], direct_subgroup_ids: [] },
  { id: MOVERS, name: 'movers', is_system_group: false, members: [OTHER], direct_subgroup_ids: [] },
];

function realm(role: number, snapshot: Record<string, unknown> = {}, groups: unknown[] = GROUPS): RealmState {
  const r = new RealmState(
    () => role,
    () => ME,
  );
  r.reset({ realm_user_groups: groups, ...snapshot });
  return r;
}

describe('RealmState: settings and limits', () => {
  it('strips only a leading realm_ from the fields of realm update events', () => {
    const r = realm(MEMBER);
    r.update({ realm_allow_message_editing: false, name_of_realm_x: 1, bare: 'b' });
    assert.equal(r.settings.allow_message_editing, false);
    assert.equal(r.canEditContent(), false);
    assert.equal(r.settings.name_of_realm_x, 1);
    assert.equal(r.settings.name_of_x, undefined);
    assert.equal(r.settings.bare, 'b');
  });

  it('reads the channel name, description and long-poll limits, with their defaults', () => {
    const defaults = realm(MEMBER);
    assert.equal(defaults.maxChannelNameLength, 60);
    assert.equal(defaults.maxChannelDescriptionLength, 1024);
    assert.equal(defaults.longpollTimeoutSeconds, 90);
    const set = realm(MEMBER, {
      max_stream_name_length: 42,
      max_stream_description_length: 500,
      event_queue_longpoll_timeout_seconds: 30,
    });
    assert.equal(set.maxChannelNameLength, 42);
    assert.equal(set.maxChannelDescriptionLength, 500);
    assert.equal(set.longpollTimeoutSeconds, 30);
  });

  it('allows content editing unless the organisation turned it off', () => {
    assert.equal(realm(MEMBER).canEditContent(), true);
    assert.equal(realm(MEMBER, { realm_allow_message_editing: true }).canEditContent(), true);
    assert.equal(realm(MEMBER, { realm_allow_message_editing: false }).canEditContent(), false);
  });

  it('treats a zero or missing time limit as none', () => {
    assert.equal(realm(MEMBER, { realm_message_content_edit_limit_seconds: 0 }).contentEditLimitSeconds, null);
    assert.equal(realm(MEMBER, { realm_message_content_edit_limit_seconds: 'soon' }).contentEditLimitSeconds, null);
    assert.equal(realm(MEMBER, { realm_message_content_edit_limit_seconds: 1 }).contentEditLimitSeconds, 1);
    assert.equal(
      realm(MEMBER, {
        realm_allow_message_deleting: true,
        realm_message_content_delete_limit_seconds: 0,
      }).deleteRefusal(true, 10 ** 9),
      undefined,
    );
  });

  it('limits moving between channels in time for members only', () => {
    const snapshot = { realm_move_messages_between_streams_limit_seconds: 3600 };
    assert.equal(realm(MEMBER, snapshot).moveBetweenChannelsLimitSeconds, 3600);
    assert.equal(realm(MODERATOR, snapshot).moveBetweenChannelsLimitSeconds, null);
    assert.equal(realm(MEMBER).moveBetweenChannelsLimitSeconds, null);
  });

  it('lists groups without a name as unnamed', () => {
    const r = realm(MEMBER, {}, [{ id: 7, is_system_group: false }]);
    assert.deepEqual(r.userGroups(), [{ id: 7, name: '', description: '', isSystem: false, deactivated: false }]);
    assert.equal(r.inGroup(7), false);
  });
});

describe('RealmState: moving and resolving topics', () => {
  it('follows the legacy edit_topic_policy for topic moves on older servers', () => {
    assert.equal(realm(MEMBER, { realm_edit_topic_policy: 2 }).canMoveBetweenTopics(), false);
    assert.equal(realm(ADMIN, { realm_edit_topic_policy: 2 }).canMoveBetweenTopics(), true);
  });

  it('counts an unknown group as allowed (the server has the last word)', () => {
    assert.equal(
      realm(MEMBER, { realm_can_move_messages_between_topics_group: UNKNOWN_GROUP }).canMoveBetweenTopics(),
      true,
    );
  });

  it('resolves topics by its own group when the server sends one, else by the topic-move permission', () => {
    const own = realm(MEMBER, {
      realm_can_resolve_topics_group: NOBODY,
      realm_can_move_messages_between_topics_group: EVERYONE,
    });
    assert.equal(own.canResolveTopics(), false);
    assert.equal(own.canMoveBetweenTopics(), true);
    const ownAllows = realm(MEMBER, {
      realm_can_resolve_topics_group: EVERYONE,
      realm_can_move_messages_between_topics_group: NOBODY,
    });
    assert.equal(ownAllows.canResolveTopics(), true);
    assert.equal(realm(MEMBER, { realm_can_move_messages_between_topics_group: NOBODY }).canResolveTopics(), false);
    assert.equal(realm(MEMBER, { realm_edit_topic_policy: 2 }).canResolveTopics(), false);
    assert.equal(realm(MEMBER, { realm_can_move_messages_between_topics_group: MEMBERS }).canResolveTopics(), true);
  });
});

describe('RealmState: posting to a channel', () => {
  it('lets anyone post to a channel without restrictions', () => {
    assert.equal(realm(MEMBER).canPostToChannel({ stream_id: 1 }), true);
  });

  it('follows an anonymous can_send_message_group', () => {
    const r = realm(MEMBER);
    assert.equal(
      r.canPostToChannel({ can_send_message_group: { direct_members: [OTHER], direct_subgroups: [] } }),
      false,
    );
    assert.equal(r.canPostToChannel({ can_send_message_group: { direct_members: [ME], direct_subgroups: [] } }), true);
    assert.equal(
      r.canPostToChannel({ can_send_message_group: { direct_members: [], direct_subgroups: [MEMBERS] } }),
      true,
    );
  });

  it('falls back to stream_post_policy when can_send_message_group is null', () => {
    assert.equal(realm(MEMBER).canPostToChannel({ can_send_message_group: null, stream_post_policy: 2 }), false);
    assert.equal(realm(ADMIN).canPostToChannel({ can_send_message_group: null, stream_post_policy: 2 }), true);
  });

  it('ignores a stream_post_policy code it does not know', () => {
    assert.equal(realm(MEMBER).canPostToChannel({ stream_post_policy: 7 }), true);
    assert.equal(realm(MEMBER).canPostToChannel({ stream_post_policy: '2' }), true);
  });
});

describe('RealmState: deleting messages', () => {
  it('answers canDeleteMessage as deleteRefusal does', () => {
    const r = realm(MEMBER, { realm_allow_message_deleting: false });
    assert.equal(r.canDeleteMessage(true, 1), false);
    assert.equal(r.canDeleteMessage(false, 1), false);
    assert.equal(realm(ADMIN).canDeleteMessage(false, 1), true);
  });

  it('lets the members of can_delete_any_message_group delete others’ messages', () => {
    const r = realm(MEMBER, { realm_can_delete_any_message_group: { direct_members: [ME], direct_subgroups: [] } });
    assert.equal(r.deleteRefusal(false, 10 ** 6), undefined);
    const notIn = realm(ADMIN, {
      realm_can_delete_any_message_group: { direct_members: [OTHER], direct_subgroups: [] },
    });
    assert.match(notIn.deleteRefusal(false, 1) ?? '', /only your own messages/);
  });

  it('counts an unknown own-message group as allowed', () => {
    assert.equal(
      realm(MEMBER, { realm_can_delete_own_message_group: UNKNOWN_GROUP }).deleteRefusal(true, 1),
      undefined,
    );
    assert.match(
      realm(MEMBER, { realm_can_delete_own_message_group: NOBODY }).deleteRefusal(true, 1) ?? '',
      /does not let you/,
    );
  });

  it('falls back to allow_message_deleting when delete_own_message_policy is absent or unknown', () => {
    assert.equal(realm(MEMBER, { realm_allow_message_deleting: true }).deleteRefusal(true, 1), undefined);
    assert.equal(
      realm(MEMBER, { realm_delete_own_message_policy: 99, realm_allow_message_deleting: true }).deleteRefusal(true, 1),
      undefined,
    );
    assert.match(
      realm(MEMBER, { realm_delete_own_message_policy: 99 }).deleteRefusal(true, 1) ?? '',
      /does not let you/,
    );
  });

  it('names the passed time limit in days, hours, minutes or seconds', () => {
    const cases: [number, string][] = [
      [86400, '1 day'],
      [172800, '2 days'],
      [3600, '1 hour'],
      [7200, '2 hours'],
      [90000, '25 hours'],
      [60, '1 minute'],
      [600, '10 minutes'],
      [5400, '90 minutes'],
      [1, '1 second'],
      [90, '90 seconds'],
    ];
    for (const [limit, text] of cases) {
      const r = realm(MEMBER, {
        realm_allow_message_deleting: true,
        realm_message_content_delete_limit_seconds: limit,
      });
      assert.equal(r.deleteRefusal(true, limit), undefined, `${limit} s at its limit`);
      assert.equal(r.deleteRefusal(true, limit + 1), `the time limit for deleting your messages (${text}) has passed.`);
    }
  });
});

describe('RealmState: group membership', () => {
  it('decides owner and nobody system groups by the role, not by a stale member list', () => {
    const groups = [
      { id: OWNERS, name: 'role:owners', is_system_group: true, members: [ME], direct_subgroup_ids: [] },
      { id: NOBODY, name: 'role:nobody', is_system_group: true, members: [ME], direct_subgroup_ids: [] },
    ];
    assert.equal(realm(OWNER, {}, groups).inGroup(OWNERS), true);
    assert.equal(realm(ADMIN, {}, groups).inGroup(OWNERS), false);
    assert.equal(realm(OWNER, {}, groups).inGroup(NOBODY), false);
    assert.equal(realm(OWNER).inGroup(OWNERS), true, 'an owner missing from the list');
    assert.equal(realm(OWNER).userInGroup(OWNERS, OTHER, 101), false);
  });

  it('decides a system group of an unknown role by its member list', () => {
    const groups = [
      { id: 20, name: 'role:future', is_system_group: true, members: [ME], direct_subgroup_ids: [] },
      { id: 21, name: 'role:future2', is_system_group: true, members: [OTHER], direct_subgroup_ids: [] },
    ];
    const r = realm(OWNER, {}, groups);
    assert.equal(r.inGroup(20), true);
    assert.equal(r.inGroup(21), false);
  });

  it('ends on groups that contain each other', () => {
    const groups = [
      { id: 30, name: 'a', is_system_group: false, members: [OTHER], direct_subgroup_ids: [31] },
      { id: 31, name: 'b', is_system_group: false, members: [], direct_subgroup_ids: [30] },
    ];
    const r = realm(MEMBER, {}, groups);
    assert.equal(r.inGroup(30), false);
    assert.equal(r.userInGroup(31, OTHER, MEMBER), true);
  });

  it('reads anonymous groups with only members or only subgroups', () => {
    const r = realm(MEMBER);
    assert.equal(r.inGroup({ direct_subgroups: [MEMBERS] }), true);
    assert.equal(r.inGroup({ direct_subgroups: [MOVERS] }), false);
    assert.equal(r.inGroup({ direct_subgroups: [NOBODY, MEMBERS] }), true);
    assert.equal(r.inGroup({ direct_members: [OTHER] }), false);
    assert.equal(r.inGroup({ direct_members: [ME] }), true);
    assert.equal(r.inGroup({}), false);
  });
});
