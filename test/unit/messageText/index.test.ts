// Message text outside the pages (src/messageText/): the server's rendered HTML (as the local
// server renders it, and as the real service writes it) as plain text and as Markdown.
import assert from 'node:assert/strict';
import {
  cutText,
  messageLine,
  messageLinks,
  messageMarkdown,
  messagePreview,
  messageText,
} from '../../../src/messageText';
import { decodeEntities, parseHtml } from '../../../src/messageText/html';
import { renderMarkdown, type RenderContext } from '../../server/render';

const REALM = 'https://chat.example.com';
const ctx: RenderContext = {
  userByName: (name) => (name === 'Bob Brown' ? { id: 12, fullName: 'Bob Brown' } : undefined),
  streamByName: (name) => (name === 'general' ? { id: 3, name: 'general' } : undefined),
  linkifiers: [],
  emojiByName: (name) =>
    ({ '+1': { code: '1f44d' }, pray: { code: '1f64f' }, octopus: { url: '/user_avatars/2/emoji/octopus.png' } })[name],
};
const render = (markdown: string): string => renderMarkdown(markdown, ctx).html;

describe('message text', () => {
  describe('plain', () => {
    it('the examples seen on screen: code intact, no space before punctuation, emoji as glyphs', () => {
      assert.equal(messageLine(render('Use `dict[str, int]` here')), 'Use dict[str, int] here');
      assert.equal(messageLine(render('Thanks @**Bob Brown**.')), 'Thanks @Bob Brown.');
      assert.equal(messageLine(render('See `src/greeter.ts:2-5`, then reply')), 'See src/greeter.ts:2-5, then reply');
      assert.equal(messageLine(render('Looks good :+1: :pray:')), 'Looks good 👍 🙏');
    });

    it("the same from the service's own markup (highlighted code, emoji spans, mention spans)", () => {
      const html =
        '<p>Use <code>dict[str, int]</code>, ask <span class="user-mention" data-user-id="12">@Bob Brown</span>. ' +
        '<span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:+1:</span> ' +
        '<span class="emoji emoji-1f468-200d-1f4bb" title="technologist">:technologist:</span>' +
        '<img alt=":octopus:" class="emoji" src="/user_avatars/2/emoji/octopus.png" title="octopus"></p>';
      assert.equal(messageLine(html), 'Use dict[str, int], ask @Bob Brown. 👍 👨‍💻:octopus:');
    });

    it('code blocks keep their lines and spaces; blocks are lines; entities decoded once', () => {
      const html =
        '<p>Before:</p>\n<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> <span class="nf">f</span>(x):\n    ' +
        '<span class="k">return</span> x &lt; 2\n</code></pre></div>\n<p>a &amp;lt; b &amp; <em>c</em>&nbsp;d</p>';
      assert.equal(messageText(html), 'Before:\ndef f(x):\n    return x < 2\na &lt; b & c d');
      assert.equal(messageLine(html), 'Before: def f(x): return x < 2 a &lt; b & c d');
    });

    it('links read as their text; a quote, a list and line breaks as lines; nothing hidden shows', () => {
      const html =
        '<p><span class="user-mention silent" data-user-id="12">Bob Brown</span> <a href="/#narrow/near/5">said</a>:</p>\n<blockquote>\n<p>first<br>\nsecond</p>\n</blockquote>\n' +
        '<ul>\n<li>one</li>\n<li><a href="https://example.com/x">two</a></li>\n</ul>\n<div class="spoiler-block"><div class="spoiler-header">\n<p>Plot</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>secret</p>\n</div></div>' +
        '<div class="message_inline_image"><a href="/user_uploads/1/a.png" title="a.png"><img src="/user_uploads/1/a.png"></a></div><script>alert(1)</script><style>p{}</style>';
      assert.equal(messageText(html), 'Bob Brown said:\nfirst\nsecond\none\ntwo\nPlot');
    });

    it('a formula reads as its TeX, a time as its date', () => {
      const html = `<p>Area ${render('$$\\pi r^2$$').replace(/^<p>|<\/p>$/g, '')} at <time datetime="2026-01-02T10:00:00Z">1767348000</time></p>`;
      assert.equal(messageLine(html), 'Area \\pi r^2 at 2026-01-02T10:00:00Z');
    });

    it('a preview is cut at a number of characters (code points) with an ellipsis', () => {
      assert.equal(messagePreview('<p>abcdef</p>', 6), 'abcdef');
      assert.equal(messagePreview('<p>abcdefg</p>', 6), 'abcde…');
      assert.equal(cutText('👍👍👍', 2), '👍…');
    });

    it('markup that is not well formed still gives its text', () => {
      assert.equal(
        messageLine('<p>a <b>b <i>c</p><p>d</b> e < f > g &#0; &#x110000; &bogus;'),
        'a b c d e < f > g &#0; &#x110000; &bogus;',
      );
      assert.equal(messageLine('<frameset><frame src="x"></frameset>'), '');
      assert.equal(
        messageLine('<!DOCTYPE html><html><head><title>t</title></head><body><p>x<!-- y --></p></body></html>'),
        'x',
      );
      assert.equal(decodeEntities('&lt;&#60;&#x3c;&LT;'), '<<<<');
      assert.deepEqual(parseHtml('<a href=\'q\' title="a > b">x</a>'), [
        {
          kind: 'element',
          tag: 'a',
          attrs: new Map([
            ['href', 'q'],
            ['title', 'a > b'],
          ]),
          children: [{ kind: 'text', text: 'x' }],
        },
      ]);
    });

    it('the links of a message, decoded', () => {
      assert.deepEqual(
        messageLinks(
          '<p><a href="https://git.example.com/a?x=1&amp;y=2">p</a> <a>none</a> <a href="/#narrow/x">n</a></p>',
        ),
        ['https://git.example.com/a?x=1&y=2', '/#narrow/x'],
      );
    });
  });

  describe('Markdown', () => {
    it('code, mentions, emoji and links as Markdown; text escaped', () => {
      const html = `${render('Use `dict[str, int]`, ask @**Bob Brown**. :+1: in #**general** or *now*').replace(/<\/p>$/, '')} <a href="https://example.com/a_(b)">docs</a> <strong>2 * 3 </strong></p>`;
      assert.equal(
        messageMarkdown(html, { baseUrl: REALM }),
        'Use `dict[str, int]`, ask **@Bob Brown**. 👍 in [#general](https://chat.example.com/#narrow/channel/3-general) or *now* [docs](https://example.com/a_%28b%29) **2 \\* 3**',
      );
    });

    it('a code block fenced with its language; a quote; a list; a line break', () => {
      const html =
        '<div class="codehilite" data-code-language="Python"><pre><span></span><code>x = "```"\n</code></pre></div>\n<blockquote>\n<p>a<br>\nb</p>\n</blockquote>\n<ol start="3"><li>one</li><li><p>two</p><ul><li>x</li></ul></li></ol>';
      assert.equal(messageMarkdown(html), '````Python\nx = "```"\n````\n\n> a\\\n> b\n\n3. one\n4. two\n\n   - x');
    });

    it('only http(s) and mailto links; a relative one without a base is text; nothing reads as HTML or a list', () => {
      assert.equal(
        messageMarkdown(
          '<p><a href="javascript:alert(1)">x</a> <a href="/y">y</a> &lt;b&gt; #1</p><p>- no</p><p>1. no</p><p># no</p>',
        ),
        'x y \\<b\\> #1\n\n\\- no\n\n1\\. no\n\n\\# no',
      );
    });
  });
});
