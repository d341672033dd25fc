// A bot's receiver: the documented outgoing-webhook payload, what a refusal tells the receiver,
// and the reply it answers with.
import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/api';
import { parseOutgoingWebhookPayload, webhookReply } from '../../../../src/api/webhook/payload';

/** The example payload of the real API's outgoing-webhook documentation. */
const documented = {
  bot_email: 'outgoing-bot@localhost',
  bot_full_name: 'Outgoing webhook test',
  data: '@**Outgoing webhook test** Zulip is the world\u2019s most productive group chat!',
  message: {
    avatar_url: 'https://secure.gravatar.com/avatar/1f4f1575bf002ae562fea8fc4b861b09?d=identicon&version=1',
    client: 'website',
    content: '@**Outgoing webhook test** Zulip is the world\u2019s most productive group chat!',
    display_recipient: 'Verona',
    id: 112,
    is_me_message: false,
    reactions: [],
    recipient_id: 20,
    rendered_content:
      '<p><span class="user-mention" data-user-id="25">@Outgoing webhook test</span> Zulip is the world\u2019s most productive group chat!</p>',
    sender_email: 'iago@zulip.com',
    sender_full_name: 'Iago',
    sender_id: 5,
    sender_realm_str: 'zulip',
    stream_id: 5,
    subject: 'Verona2',
    submessages: [],
    timestamp: 1527876931,
    topic_links: [],
    type: 'stream',
  },
  token: 'xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0',
  trigger: 'mention',
};

/** The ValidationError `run` throws. */
function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof ValidationError, String(e));
    return e;
  }
  assert.fail('expected a ValidationError');
}

describe('API: outgoing webhook payload and reply', () => {
  it('reads the documented payload: the bot, the raw and rendered content, the trigger and token', () => {
    const p = parseOutgoingWebhookPayload(JSON.stringify(documented));
    assert.equal(p.bot_email, 'outgoing-bot@localhost');
    assert.equal(p.bot_full_name, 'Outgoing webhook test');
    assert.equal(p.data, documented.data);
    assert.equal(p.token, 'xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0');
    assert.equal(p.trigger, 'mention');
    assert.equal(p.message.rendered_content, documented.message.rendered_content);
    assert.equal(p.message.sender_full_name, 'Iago');
    assert.equal(p.message.display_recipient, 'Verona');
  });

  it('reads the trigger of a direct message, in both spellings', () => {
    assert.equal(parseOutgoingWebhookPayload({ ...documented, trigger: 'direct_message' }).trigger, 'direct_message');
    assert.equal(parseOutgoingWebhookPayload({ ...documented, trigger: 'private_message' }).trigger, 'direct_message');
  });

  it('keeps a content_type when the server sends one', () => {
    const message = { ...documented.message, content_type: 'text/x-markdown' };
    assert.equal(parseOutgoingWebhookPayload({ ...documented, message }).message.content_type, 'text/x-markdown');
  });

  it('names the webhook route and the field at fault when a payload is refused', () => {
    const { token: _t, ...noToken } = documented;
    const e = refusal(() => parseOutgoingWebhookPayload(noToken));
    assert.equal(e.route, 'POST /chat-outgoing-webhook');
    assert.equal(e.field, 'token');
    assert.equal(refusal(() => parseOutgoingWebhookPayload('{"bot_email":')).route, 'POST /chat-outgoing-webhook');
    const { rendered_content: _r, ...noRendered } = documented.message;
    assert.equal(refusal(() => parseOutgoingWebhookPayload({ ...documented, message: noRendered })).field, 'message');
  });

  it('tells the bot author that a reply cannot be empty', () => {
    const e = refusal(() => webhookReply({ content: '' }));
    assert.equal(e.message, 'The reply cannot be empty.');
    assert.equal(e.field, 'content');
    assert.equal(e.route, 'POST /chat-outgoing-webhook');
  });

  it('accepts a one-character reply and the no-reply answer', () => {
    assert.deepEqual(webhookReply({ content: 'k' }), { content: 'k' });
    assert.deepEqual(webhookReply({ noResponse: true }), { response_not_required: true });
  });
});
