// The shared parameter rules of src/api/params.ts and validation.ts, through the operations that
// use them: the exact message a user sees for each bad input, and the values accepted.
import assert from 'node:assert/strict';
import { ctx, checkError, prepare, refusal } from '../support/operations';

const NEW = 10_000;

describe('API: shared input rules', function () {
  it('names the id in its message: not a number, not whole, not positive', function () {
    const key = 'GET /streams/{stream_id}/email_address';
    assert.equal(refusal(key, { stream_id: 'one' }), 'The channel id must be a number.');
    assert.equal(refusal(key, {}), 'The channel id is required.');
    assert.equal(refusal(key, { stream_id: 1.5 }), 'The channel id must be a whole number.');
    assert.equal(refusal(key, { stream_id: 0 }), 'The channel id must be a positive number.');
    assert.equal(refusal(key, { stream_id: -3 }), 'The channel id must be a positive number.');
    assert.equal(refusal(key, { stream_id: 1, sender_id: 2.5 }), 'The sender id must be a whole number.');
    assert.deepEqual(prepare(key, { stream_id: 1, sender_id: 2 }, ctx(NEW)), { stream_id: 1, sender_id: 2 });
  });

  it('takes the four input reaction types of a status emoji and refuses others', function () {
    const status = { emoji_name: 'octopus', emoji_code: '1f419' };
    assert.equal(
      prepare('POST /users/me/status', { ...status, reaction_type: 'unicode_emoji' }, ctx(NEW)).reaction_type,
      'unicode_emoji',
    );
    assert.equal(
      prepare('POST /users/me/status', { ...status, reaction_type: 'realm_emoji' }, ctx(NEW)).reaction_type,
      'realm_emoji',
    );
    for (const extra of ['chat_extra_emoji', 'zulip_extra_emoji']) {
      assert.equal(
        prepare('POST /users/me/status', { ...status, reaction_type: extra }, ctx(NEW, {}, 'chat')).reaction_type,
        'chat_extra_emoji',
      );
      assert.equal(
        prepare('POST /users/me/status', { ...status, reaction_type: extra }, ctx(NEW, {}, 'zulip')).reaction_type,
        'zulip_extra_emoji',
      );
    }
    for (const bad of ['', 'emoji', 'UNICODE_EMOJI']) {
      assert.equal(
        refusal('POST /users/me/status', { ...status, reaction_type: bad }),
        'The reaction type must be unicode_emoji, realm_emoji or chat_extra_emoji.',
        bad,
      );
    }
  });

  it('limits the status text to 60 code points, an emoji counting one', function () {
    assert.equal(
      prepare('POST /users/me/status', { status_text: '\u{1F419}'.repeat(60) }, ctx(NEW)).status_text,
      '\u{1F419}'.repeat(60),
    );
    assert.equal(
      prepare('POST /users/me/status', { status_text: 'x'.repeat(60) }, ctx(NEW)).status_text,
      'x'.repeat(60),
    );
    for (const text of ['x'.repeat(61), '\u{1F419}'.repeat(61)]) {
      assert.equal(
        refusal('POST /users/me/status', { status_text: text }),
        'The status text can be at most 60 characters (an emoji counts as one).',
      );
    }
  });

  it('takes a subscription colour only as the whole string #rrggbb', function () {
    const key = 'POST /users/me/subscriptions/{stream_id}';
    for (const value of ['#a0B1c2', '#000000', '#FFFFFF']) {
      assert.deepEqual(prepare(key, { stream_id: 1, property: 'color', value }, ctx(NEW)), {
        stream_id: 1,
        property: 'color',
        value,
      });
    }
    for (const value of ['a0b1c2', 'x#a0b1c2', '#a0b1c2x', '#a0b1c', '#a0b1c2d', '#g0b1c2', '#', ' #a0b1c2']) {
      const error = checkError(key, { stream_id: 1, property: 'color', value }, ctx(NEW));
      assert.equal(error.message, 'The colour must be a string of the form #rrggbb.', value);
      assert.equal(error.field, 'value');
    }
    const bulk = checkError(
      'POST /users/me/subscriptions/properties',
      { subscription_data: [{ stream_id: 1, property: 'color', value: 'x#a0b1c2' }] },
      ctx(NEW),
    );
    assert.equal(bulk.message, 'The colour must be a string of the form #rrggbb.');
    assert.equal(bulk.field, 'subscription_data');
  });
});
