// Every event shape the extension consumes (docs/API.md, "Events the extension consumes"), parsed
// by the client's own `parseEvent`: the documented example comes out with its type, op and values,
// and the same event with one field of the wrong shape is reported as malformed, not delivered.
import assert from 'node:assert/strict';
import type { ChatEvent } from '../../../../src/api/events/models';
import { parseEvent } from '../../../../src/api/events/parse';
import { user } from '../../support/synthetic';

type Raw = Record<string, unknown>;

interface Case {
  /** The event as the server sends it (without `id`). */
  raw: Raw;
  /** The parsed values: `view(event)` (default: the keys of `want`, picked from the event). */
  want: Raw;
  view?: (event: Record<string, unknown>) => Raw;
  /** Overrides that make the event malformed. */
  broken: Raw;
}

const message = {
  id: 42,
  type: 'stream',
  sender_id: 11,
  sender_email: 'u11@example.com',
  sender_full_name: 'Alice',
  sender_realm_str: 'acme',
  avatar_url: null,
  client: 'website',
  content: '<p>Hello</p>',
  content_type: 'text/html',
  display_recipient: 'general',
  recipient_id: 5,
  stream_id: 1,
  subject: 'greetings',
  topic_links: [],
  is_me_message: false,
  timestamp: 1700000000,
  reactions: [],
  submessages: [],
};
const subscription = {
  stream_id: 1,
  name: 'general',
  color: '#76ce90',
  is_muted: false,
  description: 'Everyone',
  invite_only: false,
};
const linkifier = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/acme/app/issues/{id}' };
const playground = {
  id: 2,
  name: 'Rust playground',
  pygments_language: 'Rust',
  url_template: 'https://play.rust-lang.org/?code={code}',
};
const emoji = {
  id: '7',
  name: 'octo',
  source_url: '/user_avatars/1/emoji/octo.png',
  deactivated: false,
  author_id: 11,
};
const snippet = { id: 3, title: 'Greeting', content: 'Hello there!', date_created: 1700000000 };
const scheduled = {
  scheduled_message_id: 5,
  type: 'stream',
  to: 1,
  topic: 'later',
  content: 'Stand-up in 5',
  rendered_content: '<p>Stand-up in 5</p>',
  scheduled_delivery_timestamp: 1700003600,
  failed: false,
};
const reminder = {
  reminder_id: 6,
  scheduled_delivery_timestamp: 1700007200,
  content: 'Follow up',
  reminder_target_message_id: 42,
};
const draft = { id: 4, type: 'stream', to: [1], topic: 'deploys', content: 'Rolling out', timestamp: 1700000000 };
const profileField = { id: 1, name: 'Phone number', type: 1, hint: 'With the country code', field_data: '', order: 1 };
const alice = { user_id: 11, email: 'u11@example.com' };
const bob = { user_id: 12, email: 'u12@example.com' };
const reaction = {
  message_id: 42,
  user_id: 12,
  emoji_name: 'tada',
  emoji_code: '1f389',
  reaction_type: 'unicode_emoji',
};

const pick = (keys: string[]) => (e: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, e[k]]));

const CASES: Case[] = [
  { raw: { type: 'heartbeat' }, want: { type: 'heartbeat' }, broken: { id: 1.5 } },
  {
    raw: { type: 'message', message, flags: ['read', 'mentioned'] },
    want: { flags: ['read', 'mentioned'], id: 42, subject: 'greetings', sender_id: 11 },
    view: (e) => {
      const m = e.message as Raw;
      return { flags: e.flags, id: m.id, subject: m.subject, sender_id: m.sender_id };
    },
    broken: { flags: 'read' },
  },
  {
    raw: {
      type: 'update_message',
      message_id: 7,
      message_ids: [7, 8],
      user_id: 11,
      edit_timestamp: 1700000100,
      rendering_only: false,
      flags: ['read'],
      orig_content: 'old',
      content: 'new',
      orig_subject: 'a',
      subject: 'b',
      stream_id: 1,
      new_stream_id: 2,
      propagate_mode: 'change_later',
      topic_links: [{ text: '#123', url: 'https://github.com/acme/app/issues/123' }],
    },
    want: {
      message_ids: [7, 8],
      user_id: 11,
      content: 'new',
      subject: 'b',
      new_stream_id: 2,
      propagate_mode: 'change_later',
      topic_links: [{ text: '#123', url: 'https://github.com/acme/app/issues/123' }],
    },
    broken: { message_ids: ['7'] },
  },
  {
    raw: { type: 'delete_message', message_ids: [3, 4], message_type: 'stream', stream_id: 1, topic: 'old news' },
    want: { message_ids: [3, 4], message_type: 'stream', stream_id: 1, topic: 'old news' },
    broken: { message_ids: 3, message_id: undefined },
  },
  { raw: { type: 'reaction', op: 'add', ...reaction }, want: reaction, broken: { message_id: '42' } },
  { raw: { type: 'reaction', op: 'remove', ...reaction }, want: reaction, broken: { user_id: null } },
  {
    raw: { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [1, 2], all: false },
    want: { flag: 'starred', messages: [1, 2], all: false },
    broken: { messages: 'all' },
  },
  {
    raw: {
      type: 'update_message_flags',
      op: 'remove',
      flag: 'read',
      messages: [1, 2],
      message_details: {
        '1': { type: 'stream', stream_id: 1, topic: 'lunch', mentioned: true },
        '2': { type: 'private', user_ids: [12] },
      },
    },
    want: {
      flag: 'read',
      messages: [1, 2],
      message_details: {
        '1': { type: 'stream', stream_id: 1, topic: 'lunch', mentioned: true },
        '2': { type: 'private', user_ids: [12] },
      },
    },
    broken: { flag: 3 },
  },
  {
    raw: {
      type: 'submessage',
      message_id: 42,
      submessage_id: 9,
      sender_id: 11,
      msg_type: 'widget',
      content: '{"type":"vote"}',
    },
    want: { message_id: 42, submessage_id: 9, sender_id: 11, msg_type: 'widget', content: '{"type":"vote"}' },
    broken: { submessage_id: null },
  },
  {
    raw: { type: 'subscription', op: 'add', subscriptions: [subscription] },
    want: { subscriptions: [[1, 'general', '#76ce90', false]] },
    view: (e) => ({ subscriptions: (e.subscriptions as Raw[]).map((s) => [s.stream_id, s.name, s.color, s.is_muted]) }),
    broken: { subscriptions: [{ stream_id: 1 }] },
  },
  {
    raw: { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 1, name: 'general' }] },
    want: { subscriptions: [{ stream_id: 1, name: 'general' }] },
    broken: { subscriptions: [{ name: 'general' }] },
  },
  {
    raw: { type: 'subscription', op: 'update', stream_id: 1, property: 'is_muted', value: true },
    want: { stream_id: 1, property: 'is_muted', value: true },
    broken: { stream_id: '1' },
  },
  {
    raw: { type: 'subscription', op: 'peer_add', stream_ids: [1, 2], user_ids: [11] },
    want: { stream_ids: [1, 2], user_ids: [11] },
    broken: { user_ids: 'u11' },
  },
  {
    raw: { type: 'subscription', op: 'peer_remove', stream_ids: [1], user_ids: [11, 12] },
    want: { stream_ids: [1], user_ids: [11, 12] },
    broken: { stream_ids: 'general' },
  },
  {
    raw: {
      type: 'stream',
      op: 'create',
      streams: [{ stream_id: 9, name: 'design', description: 'Pixels', invite_only: true }],
    },
    want: { streams: [{ stream_id: 9, name: 'design', description: 'Pixels', invite_only: true }] },
    broken: { streams: [{ stream_id: 9 }] },
  },
  {
    raw: { type: 'stream', op: 'delete', stream_ids: [9], streams: [{ stream_id: 9, name: 'design' }] },
    want: { stream_ids: [9] },
    broken: { streams: [{ stream_id: 'nine' }] },
  },
  {
    raw: {
      type: 'stream',
      op: 'update',
      stream_id: 9,
      name: 'design',
      property: 'description',
      value: 'Pixels and fonts',
    },
    want: { stream_id: 9, name: 'design', property: 'description', value: 'Pixels and fonts' },
    broken: { property: 1 },
  },
  {
    raw: { type: 'user_topic', stream_id: 1, topic_name: 'lunch', last_updated: 1700000000, visibility_policy: 1 },
    want: { stream_id: 1, topic_name: 'lunch', last_updated: 1700000000, visibility_policy: 1 },
    broken: { visibility_policy: 'muted' },
  },
  {
    raw: {
      type: 'presence',
      presences: { '11': { active_timestamp: 1700000000, idle_timestamp: 1700000050 } },
      server_timestamp: 1700000060,
    },
    want: {
      presences: { '11': { active_timestamp: 1700000000, idle_timestamp: 1700000050 } },
      server_timestamp: 1700000060,
    },
    broken: { presences: { '11': { active_timestamp: 'now' } } },
  },
  {
    raw: {
      type: 'user_status',
      user_id: 11,
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c5',
      reaction_type: 'unicode_emoji',
      away: false,
    },
    want: {
      user_id: 11,
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c5',
      reaction_type: 'unicode_emoji',
      away: false,
    },
    broken: { away: 'yes' },
  },
  {
    raw: { type: 'realm_user', op: 'add', person: user(11, 'Alice') },
    want: { user_id: 11, full_name: 'Alice', role: 400 },
    view: (e) => pick(['user_id', 'full_name', 'role'])(e.person as Raw),
    broken: { person: { user_id: 11, full_name: 'Alice' } },
  },
  {
    raw: { type: 'realm_user', op: 'remove', person: { user_id: 11, full_name: 'Alice' } },
    want: { person: { user_id: 11, full_name: 'Alice' } },
    broken: { person: { full_name: 'Alice' } },
  },
  {
    raw: { type: 'realm_user', op: 'update', person: { user_id: 11, full_name: 'Alicia' } },
    want: { person: { user_id: 11, full_name: 'Alicia' } },
    broken: { person: { full_name: 'Alicia' } },
  },
  {
    raw: { type: 'realm', op: 'update', property: 'name', value: 'Acme' },
    want: { property: 'name', value: 'Acme' },
    broken: { property: null },
  },
  {
    raw: { type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: false } },
    want: { property: 'default', data: { allow_message_editing: false } },
    broken: { data: 'none' },
  },
  {
    raw: { type: 'realm_linkifiers', realm_linkifiers: [linkifier] },
    want: { realm_linkifiers: [[1, linkifier.pattern, linkifier.url_template]] },
    view: (e) => ({ realm_linkifiers: (e.realm_linkifiers as Raw[]).map((l) => [l.id, l.pattern, l.url_template]) }),
    broken: { realm_linkifiers: [{ id: 1 }] },
  },
  {
    raw: { type: 'realm_emoji', op: 'update', realm_emoji: { '7': emoji } },
    want: { realm_emoji: { '7': emoji } },
    broken: { realm_emoji: { '7': { id: 7 } } },
  },
  {
    raw: { type: 'realm_playgrounds', realm_playgrounds: [playground] },
    want: { realm_playgrounds: [playground] },
    broken: { realm_playgrounds: [{ id: 2, name: 'Rust playground' }] },
  },
  {
    raw: { type: 'saved_snippets', op: 'add', saved_snippet: snippet },
    want: { saved_snippet: snippet },
    broken: { saved_snippet: { id: 3 } },
  },
  {
    raw: { type: 'saved_snippets', op: 'update', saved_snippet: snippet },
    want: { saved_snippet: snippet },
    broken: { saved_snippet: null },
  },
  {
    raw: { type: 'saved_snippets', op: 'remove', saved_snippet_id: 3 },
    want: { saved_snippet_id: 3 },
    broken: { saved_snippet_id: '3' },
  },
  {
    raw: { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled] },
    want: { scheduled_messages: [scheduled] },
    broken: { scheduled_messages: [{ scheduled_message_id: 5 }] },
  },
  {
    raw: { type: 'scheduled_messages', op: 'update', scheduled_message: scheduled },
    want: { scheduled_message: scheduled },
    broken: { scheduled_message: { ...scheduled, failed: 'no' } },
  },
  {
    raw: { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 5 },
    want: { scheduled_message_id: 5 },
    broken: { scheduled_message_id: 5.5 },
  },
  {
    raw: { type: 'reminders', op: 'add', reminders: [reminder] },
    want: { reminders: [reminder] },
    broken: { reminders: [{ reminder_id: 6 }] },
  },
  {
    raw: { type: 'reminders', op: 'remove', reminder_id: 6 },
    want: { reminder_id: 6 },
    broken: { reminder_id: 'six' },
  },
  { raw: { type: 'drafts', op: 'add', drafts: [draft] }, want: { drafts: [draft] }, broken: { drafts: [{ id: 4 }] } },
  { raw: { type: 'drafts', op: 'update', draft }, want: { draft }, broken: { draft: { ...draft, to: 1 } } },
  { raw: { type: 'drafts', op: 'remove', draft_id: 4 }, want: { draft_id: 4 }, broken: { draft_id: [4] } },
  {
    raw: { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
    want: { property: 'twenty_four_hour_time', value: true },
    broken: { property: 24 },
  },
  {
    raw: { type: 'custom_profile_fields', fields: [profileField] },
    want: { fields: [profileField] },
    broken: { fields: [{ id: 1, name: 'Phone number' }] },
  },
  {
    raw: { type: 'typing', op: 'start', message_type: 'direct', sender: alice, recipients: [alice, bob] },
    want: { message_type: 'direct', sender: alice, recipients: [alice, bob] },
    broken: { sender: { user_id: 11 } },
  },
  {
    raw: { type: 'typing', op: 'stop', message_type: 'stream', sender: alice, stream_id: 1, topic: 'lunch' },
    want: { message_type: 'stream', sender: alice, stream_id: 1, topic: 'lunch' },
    broken: { sender: { email: 'u11@example.com' } },
  },
];

function parsed(raw: Raw): ChatEvent {
  const result = parseEvent(raw);
  assert.ok(result.ok, `${JSON.stringify(raw)}: ${result.ok ? '' : result.error.message}`);
  return result.event;
}

const label = (raw: Raw) => (raw.op === undefined ? String(raw.type) : `${String(raw.type)} ${String(raw.op)}`);

describe('API: every consumed event shape, through parseEvent', () => {
  for (const { raw, want, view, broken } of CASES) {
    it(`${label(raw)}: parses with its type, op and values; a malformed one is reported`, () => {
      const event = parsed({ id: 31, ...raw }) as unknown as Record<string, unknown>;
      assert.equal(event.id, 31);
      assert.equal(event.type, raw.type);
      assert.equal(event.op, raw.op);
      assert.deepEqual((view ?? pick(Object.keys(want)))(event), want);
      const bad = parseEvent({ id: 32, ...raw, ...broken });
      assert.equal(bad.ok, false, `${JSON.stringify(broken)} should be refused`);
    });
  }

  it('an event without an integer id is reported', () => {
    for (const raw of [
      { type: 'heartbeat' },
      { type: 'heartbeat', id: '1' },
      { type: 'user_settings', op: 'update', property: 'x', value: 1 },
    ]) {
      assert.equal(parseEvent(raw).ok, false, JSON.stringify(raw));
    }
  });

  it('a message event without flags has none', () => {
    const event = parsed({ id: 1, type: 'message', message });
    assert.ok(event.type === 'message');
    assert.deepEqual(event.flags, []);
  });

  it('optional fields may be left out: a content edit, a removal without details, a channel delete without records', () => {
    const edit = parsed({ id: 1, type: 'update_message', message_ids: [7] });
    assert.ok(edit.type === 'update_message');
    assert.deepEqual(edit.message_ids, [7]);
    assert.equal(edit.topic_links, undefined);
    const read = parsed({ id: 2, type: 'update_message_flags', op: 'remove', flag: 'read', messages: [1] });
    assert.ok(read.type === 'update_message_flags' && read.op === 'remove');
    assert.equal(read.message_details, undefined);
    const gone = parsed({ id: 3, type: 'stream', op: 'delete', stream_ids: [9] });
    assert.ok(gone.type === 'stream' && gone.op === 'delete');
    assert.deepEqual(gone.stream_ids, [9]);
  });

  it('refuses malformed nested records: topic links, message details', () => {
    const bad: Raw[] = [
      { type: 'update_message', message_ids: [7], topic_links: [{ text: '#123' }] },
      { type: 'update_message', message_ids: [7], topic_links: [{ url: 'https://x.test/1' }] },
      {
        type: 'update_message_flags',
        op: 'remove',
        flag: 'read',
        messages: [1],
        message_details: { '1': { type: 'stream', stream_id: 'one' } },
      },
      {
        type: 'update_message_flags',
        op: 'remove',
        flag: 'read',
        messages: [1],
        message_details: { '1': { stream_id: 1 } },
      },
    ];
    for (const raw of bad) assert.equal(parseEvent({ id: 1, ...raw }).ok, false, JSON.stringify(raw));
  });

  it('old servers: custom_profile_fields with op "add" is the same whole list', () => {
    const event = parsed({ id: 1, type: 'custom_profile_fields', op: 'add', fields: [profileField] });
    assert.ok(event.type === 'custom_profile_fields');
    assert.deepEqual(event.fields, [profileField]);
  });

  it('an event of a type the client does not know keeps its type, op and fields', () => {
    const event = parsed({
      id: 1,
      type: 'navigation_view',
      op: 'add',
      navigation_view: { fragment: 'inbox' },
    }) as unknown as Raw;
    assert.deepEqual(pick(['type', 'event_type', 'event_op', 'navigation_view'])(event), {
      type: 'unknown',
      event_type: 'navigation_view',
      event_op: 'add',
      navigation_view: { fragment: 'inbox' },
    });
  });
});
