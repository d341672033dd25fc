// What the client reads from the messages operations' answers: a realistic body of each parsed
// with the operation's response schema (defaults filled in, values upgraded from older servers),
// and malformed bodies refused (docs/API.md, "Messages" and "Names").
import assert from 'node:assert/strict';
import { MalformedResponseError } from '../../../../src/api';
import { Attachment } from '../../../../src/api/messages/attachment';
import {
  DisplayRecipientUser,
  EditHistoryEntry,
  Message,
  NarrowMatch,
  Reaction,
  ReactionType,
  RealmEmoji,
  Submessage,
  TopicLink,
} from '../../../../src/api/messages/models';
import { formatSize, MIB } from '../../../../src/api/messages/uploadSize';
import { parseResult } from '../../../../src/api/result';
import { ctx, type Key } from '../../support/operations';

const OK = { result: 'success', msg: '' };

function read(key: Key, body: Record<string, unknown>, featureLevel = 482): Record<string, unknown> {
  return parseResult(key, { ...OK, ...body }, ctx(featureLevel)) as unknown as Record<string, unknown>;
}

function refusedAnswer(key: Key, body: Record<string, unknown>, featureLevel = 482): void {
  assert.throws(
    () => read(key, body, featureLevel),
    MalformedResponseError,
    `${key} should refuse ${JSON.stringify(body)}`,
  );
}

/** A channel message as `GET /messages` sends it (apply_markdown: true). */
function channelMessage(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 31,
    type: 'stream',
    sender_id: 8,
    sender_email: 'alice@example.com',
    sender_full_name: 'Alice',
    sender_realm_str: 'zulip',
    avatar_url: null,
    client: 'website',
    content: '<p>Ship it.</p>',
    content_type: 'text/html',
    display_recipient: 'engineering',
    recipient_id: 20,
    stream_id: 3,
    subject: 'release',
    is_me_message: false,
    timestamp: 1_700_000_000,
    reactions: [{ emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 9 }],
    submessages: [],
    flags: ['read'],
    ...extra,
  };
}

const ALICE = { id: 8, email: 'alice@example.com', full_name: 'Alice' };
const BOB = { id: 9, email: 'bob@example.com', full_name: 'Bob', is_mirror_dummy: true };

describe('API answers: messages', function () {
  describe('Message', function () {
    it('reads a channel message, topic_links defaulting to []', function () {
      const m = Message.parse(channelMessage());
      assert.equal(m.display_recipient, 'engineering');
      assert.deepEqual(m.topic_links, []);
      assert.equal(m.type, 'stream');
      assert.deepEqual(m.reactions, [
        { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 9 },
      ]);
      const links = Message.parse(
        channelMessage({ topic_links: [{ text: '#12', url: 'https://example.com/12' }] }),
      ).topic_links;
      assert.deepEqual(links, [{ text: '#12', url: 'https://example.com/12' }]);
    });

    it('reads a direct message: its recipients, is_mirror_dummy defaulting to false', function () {
      const m = Message.parse(
        channelMessage({ type: 'private', display_recipient: [ALICE, BOB], subject: '', stream_id: undefined }),
      );
      assert.deepEqual(m.display_recipient, [{ ...ALICE, is_mirror_dummy: false }, BOB]);
      assert.equal(m.type, 'private');
    });

    it('refuses a message without its fields or with wrong ones', function () {
      const bad: Record<string, unknown>[] = [
        { id: undefined },
        { id: 1.5 },
        { sender_id: undefined },
        { subject: 5 },
        { display_recipient: 5 },
        { display_recipient: [{ id: 8 }] },
        { topic_links: [{ text: '#12' }] },
        { reactions: [{ emoji_name: 'tada' }] },
        { submessages: [{ id: 1 }] },
        { edit_history: [{ user_id: 8 }] },
        { match_content: 5 },
      ];
      for (const extra of bad)
        assert.equal(Message.safeParse(channelMessage(extra)).success, false, JSON.stringify(extra));
    });

    it('search narrows: highlighted content and topic', function () {
      const m = Message.parse(
        channelMessage({ match_content: '<p><span class="highlight">Ship</span> it.</p>', match_subject: 'release' }),
      );
      assert.equal(m.match_subject, 'release');
      assert.equal(NarrowMatch.parse({ match_content: '<p>x</p>', match_subject: 't' }).match_content, '<p>x</p>');
      assert.equal(NarrowMatch.safeParse({ match_content: '<p>x</p>' }).success, false);
      assert.equal(NarrowMatch.safeParse({ match_content: 1, match_subject: 't' }).success, false);
    });
  });

  describe('parts of a message', function () {
    it('reactions: the three types; zulip_extra_emoji is read as chat_extra_emoji; unknown ones as "unknown"', function () {
      const table: [string, string][] = [
        ['unicode_emoji', 'unicode_emoji'],
        ['realm_emoji', 'realm_emoji'],
        ['chat_extra_emoji', 'chat_extra_emoji'],
        ['zulip_extra_emoji', 'chat_extra_emoji'],
        ['future_emoji', 'unknown'],
      ];
      for (const [wire, read] of table) {
        assert.equal(ReactionType.parse(wire), read, wire);
        assert.equal(
          Reaction.parse({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: wire, user_id: 1 }).reaction_type,
          read,
          wire,
        );
      }
      assert.equal(
        Reaction.safeParse({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'realm_emoji' }).success,
        false,
      );
    });

    it('direct-message recipients', function () {
      assert.equal(DisplayRecipientUser.parse(ALICE).is_mirror_dummy, false);
      assert.equal(DisplayRecipientUser.parse(BOB).is_mirror_dummy, true);
      assert.equal(DisplayRecipientUser.safeParse({ email: 'a@example.com', full_name: 'A' }).success, false);
    });

    it('topic links, edit history, submessages', function () {
      assert.deepEqual(TopicLink.parse({ text: 'x', url: 'https://e.com' }), { text: 'x', url: 'https://e.com' });
      assert.equal(TopicLink.safeParse({ text: 'x' }).success, false);
      const entry = { user_id: null, timestamp: 1_400_000_000, prev_topic: 'old', topic: 'new' };
      assert.deepEqual(EditHistoryEntry.parse(entry), entry);
      assert.equal(EditHistoryEntry.safeParse({ user_id: 8 }).success, false);
      assert.equal(EditHistoryEntry.safeParse({ user_id: 8, timestamp: 1, prev_stream: 'x' }).success, false);
      const sub = { id: 1, message_id: 31, sender_id: 8, msg_type: 'widget', content: '{"type":"vote"}' };
      assert.deepEqual(Submessage.parse(sub), sub);
      assert.equal(Submessage.safeParse({ ...sub, content: undefined }).success, false);
    });

    it('custom emoji: deactivated defaults to false', function () {
      const emoji = { id: '17', name: 'green_tick', source_url: '/user_avatars/1/emoji/images/17.png' };
      assert.equal(RealmEmoji.parse(emoji).deactivated, false);
      assert.equal(RealmEmoji.parse({ ...emoji, deactivated: true }).deactivated, true);
      assert.equal(RealmEmoji.safeParse({ ...emoji, name: undefined }).success, false);
    });

    it('attachments', function () {
      const a = {
        id: 3,
        name: 'log.txt',
        path_id: '2/ab/x/log.txt',
        size: 120,
        create_time: 1_700_000_000,
        message_ids: [31],
      };
      assert.deepEqual(Attachment.parse(a), a);
      for (const extra of [{ id: undefined }, { size: '120' }, { message_ids: undefined }, { path_id: 4 }]) {
        assert.equal(Attachment.safeParse({ ...a, ...extra }).success, false, JSON.stringify(extra));
      }
    });
  });

  describe('each operation reads its answer', function () {
    const attachment = {
      id: 3,
      name: 'log.txt',
      path_id: '2/ab/x/log.txt',
      size: 120,
      create_time: 1_700_000_000,
      message_ids: [31],
    };

    it('GET /messages and GET /messages/{message_id}: messages parsed as Message', function () {
      const list = read('GET /messages', {
        messages: [channelMessage()],
        anchor: 31,
        found_anchor: true,
        found_newest: true,
        found_oldest: false,
        history_limited: false,
      });
      assert.deepEqual((list.messages as { topic_links: unknown }[])[0]!.topic_links, []);
      assert.equal(list.found_newest, true);
      refusedAnswer('GET /messages', { messages: [channelMessage({ id: 'x' })] });
      refusedAnswer('GET /messages', { messages: [], found_newest: 'yes' });
      const one = read('GET /messages/{message_id}', { message: channelMessage(), raw_content: 'Ship it.' });
      assert.deepEqual((one.message as { topic_links: unknown }).topic_links, []);
      refusedAnswer('GET /messages/{message_id}', { message: channelMessage({ subject: undefined }) });
      refusedAnswer('GET /messages/{message_id}', { message: channelMessage(), raw_content: 4 });
    });

    it('GET /messages/matches_narrow: matches keyed by message ID', function () {
      const body = read('GET /messages/matches_narrow', {
        messages: { 31: { match_content: '<p>x</p>', match_subject: 't' } },
      });
      assert.deepEqual(body.messages, { 31: { match_content: '<p>x</p>', match_subject: 't' } });
      refusedAnswer('GET /messages/matches_narrow', { messages: { 31: { match_content: '<p>x</p>' } } });
      refusedAnswer('GET /messages/matches_narrow', {});
    });

    it('POST /messages: the new ID', function () {
      assert.equal(read('POST /messages', { id: 42 }).id, 42);
      assert.equal(
        read('POST /messages', { id: 42, automatic_new_visibility_policy: 2 }).automatic_new_visibility_policy,
        2,
      );
      refusedAnswer('POST /messages', {});
      refusedAnswer('POST /messages', { id: 42, automatic_new_visibility_policy: 'follow' });
    });

    it('POST /messages/render: the HTML', function () {
      assert.equal(read('POST /messages/render', { rendered: '<p>x</p>' }).rendered, '<p>x</p>');
      refusedAnswer('POST /messages/render', {});
    });

    it('POST /messages/flags and /messages/flags/narrow', function () {
      assert.deepEqual(read('POST /messages/flags', { messages: [1, 2] }).messages, [1, 2]);
      refusedAnswer('POST /messages/flags', { messages: ['1'] });
      const narrow = {
        processed_count: 2,
        updated_count: 1,
        first_processed_id: 4,
        last_processed_id: 5,
        found_oldest: true,
        found_newest: false,
      };
      assert.deepEqual(read('POST /messages/flags/narrow', narrow), { ...OK, ...narrow });
      assert.equal(
        read('POST /messages/flags/narrow', { ...narrow, first_processed_id: null, last_processed_id: null })
          .last_processed_id,
        null,
      );
      refusedAnswer('POST /messages/flags/narrow', { ...narrow, updated_count: undefined });
    });

    it('PATCH /messages/{message_id}: detached_uploads, upgraded from older servers', function () {
      assert.deepEqual(read('PATCH /messages/{message_id}', {}), OK);
      assert.deepEqual(read('PATCH /messages/{message_id}', { detached_uploads: [attachment] }).detached_uploads, [
        attachment,
      ]);
      const old = {
        ...attachment,
        create_time: 1_700_000_000_000,
        message_ids: undefined,
        messages: [{ id: 31, date_sent: 1 }],
      };
      assert.deepEqual(read('PATCH /messages/{message_id}', { detached_uploads: [old] }, 300).detached_uploads, [
        { ...attachment, messages: old.messages },
      ]);
      refusedAnswer('PATCH /messages/{message_id}', { detached_uploads: [{ ...attachment, id: undefined }] });
      refusedAnswer('PATCH /messages/{message_id}', { detached_uploads: 'none' });
    });

    it('GET /attachments: the list, upgraded from older servers, and the space used', function () {
      assert.deepEqual(read('GET /attachments', { attachments: [attachment], upload_space_used: 120 }), {
        ...OK,
        attachments: [attachment],
        upload_space_used: 120,
      });
      const old = {
        ...attachment,
        create_time: 1_700_000_000_000,
        message_ids: undefined,
        messages: [{ id: 31, date_sent: 1 }],
      };
      assert.deepEqual(read('GET /attachments', { attachments: [old] }, 300).attachments, [
        { ...attachment, messages: old.messages },
      ]);
      refusedAnswer('GET /attachments', { attachments: [{ ...attachment, size: 'big' }] });
      refusedAnswer('GET /attachments', { attachments: [], upload_space_used: 1.5 });
      refusedAnswer('GET /attachments', {});
    });

    it('POST /user_uploads: url, filled from uri on older servers', function () {
      const url = '/user_uploads/2/ab/x/log.txt';
      assert.deepEqual(read('POST /user_uploads', { url, uri: url, filename: 'log.txt' }), {
        ...OK,
        url,
        uri: url,
        filename: 'log.txt',
      });
      assert.equal(read('POST /user_uploads', { uri: url }, 200).url, url);
      assert.equal(read('POST /user_uploads', { uri: url }, 482).url, url);
      assert.equal(read('POST /user_uploads', { url: 'ignored', uri: url }, 200).url, url);
      refusedAnswer('POST /user_uploads', {});
      refusedAnswer('POST /user_uploads', { url, uri: url, filename: 3 });
    });
  });

  it('sizes: one MiB is 1024 × 1024 bytes', function () {
    assert.equal(MIB, 1_048_576);
    assert.equal(formatSize(1_048_576), '1 MiB');
    assert.equal(formatSize(1_048_575), '1024 KiB');
  });
});
