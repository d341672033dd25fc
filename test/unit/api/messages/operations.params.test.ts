// The parameters of the messages operations as a caller gives them: what each schema accepts,
// what it refuses and the exact sentence the user then reads (docs/API.md, "Messages").
import assert from 'node:assert/strict';
import { formatZodError } from '../../../../src/api/validation';
import { RESOLVED_TOPIC_PREFIX, sha256Hex } from '../../../../src/api/messages/operations';
import { isChannelType, Recipients, TypeName } from '../../../../src/api/messages/outgoing';
import {
  LegacyNarrowTerm,
  Narrow,
  NarrowOperand,
  NarrowTerm,
  NarrowWithLegacy,
} from '../../../../src/api/messages/narrow';
import { checkError, ctx, type Key, op, prepare } from '../../support/operations';

/** What the user reads for refused parameters, and the parameter it names. */
function refusedWith(key: Key, raw: Record<string, unknown>): { message: string; field: string | undefined } {
  const parsed = op(key).params.safeParse(raw);
  assert.equal(parsed.success, false, `${key} should refuse ${JSON.stringify(raw)}`);
  return formatZodError(parsed.error!);
}

function accepted(key: Key, raw: Record<string, unknown>): Record<string, unknown> {
  const parsed = op(key).params.safeParse(raw);
  assert.ok(
    parsed.success,
    `${key} should accept ${JSON.stringify(raw)}: ${parsed.success ? '' : parsed.error.message}`,
  );
  return parsed.data as Record<string, unknown>;
}

const range = { anchor: 'newest', num_before: 1, num_after: 1 };
const HASH = sha256Hex('old content');

describe('API params: messages', function () {
  describe('IDs name their parameter', function () {
    // Every ID parameter, with a valid rest of the parameters.
    const cases: [Key, string, (bad: unknown) => Record<string, unknown>][] = [
      ['PATCH /messages/{message_id}', 'message_id', (v) => ({ message_id: v, content: 'x' })],
      ['PATCH /messages/{message_id}', 'stream_id', (v) => ({ message_id: 1, topic: 't', stream_id: v })],
      ['GET /messages/{message_id}', 'message_id', (v) => ({ message_id: v })],
      ['DELETE /messages/{message_id}', 'message_id', (v) => ({ message_id: v })],
      ['GET /messages/matches_narrow', 'msg_ids', (v) => ({ msg_ids: [v], narrow: [] })],
      ['GET /messages', 'message_ids', (v) => ({ message_ids: [v] })],
      ['POST /messages', 'to', (v) => ({ type: 'channel', to: v, content: 'x' })],
      ['POST /messages', 'to', (v) => ({ type: 'direct', to: [7, v], content: 'x' })],
      ['POST /messages/flags', 'messages', (v) => ({ messages: [v], op: 'add', flag: 'read' })],
      ['POST /messages/{message_id}/reactions', 'message_id', (v) => ({ message_id: v, emoji_name: 'tada' })],
      ['DELETE /messages/{message_id}/reactions', 'message_id', (v) => ({ message_id: v, emoji_name: 'tada' })],
      ['POST /submessage', 'message_id', (v) => ({ message_id: v, msg_type: 'widget', content: '{}' })],
      ['DELETE /attachments/{attachment_id}', 'attachment_id', (v) => ({ attachment_id: v })],
    ];
    for (const [key, name, make] of cases) {
      it(`${key}: "${name}" must be a positive whole number`, function () {
        const expected = `"${name}" must be a positive whole-number ID.`;
        // `to` is a union: values of no branch get its own sentence (below), hence 0 and -3 only.
        const bads = name === 'to' ? [0, -3] : [0, -3, 2.5, null];
        for (const bad of bads) assert.equal(refusedWith(key, make(bad)).message, expected, `${name} = ${bad}`);
        assert.equal(refusedWith(key, make(0)).field, name);
        accepted(key, make(1));
      });
    }
  });

  describe('GET /messages: anchor and counts', function () {
    // GET /messages also takes "date" (feature level 445); the flags-for-narrow operation does not.
    const ANCHOR = 'The anchor must be a message ID or one of "newest", "oldest", "first_unread", "date".';
    const FLAGS_ANCHOR = 'The anchor must be a message ID or one of "newest", "oldest", "first_unread".';

    it('accepts every named anchor, a message ID and 0', function () {
      for (const anchor of ['newest', 'oldest', 'first_unread', 0, 42]) {
        assert.equal(accepted('GET /messages', { ...range, anchor }).anchor, anchor);
      }
    });

    it('reads digits in a string as a message ID, and only digits', function () {
      assert.equal(accepted('GET /messages', { ...range, anchor: '12' }).anchor, 12);
      assert.equal(accepted('GET /messages', { ...range, anchor: '7' }).anchor, 7);
      for (const anchor of ['a12', '12a', '1 2', '', 'x', 'latest', 'Newest']) {
        assert.deepEqual(
          refusedWith('GET /messages', { ...range, anchor }),
          { message: ANCHOR, field: 'anchor' },
          anchor,
        );
      }
    });

    it('refuses a negative or fractional anchor, or one of another type, with the same sentence', function () {
      for (const anchor of [-1, 1.5, true, [1], null]) {
        assert.deepEqual(
          refusedWith('GET /messages', { ...range, anchor }),
          { message: ANCHOR, field: 'anchor' },
          String(anchor),
        );
      }
      assert.equal(
        refusedWith('POST /messages/flags/narrow', { ...range, anchor: 'latest', op: 'add', flag: 'read' }).message,
        FLAGS_ANCHOR,
      );
      assert.equal(
        refusedWith('POST /messages/flags/narrow', { ...range, anchor: 'date', op: 'add', flag: 'read' }).message,
        FLAGS_ANCHOR,
      );
    });

    it('counts: whole, not negative; 0 is fine', function () {
      for (const key of ['GET /messages', 'POST /messages/flags/narrow'] as const) {
        const base = key === 'GET /messages' ? range : { ...range, op: 'add', flag: 'read' };
        for (const name of ['num_before', 'num_after']) {
          assert.equal(accepted(key, { ...base, [name]: 0 })[name], 0);
          assert.deepEqual(refusedWith(key, { ...base, [name]: -1 }), {
            message: `"${name}" cannot be negative.`,
            field: name,
          });
          assert.deepEqual(refusedWith(key, { ...base, [name]: 1.5 }), {
            message: `"${name}" must be a whole number of messages.`,
            field: name,
          });
          assert.deepEqual(refusedWith(key, { ...base, [name]: '3' }), {
            message: `"${name}" must be a whole number of messages.`,
            field: name,
          });
        }
      }
    });

    it('POST /messages/flags/narrow: the narrow defaults to every message ([])', function () {
      assert.deepEqual(accepted('POST /messages/flags/narrow', { ...range, op: 'add', flag: 'read' }).narrow, []);
    });
  });

  describe('POST /messages: type, recipients, content', function () {
    const TYPE = 'The message type must be "channel" (or "stream") or "direct" (or "private").';

    it('accepts each type name and sends the one the server knows', function () {
      const table: [string, string, string][] = [
        // name, at FL 482, at FL 100
        ['channel', 'channel', 'stream'],
        ['stream', 'channel', 'stream'],
        ['direct', 'direct', 'private'],
        ['private', 'direct', 'private'],
      ];
      for (const [type, modern, old] of table) {
        const to = type === 'channel' || type === 'stream' ? 5 : [7];
        assert.equal(prepare('POST /messages', { type, to, topic: 't', content: 'x' }, ctx(482)).type, modern, type);
        assert.equal(prepare('POST /messages', { type, to, topic: 't', content: 'x' }, ctx(100)).type, old, type);
      }
      assert.equal(TypeName.parse('stream'), 'stream');
    });

    it('refuses any other type with the sentence naming them', function () {
      for (const type of ['dm', '', 'Channel']) {
        assert.deepEqual(refusedWith('POST /messages', { type, to: 3, content: 'x' }), {
          message: TYPE,
          field: 'type',
        });
      }
    });

    it('a channel message keeps its topic and one recipient; a direct one drops the topic and sends a list', function () {
      assert.deepEqual(prepare('POST /messages', { type: 'stream', to: [5], topic: 'plans', content: 'x' }, ctx(482)), {
        type: 'channel',
        to: 5,
        topic: 'plans',
        content: 'x',
      });
      assert.deepEqual(
        prepare('POST /messages', { type: 'private', to: 7, topic: 'ignored', content: 'x' }, ctx(482)),
        {
          type: 'direct',
          to: [7],
          topic: undefined,
          content: 'x',
        },
      );
      assert.equal(isChannelType('channel'), true);
      assert.equal(isChannelType('direct'), false);
    });

    it('accepts a channel name, user IDs and API emails as recipients', function () {
      assert.equal(
        accepted('POST /messages', { type: 'channel', to: 'general', topic: 't', content: 'x' }).to,
        'general',
      );
      assert.deepEqual(accepted('POST /messages', { type: 'direct', to: ['a@example.com', 8], content: 'x' }).to, [
        'a@example.com',
        8,
      ]);
      assert.deepEqual(
        accepted('POST /messages', { type: 'direct', to: ['a@example.com', 'b@example.com'], content: 'x' }).to,
        ['a@example.com', 'b@example.com'],
      );
    });

    it('refuses an empty name, an empty list, an empty entry and other values', function () {
      assert.equal(refusedWith('POST /messages', { type: 'channel', to: '', content: 'x' }).field, 'to');
      assert.equal(refusedWith('POST /messages', { type: 'direct', to: [], content: 'x' }).field, 'to');
      assert.equal(refusedWith('POST /messages', { type: 'direct', to: [''], content: 'x' }).field, 'to');
      assert.equal(refusedWith('POST /messages', { type: 'direct', to: [7, ''], content: 'x' }).field, 'to');
      for (const to of [true, null, { id: 3 }, [true]]) {
        assert.deepEqual(
          refusedWith('POST /messages', { type: 'direct', to, content: 'x' }),
          {
            message: 'The recipient must be a channel ID or name, or a list of user IDs.',
            field: 'to',
          },
          JSON.stringify(to),
        );
      }
    });

    it('refuses empty content; one character is a message', function () {
      assert.deepEqual(refusedWith('POST /messages', { type: 'channel', to: 3, topic: 't', content: '' }), {
        message: 'The message is empty.',
        field: 'content',
      });
      assert.equal(accepted('POST /messages', { type: 'channel', to: 3, topic: 't', content: '.' }).content, '.');
      assert.equal(
        accepted('POST /messages', { type: 'channel', to: 3, topic: 't', content: 'two words' }).content,
        'two words',
      );
    });
  });

  describe('Recipients (scheduled messages and drafts)', function () {
    it('a channel ID or a non-empty list of user IDs', function () {
      assert.equal(Recipients.parse(4), 4);
      assert.deepEqual(Recipients.parse([4, 5]), [4, 5]);
      assert.deepEqual(Recipients.parse([4]), [4]);
    });

    it('says what is wrong', function () {
      const message = (v: unknown) => formatZodError(Recipients.safeParse(v).error!).message;
      assert.equal(message([]), 'Choose at least one recipient.');
      assert.equal(message(0), '"to" must be a positive whole-number ID.');
      assert.equal(message([0]), '"to" must be a positive whole-number ID.');
      assert.equal(message('general'), 'The recipient must be a channel ID or a list of user IDs.');
      assert.equal(message([1.5]), 'The recipient must be a channel ID or a list of user IDs.');
    });
  });

  describe('reactions', function () {
    it("accepts every reaction type; the extra emoji goes in the server's spelling", function () {
      for (const type of ['unicode_emoji', 'realm_emoji']) {
        assert.equal(
          prepare(
            'POST /messages/{message_id}/reactions',
            { message_id: 1, emoji_name: 'e', reaction_type: type },
            ctx(482),
          ).reaction_type,
          type,
        );
      }
      for (const type of ['chat_extra_emoji', 'zulip_extra_emoji']) {
        assert.equal(
          prepare(
            'DELETE /messages/{message_id}/reactions',
            { message_id: 1, emoji_name: 'e', reaction_type: type },
            ctx(482, {}, 'zulip'),
          ).reaction_type,
          'zulip_extra_emoji',
        );
        assert.equal(
          prepare(
            'DELETE /messages/{message_id}/reactions',
            { message_id: 1, emoji_name: 'e', reaction_type: type },
            ctx(482, {}, 'chat'),
          ).reaction_type,
          'chat_extra_emoji',
        );
      }
    });

    it('refuses another reaction type', function () {
      for (const key of ['POST /messages/{message_id}/reactions', 'DELETE /messages/{message_id}/reactions'] as const) {
        assert.deepEqual(refusedWith(key, { message_id: 1, emoji_name: 'e', reaction_type: 'emoji' }), {
          message: 'The reaction type must be "unicode_emoji", "realm_emoji" or "chat_extra_emoji".',
          field: 'reaction_type',
        });
      }
    });

    it('emoji_code and reaction_type are optional', function () {
      assert.deepEqual(accepted('POST /messages/{message_id}/reactions', { message_id: 1, emoji_name: 'tada' }), {
        message_id: 1,
        emoji_name: 'tada',
      });
      assert.equal(
        accepted('POST /messages/{message_id}/reactions', { message_id: 1, emoji_name: 'tada', emoji_code: '1f389' })
          .emoji_code,
        '1f389',
      );
    });
  });

  describe('flags', function () {
    it('adds and removes a flag; other operations and an empty flag are refused', function () {
      for (const opName of ['add', 'remove']) {
        assert.equal(accepted('POST /messages/flags', { messages: [1], op: opName, flag: 'starred' }).op, opName);
        assert.equal(accepted('POST /messages/flags/narrow', { ...range, op: opName, flag: 'read' }).op, opName);
      }
      for (const key of ['POST /messages/flags', 'POST /messages/flags/narrow'] as const) {
        const base = key === 'POST /messages/flags' ? { messages: [1] } : range;
        assert.deepEqual(refusedWith(key, { ...base, op: 'toggle', flag: 'read' }), {
          message: 'The flag operation must be "add" or "remove".',
          field: 'op',
        });
        assert.deepEqual(refusedWith(key, { ...base, op: 'add', flag: '' }), {
          message: 'Choose a flag, such as "read" or "starred".',
          field: 'flag',
        });
        assert.equal(accepted(key, { ...base, op: 'add', flag: 'collapsed' }).flag, 'collapsed');
        assert.equal(accepted(key, { ...base, op: 'add', flag: 'x' }).flag, 'x');
      }
    });

    it('refuses, before sending, a flag only the server sets (both operations)', function () {
      assert.match(
        checkError('POST /messages/flags', { messages: [1], op: 'add', flag: 'mentioned' }, ctx(482)).message,
        /"mentioned" flag is set by the server/,
      );
      assert.match(
        checkError('POST /messages/flags/narrow', { ...range, op: 'remove', flag: 'historical' }, ctx(482)).message,
        /"historical" flag is set by the server/,
      );
    });
  });

  describe('PATCH /messages/{message_id}', function () {
    it('accepts each propagate mode for a move; refuses others', function () {
      for (const mode of ['change_one', 'change_later', 'change_all']) {
        assert.equal(
          accepted('PATCH /messages/{message_id}', { message_id: 1, topic: 't', propagate_mode: mode }).propagate_mode,
          mode,
        );
      }
      assert.deepEqual(
        refusedWith('PATCH /messages/{message_id}', { message_id: 1, topic: 't', propagate_mode: 'change_none' }),
        {
          message: 'The propagate mode must be "change_one", "change_later" or "change_all".',
          field: 'propagate_mode',
        },
      );
    });

    it('prev_content_sha256: exactly 64 hex digits, either case', function () {
      const ok = (h: string) =>
        accepted('PATCH /messages/{message_id}', { message_id: 1, content: 'x', prev_content_sha256: h })
          .prev_content_sha256;
      assert.equal(ok(HASH), HASH);
      assert.equal(ok(HASH.toUpperCase()), HASH.toUpperCase());
      assert.equal(ok('0'.repeat(64)), '0'.repeat(64));
      const message = 'The previous content hash must be a SHA-256 in hex (64 characters).';
      for (const bad of [HASH.slice(1), HASH + '0', 'x' + HASH, HASH + 'x', 'g'.repeat(64), 'a', '']) {
        assert.deepEqual(
          refusedWith('PATCH /messages/{message_id}', { message_id: 1, content: 'x', prev_content_sha256: bad }),
          { message, field: 'prev_content_sha256' },
          bad,
        );
      }
    });

    it('resolving: the ✔ prefix is "\\u2714 " and the empty topic cannot be resolved', function () {
      assert.equal(RESOLVED_TOPIC_PREFIX, '✔ ');
      assert.match(
        checkError('PATCH /messages/{message_id}', { message_id: 1, topic: '✔ ' }, ctx(482)).message,
        /empty topic cannot be marked as resolved/,
      );
      assert.equal(
        prepare('PATCH /messages/{message_id}', { message_id: 1, topic: '✔ plans' }, ctx(482)).topic,
        '✔ plans',
      );
      assert.equal(prepare('PATCH /messages/{message_id}', { message_id: 1, topic: 'plans' }, ctx(482)).topic, 'plans');
      // Moving to the empty topic (where allowed) is not an attempt to resolve it.
      assert.equal(prepare('PATCH /messages/{message_id}', { message_id: 1, topic: '' }, ctx(482)).topic, '');
    });
  });

  describe('GET /messages/matches_narrow, POST /submessage', function () {
    it('msg_ids: at least one; one or more are fine', function () {
      assert.deepEqual(refusedWith('GET /messages/matches_narrow', { msg_ids: [], narrow: [] }), {
        message: 'Give at least one message ID to check.',
        field: 'msg_ids',
      });
      assert.deepEqual(accepted('GET /messages/matches_narrow', { msg_ids: [4], narrow: [] }).msg_ids, [4]);
      assert.deepEqual(accepted('GET /messages/matches_narrow', { msg_ids: [4, 5], narrow: [] }).msg_ids, [4, 5]);
    });

    it("a submessage is a widget's, with content up to 10000 characters", function () {
      assert.equal(accepted('POST /submessage', { message_id: 1, msg_type: 'widget', content: '' }).content, '');
      assert.equal(
        accepted('POST /submessage', { message_id: 1, msg_type: 'widget', content: '{"type":"vote"}' }).msg_type,
        'widget',
      );
      assert.equal(
        (
          accepted('POST /submessage', { message_id: 1, msg_type: 'widget', content: 'x'.repeat(10_000) })
            .content as string
        ).length,
        10_000,
      );
      assert.equal(
        refusedWith('POST /submessage', { message_id: 1, msg_type: 'widget', content: 'x'.repeat(10_001) }).field,
        'content',
      );
      assert.equal(
        refusedWith('POST /submessage', { message_id: 1, msg_type: 'poll', content: '{}' }).field,
        'msg_type',
      );
      assert.equal(refusedWith('POST /submessage', { message_id: 1, msg_type: '', content: '{}' }).field, 'msg_type');
      assert.equal(refusedWith('POST /submessage', { message_id: 1, content: '{}' }).field, 'msg_type');
    });

    it('render: empty content is refused, one character is previewed', function () {
      assert.deepEqual(refusedWith('POST /messages/render', { content: '' }), {
        message: 'There is nothing to preview.',
        field: 'content',
      });
      assert.deepEqual(accepted('POST /messages/render', { content: 'a' }), { content: 'a' });
      assert.deepEqual(accepted('POST /messages/render', { content: '**bold**' }), { content: '**bold**' });
      assert.equal(refusedWith('POST /messages/render', {}).field, 'content');
    });
  });
});

describe('API params: narrows', function () {
  it('operands: text, an ID, user IDs or names', function () {
    for (const operand of ['general', 7, [1, 2], ['a@example.com']])
      assert.deepEqual(NarrowOperand.parse(operand), operand);
    for (const operand of [1.5, true, null, [1.5], [true]])
      assert.equal(NarrowOperand.safeParse(operand).success, false, JSON.stringify(operand));
  });

  it('a term has an operator, an operand and maybe "negated"', function () {
    assert.deepEqual(NarrowTerm.parse({ operator: 'is', operand: 'starred', negated: true }), {
      operator: 'is',
      operand: 'starred',
      negated: true,
    });
    assert.deepEqual(NarrowTerm.parse({ operator: 'dm', operand: [3] }), { operator: 'dm', operand: [3] });
    assert.equal(NarrowTerm.safeParse({ operand: 'starred' }).success, false);
    assert.equal(NarrowTerm.safeParse({ operator: 'is' }).success, false);
    assert.equal(NarrowTerm.safeParse({ operator: 'is', operand: 'x', negated: 'yes' }).success, false);
    assert.equal(
      formatZodError(Narrow.safeParse([{ operator: '', operand: 'x' }]).error!).message,
      'A narrow term needs an operator.',
    );
    assert.equal(
      refusedWith('GET /messages', { ...range, narrow: [{ operator: '', operand: 'x' }] }).message,
      'A narrow term needs an operator.',
    );
    assert.equal(NarrowTerm.parse({ operator: 'x', operand: 'y' }).operator, 'x');
  });

  it('legacy [operator, operand] pairs: where allowed, as strings', function () {
    assert.deepEqual(LegacyNarrowTerm.parse(['is', 'starred']), ['is', 'starred']);
    assert.equal(LegacyNarrowTerm.safeParse(['is']).success, false);
    assert.equal(LegacyNarrowTerm.safeParse(['is', 3]).success, false);
    assert.deepEqual(NarrowWithLegacy.parse([['is', 'starred'], { operator: 'channel', operand: 3 }]), [
      ['is', 'starred'],
      { operator: 'channel', operand: 3 },
    ]);
    assert.equal(NarrowWithLegacy.safeParse([['is', 'starred', 'x']]).success, false);
    assert.equal(NarrowWithLegacy.safeParse([{ operator: 'is' }]).success, false);
    assert.deepEqual(accepted('GET /messages', { ...range, narrow: [['channel', 'general']] }).narrow, [
      ['channel', 'general'],
    ]);
    assert.deepEqual(
      accepted('POST /messages/flags/narrow', { ...range, op: 'add', flag: 'read', narrow: [['is', 'unread']] }).narrow,
      [['is', 'unread']],
    );
    // matches_narrow takes the object form only.
    assert.equal(
      refusedWith('GET /messages/matches_narrow', { msg_ids: [1], narrow: [['is', 'starred']] }).field,
      'narrow',
    );
  });
});
