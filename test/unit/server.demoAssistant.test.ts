// The demo organisation's history for the assistant (README "The assistant"): a decision discussed
// over several days (#engineering › auth rewrite) beside the code review topic, read by everyone so
// the demo's unread counts stay as they were.
import assert from 'node:assert/strict';
import { getMessages } from '../../src/api/messages/routes';
import { channelId, MEMBER, useServer } from './helpers';

describe('local server: the demo history the assistant answers from', function () {
  this.timeout(60_000);
  const s = useServer();

  it('#engineering › auth rewrite: a proposal, objections and a decision over several days, all read', async () => {
    const alice = s.client(MEMBER, 0);
    const eng = await channelId(alice, 'engineering');
    const narrow = [
      { operator: 'channel', operand: eng },
      { operator: 'topic', operand: 'auth rewrite' },
    ];
    const { messages } = await getMessages(alice, {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow,
      apply_markdown: true,
    });
    assert.deepEqual(
      messages.map((m) => m.sender_full_name),
      ['Carol Chen', 'Bob Brown', 'Olivia Owner', 'Alice Anders', 'Olivia Owner', 'Carol Chen'],
    );
    const days = (messages.at(-1)!.timestamp - messages[0]!.timestamp) / 86400;
    assert.ok(days >= 3, `${days} days`);
    assert.match(messages[4]!.content, /^<p><strong>Decision:<\/strong> short-lived access tokens/);
    assert.deepEqual(
      messages.filter((m) => !(m.flags ?? []).includes('read')).map((m) => m.id),
      [],
    );
  });

  it('the code review topic is there too', async () => {
    const alice = s.client(MEMBER, 0);
    const eng = await channelId(alice, 'engineering');
    const narrow = [
      { operator: 'channel', operand: eng },
      { operator: 'topic', operand: 'code review #42' },
    ];
    const { messages } = await getMessages(alice, { anchor: 'newest', num_before: 50, num_after: 0, narrow });
    assert.ok(messages.length >= 4);
  });
});
