import assert from 'node:assert/strict';
import { ChatClient } from '../../../../src/api';
import { PresenceEntry } from '../../../../src/api/users/presence';
import { botTypeName, roleName } from '../../../../src/api/users/models';
import { SETTING_CHOICES, SETTINGS_DESCRIPTION, SettingsChanges } from '../../../../src/api/personal/settings';
import { SUBSCRIPTION_PROPERTIES } from '../../../../src/api/channels/models';
import { operations } from '../../../../src/api/operations';
import { updateSettings } from '../../../../src/api/personal/routes';
import {
  getChannelEmailAddress,
  getChannelTopics,
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionProperties,
  updateSubscriptionProperty,
  updateUserTopic,
} from '../../../../src/api/channels/routes';
import {
  getOwnUser,
  getPresence,
  getUserByEmail,
  getUsers,
  updatePresence,
  updateStatus,
  updateUserStatus,
} from '../../../../src/api/users/routes';
import {
  accountWithRole,
  ADMIN,
  byEmail,
  GUEST,
  MEMBER,
  MODERATOR,
  OWNER,
  type Account,
  type RunningServer,
  withServer,
} from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

describe('API: users, statuses, presence', () => {
  const suite = withServer();
  let server: RunningServer;
  let owner: ChatClient, admin: ChatClient, moderator: ChatClient, member: ChatClient, guest: ChatClient;
  let host: string;

  before(() => {
    server = suite.server;
    host = new URL(server.url).hostname;
    owner = suite.client(OWNER);
    admin = suite.client(ADMIN);
    moderator = suite.client(MODERATOR);
    member = suite.client(MEMBER);
    guest = suite.client(GUEST);
  });

  describe('GET /users/{email} (op 8)', () => {
    it('finds a user by a visible real email', async () => {
      const target = accountWithRole(server, OWNER);
      const { user } = await getUserByEmail(member, { email: target.email });
      assert.equal(user.user_id, target.userId);
      assert.equal(user.role, 100);
      assert.equal(roleName(user.role), 'owner');
      assert.equal(user.is_owner, true);
      assert.equal(user.is_admin, true);
      assert.equal(user.profile_data, undefined);
    });

    it('finds any user by the dummy user<id>@host email', async () => {
      const target = accountWithRole(server, GUEST);
      const { user } = await getUserByEmail(member, { email: `user${target.userId}@${host}` });
      assert.equal(user.user_id, target.userId);
      assert.equal(user.is_guest, true);
      assert.equal(roleName(user.role), 'guest');
    });

    it('refuses a real email the requester may not see (BAD_REQUEST), which an admin may use', async () => {
      const hidden = byEmail(server, 'bob'); // visible to administrators only
      await apiError(getUserByEmail(member, { email: hidden.email }), 'BAD_REQUEST', 400);
      const { user } = await getUserByEmail(owner, { email: hidden.email });
      assert.equal(user.user_id, hidden.userId);
    });

    it('adds profile_data with include_custom_profile_fields', async () => {
      const alice = byEmail(server, 'alice');
      const { user } = await getUserByEmail(member, { email: alice.email, include_custom_profile_fields: true });
      assert.ok(user.profile_data);
      const bio = Object.values(user.profile_data).find((v) => v.rendered_value !== undefined);
      assert.ok(bio, 'a Markdown field carries rendered_value');
      assert.match(bio.rendered_value!, /<p>/);
      for (const key of Object.keys(user.profile_data)) assert.match(key, /^\d+$/);
    });

    it('answers BAD_REQUEST for an unknown user', async () => {
      await apiError(getUserByEmail(member, { email: `nobody-here@${host}` }), 'BAD_REQUEST');
    });

    it('refuses a malformed email before sending', async () => {
      await refused(getUserByEmail(offlineClient(), { email: 'not an email' }), 'email');
      await refused(getUserByEmail(offlineClient(), { email: '' }), 'email');
    });
  });

  describe('GET /users, GET /users/me', () => {
    it('lists users and bots with roles and bot types', async () => {
      const { members } = await getUsers(member);
      assert.ok(members.length >= 8);
      const bots = members.filter((u) => u.is_bot);
      assert.ok(bots.length > 0);
      for (const b of bots) assert.notEqual(botTypeName(b.bot_type), null);
      assert.ok(bots.some((b) => botTypeName(b.bot_type) === 'outgoingWebhook'));
      for (const u of members.filter((x) => !x.is_bot)) assert.equal(botTypeName(u.bot_type), null);
      const roles = new Set(members.map((u) => roleName(u.role)));
      for (const r of ['owner', 'administrator', 'moderator', 'member', 'guest']) assert.ok(roles.has(r as never), r);
      assert.ok(
        members.some((u) => !u.is_active),
        'deactivated users are listed',
      );
    });

    it('names unknown role and bot type codes', () => {
      assert.equal(roleName(500), 'unknown');
      assert.equal(roleName(200), 'administrator');
      assert.equal(botTypeName(9), 'unknown');
      assert.equal(botTypeName(null), null);
    });

    it('returns the own user', async () => {
      const me = await getOwnUser(member);
      assert.equal(me.user_id, accountWithRole(server, MEMBER).userId);
      assert.equal(me.role, 400);
    });
  });

  describe('POST /users/me/status (op 11)', () => {
    const state = () => server.state.statuses.get(accountWithRole(server, MEMBER).userId);

    it('sets text and emoji, and changes only what is passed', async () => {
      await updateStatus(member, {
        status_text: 'Reviewing',
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      });
      assert.equal(state()?.status_text, 'Reviewing');
      assert.equal(state()?.emoji_name, 'tada');
      await updateStatus(member, { status_text: 'Lunch' });
      assert.equal(state()?.status_text, 'Lunch');
      assert.equal(state()?.emoji_name, 'tada');
      await updateStatus(member, { status_text: '' });
      assert.equal(state()?.status_text, '');
    });

    it('accepts 60 code points of emoji (each counts one)', async () => {
      await updateStatus(member, { status_text: '\u{1F600}'.repeat(60) });
      assert.equal([...state()!.status_text].length, 60);
    });

    it('refuses 61 code points before sending', async () => {
      await refused(updateStatus(offlineClient(), { status_text: '\u{1F600}'.repeat(61) }), 'status_text', /60/);
      await refused(updateStatus(offlineClient(), { status_text: 'x'.repeat(61) }), 'status_text');
    });

    it('refuses emoji_code or reaction_type without emoji_name', async () => {
      await refused(updateStatus(offlineClient(), { emoji_code: '1f389' }), 'emoji_name');
      await refused(updateStatus(offlineClient(), { reaction_type: 'unicode_emoji' }), 'emoji_name');
    });

    it('refuses a status update with no values', async () => {
      await refused(updateStatus(offlineClient(), {}), undefined, /Nothing to change/);
    });

    it('refuses an unknown reaction type and unknown parameters', async () => {
      await refused(
        updateStatus(offlineClient(), { emoji_name: 'x', reaction_type: 'other' as never }),
        'reaction_type',
      );
      await refused(updateStatus(offlineClient(), { mood: 'x' } as never), 'mood');
    });

    it('reports a nonexistent emoji as BAD_REQUEST', async () => {
      await apiError(updateStatus(member, { emoji_name: 'no_such_emoji_name_here' }), 'BAD_REQUEST');
    });

    it('sends the extra-emoji reaction type in the server spelling (chat)', async () => {
      await updateStatus(member, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'chat_extra_emoji' });
      assert.equal(state()?.reaction_type, 'chat_extra_emoji');
    });
  });

  describe('POST /users/{user_id}/status (op 9)', () => {
    it('lets an administrator set another user status', async () => {
      const target = accountWithRole(server, MODERATOR);
      await updateUserStatus(admin, { user_id: target.userId, status_text: 'Set by admin', emoji_name: 'tada' });
      assert.equal(server.state.statuses.get(target.userId)?.status_text, 'Set by admin');
    });

    it('refuses members and moderators with BAD_REQUEST', async () => {
      const target = accountWithRole(server, MODERATOR);
      await apiError(updateUserStatus(member, { user_id: target.userId, status_text: 'nope' }), 'BAD_REQUEST', 400);
      await apiError(
        updateUserStatus(moderator, { user_id: accountWithRole(server, MEMBER).userId, status_text: 'nope' }),
        'BAD_REQUEST',
      );
      assert.equal(server.state.statuses.get(target.userId)?.status_text, 'Set by admin');
    });

    it('answers BAD_REQUEST for an unknown user id', async () => {
      await apiError(updateUserStatus(admin, { user_id: 999999, status_text: 'x' }), 'BAD_REQUEST');
    });

    it('applies the rules of op 11 before sending', async () => {
      const c = offlineClient();
      await refused(updateUserStatus(c, { user_id: 5, status_text: 'y'.repeat(61) }), 'status_text');
      await refused(updateUserStatus(c, { user_id: 5, emoji_code: '1f389' }), 'emoji_name');
      await refused(updateUserStatus(c, { user_id: 5, reaction_type: 'realm_emoji' }), 'emoji_name');
      await refused(updateUserStatus(c, { user_id: 5 }), undefined, /Nothing to change/);
      await refused(updateUserStatus(c, { user_id: 0, status_text: 'x' }), 'user_id');
      await refused(updateUserStatus(c, { status_text: 'x' } as never), 'user_id');
    });
  });

  describe('GET /realm/presence (op 20), POST /users/me/presence', () => {
    it('returns website and aggregated entries keyed by API email', async () => {
      const res = await getPresence(member);
      assert.equal(typeof res.server_timestamp, 'number');
      const entries = Object.entries(res.presences);
      assert.ok(entries.length > 0);
      for (const [key, entry] of entries) {
        assert.match(key, /@/);
        assert.equal(entry.website.client, 'website');
        assert.ok(['active', 'idle'].includes(entry.aggregated.status));
        assert.equal(entry.website.status, entry.aggregated.status);
        assert.equal(entry.website.pushable, false);
      }
    });

    it('reports presence and returns the others (not with ping_only)', async () => {
      const res = await updatePresence(guest, { status: 'active', new_user_input: true });
      assert.ok(res.presences);
      const me = accountWithRole(server, GUEST);
      const all = await getPresence(member);
      const mine = all.presences[me.email] ?? all.presences[`user${me.userId}@${host}`];
      assert.equal(mine?.aggregated.status, 'active');
      const ping = await updatePresence(guest, { status: 'idle', ping_only: true });
      assert.equal(ping.presences, undefined);
    });

    it('upgrades slim presence to website/aggregated', async () => {
      const res = await updatePresence(member, { status: 'active', slim_presence: true });
      const entries = Object.entries(res.presences ?? {});
      assert.ok(entries.length > 0);
      for (const [key, entry] of entries) {
        assert.match(key, /^\d+$/);
        assert.ok(['active', 'idle'].includes(entry.aggregated.status));
      }
    });

    it('refuses an unknown presence status before sending', async () => {
      await refused(updatePresence(offlineClient(), { status: 'away' as never }), 'status');
    });
  });
});

describe('API: settings (op 2)', () => {
  const suite = withServer();
  let server: RunningServer;
  let admin: ChatClient, member: ChatClient;
  const settingsOf = (a: Account) => server.state.users.get(a.userId)!.settings;

  before(() => {
    server = suite.server;
    admin = suite.client(ADMIN);
    member = suite.client(MEMBER);
  });

  it('changes own settings with allowed values', async () => {
    const res = await updateSettings(member, {
      color_scheme: 2,
      web_home_view: 'recent',
      emojiset: 'text',
      web_channel_default_view: 4,
      web_mark_read_on_scroll_policy: 3,
      demote_inactive_streams: 2,
      user_list_style: 3,
      web_animate_image_previews: 'never',
      web_stream_unreads_count_display_policy: 1,
      twenty_four_hour_time: true,
      web_font_size_px: 15,
    });
    assert.equal(res.result, 'success');
    const s = settingsOf(accountWithRole(server, MEMBER));
    assert.equal(s.color_scheme, 2);
    assert.equal(s.web_home_view, 'recent');
    assert.equal(s.emojiset, 'text');
    assert.equal(s.web_channel_default_view, 4);
    assert.equal(s.twenty_four_hour_time, true);
  });

  it('sends a password change with the current password; the server checks it', async () => {
    await apiError(
      updateSettings(member, { old_password: 'not-the-password', new_password: 'n3w-secret' }),
      'BAD_REQUEST',
    );
  });

  it('refuses values outside the allowed sets before sending', async () => {
    const c = offlineClient();
    await refused(
      updateSettings(c, { web_channel_default_view: 3 as never }),
      'web_channel_default_view',
      /1 \(top topic/,
    );
    await refused(updateSettings(c, { color_scheme: 4 as never }), 'color_scheme', /must be one of 1/);
    await refused(updateSettings(c, { web_mark_read_on_scroll_policy: 0 as never }), 'web_mark_read_on_scroll_policy');
    await refused(updateSettings(c, { emojiset: 'google' as never }), 'emojiset', /"set_a"/);
    await refused(updateSettings(c, { web_home_view: 'recent_topics' as never }), 'web_home_view');
    await refused(updateSettings(c, { demote_inactive_streams: 4 as never }), 'demote_inactive_streams');
    await refused(updateSettings(c, { user_list_style: 0 as never }), 'user_list_style');
    await refused(
      updateSettings(c, { web_animate_image_previews: 'sometimes' as never }),
      'web_animate_image_previews',
    );
    await refused(
      updateSettings(c, { web_stream_unreads_count_display_policy: 4 as never }),
      'web_stream_unreads_count_display_policy',
    );
    await refused(updateSettings(c, { web_font_size_px: -3 }), 'web_font_size_px');
    await refused(updateSettings(c, { web_font_size_px: 14.5 }), 'web_font_size_px');
    await refused(updateSettings(c, { twenty_four_hour_time: 'yes' as never }), 'twenty_four_hour_time');
    await refused(updateSettings(c, { full_name: '  ' }), 'full_name');
    await refused(updateSettings(c, { email: 'nope' }), 'email');
    await refused(updateSettings(c, { not_a_setting: 1 } as never), 'not_a_setting');
  });

  it('refuses new_password without old_password', async () => {
    await refused(updateSettings(offlineClient(), { new_password: 'secret' }), 'old_password');
    await refused(updateSettings(offlineClient(), { new_password: 'secret', old_password: '' }), 'old_password');
  });

  it('applies target_users for an administrator', async () => {
    const target = accountWithRole(server, MEMBER, 1);
    await updateSettings(admin, { color_scheme: 3, target_users: { user_ids: [target.userId] } });
    assert.equal(settingsOf(target).color_scheme, 3);
    assert.notEqual(settingsOf(accountWithRole(server, ADMIN)).color_scheme, 3);
  });

  it('refuses target_users from a member with BAD_REQUEST', async () => {
    const target = accountWithRole(server, MEMBER, 1);
    await apiError(
      updateSettings(member, { color_scheme: 2, target_users: { user_ids: [target.userId] } }),
      'BAD_REQUEST',
    );
    assert.equal(settingsOf(target).color_scheme, 3);
  });

  it('refuses target_users without users or groups, or with a bad shape', async () => {
    await refused(updateSettings(offlineClient(), { color_scheme: 2, target_users: {} }), 'target_users');
    await refused(
      updateSettings(offlineClient(), { color_scheme: 2, target_users: { user_ids: ['x'] } as never }),
      'target_users',
    );
  });

  it('gate FL.settingsTargetUsers: target_users refused on older servers', async () => {
    await refused(
      updateSettings(offlineClient({ featureLevel: 443 }), { color_scheme: 2, target_users: { user_ids: [4] } }),
      'target_users',
      /feature level 443/,
    );
  });

  it('describes every settings parameter with its allowed values', () => {
    const names = SETTINGS_DESCRIPTION.map((d) => d.name).sort();
    assert.deepEqual(names, Object.keys(SettingsChanges.shape).sort());
    for (const d of SETTINGS_DESCRIPTION) {
      const choices = (SETTING_CHOICES as Record<string, unknown>)[d.name];
      assert.equal(d.choices !== undefined, choices !== undefined, d.name);
      assert.ok(d.group && d.label && d.type);
    }
    const view = SETTINGS_DESCRIPTION.find((d) => d.name === 'web_channel_default_view')!;
    assert.deepEqual(
      view.choices?.map((c) => c.value),
      [1, 2, 4],
    );
  });

  describe('settings newer than the server', () => {
    // The local server's levels for the newer settings (test/server/routes/settings.ts).
    const newer: [name: string, since: number, value: unknown][] = [
      ['web_suggest_update_timezone', 200, false],
      ['web_stream_unreads_count_display_policy', 210, 2],
      ['web_channel_default_view', 250, 1],
      ['web_animate_image_previews', 275, 'on_hover'],
      ['hide_ai_features', 350, true],
      ['web_left_sidebar_unreads_count_summary', 398, true],
      ['web_inbox_show_channel_folders', 431, true],
      // The API changelog: feature level 411 (the inbox one is 431).
      ['web_left_sidebar_show_channel_folders', 411, true],
    ];
    for (const featureLevel of [199, 340, 410, 430, 482]) {
      it(`are sent as they are and reported as ignored by a level-${featureLevel} server`, async () => {
        const c = (await suite.start({ featureLevel })).client(MEMBER);
        const res = await updateSettings(c, {
          twenty_four_hour_time: true,
          ...Object.fromEntries(newer.map(([name, , value]) => [name, value])),
        });
        const expected = newer.filter(([, since]) => featureLevel < since).map(([name]) => name);
        assert.deepEqual([...(res.ignored_parameters_unsupported ?? [])].sort(), expected.sort());
      });
    }
  });

  describe('gate FL.homeViewRecent', () => {
    const old = withServer({ featureLevel: 453 });

    it('sends web_home_view recent as recent_topics below level 454', async () => {
      const client = old.client(MEMBER);
      const settings = () => old.server.state.users.get(accountWithRole(old.server, MEMBER).userId)!.settings;
      await updateSettings(client, { web_home_view: 'recent' });
      assert.equal(settings().web_home_view, 'recent_topics');
      await updateSettings(client, { web_home_view: 'inbox' });
      assert.equal(settings().web_home_view, 'inbox');
    });
  });
});

describe('API: subscriptions and topics', () => {
  const suite = withServer();
  let server: RunningServer;
  let admin: ChatClient, member: ChatClient, guest: ChatClient, alice: ChatClient, carol: ChatClient;
  const ids: Record<string, number> = {};

  before(async () => {
    server = suite.server;
    admin = suite.client(ADMIN);
    member = suite.client(MEMBER);
    guest = suite.client(GUEST);
    alice = suite.clientOf(byEmail(server, 'alice'));
    carol = suite.clientOf(byEmail(server, 'carol'));
    const { subscriptions } = await getSubscriptions(admin);
    for (const s of subscriptions) ids[s.name] = s.stream_id;
  });
  const subsOf = async (c: ChatClient) => new Map((await getSubscriptions(c)).subscriptions.map((s) => [s.name, s]));

  describe('GET /users/me/subscriptions', () => {
    it('parses subscriptions with nullable notification flags', async () => {
      const subs = await subsOf(alice);
      const eng = subs.get('engineering')!;
      assert.equal(eng.pin_to_top, true);
      assert.equal(eng.color, '#c2c2c2');
      assert.equal(eng.desktop_notifications, null);
      assert.equal(subs.get('design')!.desktop_notifications, true);
      assert.equal(subs.get('random')!.is_muted, true);
      assert.ok(subs.get('old-archive')?.is_archived);
    });

    it('includes subscribers when asked', async () => {
      const { subscriptions } = await getSubscriptions(alice, { include_subscribers: true });
      assert.ok(subscriptions.every((s) => Array.isArray(s.subscribers)));
    });
  });

  describe('POST /users/me/subscriptions/properties (op 3)', () => {
    it('changes several properties, including the legacy in_home_view', async () => {
      await updateSubscriptionProperties(alice, {
        subscription_data: [
          { stream_id: ids.engineering, property: 'color', value: '#123abc' },
          { stream_id: ids.engineering, property: 'pin_to_top', value: false },
          { stream_id: ids.general, property: 'is_muted', value: true },
          { stream_id: ids.design, property: 'push_notifications', value: true },
        ],
      });
      let subs = await subsOf(alice);
      assert.equal(subs.get('engineering')!.color, '#123abc');
      assert.equal(subs.get('engineering')!.pin_to_top, false);
      assert.equal(subs.get('general')!.is_muted, true);
      assert.equal(subs.get('design')!.push_notifications, true);
      await updateSubscriptionProperties(alice, {
        subscription_data: [{ stream_id: ids.general, property: 'in_home_view', value: true }],
      });
      subs = await subsOf(alice);
      assert.equal(subs.get('general')!.is_muted, false);
    });

    it('answers BAD_REQUEST for a channel the user is not subscribed to', async () => {
      await apiError(
        updateSubscriptionProperties(alice, {
          subscription_data: [{ stream_id: ids.sandbox, property: 'is_muted', value: true }],
        }),
        'BAD_REQUEST',
      );
    });

    it('refuses unknown properties and wrongly typed values before sending', async () => {
      const c = offlineClient();
      const one = (property: string, value: unknown) =>
        updateSubscriptionProperties(c, {
          subscription_data: [{ stream_id: 1, property: property as never, value: value as never }],
        });
      await refused(one('colour', '#ffffff'), 'subscription_data', /must be one of color/);
      await refused(one('color', 'red'), 'subscription_data', /#rrggbb/);
      await refused(one('color', '#fff'), 'subscription_data', /#rrggbb/);
      await refused(one('color', true), 'subscription_data', /#rrggbb/);
      for (const p of SUBSCRIPTION_PROPERTIES.filter((x) => x !== 'color')) {
        await refused(one(p, 'true'), 'subscription_data', /true or false/);
      }
      await refused(one('is_muted', 1), 'subscription_data');
      await refused(updateSubscriptionProperties(c, { subscription_data: [] }), 'subscription_data', /at least one/);
      await refused(
        updateSubscriptionProperties(c, { subscription_data: [{ stream_id: -1, property: 'is_muted', value: true }] }),
        'subscription_data',
      );
    });
  });

  describe('POST /users/me/subscriptions/{stream_id}', () => {
    it('changes one property', async () => {
      await updateSubscriptionProperty(alice, { stream_id: ids.design, property: 'color', value: '#abcdef' });
      await updateSubscriptionProperty(alice, {
        stream_id: ids.design,
        property: 'wildcard_mentions_notify',
        value: false,
      });
      const design = (await subsOf(alice)).get('design')!;
      assert.equal(design.color, '#abcdef');
      assert.equal(design.wildcard_mentions_notify, false);
    });

    it('refuses bad names and values before sending', async () => {
      const c = offlineClient();
      await refused(
        updateSubscriptionProperty(c, { stream_id: 1, property: 'muted' as never, value: true }),
        'property',
      );
      await refused(updateSubscriptionProperty(c, { stream_id: 1, property: 'color', value: '#12345g' }), 'value');
      await refused(updateSubscriptionProperty(c, { stream_id: 1, property: 'pin_to_top', value: 'yes' }), 'value');
    });
  });

  describe('GET /users/me/{stream_id}/topics', () => {
    it('lists topics newest first; the empty topic by display name unless allowed', async () => {
      const { topics } = await getChannelTopics(alice, { stream_id: ids.general });
      for (let i = 1; i < topics.length; i++) assert.ok(topics[i - 1].max_id > topics[i].max_id);
      assert.ok(topics.some((t) => t.name === 'general chat'));
      const raw = await getChannelTopics(alice, { stream_id: ids.general, allow_empty_topic_name: true });
      assert.ok(raw.topics.some((t) => t.name === ''));
    });

    it('answers BAD_REQUEST for an inaccessible channel', async () => {
      await apiError(getChannelTopics(member, { stream_id: ids.leadership }), 'BAD_REQUEST');
    });
  });

  describe('POST /user_topics (op 5)', () => {
    const policies = (a: Account) => server.state.userTopics.get(a.userId) ?? [];

    it('sets each policy, even for a topic without messages', async () => {
      const me = byEmail(server, 'carol');
      for (const policy of [1, 2, 3] as const) {
        await updateUserTopic(carol, { stream_id: ids.general, topic: 'no messages here', visibility_policy: policy });
        assert.equal(policies(me).find((t) => t.topic === 'no messages here')?.policy, policy);
      }
      await updateUserTopic(carol, { stream_id: ids.general, topic: 'no messages here', visibility_policy: 0 });
      assert.equal(
        policies(me).find((t) => t.topic === 'no messages here'),
        undefined,
      );
    });

    it('sends the empty topic display name as ""', async () => {
      const me = byEmail(server, 'carol');
      carol.updateLimits({ realm_empty_topic_display_name: 'general chat' });
      await updateUserTopic(carol, { stream_id: ids.general, topic: 'general chat', visibility_policy: 3 });
      assert.equal(policies(me).find((t) => t.topic === '')?.policy, 3);
    });

    it('answers BAD_REQUEST for an inaccessible channel', async () => {
      await apiError(
        updateUserTopic(member, { stream_id: ids.leadership, topic: 'x', visibility_policy: 1 }),
        'BAD_REQUEST',
      );
    });

    it('refuses a policy outside 0-3 and an over-long topic before sending', async () => {
      const c = offlineClient();
      for (const bad of [4, -1, 1.5]) {
        await refused(
          updateUserTopic(c, { stream_id: 1, topic: 't', visibility_policy: bad as never }),
          'visibility_policy',
          /0 \(none\)/,
        );
      }
      await refused(updateUserTopic(c, { stream_id: 1, topic: 'x'.repeat(61), visibility_policy: 1 }), 'topic');
    });

    it('gate FL.userTopics: refused on servers below 170', async () => {
      await refused(
        updateUserTopic(offlineClient({ featureLevel: 169 }), { stream_id: 1, topic: 't', visibility_policy: 1 }),
        'visibility_policy',
      );
    });
  });

  describe('POST /users/me/subscriptions', () => {
    it('subscribes, then reports already_subscribed', async () => {
      const me = byEmail(server, 'carol');
      const first = await subscribe(carol, { subscriptions: [{ name: 'sandbox' }] });
      assert.deepEqual(Object.values(first.subscribed).flat(), ['sandbox']);
      const again = await subscribe(carol, { subscriptions: [{ name: 'sandbox' }] });
      assert.deepEqual(again.already_subscribed[String(me.userId)], ['sandbox']);
    });

    it('refuses empty lists and mixed principals before sending', async () => {
      await refused(subscribe(offlineClient(), { subscriptions: [] }), 'subscriptions');
      await refused(subscribe(offlineClient(), { subscriptions: [{ name: ' ' }] }), 'subscriptions');
      await refused(
        subscribe(offlineClient(), { subscriptions: [{ name: 'x' }], principals: [1, 'a@b.c'] }),
        'principals',
      );
    });
  });

  describe('DELETE /users/me/subscriptions (op 10)', () => {
    const isSubscribed = (name: string, a: Account) => server.state.streams.get(ids[name])!.subscribers.has(a.userId);

    it('unsubscribes the requester; a second call lists not_removed', async () => {
      const first = await unsubscribe(alice, { subscriptions: ['design'] });
      assert.deepEqual(first.removed, ['design']);
      assert.deepEqual(first.not_removed, []);
      const again = await unsubscribe(alice, { subscriptions: ['design'] });
      assert.deepEqual(again.removed, []);
      assert.deepEqual(again.not_removed, ['design']);
    });

    it('modifies subscriptions in archived channels', async () => {
      const res = await unsubscribe(alice, { subscriptions: ['old-archive'] });
      assert.deepEqual(res.removed, ['old-archive']);
    });

    it('answers STREAM_DOES_NOT_EXIST with the channel name', async () => {
      const error = await apiError(unsubscribe(alice, { subscriptions: ['no-such-channel'] }), 'STREAM_DOES_NOT_EXIST');
      assert.equal(error.missingStream?.streamName, 'no-such-channel');
    });

    it('(a) lets an administrator remove anyone', async () => {
      const bob = byEmail(server, 'bob');
      assert.ok(isSubscribed('random', bob));
      const res = await unsubscribe(admin, { subscriptions: ['random'], principals: [bob.userId] });
      assert.deepEqual(res.removed, ['random']);
      assert.ok(!isSubscribed('random', bob));
    });

    it('(b) lets a user remove a bot they own', async () => {
      const { members } = await getUsers(alice);
      const aliceId = byEmail(server, 'alice').userId;
      const bot = members.find((u) => u.is_bot && u.bot_owner_id === aliceId && u.is_active);
      assert.ok(bot, 'alice owns a bot');
      const res = await unsubscribe(alice, { subscriptions: ['engineering'], principals: [bot.user_id] });
      assert.deepEqual(res.removed, ['engineering']);
    });

    it('(c) lets a member of can_remove_subscribers_group remove others, by email', async () => {
      const carolAccount = byEmail(server, 'carol');
      assert.ok(isSubscribed('sandbox', carolAccount));
      const res = await unsubscribe(alice, { subscriptions: ['sandbox'], principals: [carolAccount.email] });
      assert.deepEqual(res.removed, ['sandbox']);
    });

    it('refuses other removals with BAD_REQUEST and changes nothing', async () => {
      const mod = accountWithRole(server, MODERATOR);
      assert.ok(isSubscribed('random', mod));
      await apiError(unsubscribe(alice, { subscriptions: ['random'], principals: [mod.userId] }), 'BAD_REQUEST');
      await apiError(unsubscribe(guest, { subscriptions: ['random'], principals: [mod.userId] }), 'BAD_REQUEST');
      assert.ok(isSubscribed('random', mod));
    });

    it('answers HTTP 400 BAD_REQUEST for a deactivated or nonexistent principal', async () => {
      const { members } = await getUsers(admin);
      const gone = members.find((u) => !u.is_active)!;
      await apiError(
        unsubscribe(admin, { subscriptions: ['general'], principals: [gone.user_id] }),
        'BAD_REQUEST',
        400,
      );
      await apiError(unsubscribe(admin, { subscriptions: ['general'], principals: [987654] }), 'BAD_REQUEST', 400);
    });

    it('refuses an empty list and mixed principals before sending', async () => {
      await refused(unsubscribe(offlineClient(), { subscriptions: [] }), 'subscriptions', /at least one/);
      await refused(unsubscribe(offlineClient(), { subscriptions: [''] }), 'subscriptions');
      await refused(
        unsubscribe(offlineClient(), { subscriptions: ['general'], principals: [4, 'bob@example.com'] }),
        'principals',
        /not a mix/,
      );
      await refused(unsubscribe(offlineClient(), { subscriptions: 'general' as never }), 'subscriptions');
    });
  });

  describe('GET /streams/{stream_id}/email_address (op 17)', () => {
    it('returns the address for a user who may post', async () => {
      const { email } = await getChannelEmailAddress(alice, { stream_id: ids.general });
      assert.match(email, /@/);
    });

    it('accepts the requester, an owned bot or the gateway as sender', async () => {
      const aliceId = byEmail(server, 'alice').userId;
      const own = await getChannelEmailAddress(alice, { stream_id: ids.general, sender_id: aliceId });
      const dflt = await getChannelEmailAddress(alice, { stream_id: ids.general });
      assert.notEqual(own.email, dflt.email);
      await apiError(
        getChannelEmailAddress(alice, { stream_id: ids.general, sender_id: byEmail(server, 'bob').userId }),
        'BAD_REQUEST',
      );
    });

    it('answers BAD_REQUEST without permission to post, and for unknown channels', async () => {
      await apiError(getChannelEmailAddress(member, { stream_id: ids.announcements }), 'BAD_REQUEST');
      await apiError(getChannelEmailAddress(guest, { stream_id: ids.engineering }), 'BAD_REQUEST');
      await apiError(getChannelEmailAddress(alice, { stream_id: 987654 }), 'BAD_REQUEST');
    });

    it('gate FL.channelEmailSender: sender_id refused below 335', async () => {
      await refused(
        getChannelEmailAddress(offlineClient({ featureLevel: 334 }), { stream_id: 1, sender_id: 4 }),
        'sender_id',
      );
      await refused(getChannelEmailAddress(offlineClient(), { stream_id: 0 }), 'stream_id');
    });
  });
});

describe('API: people gates on older and zulip-named servers', () => {
  const servers = withServer({}, 'none');
  it('reads old presence shapes (level 150) as website/aggregated', async () => {
    const c = (await servers.start({ featureLevel: 150 })).client(MEMBER);
    const { presences } = await getPresence(c);
    const entries = Object.values(presences);
    assert.ok(entries.length > 0);
    for (const e of entries) {
      assert.equal(e.website.client, 'website');
      assert.ok(['active', 'idle'].includes(e.aggregated.status));
    }
  });

  it('upgrades pre-7.0 per-client and slim presence entries; unknown statuses read as unknown', () => {
    const old = PresenceEntry.parse({
      ZulipMobile: { client: 'ZulipMobile', status: 'idle', timestamp: 200, pushable: true },
      ZulipElectron: { client: 'ZulipElectron', status: 'active', timestamp: 100, pushable: false },
      aggregated: { client: 'ZulipMobile', status: 'idle', timestamp: 200 },
    });
    assert.equal(old.website.client, 'website');
    assert.equal(old.website.status, 'idle');
    assert.equal(old.aggregated.timestamp, 200);
    const slim = PresenceEntry.parse({ active_timestamp: 300, idle_timestamp: 250 });
    assert.equal(slim.aggregated.status, 'active');
    assert.equal(slim.website.timestamp, 300);
    const future = PresenceEntry.parse({
      website: { client: 'website', status: 'busy', timestamp: 1 },
      aggregated: { client: 'website', status: 'busy', timestamp: 1 },
    });
    assert.equal(future.aggregated.status, 'unknown');
  });

  it('sends chat_extra_emoji as zulip_extra_emoji to a zulip-named server', async () => {
    const started = await servers.start({ names: 'zulip' });
    const c = started.client(MEMBER);
    const server = started.server;
    await updateStatus(c, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'chat_extra_emoji' });
    assert.equal(server.state.statuses.get(accountWithRole(server, MEMBER).userId)?.reaction_type, 'zulip_extra_emoji');
    assert.equal(c.server?.flavor, 'zulip');
  });

  it('drops allow_empty_topic_name below FL.emptyTopicName', async () => {
    const c = (await servers.start({ featureLevel: 300 })).client(MEMBER);
    const { subscriptions } = await getSubscriptions(c);
    const res = await getChannelTopics(c, { stream_id: subscriptions[0].stream_id, allow_empty_topic_name: true });
    assert.deepEqual(res.ignored_parameters_unsupported ?? [], []);
  });

  it('reports a bad principal as 403 UNAUTHORIZED_PRINCIPAL below level 208', async () => {
    const c = (await servers.start({ featureLevel: 200 })).client(ADMIN);
    await apiError(unsubscribe(c, { subscriptions: ['general'], principals: [987654] }), 'UNAUTHORIZED_PRINCIPAL', 403);
  });

  it('keeps every key of the operation table in SPEC form', () => {
    for (const [key, op] of Object.entries(operations)) {
      assert.equal(key, `${op.method} ${op.path}`);
    }
  });
});
