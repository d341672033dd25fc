// The request each messages route puts on the wire (method, path, form or query), recorded by the
// recording HTTP server answering every call with a valid body (docs/API.md, "Messages").
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { ChatClient } from '../../../../src/api';
import {
  addReaction,
  checkMessagesMatchNarrow,
  deleteMessage,
  getAttachments,
  getMessage,
  getMessages,
  removeAttachment,
  removeReaction,
  renderMessage,
  sendMessage,
  sendSubmessage,
  updateMessage,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
} from '../../../../src/api/messages/routes';
import { uploadFile } from '../../../../src/api/messages/upload';
import { brief, recordingServer, type RecordedRequest } from '../../support/recordingServer';

const message = {
  id: 31,
  type: 'stream',
  sender_id: 8,
  sender_email: 'alice@example.com',
  sender_full_name: 'Alice',
  sender_realm_str: 'zulip',
  avatar_url: null,
  client: 'website',
  content: '<p>Hi</p>',
  content_type: 'text/html',
  display_recipient: 'engineering',
  recipient_id: 20,
  stream_id: 3,
  subject: 'plans',
  is_me_message: false,
  timestamp: 1_700_000_000,
  reactions: [],
  submessages: [],
};
const upload = '/user_uploads/2/ab/x/notes.txt';

/** A body that every messages operation's schema accepts. */
const ANSWER = {
  result: 'success',
  msg: '',
  message,
  messages: [],
  id: 42,
  rendered: '<p>x</p>',
  attachments: [],
  url: upload,
  uri: upload,
  processed_count: 0,
  updated_count: 0,
  first_processed_id: null,
  last_processed_id: null,
  found_oldest: true,
  found_newest: true,
};

describe('API requests: messages', function () {
  const server = recordingServer();
  let client: ChatClient;

  before(function () {
    client = server.client({ email: 'alice@example.com', limits: { maxFileUploadSizeMib: 25 } });
  });
  beforeEach(function () {
    // matches_narrow keys its `messages` by ID; the other operations list them.
    server.answer((request) => (request.path.endsWith('/matches_narrow') ? { ...ANSWER, messages: {} } : ANSWER));
  });

  /** The one request `call` sent. */
  async function sent(call: () => Promise<unknown>): Promise<RecordedRequest> {
    await call();
    return server.last();
  }

  it('each route: method, path and parameters', async function () {
    const narrow = [{ operator: 'channel', operand: 3 }];
    const cases: [string, () => Promise<unknown>, string, string, Record<string, string>][] = [
      [
        'getMessage',
        () => getMessage(client, { message_id: 31, apply_markdown: false }),
        'GET',
        '/api/v1/messages/31',
        { apply_markdown: 'false' },
      ],
      [
        'getMessages',
        () => getMessages(client, { anchor: 'newest', num_before: 5, num_after: 0, narrow }),
        'GET',
        '/api/v1/messages',
        {
          anchor: 'newest',
          num_before: '5',
          num_after: '0',
          narrow: JSON.stringify(narrow),
        },
      ],
      [
        'getMessages by ID',
        () => getMessages(client, { message_ids: [4, 5] }),
        'GET',
        '/api/v1/messages',
        { message_ids: '[4,5]' },
      ],
      ['deleteMessage', () => deleteMessage(client, { message_id: 31 }), 'DELETE', '/api/v1/messages/31', {}],
      [
        'sendMessage',
        () => sendMessage(client, { type: 'channel', to: 3, topic: 'plans', content: 'Hi' }),
        'POST',
        '/api/v1/messages',
        {
          type: 'channel',
          to: '3',
          topic: 'plans',
          content: 'Hi',
        },
      ],
      [
        'renderMessage',
        () => renderMessage(client, { content: '**x**' }),
        'POST',
        '/api/v1/messages/render',
        { content: '**x**' },
      ],
      [
        'checkMessagesMatchNarrow',
        () => checkMessagesMatchNarrow(client, { msg_ids: [31], narrow }),
        'GET',
        '/api/v1/messages/matches_narrow',
        {
          msg_ids: '[31]',
          narrow: JSON.stringify(narrow),
        },
      ],
      [
        'updateMessageFlags',
        () => updateMessageFlags(client, { messages: [31], op: 'add', flag: 'starred' }),
        'POST',
        '/api/v1/messages/flags',
        {
          messages: '[31]',
          op: 'add',
          flag: 'starred',
        },
      ],
      [
        'updateMessageFlagsForNarrow',
        () =>
          updateMessageFlagsForNarrow(client, { anchor: 31, num_before: 0, num_after: 10, op: 'add', flag: 'read' }),
        'POST',
        '/api/v1/messages/flags/narrow',
        { anchor: '31', num_before: '0', num_after: '10', narrow: '[]', op: 'add', flag: 'read' },
      ],
      [
        'addReaction',
        () => addReaction(client, { message_id: 31, emoji_name: 'tada' }),
        'POST',
        '/api/v1/messages/31/reactions',
        { emoji_name: 'tada' },
      ],
      [
        'removeReaction',
        () => removeReaction(client, { message_id: 31, emoji_name: 'tada', reaction_type: 'unicode_emoji' }),
        'DELETE',
        '/api/v1/messages/31/reactions',
        { emoji_name: 'tada', reaction_type: 'unicode_emoji' },
      ],
      [
        'sendSubmessage',
        () => sendSubmessage(client, { message_id: 31, msg_type: 'widget', content: '{"type":"vote"}' }),
        'POST',
        '/api/v1/submessage',
        {
          message_id: '31',
          msg_type: 'widget',
          content: '{"type":"vote"}',
        },
      ],
      ['getAttachments', () => getAttachments(client), 'GET', '/api/v1/attachments', {}],
      ['removeAttachment', () => removeAttachment(client, { attachment_id: 3 }), 'DELETE', '/api/v1/attachments/3', {}],
      [
        'updateMessage',
        () => updateMessage(client, { message_id: 31, topic: 'later', propagate_mode: 'change_all' }),
        'PATCH',
        '/api/v1/messages/31',
        {
          topic: 'later',
          propagate_mode: 'change_all',
        },
      ],
    ];
    for (const [name, call, method, path, params] of cases) {
      const request = await sent(call);
      assert.deepEqual(brief(request), { method, path, params }, name);
    }
  });

  it('updateMessage sends the SHA-256 of prevContent as prev_content_sha256', async function () {
    const request = await sent(() => updateMessage(client, { message_id: 31, content: 'new', prevContent: 'old' }));
    assert.deepEqual(request.params, {
      content: 'new',
      prev_content_sha256: createHash('sha256').update('old').digest('hex'),
    });
  });

  it('uploadFile: a multipart POST /user_uploads, answering the URL', async function () {
    let result: { url: string; filename: string } | undefined;
    const request = await sent(
      async () => (result = await uploadFile(client, { name: 'notes.txt', data: new Uint8Array([1, 2, 3]) })),
    );
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v1/user_uploads');
    assert.match(request.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/);
    assert.deepEqual(result, { url: upload, filename: 'notes.txt' });
  });
});
