// Users, channels, realm, typing, drafts, server and upload operations: their parameter messages,
// the feature-level limits of their checks and how they rewrite parameters and bodies.
import assert from 'node:assert/strict';
import { SubscriptionPropertyName, Subscription, visibilityPolicyName } from '../../../src/api/channels/models';
import { FL } from '../../../src/api/features';
import { Linkifier, RealmPlayground } from '../../../src/api/realm/models';
import { botTypeName } from '../../../src/api/users/models';
import { checkError, ctx, normalized, prepare, refusal } from '../support/operations';

const NEW = 10_000;

describe('user operation hooks', function () {
  it('names the faulty parameter in its messages', function () {
    assert.match(refusal('GET /users/{email}', { email: 5 }), /^The email address must be text\.$/);
    assert.match(refusal('GET /users/{email}', {}), /^The email address is required\.$/);
    assert.match(
      refusal('POST /users/{user_id}/status', { user_id: 'x', away: true }),
      /^The user id must be a number\.$/,
    );
    assert.match(refusal('POST /users/me/status', { emoji_name: 5 }), /emoji name must be text/);
    assert.match(refusal('POST /users/me/status', { emoji_code: 5 }), /emoji code must be text/);
    assert.match(refusal('POST /users/me/status', { away: 'yes' }), /Away must be true or false/);
    assert.match(refusal('POST /users/me/status', { status_text: 'x'.repeat(1000) }), /status text/i);
    assert.match(refusal('POST /users/me/muted_users/{muted_user_id}', { muted_user_id: 'x' }), /muted user id/);
    assert.match(refusal('DELETE /users/me/muted_users/{muted_user_id}', { muted_user_id: 'x' }), /muted user id/);
  });

  it('refuses a status change that changes nothing', function () {
    assert.throws(() => prepare('POST /users/me/status', {}, ctx(NEW)), /Nothing to change/);
    assert.throws(
      () => prepare('POST /users/me/status', { status_text: undefined, away: undefined }, ctx(NEW)),
      /Nothing to change/,
    );
    assert.deepStrictEqual(prepare('POST /users/me/status', { away: false }, ctx(NEW)), { away: false });
  });

  it('sends a status extra emoji in the server flavour', function () {
    const raw = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
    assert.strictEqual(prepare('POST /users/me/status', raw, ctx(NEW)).reaction_type, 'chat_extra_emoji');
  });

  it('upgrades per-client presence below FL.presenceWebsiteAggregated', function () {
    const old = ctx(FL.presenceWebsiteAggregated - 1);
    const entry = {
      aggregated: { client: 'website', status: 'idle', timestamp: 5 },
      ZulipMobile: { status: 'active', timestamp: 10 },
    };
    const body = { result: 'success', presences: { 'a@x.test': entry, odd: 5, none: null } };
    assert.deepStrictEqual(normalized('GET /realm/presence', body, old).presences, {
      'a@x.test': { website: { status: 'active', timestamp: 10, client: 'website' }, aggregated: entry.aggregated },
      odd: 5,
      none: null,
    });
    assert.deepStrictEqual(normalized('GET /realm/presence', body, ctx(FL.presenceWebsiteAggregated)), body);
    for (const presences of [null, 'text']) {
      assert.deepStrictEqual(normalized('POST /users/me/presence', { presences }, old), { presences });
    }
  });

  it('names bot types, and no type for users', function () {
    assert.strictEqual(botTypeName(undefined), null);
    assert.strictEqual(botTypeName(null), null);
  });
});

describe('channel operation hooks', function () {
  it('names the faulty parameter in its messages', function () {
    assert.match(
      refusal('GET /streams/{stream_id}/email_address', { stream_id: 'x' }),
      /^The channel id must be a number\.$/,
    );
    assert.match(
      refusal('GET /streams/{stream_id}/email_address', { stream_id: 1, sender_id: 'x' }),
      /^The sender id must be a number\.$/,
    );
    assert.match(
      refusal('POST /user_topics', { stream_id: 1, topic: 5, visibility_policy: 1 }),
      /^The topic must be text\.$/,
    );
    assert.match(
      refusal('DELETE /users/me/subscriptions', { subscriptions: ['a'], principals: 'x' }),
      /list of user ids or of emails/,
    );
    assert.match(refusal('POST /users/me/subscriptions', { subscriptions: 'x' }), /Subscriptions must be a list/);
    assert.match(
      refusal('POST /users/me/subscriptions', { subscriptions: [{ name: 5 }] }),
      /^The channel name must be text\.$/,
    );
    assert.match(
      refusal('POST /users/me/subscriptions', { subscriptions: [{ name: 'a', description: 5 }] }),
      /description must be text/,
    );
    assert.match(
      refusal('POST /users/me/subscriptions/properties', { subscription_data: 'x' }),
      /Subscription data must be a list/,
    );
    assert.match(SubscriptionPropertyName.safeParse('nope').error!.issues[0]!.message, /must be one of .*is_muted/);
  });

  it('sends exclude_archived and include_all by the server level', function () {
    const raw = { exclude_archived: true, include_all: true };
    assert.deepStrictEqual(
      prepare('GET /streams', raw, ctx(Math.max(FL.channelsExcludeArchived, FL.channelsIncludeAll))),
      raw,
    );
    assert.deepStrictEqual(prepare('GET /streams', raw, ctx(FL.channelsExcludeArchived)), {
      exclude_archived: true,
      include_all_active: true,
    });
    assert.deepStrictEqual(prepare('GET /streams', raw, ctx(FL.channelsExcludeArchived - 1)), {
      include_all_active: true,
    });
    assert.deepStrictEqual(prepare('GET /streams', { include_all: false }, ctx(FL.channelsIncludeAll)), {
      include_all: false,
    });
    assert.deepStrictEqual(prepare('GET /streams', {}, ctx(NEW)), {});
  });

  it('keeps allow_empty_topic_name for topics from FL.emptyTopicName', function () {
    const raw = { stream_id: 1, allow_empty_topic_name: true };
    assert.deepStrictEqual(prepare('GET /users/me/{stream_id}/topics', raw, ctx(FL.emptyTopicName)), raw);
    assert.deepStrictEqual(prepare('GET /users/me/{stream_id}/topics', raw, ctx(FL.emptyTopicName - 1)), {
      stream_id: 1,
    });
  });

  it('chooses the sender of a channel email address from FL.channelEmailSender', function () {
    const key = 'GET /streams/{stream_id}/email_address';
    assert.ok(prepare(key, { stream_id: 1, sender_id: 2 }, ctx(FL.channelEmailSender)));
    assert.strictEqual(
      checkError(key, { stream_id: 1, sender_id: 2 }, ctx(FL.channelEmailSender - 1)).field,
      'sender_id',
    );
    assert.ok(prepare(key, { stream_id: 1 }, ctx(1)));
  });

  it('upgrades in_home_view to is_muted only when is_muted is missing', function () {
    const base = { stream_id: 1, name: 'a', color: '#000000' };
    assert.strictEqual(Subscription.parse({ ...base, in_home_view: false }).is_muted, true);
    assert.strictEqual(Subscription.parse({ ...base, in_home_view: true }).is_muted, false);
    assert.strictEqual(Subscription.parse({ ...base, is_muted: false, in_home_view: false }).is_muted, false);
    assert.strictEqual(Subscription.safeParse({ ...base, in_home_view: 'no' }).success, false);
    assert.strictEqual(Subscription.safeParse(null).success, false);
  });

  it('names visibility policies', function () {
    assert.deepStrictEqual([0, 1, 2, 3, 4].map(visibilityPolicyName), [
      'none',
      'muted',
      'unmuted',
      'followed',
      'unknown',
    ]);
  });
});

describe('realm operation hooks', function () {
  it('names the faulty parameter in its messages', function () {
    const link = { pattern: '#(?P<id>\\d+)', url_template: 'https://x.test/{id}' };
    assert.match(refusal('POST /realm/filters', { ...link, pattern: 5 }), /^The pattern must be text\.$/);
    assert.match(refusal('POST /realm/filters', { ...link, pattern: ' ' }), /pattern cannot be empty/);
    assert.match(refusal('POST /realm/filters', { ...link, url_template: 5 }), /^The URL template must be text\.$/);
    assert.match(refusal('POST /realm/filters', { ...link, url_template: '' }), /URL template cannot be empty/);
    assert.match(refusal('POST /realm/filters', { ...link, example_input: 5 }), /example input must be text/);
    assert.match(refusal('POST /realm/filters', { ...link, reverse_template: 5 }), /reverse template must be text/);
    assert.match(refusal('PATCH /realm/linkifiers', { ordered_linkifier_ids: 'x' }), /order must be a list/);
    assert.match(
      refusal('PATCH /realm/linkifiers', { ordered_linkifier_ids: ['x'] }),
      /^The linkifier id must be a number\.$/,
    );
    const play = { name: 'Python', pygments_language: 'python', url_template: 'https://x.test/?c={code}' };
    assert.match(refusal('POST /realm/playgrounds', { ...play, name: 5 }), /^The playground name must be text\.$/);
    assert.match(
      refusal('POST /realm/playgrounds', { ...play, name: undefined }),
      /^The playground name is required\.$/,
    );
    assert.match(refusal('POST /realm/playgrounds', { ...play, name: ' ' }), /playground name cannot be empty/);
    assert.match(
      refusal('POST /realm/playgrounds', { ...play, pygments_language: 5 }),
      /^The language must be text\.$/,
    );
    assert.match(refusal('POST /realm/playgrounds', { ...play, pygments_language: '' }), /language cannot be empty/);
    assert.match(refusal('POST /realm/playgrounds', { ...play, url_template: 5 }), /^The URL template must be text\.$/);
    assert.match(
      refusal('DELETE /realm/playgrounds/{playground_id}', { playground_id: 'x' }),
      /^The playground id must be a number\.$/,
    );
  });

  it('allows reverse linkifiers from FL.linkifierReverse, and sends them there', function () {
    const raw = { pattern: 'a', url_template: 'https://x.test/', example_input: 'a', reverse_template: 'r' };
    assert.deepStrictEqual(prepare('POST /realm/filters', raw, ctx(FL.linkifierReverse)), raw);
    assert.strictEqual(checkError('POST /realm/filters', raw, ctx(FL.linkifierReverse - 1)).field, 'example_input');
    const plain = { pattern: 'a', url_template: 'https://x.test/', example_input: null };
    assert.deepStrictEqual(prepare('POST /realm/filters', plain, ctx(FL.linkifierReverse - 1)), {
      pattern: 'a',
      url_template: 'https://x.test/',
    });
  });

  it('has playgrounds from FL.playgrounds, with templates from FL.playgroundUrlTemplate', function () {
    const key = 'POST /realm/playgrounds';
    const end = { name: 'Py', pygments_language: 'python', url_template: 'https://x.test/{code}/{code}' };
    assert.deepStrictEqual(prepare(key, end, ctx(FL.playgrounds)), {
      name: 'Py',
      pygments_language: 'python',
      url_prefix: 'https://x.test/{code}/',
    });
    assert.throws(() => prepare(key, end, ctx(FL.playgrounds - 1)), /no code playgrounds/);
    assert.ok(prepare('DELETE /realm/playgrounds/{playground_id}', { playground_id: 1 }, ctx(FL.playgrounds)));
    const middle = { ...end, url_template: 'https://x.test/{code}?run=1' };
    assert.deepStrictEqual(prepare(key, middle, ctx(FL.playgroundUrlTemplate)), middle);
    assert.strictEqual(checkError(key, middle, ctx(FL.playgroundUrlTemplate - 1)).field, 'url_template');
  });

  it('reads url_format and url_prefix from old servers only when the template is missing', function () {
    assert.strictEqual(Linkifier.parse({ id: 1, pattern: 'a', url_format: 'old' }).url_template, 'old');
    assert.strictEqual(
      Linkifier.parse({ id: 1, pattern: 'a', url_template: 'new', url_format: 'old' }).url_template,
      'new',
    );
    const play = { id: 1, name: 'Py', pygments_language: 'python' };
    assert.strictEqual(
      RealmPlayground.parse({ ...play, url_prefix: 'https://old/' }).url_template,
      'https://old/{code}',
    );
    assert.strictEqual(
      RealmPlayground.parse({ ...play, url_template: 'https://new/{code}', url_prefix: 'https://old/' }).url_template,
      'https://new/{code}',
    );
  });
});

describe('typing, drafts, server settings and upload hooks', function () {
  it('sends channel typing from FL.streamTypingById and direct by the level', function () {
    const stream = { op: 'start', type: 'stream', stream_id: 3, topic: 't' };
    assert.deepStrictEqual(prepare('POST /typing', stream, ctx(FL.streamTypingById)), stream);
    assert.strictEqual(checkError('POST /typing', stream, ctx(FL.streamTypingById - 1)).field, 'type');
    assert.strictEqual(
      prepare('POST /typing', { op: 'stop', type: 'direct', to: [2] }, ctx(FL.directMessageType)).type,
      'direct',
    );
    assert.strictEqual(
      prepare('POST /typing', { op: 'stop', type: 'direct', to: [2] }, ctx(FL.directMessageType - 1)).type,
      'private',
    );
    assert.match(refusal('POST /typing', { op: 'start', type: 'channel' }), /must be "direct" or "stream"/);
  });

  it('checks drafts and names the parameter at fault', function () {
    const draft = { type: 'stream', to: [1], topic: 'a\0b', content: 'hi' };
    assert.strictEqual(checkError('PATCH /drafts/{draft_id}', { draft_id: 1, draft }, ctx(NEW)).field, 'draft');
    assert.match(checkError('POST /drafts', { drafts: [draft] }, ctx(NEW)).message, /null bytes/);
    assert.ok(prepare('POST /drafts', { drafts: [{ ...draft, topic: 'ab' }] }, ctx(NEW)));
    assert.match(refusal('POST /drafts', { drafts: [{ ...draft, type: 'x' }] }), /draft type must be/);
    assert.match(refusal('POST /drafts', { drafts: [{ ...draft, to: [0] }] }), /Recipients are positive/);
  });

  it('reads realm_uri as realm_url only when realm_url is missing', function () {
    const key = 'GET /server_settings';
    assert.strictEqual(normalized(key, { realm_uri: 'https://old' }, ctx(1)).realm_url, 'https://old');
    assert.strictEqual(
      normalized(key, { realm_uri: 'https://old', realm_url: 'https://new' }, ctx(1)).realm_url,
      'https://new',
    );
    assert.ok(!('realm_url' in normalized(key, { realm_name: 'x' }, ctx(1))));
  });

  it('reads the upload URL from uri before FL.uploadUrl or when url is missing', function () {
    const key = 'POST /user_uploads';
    const both = { result: 'success', url: '/user_uploads/new', uri: '/user_uploads/old' };
    assert.strictEqual(normalized(key, both, ctx(FL.uploadUrl)).url, '/user_uploads/new');
    assert.strictEqual(normalized(key, both, ctx(FL.uploadUrl - 1)).url, '/user_uploads/old');
    assert.strictEqual(
      normalized(key, { result: 'success', uri: '/user_uploads/old' }, ctx(NEW)).url,
      '/user_uploads/old',
    );
  });
});
