import assert from 'node:assert/strict';
import { ApiError, type ChatClient, ValidationError } from '../../../../src/api';
import type { RealmLimits } from '../../../../src/api/operation';
import { channel, is, not, search, topic } from '../../../../src/api/messages/narrow';
import { sha256Hex } from '../../../../src/api/messages/operations';
import {
  addReaction,
  checkMessagesMatchNarrow,
  getAttachments,
  getMessage,
  getMessages,
  removeAttachment,
  removeReaction,
  sendMessage,
  updateMessage,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
} from '../../../../src/api/messages/routes';
import { accountWithRole, channelId, GUEST, MEMBER, OWNER, type RunningServer, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

async function topicMessages(client: ChatClient, streamId: number, name: string) {
  const { messages } = await getMessages(client, {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [channel(streamId), topic(name)],
    apply_markdown: false,
    allow_empty_topic_name: true,
  });
  return messages;
}

async function rawContent(client: ChatClient, messageId: number): Promise<string> {
  const { message } = await getMessage(client, { message_id: messageId, apply_markdown: false });
  return message.content;
}

describe('API: messages', function () {
  const suite = withServer();
  let server: RunningServer;
  let alice: ChatClient;
  let bob: ChatClient;
  let guest: ChatClient;
  let owner: ChatClient;
  let eng: number;
  let general: number;

  before(async function () {
    server = suite.server;
    alice = suite.client(MEMBER, 0);
    bob = suite.client(MEMBER, 1);
    guest = suite.client(GUEST);
    owner = suite.client(OWNER);
    eng = await channelId(alice, 'engineering');
    general = await channelId(alice, 'general');
  });

  describe('PATCH /messages/{message_id} (op 1)', function () {
    it('edits content with a correct prev_content_sha256 (computed from prevContent)', async function () {
      const { id } = await sendMessage(alice, {
        type: 'channel',
        to: eng,
        topic: 'edit tests',
        content: 'Frist draft',
      });
      const result = await updateMessage(alice, { message_id: id, content: 'First draft', prevContent: 'Frist draft' });
      assert.equal(result.result, 'success');
      assert.equal(result.ignored_parameters_unsupported, undefined);
      assert.equal(await rawContent(alice, id), 'First draft');
      // The explicit hash works the same.
      await updateMessage(alice, {
        message_id: id,
        content: 'First draft!',
        prev_content_sha256: sha256Hex('First draft'),
      });
      assert.equal(await rawContent(alice, id), 'First draft!');
    });

    it('refuses an edit whose prev_content_sha256 is stale (BAD_REQUEST)', async function () {
      const { id } = await sendMessage(alice, { type: 'channel', to: eng, topic: 'edit tests', content: 'Version A' });
      await updateMessage(alice, { message_id: id, content: 'Version B' });
      const error = await apiError(
        updateMessage(alice, { message_id: id, content: 'Version C', prevContent: 'Version A' }),
        'BAD_REQUEST',
      );
      assert.equal(error.httpStatus, 400);
      assert.equal(await rawContent(alice, id), 'Version B');
    });

    it('reports MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with its fields in error.moveTimeLimit', async function () {
      const before = await topicMessages(alice, eng, 'release 1.0');
      const { id } = await sendMessage(alice, {
        type: 'channel',
        to: eng,
        topic: 'release 1.0',
        content: 'One more thing.',
      });
      const error = await apiError(
        updateMessage(alice, { message_id: id, topic: 'release one', propagate_mode: 'change_all' }),
        'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      );
      const details = error.moveTimeLimit;
      assert.ok(details);
      assert.equal(details.totalMessagesInTopic, before.length + 1);
      assert.ok(
        details.totalMessagesAllowedToMove >= 1 && details.totalMessagesAllowedToMove < details.totalMessagesInTopic,
      );
      assert.equal(typeof details.firstMessageIdAllowedToMove, 'number');
      // The documented retry: change_later from the first message allowed to move.
      await updateMessage(alice, {
        message_id: details.firstMessageIdAllowedToMove!,
        topic: 'release one',
        propagate_mode: 'change_later',
        send_notification_to_new_thread: false,
      });
      const moved = await topicMessages(alice, eng, 'release one');
      assert.equal(moved.length, details.totalMessagesAllowedToMove);
      assert.ok(moved.some((m) => m.id === id));
    });

    it('returns detached_uploads when an edit removes the last link to a file', async function () {
      const notes = await topicMessages(alice, eng, 'notes');
      const linking = notes.find((m) => m.content.includes('/user_uploads/'));
      assert.ok(linking, 'a message of alice links an upload');
      const result = await updateMessage(alice, {
        message_id: linking.id,
        content: 'My notes: gone.',
        prevContent: linking.content,
      });
      assert.ok(result.detached_uploads, 'detached_uploads present');
      assert.equal(result.detached_uploads.length, 1);
      const [upload] = result.detached_uploads;
      assert.ok(linking.content.includes(upload.path_id));
      assert.deepEqual(upload.message_ids, []);
      const now = Date.now() / 1000;
      assert.ok(Math.abs(upload.create_time - now) < 86400 * 30, 'create_time in seconds');
      // The file is still listed, with no messages.
      const { attachments } = await getAttachments(alice);
      assert.deepEqual(attachments.find((a) => a.id === upload.id)?.message_ids, []);
      // What a client does after asking the user: delete the detached file.
      await removeAttachment(alice, { attachment_id: upload.id });
      assert.ok(!(await getAttachments(alice)).attachments.some((a) => a.id === upload.id));
    });

    it("refuses a member or guest editing someone else's message (BAD_REQUEST)", async function () {
      const { id } = await sendMessage(alice, { type: 'channel', to: general, topic: 'perm tests', content: 'Mine.' });
      await apiError(updateMessage(bob, { message_id: id, content: 'Yours now.' }), 'BAD_REQUEST');
      await apiError(updateMessage(guest, { message_id: id, content: 'Yours now.' }), 'BAD_REQUEST');
      assert.equal(await rawContent(alice, id), 'Mine.');
    });

    it('refuses editing a message that does not exist (BAD_REQUEST)', async function () {
      await apiError(updateMessage(alice, { message_id: 99_999_999, content: 'x' }), 'BAD_REQUEST');
    });

    it('refuses a topic change on a direct message', async function () {
      const { id } = await sendMessage(alice, {
        type: 'direct',
        to: [accountWithRole(server, MEMBER, 1).userId],
        content: 'Psst.',
      });
      await assert.rejects(updateMessage(alice, { message_id: id, topic: 'nope' }), ApiError);
    });

    it('resolves and unresolves a topic without touching last_moved_timestamp', async function () {
      const before = await topicMessages(alice, general, 'lunch plans');
      assert.ok(before.length >= 2);
      const ids = before.map((m) => m.id);
      const target = before[before.length - 1];
      await updateMessage(alice, { message_id: target.id, topic: '\u2714 lunch plans', propagate_mode: 'change_all' });
      const resolved = await topicMessages(alice, general, '\u2714 lunch plans');
      // Besides the moved messages, the topic gets the "marked as resolved" notification.
      const movedIn = resolved.filter((m) => ids.includes(m.id));
      assert.deepEqual(
        movedIn.map((m) => m.id),
        ids,
      );
      for (const m of movedIn) {
        assert.equal(m.subject, '\u2714 lunch plans');
        assert.equal(m.last_moved_timestamp, before.find((b) => b.id === m.id)?.last_moved_timestamp);
      }
      assert.ok(resolved.length <= ids.length + 1, 'at most one notification');
      assert.equal((await topicMessages(alice, general, 'lunch plans')).length, 0);
      await updateMessage(alice, { message_id: target.id, topic: 'lunch plans', propagate_mode: 'change_all' });
      const unresolved = await topicMessages(alice, general, 'lunch plans');
      assert.deepEqual(
        unresolved.filter((m) => ids.includes(m.id)).map((m) => m.id),
        ids,
      );
      assert.equal((await topicMessages(alice, general, '\u2714 lunch plans')).length, 0);
      assert.ok(unresolved.filter((m) => ids.includes(m.id)).every((m) => m.last_moved_timestamp === undefined));
    });

    it('moves a message to another channel, recording prev_stream', async function () {
      const random = await channelId(alice, 'random');
      const { id } = await sendMessage(alice, {
        type: 'channel',
        to: general,
        topic: 'off topic',
        content: 'Belongs in random.',
      });
      await updateMessage(alice, { message_id: id, stream_id: random, send_notification_to_new_thread: false });
      const { message } = await getMessage(alice, { message_id: id });
      assert.equal(message.stream_id, random);
      assert.equal(message.display_recipient, 'random');
      assert.equal(message.edit_history?.[0]?.prev_stream, general);
      assert.equal(message.edit_history?.[0]?.stream, random);
    });

    it('refuses wildcard mentions added by an edit (STREAM_/TOPIC_WILDCARD_MENTION_NOT_ALLOWED)', async function () {
      const { id } = await sendMessage(alice, {
        type: 'channel',
        to: general,
        topic: 'crowd',
        content: 'Hello crowd.',
      });
      await apiError(
        updateMessage(alice, { message_id: id, content: '@**all** hello' }),
        'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      );
      await apiError(
        updateMessage(alice, { message_id: id, content: '@**topic** hello' }),
        'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      );
      assert.equal(await rawContent(alice, id), 'Hello crowd.');
    });

    it('refuses a content edit after the edit time limit (BAD_REQUEST)', async function () {
      const old = (await topicMessages(alice, eng, 'designs')).find(
        (m) => m.sender_email === accountWithRole(server, MEMBER, 0).email,
      );
      assert.ok(old, "an old message of alice's");
      await apiError(updateMessage(alice, { message_id: old.id, content: 'Too late.' }), 'BAD_REQUEST');
    });

    it('moves a message to another topic', async function () {
      const { id } = await sendMessage(alice, { type: 'channel', to: general, topic: 'wrong place', content: 'Oops.' });
      await updateMessage(alice, { message_id: id, topic: 'right place', send_notification_to_new_thread: false });
      const { message } = await getMessage(alice, { message_id: id });
      assert.equal(message.subject, 'right place');
      assert.equal(typeof message.last_moved_timestamp, 'number');
      assert.equal(message.edit_history?.[0]?.prev_topic, 'wrong place');
    });

    describe('validation (nothing is sent)', function () {
      const dead = (limits: RealmLimits = {}) => offlineClient({ limits });

      it('refuses content together with stream_id', async function () {
        await refused(updateMessage(dead(), { message_id: 1, content: 'x', stream_id: 2 }), 'stream_id');
      });
      it('refuses a propagate_mode other than change_one for a content-only edit', async function () {
        await refused(
          updateMessage(dead(), { message_id: 1, content: 'x', propagate_mode: 'change_all' }),
          'propagate_mode',
        );
        await refused(
          updateMessage(dead(), { message_id: 1, content: 'x', propagate_mode: 'change_later' }),
          'propagate_mode',
        );
      });
      it('refuses an unknown propagate_mode', async function () {
        await refused(
          updateMessage(dead(), { message_id: 1, topic: 't', propagate_mode: 'all' as 'change_all' }),
          'propagate_mode',
        );
      });
      it('refuses an edit with nothing to change', async function () {
        await refused(updateMessage(dead(), { message_id: 1 }));
      });
      it('refuses a topic over max_topic_length (code points)', async function () {
        await refused(updateMessage(dead({ maxTopicLength: 10 }), { message_id: 1, topic: 'x'.repeat(11) }), 'topic');
        await refused(updateMessage(dead(), { message_id: 1, topic: 'x'.repeat(61) }), 'topic');
      });
      it('accepts a topic of exactly max_topic_length emoji (code points, not UTF-16 units)', async function () {
        // Passes validation, then fails to connect: proof that the request was attempted.
        await assert.rejects(
          updateMessage(dead({ maxTopicLength: 10 }), { message_id: 1, topic: '\u{1F600}'.repeat(10) }),
          (e) => !(e instanceof ValidationError),
        );
      });
      it('refuses an empty topic when topics are required', async function () {
        for (const t of ['', '(no topic)', 'general chat', '  ']) {
          await refused(
            updateMessage(dead({ mandatoryTopics: true, emptyTopicDisplayName: 'general chat' }), {
              message_id: 1,
              topic: t,
            }),
            'topic',
          );
        }
      });
      it('refuses to resolve the empty topic', async function () {
        await refused(
          updateMessage(dead(), { message_id: 1, topic: '\u2714 ', propagate_mode: 'change_all' }),
          'topic',
          /resolved/,
        );
        await refused(
          updateMessage(dead({ emptyTopicDisplayName: 'general chat' }), {
            message_id: 1,
            topic: '\u2714 general chat',
            propagate_mode: 'change_all',
          }),
          'topic',
        );
      });
      it('refuses content over max_message_length', async function () {
        await refused(updateMessage(dead({ maxMessageLength: 5 }), { message_id: 1, content: '123456' }), 'content');
        await refused(updateMessage(dead(), { message_id: 1, content: 'x'.repeat(10_001) }), 'content');
      });
      it('refuses a malformed prev_content_sha256 and a non-integer message_id', async function () {
        await refused(
          updateMessage(dead(), { message_id: 1, content: 'x', prev_content_sha256: 'abc' }),
          'prev_content_sha256',
        );
        await refused(updateMessage(dead(), { message_id: 1.5, content: 'x' }), 'message_id');
      });
      it('refuses a parameter the operation does not have', async function () {
        await refused(
          alice.call('PATCH /messages/{message_id}', { message_id: 1, content: 'x', subjectt: 'y' } as never),
        );
      });
    });
  });

  describe('GET /messages/matches_narrow (op 6)', function () {
    it('returns only the matching messages, keyed by ID', async function () {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 30,
        num_after: 0,
        narrow: [channel(eng)],
      });
      const ids = messages.map((m) => m.id);
      const inTopic = messages.filter((m) => m.subject === 'code review #42').map((m) => String(m.id));
      assert.ok(inTopic.length > 0 && inTopic.length < ids.length);
      const result = await checkMessagesMatchNarrow(alice, {
        msg_ids: ids,
        narrow: [channel(eng), topic('code review #42')],
      });
      assert.deepEqual(Object.keys(result.messages).sort(), inTopic.sort());
      for (const match of Object.values(result.messages)) {
        assert.equal(typeof match.match_content, 'string');
        assert.equal(typeof match.match_subject, 'string');
      }
    });
    it('highlights search matches', async function () {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [channel(eng)],
      });
      const result = await checkMessagesMatchNarrow(alice, {
        msg_ids: messages.map((m) => m.id),
        narrow: [search('staging')],
      });
      const matches = Object.values(result.messages);
      assert.ok(matches.length >= 1);
      assert.ok(matches.every((m) => m.match_content.includes('highlight')));
    });
    it('refuses an empty msg_ids list', async function () {
      await refused(checkMessagesMatchNarrow(offlineClient(), { msg_ids: [], narrow: [] }), 'msg_ids');
    });
  });

  describe('GET /messages/{message_id} (op 7)', function () {
    it('returns a channel message with every field, raw content on request', async function () {
      const [first] = await topicMessages(alice, eng, 'build failures');
      const { message, raw_content } = await getMessage(alice, { message_id: first.id, apply_markdown: false });
      assert.equal(message.id, first.id);
      assert.equal(message.type, 'stream');
      assert.equal(message.stream_id, eng);
      assert.equal(message.display_recipient, 'engineering');
      assert.equal(message.content_type, 'text/x-markdown');
      assert.equal(typeof message.recipient_id, 'number');
      assert.ok(
        Array.isArray(message.topic_links) && Array.isArray(message.submessages) && Array.isArray(message.reactions),
      );
      assert.ok(Array.isArray(message.flags));
      assert.equal(raw_content, message.content);
      const html = await getMessage(alice, { message_id: first.id });
      assert.equal(html.message.content_type, 'text/html');
      assert.match(html.message.content, /^<p>/);
    });
    it('returns edit history, most recent first', async function () {
      const messages = await topicMessages(alice, eng, 'build failures');
      const edited = messages.find((m) => m.last_edit_timestamp !== undefined);
      assert.ok(edited);
      const { message } = await getMessage(alice, { message_id: edited.id });
      assert.ok(message.edit_history && message.edit_history.length >= 1);
      assert.equal(typeof message.edit_history[0].prev_content, 'string');
      assert.equal(message.last_moved_timestamp, undefined);
    });
    it('returns a direct message with its recipients', async function () {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [is('dm')],
      });
      const dm = messages[0];
      assert.ok(dm);
      const { message } = await getMessage(alice, { message_id: dm.id });
      assert.equal(message.type, 'private');
      assert.equal(message.subject, '');
      assert.equal(message.stream_id, undefined);
      assert.ok(Array.isArray(message.display_recipient));
      for (const r of message.display_recipient) {
        assert.equal(typeof r.id, 'number');
        assert.equal(typeof r.email, 'string');
        assert.equal(typeof r.full_name, 'string');
        assert.equal(typeof r.is_mirror_dummy, 'boolean');
      }
    });
    it('reads every reaction type, including the extra emoji as chat_extra_emoji', async function () {
      const lunch = await topicMessages(alice, general, 'lunch plans');
      const withReactions = lunch.find((m) => m.reactions.length >= 3);
      assert.ok(withReactions);
      const types = withReactions.reactions.map((r) => r.reaction_type).sort();
      assert.deepEqual(types, ['chat_extra_emoji', 'realm_emoji', 'unicode_emoji']);
    });
    it('returns the empty topic as "" only with allow_empty_topic_name', async function () {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [channel(general), topic('')],
        allow_empty_topic_name: true,
      });
      const m = messages[0];
      assert.ok(m, 'the empty topic has messages');
      assert.equal((await getMessage(alice, { message_id: m.id, allow_empty_topic_name: true })).message.subject, '');
      assert.notEqual((await getMessage(alice, { message_id: m.id })).message.subject, '');
    });
    it('refuses a message that does not exist or is not visible (BAD_REQUEST)', async function () {
      await apiError(getMessage(alice, { message_id: 99_999_999 }), 'BAD_REQUEST');
      const { messages } = await getMessages(owner, {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [channel('leadership')],
      });
      assert.ok(messages[0]);
      await apiError(getMessage(alice, { message_id: messages[0].id }), 'BAD_REQUEST');
    });
  });

  describe('GET /messages, POST /messages', function () {
    it('fetches a range with anchor and flags', async function () {
      const result = await getMessages(alice, {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [channel(eng)],
      });
      assert.ok(result.messages.length > 0 && result.messages.length <= 5);
      assert.equal(result.found_newest, true);
      const ids = result.messages.map((m) => m.id);
      assert.deepEqual(
        [...ids].sort((a, b) => a - b),
        ids,
        'ascending',
      );
      const byIds = await getMessages(alice, { message_ids: ids.slice(0, 2) });
      assert.deepEqual(
        byIds.messages.map((m) => m.id),
        ids.slice(0, 2),
      );
    });
    it('accepts a numeric anchor in a string', async function () {
      const { messages } = await getMessages(alice, { anchor: 'newest', num_before: 2, num_after: 0 });
      const result = await getMessages(alice, { anchor: String(messages[0].id), num_before: 0, num_after: 0 });
      assert.deepEqual(
        result.messages.map((m) => m.id),
        [messages[0].id],
      );
    });
    it('sends channel and direct messages', async function () {
      const sent = await sendMessage(alice, {
        type: 'stream',
        to: 'general',
        topic: 'hello',
        content: 'Hello **world**',
      });
      const { message } = await getMessage(alice, { message_id: sent.id });
      assert.equal(message.stream_id, general);
      const bobId = accountWithRole(server, MEMBER, 1).userId;
      const dm = await sendMessage(alice, { type: 'private', to: bobId, content: 'Hi Bob' });
      assert.equal((await getMessage(bob, { message_id: dm.id })).message.type, 'private');
    });
    it('validates before sending', async function () {
      const dead = offlineClient({ limits: { maxTopicLength: 5, mandatoryTopics: true, maxMessageLength: 10 } });
      await refused(sendMessage(dead, { type: 'channel', to: 1, topic: 'toolong', content: 'x' }), 'topic');
      await refused(sendMessage(dead, { type: 'channel', to: 1, content: 'x' }), 'topic');
      await refused(sendMessage(dead, { type: 'channel', to: 1, topic: '(no topic)', content: 'x' }), 'topic');
      await refused(sendMessage(dead, { type: 'channel', to: 1, topic: 't', content: 'x'.repeat(11) }), 'content');
      await refused(sendMessage(dead, { type: 'channel', to: 1, topic: 't', content: '' }), 'content');
      await refused(sendMessage(dead, { type: 'dm' as 'direct', to: [1], content: 'x' }), 'type');
      await refused(getMessages(dead, { anchor: 'latest' as 'newest', num_before: 1, num_after: 1 }), 'anchor');
      await refused(getMessages(dead, { anchor: 'newest' }), 'num_before');
      await refused(getMessages(dead, { anchor: 'newest', num_before: 4000, num_after: 1001 }), 'num_before');
    });
  });

  describe('POST /messages/flags and POST /messages/flags/narrow (op 12)', function () {
    it('stars and unstars messages', async function () {
      const msgs = await topicMessages(alice, eng, 'deploys');
      const ids = msgs.map((m) => m.id);
      await updateMessageFlags(alice, { messages: ids, op: 'add', flag: 'starred' });
      assert.ok((await topicMessages(alice, eng, 'deploys')).every((m) => m.flags?.includes('starred')));
      await updateMessageFlags(alice, { messages: ids, op: 'remove', flag: 'starred' });
      assert.ok((await topicMessages(alice, eng, 'deploys')).every((m) => !m.flags?.includes('starred')));
    });

    it('adds and removes a flag over a narrow range', async function () {
      const msgs = await topicMessages(alice, eng, 'code review #42');
      const narrow = [channel(eng), topic('code review #42')];
      const added = await updateMessageFlagsForNarrow(alice, {
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        narrow,
        op: 'add',
        flag: 'starred',
      });
      assert.equal(added.processed_count, msgs.length);
      assert.equal(added.updated_count, msgs.length);
      assert.equal(added.first_processed_id, msgs[0].id);
      assert.equal(added.last_processed_id, msgs[msgs.length - 1].id);
      assert.equal(added.found_oldest, true);
      assert.equal(added.found_newest, true);
      assert.equal(added.ignored_because_not_subscribed_channels, undefined);
      const again = await updateMessageFlagsForNarrow(alice, {
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        narrow,
        op: 'add',
        flag: 'starred',
      });
      assert.equal(again.updated_count, 0);
      const { messages: starred } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [is('starred')],
      });
      assert.ok(msgs.every((m) => starred.some((s) => s.id === m.id)));
      const removed = await updateMessageFlagsForNarrow(alice, {
        anchor: msgs[0].id,
        include_anchor: false,
        num_before: 0,
        num_after: 100,
        narrow,
        op: 'remove',
        flag: 'starred',
      });
      assert.equal(removed.processed_count, msgs.length - 1);
    });

    it('limits the range to num_before + 1 + num_after and reports an empty range with nulls', async function () {
      const one = await updateMessageFlagsForNarrow(alice, {
        anchor: 'newest',
        num_before: 0,
        num_after: 0,
        narrow: [channel(eng)],
        op: 'add',
        flag: 'read',
      });
      assert.ok(one.processed_count <= 1);
      const none = await updateMessageFlagsForNarrow(alice, {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [channel(eng), topic('no such topic here')],
        op: 'add',
        flag: 'starred',
      });
      assert.equal(none.processed_count, 0);
      assert.equal(none.first_processed_id, null);
      assert.equal(none.last_processed_id, null);
    });

    it('lists skipped channels when marking unread', async function () {
      const result = await updateMessageFlagsForNarrow(alice, {
        anchor: 'newest',
        num_before: 2,
        num_after: 0,
        narrow: [channel(eng), not(is('unread'))],
        op: 'remove',
        flag: 'read',
      });
      assert.ok(Array.isArray(result.ignored_because_not_subscribed_channels));
    });

    it('validates anchor, counts and flag before sending', async function () {
      const dead = offlineClient();
      const base = { num_before: 1, num_after: 1, narrow: [], op: 'add' as const, flag: 'read' };
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 'latest' as 'newest' }), 'anchor', /anchor/i);
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: -3 }), 'anchor');
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 1.5 }), 'anchor');
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 'newest', num_before: -1 }), 'num_before');
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 'newest', num_after: -1 }), 'num_after');
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 'newest', op: 'toggle' as 'add' }), 'op');
      await refused(updateMessageFlagsForNarrow(dead, { ...base, anchor: 'newest', flag: 'mentioned' }), 'flag');
      await refused(updateMessageFlags(dead, { messages: [1], op: 'add', flag: 'has_alert_word' }), 'flag');
      // Valid anchors pass validation (and then fail to connect).
      for (const anchor of ['first_unread', 'oldest', 42, '42'] as const) {
        await assert.rejects(
          updateMessageFlagsForNarrow(dead, { ...base, anchor }),
          (e) => !(e instanceof ValidationError),
        );
      }
    });
  });

  describe('reactions (op 14 and POST)', function () {
    it('adds and removes a reaction; REACTION_ALREADY_EXISTS / REACTION_DOES_NOT_EXIST', async function () {
      const [m] = await topicMessages(alice, eng, 'deploys');
      await addReaction(alice, { message_id: m.id, emoji_name: 'octopus' });
      let { message } = await getMessage(alice, { message_id: m.id });
      const mine = message.reactions.find((r) => r.emoji_name === 'octopus');
      assert.ok(mine);
      assert.equal(mine.reaction_type, 'unicode_emoji');
      await apiError(addReaction(alice, { message_id: m.id, emoji_name: 'octopus' }), 'REACTION_ALREADY_EXISTS');
      await removeReaction(alice, {
        message_id: m.id,
        emoji_name: 'octopus',
        emoji_code: mine.emoji_code,
        reaction_type: 'unicode_emoji',
      });
      ({ message } = await getMessage(alice, { message_id: m.id }));
      assert.ok(!message.reactions.some((r) => r.emoji_name === 'octopus' && r.user_id === message.sender_id));
      await apiError(removeReaction(alice, { message_id: m.id, emoji_name: 'octopus' }), 'REACTION_DOES_NOT_EXIST');
    });

    it('refuses an unknown emoji (BAD_REQUEST)', async function () {
      const [m] = await topicMessages(alice, eng, 'deploys');
      await apiError(addReaction(alice, { message_id: m.id, emoji_name: 'no_such_emoji_xyz' }), 'BAD_REQUEST');
    });

    it('removes the extra emoji reaction with the type the server gave', async function () {
      const lunch = await topicMessages(owner, general, 'lunch plans');
      const m = lunch.find((x) => x.reactions.some((r) => r.reaction_type === 'chat_extra_emoji'));
      assert.ok(m);
      const r = m.reactions.find((x) => x.reaction_type === 'chat_extra_emoji')!;
      await removeReaction(owner, {
        message_id: m.id,
        emoji_name: r.emoji_name,
        emoji_code: r.emoji_code,
        reaction_type: r.reaction_type as 'chat_extra_emoji',
      });
      const { message } = await getMessage(owner, { message_id: m.id });
      assert.ok(!message.reactions.some((x) => x.reaction_type === 'chat_extra_emoji'));
    });

    it('refuses emoji_code or reaction_type without emoji_name', async function () {
      const dead = offlineClient();
      await refused(removeReaction(dead, { message_id: 1, emoji_code: '1f44d' }), 'emoji_name');
      await refused(removeReaction(dead, { message_id: 1, reaction_type: 'unicode_emoji' }), 'emoji_name');
      await refused(
        addReaction(dead, { message_id: 1, emoji_code: '1f44d', reaction_type: 'unicode_emoji' }),
        'emoji_name',
      );
      await refused(addReaction(dead, { message_id: 1 }), 'emoji_name');
      await refused(
        removeReaction(dead, { message_id: 1, emoji_name: 'x', reaction_type: 'bogus' as 'realm_emoji' }),
        'reaction_type',
      );
    });
  });

  describe('attachments (op 19 and GET)', function () {
    it('lists attachments with message_ids and create_time in seconds', async function () {
      const { attachments, upload_space_used } = await getAttachments(alice);
      assert.ok(attachments.length >= 2);
      assert.equal(typeof upload_space_used, 'number');
      const now = Date.now() / 1000;
      for (const a of attachments) {
        assert.ok(Array.isArray(a.message_ids));
        assert.ok(a.create_time < now + 60 && a.create_time > now - 365 * 86400, 'seconds');
      }
      assert.ok(attachments.some((a) => a.message_ids.length > 0));
    });

    it('deletes an attachment; a second delete or a foreign one is BAD_REQUEST', async function () {
      const { attachments } = await getAttachments(alice);
      const unused = attachments.find((a) => a.message_ids.length === 0);
      assert.ok(unused);
      await removeAttachment(alice, { attachment_id: unused.id });
      const after = await getAttachments(alice);
      assert.ok(!after.attachments.some((a) => a.id === unused.id));
      await apiError(removeAttachment(alice, { attachment_id: unused.id }), 'BAD_REQUEST');
      const bobs = await getAttachments(bob);
      assert.ok(bobs.attachments[0]);
      await apiError(removeAttachment(alice, { attachment_id: bobs.attachments[0].id }), 'BAD_REQUEST');
    });

    it('refuses a non-positive attachment ID before sending', async function () {
      await refused(removeAttachment(offlineClient(), { attachment_id: 0 }), 'attachment_id');
    });
  });
});

describe('API: messages on older servers', function () {
  const servers = withServer({}, 'none');
  it('FL 378: prev_content_sha256 is not sent (no conflict protection)', async function () {
    const alice = (await servers.start({ featureLevel: 378 })).client(MEMBER);
    const eng = await channelId(alice, 'engineering');
    const { id } = await sendMessage(alice, { type: 'stream', to: eng, topic: 'old server', content: 'Version A' });
    await updateMessage(alice, { message_id: id, content: 'Version B' });
    // Stale: on a current server this fails; here the hash is dropped and the edit applies.
    const result = await updateMessage(alice, { message_id: id, content: 'Version C', prevContent: 'Version A' });
    assert.equal(result.ignored_parameters_unsupported, undefined, 'the parameter was not sent');
    assert.equal(await rawContent(alice, id), 'Version C');
  });

  it('FL 379, the first with edit-conflict protection: a stale prev_content_sha256 is sent and refused', async function () {
    const alice = (await servers.start({ featureLevel: 379 })).client(MEMBER);
    const eng = await channelId(alice, 'engineering');
    const { id } = await sendMessage(alice, { type: 'stream', to: eng, topic: 'threshold', content: 'Version A' });
    await updateMessage(alice, { message_id: id, content: 'Version B' });
    await apiError(
      updateMessage(alice, { message_id: id, content: 'Version C', prevContent: 'Version A' }),
      'BAD_REQUEST',
      400,
    );
    assert.equal(await rawContent(alice, id), 'Version B');
  });

  it('FL 440 and 400: detached_uploads and attachments are normalised (ms → s, messages → message_ids)', async function () {
    const alice = (await servers.start({ featureLevel: 440 })).client(MEMBER);
    const now = Date.now() / 1000;
    const { attachments } = await getAttachments(alice);
    assert.ok(attachments.length > 0);
    for (const a of attachments) {
      assert.ok(Array.isArray(a.message_ids));
      assert.ok(Math.abs(a.create_time - now) < 365 * 86400, `create_time ${a.create_time} in seconds`);
    }
    assert.ok(attachments.some((a) => a.message_ids.length === 1));
    const eng = await channelId(alice, 'engineering');
    const linking = (await topicMessages(alice, eng, 'notes')).find((m) => m.content.includes('/user_uploads/'));
    assert.ok(linking);
    const result = await updateMessage(alice, { message_id: linking.id, content: 'No link.' });
    assert.equal(result.detached_uploads?.length, 1);
    assert.ok(Math.abs(result.detached_uploads[0].create_time - now) < 86400);
    assert.deepEqual(result.detached_uploads[0].message_ids, []);
  });

  it('FL 284: detached_uploads is absent', async function () {
    const alice = (await servers.start({ featureLevel: 284 })).client(MEMBER);
    const eng = await channelId(alice, 'engineering');
    const linking = (await topicMessages(alice, eng, 'notes')).find((m) => m.content.includes('/user_uploads/'));
    assert.ok(linking);
    const result = await updateMessage(alice, { message_id: linking.id, content: 'No link.' });
    assert.equal(result.detached_uploads, undefined);
  });

  it('FL 247 / 173: sends "stream" and "private" for channel and direct messages', async function () {
    for (const featureLevel of [247, 173]) {
      const started = await servers.start({ featureLevel });
      const alice = started.client(MEMBER);
      const server = started.server;
      const eng = await channelId(alice, 'engineering');
      const sent = await sendMessage(alice, {
        type: 'channel',
        to: eng,
        topic: 'names',
        content: 'Channel, old name.',
      });
      assert.equal((await getMessage(alice, { message_id: sent.id })).message.type, 'stream');
      const bobId = accountWithRole(server, MEMBER, 1).userId;
      // Below FL 174 the client sends "private"; from it "direct". Messages are "private" either way.
      const dm = await sendMessage(alice, { type: 'direct', to: [bobId], content: 'Direct, old name.' });
      assert.equal((await getMessage(alice, { message_id: dm.id })).message.type, 'private');
    }
  });

  it('FL 192 / 228: the older codes (BAD_REQUEST) for a missing reaction and wildcard mentions', async function () {
    const alice = (await servers.start({ featureLevel: 192 })).client(MEMBER);
    const general = await channelId(alice, 'general');
    const { id } = await sendMessage(alice, { type: 'stream', to: general, topic: 'crowd', content: 'Hi.' });
    await apiError(removeReaction(alice, { message_id: id, emoji_name: 'octopus' }), 'BAD_REQUEST');
    await apiError(updateMessage(alice, { message_id: id, content: '@**all** hi' }), 'BAD_REQUEST');
  });

  it('names "zulip": reads zulip_extra_emoji as chat_extra_emoji and sends the server\'s spelling', async function () {
    const owner = (await servers.start({ names: 'zulip' })).client(OWNER);
    const general = await channelId(owner, 'general');
    const lunch = await topicMessages(owner, general, 'lunch plans');
    const m = lunch.find((x) => x.reactions.some((r) => r.reaction_type === 'chat_extra_emoji'));
    assert.ok(m, 'the extra emoji reaction is read as chat_extra_emoji');
    const r = m.reactions.find((x) => x.reaction_type === 'chat_extra_emoji')!;
    await removeReaction(owner, {
      message_id: m.id,
      emoji_name: r.emoji_name,
      emoji_code: r.emoji_code,
      reaction_type: 'chat_extra_emoji',
    });
    const { message } = await getMessage(owner, { message_id: m.id });
    assert.ok(!message.reactions.some((x) => x.emoji_name === r.emoji_name && x.user_id === r.user_id));
  });
});

describe('models: lenient enums', function () {
  it('maps unknown values to "unknown"', async function () {
    const { MessageType, ReactionType } = await import('../../../../src/api/messages/models');
    assert.equal(MessageType.parse('stream'), 'stream');
    assert.equal(MessageType.parse('broadcast'), 'unknown');
    assert.equal(ReactionType.parse('zulip_extra_emoji'), 'chat_extra_emoji');
    assert.equal(ReactionType.parse('sticker'), 'unknown');
  });
});
