// The demo organisation holds the conversation of the README's first picture (#general › release
// party), rendered as the real server renders it: emoji and a custom emoji, a time, the uploaded
// image (a real PNG, served to a member who may see the message) previewed after its paragraph,
// formulas typeset by KaTeX (HTML and MathML), a spoiler, the poll as its widget submessage with
// Carol's vote after it, and a highlighted code block. Read by everyone: the demo's unread counts
// stay as they were.
import assert from 'node:assert/strict';
import { getMessages } from '../../src/api/messages/routes';
import { accountWithRole, byEmail, channelId, MEMBER, useServer } from './helpers';

describe('local server: the demo conversation of the README', function () {
  this.timeout(60_000);
  const s = useServer();

  it('holds every kind of content the README shows, rendered as the real server renders it', async () => {
    const alice = s.client(MEMBER, 0);
    const general = await channelId(alice, 'general');
    const narrow = [
      { operator: 'channel', operand: general },
      { operator: 'topic', operand: 'release party' },
    ];
    const { messages } = await getMessages(alice, {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow,
      apply_markdown: true,
    });
    assert.deepEqual(
      messages.map((m) => m.sender_full_name),
      ['Bob Brown', 'Carol Chen', 'Carol Chen', 'Bob Brown', 'Alice Anders'],
    );
    assert.deepEqual(
      messages.filter((m) => !(m.flags ?? []).includes('read')).map((m) => m.id),
      [],
    );
    const [invite, budget, spoiler, poll, code] = messages.map((m) => m);

    assert.match(
      invite!.content,
      /<span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:<\/span>/,
    );
    assert.match(invite!.content, /<img alt=":party_parrot:" class="emoji" src="[^"]+" title="party parrot">/);
    assert.match(invite!.content, /<time datetime="2030-05-01T16:30:00Z">/);
    assert.match(invite!.content, /<blockquote>\n<p>remember the cake<\/p>\n<\/blockquote>/);
    const preview =
      /<\/p>\n<div class="message_inline_image"><a href="(\/user_uploads\/[^"]+\/gradient\.png)" title="gradient\.png"><img src="\1"><\/a><\/div>/.exec(
        invite!.content,
      );
    assert.ok(preview, invite!.content);
    const account = accountWithRole(s.server, MEMBER, 0);
    const res = await fetch(new URL(preview[1]!, s.server.url), {
      headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    const png = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.readUInt32BE(16), 96, 'the image is 96 pixels wide');

    // One formula inline, one displayed; each KaTeX's HTML with its MathML.
    assert.equal(budget!.content.match(/<span class="katex">/g)?.length, 2, budget!.content);
    assert.equal(budget!.content.match(/<span class="katex-display">/g)?.length, 1);
    assert.equal(budget!.content.match(/<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/g)?.length, 2);

    assert.match(
      spoiler!.content,
      /^<div class="spoiler-block"><div class="spoiler-header">\n<p>Who is coming\?<\/p>\n<\/div><div class="spoiler-content" aria-hidden="true">/,
    );

    const bob = byEmail(s.server, 'bob').userId;
    const carol = byEmail(s.server, 'carol').userId;
    assert.deepEqual(
      poll!.submessages.map((m) => [m.sender_id, m.msg_type, JSON.parse(m.content) as unknown]),
      [
        [
          bob,
          'widget',
          { widget_type: 'poll', extra_data: { question: 'Which day?', options: ['Friday', 'Saturday'] } },
        ],
        [carol, 'widget', { type: 'vote', key: 'canned,0', vote: 1 }],
      ],
    );
    assert.ok(poll!.submessages[0]!.id < poll!.submessages[1]!.id);

    assert.match(
      code!.content,
      /<div class="codehilite" data-code-language="Python"><pre><span><\/span><code><span class="k">from<\/span>/,
    );
  });
});
