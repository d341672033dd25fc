// Message content as the chat service renders it: the local server's Markdown renderer (exact
// HTML per construct), the emoji glyphs the conversation view shows, poll and to-do widget state
// from submessages, and links to conversations.
import assert from 'node:assert/strict';
import { glyphOfEmojiClass } from '../../../../src/emoji/glyph';
import { parseNarrowLink } from '../../../../src/codeRefs/narrowUrl';
import {
  widgetOutbound,
  widgetState,
  WIDGET_TEXT_MAX,
  type WidgetState,
} from '../../../../src/webviews/topicView/widgets';
import { renderMarkdown, renderTex, type RenderContext } from '../../../server/render';
import { widgetSubmessageContent } from '../../../server/widgets';
import { makePng } from '../../../server/images';
import type { ChatClient } from '../../../../src/api';
import { byEmail, clientFor, withServer, type RunningServer } from '../../support/server';

const ctx: RenderContext = {
  userByName: (name, id) => (name === 'Bob Brown' || id === 5 ? { id: 5, fullName: 'Bob Brown' } : undefined),
  streamByName: (name) => (name === 'general' ? { id: 3, name: 'general' } : undefined),
  linkifiers: [],
  emojiByName: (name) =>
    name === 'tada'
      ? { code: '1f389' }
      : name === 'thumbs_up'
        ? { code: '1f44d' }
        : name === 'party_parrot'
          ? { url: '/user_avatars/2/emoji/images/1.gif' }
          : undefined,
};
const html = (md: string): string => renderMarkdown(md, ctx).html;

describe('message content rendering', () => {
  describe('local server Markdown (as the real server writes it)', () => {
    it('unicode and custom emoji', () => {
      assert.equal(
        html(':tada:'),
        '<p><span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>',
      );
      assert.equal(
        html(':thumbs_up:'),
        '<p><span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span></p>',
      );
      assert.equal(
        html(':party_parrot:'),
        '<p><img alt=":party_parrot:" class="emoji" src="/user_avatars/2/emoji/images/1.gif" title="party parrot"></p>',
      );
      assert.equal(html(':unknown_name: `:tada:`'), '<p>:unknown_name: <code>:tada:</code></p>');
    });

    it('blockquotes and lists', () => {
      assert.equal(html('> quoted\n> more'), '<blockquote>\n<p>quoted<br>\nmore</p>\n</blockquote>');
      assert.equal(html('```quote\nin a fence\n```'), '<blockquote>\n<p>in a fence</p>\n</blockquote>');
      assert.equal(html('- one\n- **two**'), '<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>');
      assert.equal(html('1. a\n2. b'), '<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
      assert.equal(html('3. c\n4. d'), '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>');
      assert.equal(html('text\n- item'), '<p>text</p>\n<ul>\n<li>item</li>\n</ul>');
    });

    it('mentions, channel and topic links', () => {
      assert.equal(html('@**Bob Brown**'), '<p><span class="user-mention" data-user-id="5">@Bob Brown</span></p>');
      assert.equal(
        html('#**general>lunch**'),
        '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-general/topic/lunch">#general &gt; lunch</a></p>',
      );
      assert.equal(
        html('#**general**'),
        '<p><a class="stream" data-stream-id="3" href="/#narrow/channel/3-general">#general</a></p>',
      );
    });

    it('spoilers', () => {
      assert.equal(
        html('```spoiler The ending\nThey *win*.\n```'),
        '<div class="spoiler-block"><div class="spoiler-header">\n<p>The ending</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>They <em>win</em>.</p>\n</div></div>',
      );
      assert.equal(
        html('```spoiler\nx\n```'),
        '<div class="spoiler-block"><div class="spoiler-header"></div><div class="spoiler-content" aria-hidden="true">\n<p>x</p>\n</div></div>',
      );
    });

    it('global times', () => {
      assert.equal(
        html('<time:2024-01-02T03:04:05+01:00>'),
        '<p><time datetime="2024-01-02T02:04:05Z">2024-01-02T03:04:05+01:00</time></p>',
      );
      assert.equal(html('<time:1700000000>'), '<p><time datetime="2023-11-14T22:13:20Z">1700000000</time></p>');
      assert.equal(
        html('<time:not a date>'),
        '<p><span class="timestamp-error">Invalid time format: not a date</span></p>',
      );
    });

    it('math: inline $$…$$ and ```math blocks as KaTeX HTML with MathML; errors as tex-error', () => {
      const inline = html('$$x^2$$');
      assert.equal(inline, `<p>${renderTex('x^2', false)}</p>`);
      assert.match(
        inline,
        /^<p><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics><mrow><msup><mi>x<\/mi><mn>2<\/mn><\/msup><\/mrow><annotation encoding="application\/x-tex">x\^2<\/annotation>/,
      );
      assert.match(inline, /<span class="katex-html" aria-hidden="true">/);
      assert.match(
        html('```math\n\\frac{1}{2}\n```'),
        /^<p><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML" display="block">/,
      );
      assert.equal(html('$$\\frac{1}{$$'), '<p><span class="tex-error">$$\\frac{1}{$$</span></p>');
    });

    it('code in a link’s label stays code (the permalink of a shared selection)', () => {
      assert.equal(
        html('[`src/greeter.ts:8`](https://github.com/acme/widgets/blob/abc/src/greeter.ts#L8) why?'),
        '<p><a href="https://github.com/acme/widgets/blob/abc/src/greeter.ts#L8"><code>src/greeter.ts:8</code></a> why?</p>',
      );
    });

    it('uploaded images are previewed after their paragraph', () => {
      const r = renderMarkdown('see [pic.png](/user_uploads/2/ab/pic.png)', ctx);
      assert.equal(
        r.html,
        '<p>see <a href="/user_uploads/2/ab/pic.png">pic.png</a></p>\n' +
          '<div class="message_inline_image"><a href="/user_uploads/2/ab/pic.png" title="pic.png"><img src="/user_uploads/2/ab/pic.png"></a></div>',
      );
      assert.deepEqual(r.uploadPathIds, ['2/ab/pic.png']);
      assert.equal(
        html('[doc.pdf](/user_uploads/2/ab/doc.pdf)'),
        '<p><a href="/user_uploads/2/ab/doc.pdf">doc.pdf</a></p>',
      );
    });
  });

  describe('local server widgets (the first submessage of /poll and /todo messages)', () => {
    it('as the real server builds them from the content', () => {
      assert.deepEqual(JSON.parse(widgetSubmessageContent('/poll Lunch?\nPizza\n- Soup\n\n* Salad')!), {
        widget_type: 'poll',
        extra_data: { question: 'Lunch?', options: ['Pizza', 'Soup', 'Salad'] },
      });
      assert.deepEqual(JSON.parse(widgetSubmessageContent('/todo Launch\nWrite docs: the guide: v2\n- Test')!), {
        widget_type: 'todo',
        extra_data: {
          task_list_title: 'Launch',
          tasks: [
            { task: 'Write docs', desc: 'the guide: v2' },
            { task: 'Test', desc: '' },
          ],
        },
      });
      assert.equal(widgetSubmessageContent('/polling is fun'), undefined);
      assert.equal(widgetSubmessageContent('a /poll x'), undefined);
    });
  });

  describe('emoji glyphs', () => {
    it('from the emoji-<code points> class, multi-codepoint too', () => {
      assert.equal(glyphOfEmojiClass('emoji emoji-1f389'), '🎉');
      assert.equal(glyphOfEmojiClass('emoji emoji-1f468-200d-1f4bb'), '👨‍💻');
      assert.equal(glyphOfEmojiClass('emoji emoji-2764'), '❤');
      assert.equal(glyphOfEmojiClass('emoji'), undefined);
      assert.equal(glyphOfEmojiClass('emoji emoji-zzz'), undefined);
      assert.equal(glyphOfEmojiClass('emoji emoji-110000'), undefined);
    });
  });

  describe('widget state from submessages', () => {
    const ALICE = 1;
    const BOB = 2;
    let nextId = 1;
    const sub = (sender: number, content: unknown) => ({
      id: nextId++,
      sender_id: sender,
      content: JSON.stringify(content),
    });
    const poll = sub(ALICE, { widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['Pizza', 'Soup'] } });
    const todo = sub(ALICE, {
      widget_type: 'todo',
      extra_data: { task_list_title: 'Launch', tasks: [{ task: 'Write', desc: 'the docs' }] },
    });

    it('a poll: options, votes (toggled), new options, the question by its creator only', () => {
      const subs = [
        poll,
        sub(BOB, { type: 'vote', key: 'canned,0', vote: 1 }),
        sub(ALICE, { type: 'vote', key: 'canned,0', vote: 1 }),
        sub(BOB, { type: 'vote', key: 'canned,0', vote: -1 }),
        sub(BOB, { type: 'new_option', idx: 0, option: 'Salad' }),
        sub(ALICE, { type: 'vote', key: `${BOB},0`, vote: 1 }),
        sub(BOB, { type: 'question', question: 'Hijacked?' }),
        sub(ALICE, { type: 'question', question: 'Lunch today?' }),
        sub(BOB, { type: 'vote', key: 'no,such', vote: 1 }),
      ];
      const state = widgetState(subs, ALICE, BOB);
      assert.deepEqual(state, {
        kind: 'poll',
        question: 'Lunch today?',
        options: [
          { key: 'canned,0', text: 'Pizza', voterIds: [ALICE] },
          { key: 'canned,1', text: 'Soup', voterIds: [] },
          { key: `${BOB},0`, text: 'Salad', voterIds: [ALICE] },
        ],
        nextIdx: 1,
      });
      // Out of order ids are applied in id order.
      assert.deepEqual(widgetState([...subs].reverse(), ALICE, BOB), state);
    });

    it('a to-do list: tasks, new tasks (names unique), strikes toggle', () => {
      const subs = [
        todo,
        sub(BOB, { type: 'new_task', key: 0, task: 'Test', desc: '', completed: false }),
        sub(BOB, { type: 'new_task', key: 1, task: 'Write', desc: 'again', completed: false }),
        sub(ALICE, { type: 'strike', key: '0,canned' }),
        sub(BOB, { type: 'strike', key: `0,${BOB}` }),
        sub(BOB, { type: 'strike', key: `0,${BOB}` }),
        sub(BOB, { type: 'new_task_list_title', title: 'Not yours' }),
      ];
      assert.deepEqual(widgetState(subs, ALICE, BOB), {
        kind: 'todo',
        title: 'Launch',
        tasks: [
          { key: '0,canned', task: 'Write', desc: 'the docs', completed: true },
          { key: `0,${BOB}`, task: 'Test', desc: '', completed: false },
        ],
        nextIdx: 2,
      });
    });

    it('no widget: none, not from the sender, unknown type or bad JSON', () => {
      assert.equal(widgetState([], ALICE, BOB), undefined);
      assert.equal(widgetState([sub(BOB, { widget_type: 'poll', extra_data: {} })], ALICE, BOB), undefined);
      assert.equal(widgetState([sub(ALICE, { widget_type: 'zform', extra_data: {} })], ALICE, BOB), undefined);
      assert.equal(widgetState([{ id: 99, sender_id: ALICE, content: '{not json' }], ALICE, BOB), undefined);
    });

    it('outbound: a vote toggles, a new option takes the next idx, tasks and strikes; bad input refused', () => {
      const state = widgetState(
        [poll, sub(BOB, { type: 'vote', key: 'canned,1', vote: 1 })],
        ALICE,
        BOB,
      ) as WidgetState;
      assert.deepEqual(JSON.parse(widgetOutbound(state, { kind: 'vote', key: 'canned,0' }, BOB)), {
        type: 'vote',
        key: 'canned,0',
        vote: 1,
      });
      assert.deepEqual(JSON.parse(widgetOutbound(state, { kind: 'vote', key: 'canned,1' }, BOB)), {
        type: 'vote',
        key: 'canned,1',
        vote: -1,
      });
      assert.deepEqual(JSON.parse(widgetOutbound(state, { kind: 'newOption', text: '  Tacos ' }, BOB)), {
        type: 'new_option',
        idx: 0,
        option: 'Tacos',
      });
      assert.throws(() => widgetOutbound(state, { kind: 'vote', key: 'canned,9' }, BOB), /no longer exists/);
      assert.throws(() => widgetOutbound(state, { kind: 'newOption', text: '   ' }, BOB), /Type the option/);
      assert.throws(() => widgetOutbound(state, { kind: 'newOption', text: 'Pizza' }, BOB), /already an option/);
      assert.doesNotThrow(() => widgetOutbound(state, { kind: 'newOption', text: 'x'.repeat(WIDGET_TEXT_MAX) }, BOB));
      assert.throws(
        () => widgetOutbound(state, { kind: 'newOption', text: 'x'.repeat(WIDGET_TEXT_MAX + 1) }, BOB),
        /too long/,
      );
      const list = widgetState(
        [todo, sub(BOB, { type: 'new_task', key: 4, task: 'Ship', desc: '', completed: false })],
        ALICE,
        BOB,
      ) as WidgetState;
      assert.deepEqual(JSON.parse(widgetOutbound(list, { kind: 'newTask', task: 'Party', desc: ' cake ' }, BOB)), {
        type: 'new_task',
        key: 5,
        task: 'Party',
        desc: 'cake',
        completed: false,
      });
      assert.deepEqual(JSON.parse(widgetOutbound(list, { kind: 'strike', key: '0,canned' }, BOB)), {
        type: 'strike',
        key: '0,canned',
      });
      assert.throws(() => widgetOutbound(list, { kind: 'strike', key: '7,canned' }, BOB), /no longer exists/);
      assert.throws(
        () => widgetOutbound(list, { kind: 'newTask', task: 'Ship', desc: '' }, BOB),
        /already on the list/,
      );
    });
  });

  describe('links to conversations', () => {
    const REALM = 'https://chat.example.com';
    it('channel, topic, message and direct-message links on the realm', () => {
      assert.deepEqual(parseNarrowLink('/#narrow/channel/3-general/topic/lunch.20plans/near/42', REALM), {
        kind: 'channel',
        streamId: 3,
        topic: 'lunch plans',
        messageId: 42,
      });
      assert.deepEqual(parseNarrowLink('https://chat.example.com/#narrow/stream/3-general/subject/a.2Eb', REALM), {
        kind: 'channel',
        streamId: 3,
        topic: 'a.b',
      });
      assert.deepEqual(parseNarrowLink(`${REALM}/#narrow/channel/3-general`, REALM), { kind: 'channel', streamId: 3 });
      assert.deepEqual(parseNarrowLink(`${REALM}/#narrow/dm/5,7-group/near/9`, REALM), {
        kind: 'dm',
        userIds: [5, 7],
        messageId: 9,
      });
    });
    it('other origins and other links are not conversations', () => {
      assert.equal(parseNarrowLink('https://evil.example/#narrow/channel/3-general/topic/x', REALM), undefined);
      assert.equal(parseNarrowLink(`${REALM}/other/#narrow/channel/3-general/topic/x`, REALM), undefined);
      assert.equal(parseNarrowLink(`${REALM}/#settings`, REALM), undefined);
      assert.equal(parseNarrowLink(`${REALM}/#narrow/channel/general/topic/x`, REALM), undefined);
      assert.equal(parseNarrowLink(`${REALM}/#narrow/topic/x`, REALM), undefined);
    });
  });
});

describe('message content: files of the realm (ChatClient.download)', () => {
  let server: RunningServer;
  let client: ChatClient;
  let url = '';
  const png = makePng(20, (x, y) => [x * 10, y * 10, 128]);

  const testServer = withServer();
  before(async () => {
    server = testServer.server;
    client = clientFor(server, byEmail(server, 'bob'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    const account = byEmail(server, 'bob');
    const res = await fetch(`${server.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}` },
      body: form,
    });
    url = ((await res.json()) as { url: string }).url;
  });
  after(async () => {
    await client.close();
  });

  const images = (type: string): boolean => type.startsWith('image/');

  it('downloads an upload with the credentials, up to maxBytes exactly', async () => {
    const got = await client.download(url, { maxBytes: png.length, accept: images });
    assert.equal(got.contentType, 'image/png');
    assert.ok(got.bytes.equals(png));
    await assert.rejects(client.download(url, { maxBytes: png.length - 1, accept: images }), /too large/);
  });

  it('refuses other content types, failures, and paths that leave the origin', async () => {
    await assert.rejects(
      client.download('/api/v1/users/me', { maxBytes: 1e6, accept: images }),
      /type application\/json/,
    );
    await assert.rejects(
      client.download('/user_uploads/2/xx/none.png', { maxBytes: 1e6, accept: images }),
      /status 404/,
    );
    await assert.rejects(
      client.download('//evil.example/x.png', { maxBytes: 1e6, accept: images }),
      /Only files on the server/,
    );
    await assert.rejects(
      client.download('https://evil.example/x.png', { maxBytes: 1e6, accept: images }),
      /Only files on the server/,
    );
  });

  it('serves custom emoji images publicly, as PNG', async () => {
    const res = await fetch(`${server.url}/user_avatars/2/emoji/images/1.gif`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal((await fetch(`${server.url}/user_avatars/2/emoji/images/999.gif`)).status, 404);
  });
});
