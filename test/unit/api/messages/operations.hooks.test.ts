// Operation hooks the client runs before sending: parameter messages, version checks and the
// rewriting of parameters and bodies for older servers, called through the operations table.
import assert from 'node:assert/strict';
import { FL } from '../../../../src/api/features';
import { typeForServer } from '../../../../src/api/messages/outgoing';
import { checkError, ctx, prepare, refusal } from '../../support/operations';

describe('message operation hooks', function () {
  it('names the direct message type by the server level', function () {
    assert.strictEqual(typeForServer('direct', FL.directMessageType), 'direct');
    assert.strictEqual(typeForServer('private', FL.directMessageType), 'direct');
    assert.strictEqual(typeForServer('direct', FL.directMessageType - 1), 'private');
  });

  it('asks for the emoji name along with a code or reaction type', function () {
    const key = 'POST /messages/{message_id}/reactions';
    assert.match(checkError(key, { message_id: 1, emoji_code: '1f600' }, ctx(500)).message, /emoji_name.*emoji_code/);
    assert.match(
      checkError(key, { message_id: 1, emoji_name: '', emoji_code: '1f600' }, ctx(500)).message,
      /emoji_code/,
    );
    assert.match(
      checkError(key, { message_id: 1, reaction_type: 'unicode_emoji' }, ctx(500)).message,
      /emoji_name.*reaction_type/,
    );
    const bare = checkError(key, { message_id: 1 }, ctx(500));
    assert.doesNotMatch(bare.message, /reaction_type|emoji_code/);
    assert.strictEqual(bare.field, 'emoji_name');
    assert.strictEqual(checkError(key, { message_id: 1, emoji_name: '' }, ctx(500)).field, 'emoji_name');
    assert.ok(prepare(key, { message_id: 1, emoji_name: 'smile' }, ctx(500)));
  });

  it('sends the extra-emoji reaction type in the server flavour', function () {
    const key = 'POST /messages/{message_id}/reactions';
    const base = { message_id: 1, emoji_name: 'zulip', emoji_code: 'zulip' };
    assert.strictEqual(
      prepare(key, { ...base, reaction_type: 'zulip_extra_emoji' }, ctx(500)).reaction_type,
      'chat_extra_emoji',
    );
    assert.strictEqual(
      prepare(key, { ...base, reaction_type: 'chat_extra_emoji' }, ctx(500, {}, 'zulip')).reaction_type,
      'zulip_extra_emoji',
    );
    assert.strictEqual(
      prepare(key, { ...base, reaction_type: 'unicode_emoji' }, ctx(500, {}, 'zulip')).reaction_type,
      'unicode_emoji',
    );
  });

  it('allows 5000 messages at once and refuses 5001', function () {
    assert.ok(prepare('GET /messages', { anchor: 'newest', num_before: 2500, num_after: 2500 }, ctx(500)));
    assert.strictEqual(
      checkError('GET /messages', { anchor: 'newest', num_before: 2500, num_after: 2501 }, ctx(500)).field,
      'num_before',
    );
  });

  it('needs both counts, or message ids', function () {
    const key = 'GET /messages';
    assert.match(checkError(key, { anchor: 'newest', num_after: 1 }, ctx(500)).message, /num_before/);
    assert.match(checkError(key, { anchor: 'newest', num_before: 1 }, ctx(500)).message, /num_after/);
    assert.ok(prepare(key, { message_ids: [1, 2] }, ctx(500)));
  });

  it('explains a count that is not a whole number', function () {
    assert.match(
      refusal('GET /messages', { num_before: 1.5, num_after: 0 }),
      /"num_before" must be a whole number of messages/,
    );
    assert.match(
      refusal('GET /messages', { num_before: 'ten', num_after: 0 }),
      /"num_before" must be a whole number of messages/,
    );
  });

  it('drops allow_empty_topic_name below FL.emptyTopicName only', function () {
    const raw = { anchor: 'newest', num_before: 1, num_after: 1, allow_empty_topic_name: true };
    assert.strictEqual(prepare('GET /messages', raw, ctx(FL.emptyTopicName)).allow_empty_topic_name, true);
    assert.ok(!('allow_empty_topic_name' in prepare('GET /messages', raw, ctx(FL.emptyTopicName - 1))));
    assert.strictEqual(
      prepare('GET /messages/{message_id}', { message_id: 3, allow_empty_topic_name: false }, ctx(FL.emptyTopicName))
        .allow_empty_topic_name,
      false,
    );
  });

  it('requires a topic for a channel message without one when topics are mandatory', function () {
    const c = ctx(500, { mandatoryTopics: true });
    assert.strictEqual(checkError('POST /messages', { type: 'channel', to: 4, content: 'hi' }, c).field, 'topic');
    assert.ok(prepare('POST /messages', { type: 'channel', to: 4, topic: 't', content: 'hi' }, c));
  });

  it('accepts one channel ID, or a list of exactly one', function () {
    assert.strictEqual(
      prepare('POST /messages', { type: 'channel', to: 4, topic: 't', content: 'hi' }, ctx(500)).to,
      4,
    );
    assert.strictEqual(
      prepare('POST /messages', { type: 'channel', to: [4], topic: 't', content: 'hi' }, ctx(500)).to,
      4,
    );
    assert.strictEqual(
      checkError('POST /messages', { type: 'channel', to: [4, 5], topic: 't', content: 'hi' }, ctx(500)).field,
      'to',
    );
  });

  it('lets a content edit that also renames the topic change other messages', function () {
    const key = 'PATCH /messages/{message_id}';
    assert.ok(prepare(key, { message_id: 1, content: 'x', topic: 'new', propagate_mode: 'change_all' }, ctx(500)));
    assert.strictEqual(
      checkError(key, { message_id: 1, content: 'x', propagate_mode: 'change_all' }, ctx(500)).field,
      'propagate_mode',
    );
  });

  it('explains an empty flag name', function () {
    assert.match(refusal('POST /messages/flags', { messages: [1], op: 'add', flag: '' }), /Choose a flag/);
  });
});
