// The webview sanitiser against an XSS corpus: whatever goes in, what comes out has only allowed
// tags and attributes, only http(s)/mailto URLs, no styles or handlers; safe markup survives.
import assert from 'node:assert/strict';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { createServerHtmlSanitizer } from '../../../src/webviews/page/sanitize';
import { katexStyle, PYGMENTS_CLASSES, safeUrl, type SanitizeOptions } from '../../../src/webviews/sanitize';
import { KATEX_ATTRIBUTES, KATEX_CLASSES, KATEX_TAGS } from '../../../src/webviews/sanitizeKatex';
import { renderTex } from '../../server/render';

const REALM = 'https://chat.example.com';

// The pages' sanitiser with the dompurify package (the pages get the same code from the shared
// dist/webview/purify.js), on jsdom's DOM: the same HTML parser algorithm as the webview's.
const sanitizer = createServerHtmlSanitizer(
  new JSDOM('').window as unknown as Parameters<typeof createServerHtmlSanitizer>[0],
  createDOMPurify,
);
const sanitizeServerHtml = (html: string, realmUrl: string, options?: SanitizeOptions): string =>
  sanitizer.html(html, realmUrl, options);

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'u',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'time',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  // Formulas (KaTeX's MathML and SVG).
  ...KATEX_TAGS,
]);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'title',
  'src',
  'alt',
  'datetime',
  'data-user-id',
  'start',
  'align',
  'class',
  'role',
  'aria-label',
  'aria-hidden',
  'data-stream-id',
  'data-style',
  ...Object.values(KATEX_ATTRIBUTES)
    .flat()
    .map((a) => a.toLowerCase()),
]);
const KATEX_CLASS = new RegExp(
  `^(?:${KATEX_CLASSES.map((c) => c.replace(/[-]/g, '\\-').replace(/\*/g, '[\\w-]*')).join('|')})$`,
);

/** Checks the sanitised output structurally; returns the problems found. */
function problems(html: string): string[] {
  const found: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>`/]+(?:="[^"]*")?)*)\s*(\/?)>/y;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) {
    tag.lastIndex = i;
    const m = tag.exec(html);
    if (!m) {
      // A bare '<' is only acceptable when it cannot start markup.
      if (/^<[a-zA-Z!/?]/.test(html.slice(i))) found.push(`unparsed markup at ${i}: ${html.slice(i, i + 30)}`);
      continue;
    }
    const name = m[2].toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
    for (const [, attr, value = ''] of m[3].matchAll(/\s+([^\s"'=<>`/]+)(?:="([^"]*)")?/g)) {
      const a = attr.toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(a)) found.push(`attribute ${a} on <${name}>`);
      const decoded = value
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
      if (a === 'data-style' && (katexStyle(decoded) !== decoded || /url|expression|fixed|absolute/i.test(decoded)))
        found.push(`data-style="${value}"`);
      if ((a === 'href' || a === 'src') && !/^(https?:\/\/|mailto:)/i.test(decoded)) found.push(`${a}="${value}"`);
      if (a === 'src' && /^mailto:/i.test(decoded)) found.push(`mailto image`);
      if (a === 'class') {
        for (const c of decoded.split(/\s+/).filter(Boolean)) {
          if (
            !KATEX_CLASS.test(c) &&
            !/^(highlight|user-mention|user-group-mention|silent|topic-mention|channel-wildcard-mention|stream|stream-topic|codehilite|emoji|emoji-[\w-]+|message_inline_image|message_inline_ref|spoiler-block|spoiler-header|spoiler-content|katex|tex-error|rendered_markdown)$/.test(
              c,
            ) &&
            !PYGMENTS_CLASSES.includes(c)
          ) {
            found.push(`class ${c}`);
          }
        }
      }
    }
  }
  const markup = html.replace(/>[^<]*</g, '><');
  if (/="\s*(javascript|vbscript|data):|expression\s*\(/i.test(markup)) found.push('dangerous text inside markup');
  return found;
}

const CORPUS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="jav&#97;script&#58;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="//evil.example/steal">protocol-relative</a>',
  '<svg onload=alert(1)><circle r=10></circle></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<div style="background-image: url(javascript:alert(1))">styled</div>',
  '<div style="width: expression(alert(1))">ie</div>',
  '<span style="behavior:url(x.htc)">x</span>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<details open ontoggle=alert(1)>x</details>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<p <img src=x onerror=alert(1)>>',
  '<<script>alert(1)//<</script>',
  '<a href="https://ok.example" onmouseover="alert(1)">hover</a>',
  '<a href="https://ok.example" target="_blank" rel="opener">t</a>',
  '<p class="user-mention evil-class" id="x" name="y">@x</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<isindex action=javascript:alert(1) type=image>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div data-x="1" aria-hidden="true" contenteditable>attrs</div>',
  '"><script>alert(1)</script>',
  '<img src="/user_uploads/../../javascript:alert(1)">',
];

describe('webview sanitiser', () => {
  it(`leaves nothing dangerous from ${CORPUS.length} XSS payloads`, () => {
    assert.ok(CORPUS.length >= 30);
    const failures: string[] = [];
    for (const payload of CORPUS) {
      const out = sanitizeServerHtml(payload, REALM);
      const found = problems(out);
      if (found.length > 0) failures.push(`${payload}\n  → ${out}\n  ${found.join('; ')}`);
      // And stays clean when sanitised again (no mutation XSS through re-parsing).
      const again = sanitizeServerHtml(out, REALM);
      if (problems(again).length > 0) failures.push(`second pass: ${payload} → ${again}`);
    }
    assert.deepEqual(failures, []);
  });

  it('leaves nothing dangerous from the XSS payloads with images deferred (the conversation view)', () => {
    const failures: string[] = [];
    for (const payload of CORPUS) {
      const out = sanitizeServerHtml(payload, REALM, { deferImages: true });
      if (/\ssrc=/.test(out)) failures.push(`src kept: ${out}`);
      const found = problems(out.replace(/ data-src="/g, ' src="'));
      if (found.length > 0) failures.push(`${payload}\n  → ${out}\n  ${found.join('; ')}`);
    }
    assert.deepEqual(failures, []);
  });

  it('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeServerHtml(
      '<p>a</p><script>evil()</script><style>.x{}</style><iframe>f</iframe><form><input></form><p>b</p>',
      REALM,
    );
    assert.equal(out, '<p>a</p><p>b</p>');
  });

  it('keeps safe markup: links, code, mentions, emoji, quotes, lists', () => {
    const html =
      '<p>Hi <span class="user-mention" data-user-id="4">@Alice</span>, see <a href="https://example.com/doc?a=1&amp;b=2" title="doc">the doc</a>' +
      ' or <a href="mailto:team@example.com">mail us</a>.</p>' +
      '<div class="codehilite" data-code-language="TypeScript"><pre><span></span><code><span class="kd">const</span> <span class="n">x</span> <span class="o">=</span> <span class="mi">1</span><span class="p">;</span></code></pre></div>' +
      '<blockquote><p>quoted <strong>bold</strong> <em>it</em> <del>gone</del></p></blockquote>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<p><span class="emoji emoji-1f389" title="tada">:tada:</span> <code>inline</code> <time datetime="2024-01-01T00:00:00Z">then</time></p>';
    assert.equal(sanitizeServerHtml(html, REALM), html);
  });

  it('rewrites relative upload links and images to the realm', () => {
    const out = sanitizeServerHtml(
      '<a href="/user_uploads/2/ab/file.pdf">file</a><img src="/user_uploads/2/cd/pic.png" alt="pic"><a href="#narrow/channel/1-general">general</a>',
      REALM,
    );
    assert.equal(
      out,
      '<a href="https://chat.example.com/user_uploads/2/ab/file.pdf">file</a><img src="https://chat.example.com/user_uploads/2/cd/pic.png" alt="pic">' +
        '<a href="https://chat.example.com/#narrow/channel/1-general">general</a>',
    );
  });

  it('safeUrl accepts only http, https and mailto', () => {
    assert.equal(safeUrl('https://a.example/x', REALM), 'https://a.example/x');
    assert.equal(safeUrl('mailto:a@b.example', REALM), 'mailto:a@b.example');
    assert.equal(safeUrl('/avatar/4', 'http://127.0.0.1:9000'), 'http://127.0.0.1:9000/avatar/4');
    for (const bad of [
      'javascript:alert(1)',
      ' java\nscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example',
      'command:workbench.action.quit',
      'vscode://x',
      '',
    ]) {
      assert.equal(safeUrl(bad, REALM), undefined, bad);
    }
  });
});

describe('webview sanitiser: rendered content', () => {
  /** KaTeX's output as the page gets it: `style` moved to `data-style`, without trailing semicolons. */
  const asSanitised = (html: string): string => html.replace(/ style="([^"]*?);?"/g, ' data-style="$1"');

  it('keeps server-rendered KaTeX (HTML, MathML, SVG radicals) with its styles as data-style', () => {
    for (const tex of [
      'x^2',
      '\\frac{a}{b}',
      '\\sqrt{x^2+1}',
      '\\sum_{i=1}^n i',
      '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}',
      '\\overrightarrow{AB}',
    ]) {
      for (const display of [false, true]) {
        const html = renderTex(tex, display);
        assert.match(html, /<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/);
        const out = sanitizeServerHtml(html, REALM);
        // The browser's parser keeps viewBox's case inside <svg>, and the self-closing <path/> is serialised as an element.
        assert.equal(out, asSanitised(html).replace(/<path([^>]*)\/>/g, '<path$1></path>'), tex);
        assert.deepEqual(problems(out), [], tex);
      }
    }
  });

  it('keeps styles only inside .katex, only the declarations KaTeX uses, and never a style attribute', () => {
    assert.equal(sanitizeServerHtml('<span style="height:1em">x</span>', REALM), '<span>x</span>');
    assert.equal(sanitizeServerHtml('<span data-style="position:fixed;top:0">x</span>', REALM), '<span>x</span>');
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span style="top:-1.5em;background:url(https://evil.example/x);position:fixed;height:2em;color:red">y</span></span><span style="top:-1em">z</span>',
        REALM,
      ),
      '<span class="katex"><span data-style="top:-1.5em;height:2em;color:red">y</span></span><span>z</span>',
    );
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span style="margin-left:-99999em;width:calc(100% - 1em)">y</span></span>',
        REALM,
      ),
      '<span class="katex"><span>y</span></span>',
    );
    assert.equal(katexStyle('height: 0.8141em; vertical-align: -0.25em;'), 'height:0.8141em;vertical-align:-0.25em');
    assert.equal(katexStyle('top:-1em expression(alert(1))'), undefined);
  });

  it('keeps emoji, custom emoji, spoilers, mentions, channel links and times as the server writes them', () => {
    const html =
      '<p><span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span> ' +
      '<img alt=":party_parrot:" class="emoji" src="https://chat.example.com/user_avatars/2/emoji/images/1.gif" title="party parrot"> ' +
      '<span class="user-mention" data-user-id="5">@Bob Brown</span> ' +
      '<a class="stream-topic" data-stream-id="3" href="https://chat.example.com/#narrow/channel/3-general/topic/lunch">#general &gt; lunch</a> ' +
      '<time datetime="2024-01-02T03:04:05Z">2024-01-02T03:04:05+00:00</time></p>' +
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Secret</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>';
    assert.equal(sanitizeServerHtml(html, REALM), html);
  });

  it('defers images to data-src for the conversation view (loaded through the host), and drops a given data-src', () => {
    assert.equal(
      sanitizeServerHtml(
        '<img src="/user_uploads/2/cd/pic.png" alt="pic"><img data-src="https://evil.example/x.png">',
        REALM,
        { deferImages: true },
      ),
      '<img alt="pic" data-src="https://chat.example.com/user_uploads/2/cd/pic.png">',
    );
    assert.equal(
      sanitizeServerHtml('<img data-src="https://evil.example/x.png" src="/a.png">', REALM),
      '<img src="https://chat.example.com/a.png">',
    );
  });
});

describe('webview sanitiser: MathML and SVG only inside KaTeX', () => {
  it('drops <math> and <svg> (with their content) outside .katex, and MathML or SVG names parsed as HTML', () => {
    // An HTML element named like a MathML or SVG one (namespace confusion) goes with its content.
    assert.equal(
      sanitizeServerHtml(
        '<p>a<math><mi>x</mi></math>b<svg><path d="M0 0"></path></svg>c<mi>y</mi>d<path>z</path></p>',
        REALM,
      ),
      '<p>abcd</p>',
    );
    assert.equal(
      sanitizeServerHtml(
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
        REALM,
      ),
      '',
    );
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span class="katex-mathml"><math><mi mathvariant="normal" href="javascript:alert(1)" onclick="x()">x</mi></math></span></span>',
        REALM,
      ),
      '<span class="katex"><span class="katex-mathml"><math><mi mathvariant="normal">x</mi></math></span></span>',
    );
  });

  it('keeps <math> only in .katex-mathml, only MathML inside it, only SVG inside <svg>', () => {
    // Not where KaTeX writes it.
    assert.equal(
      sanitizeServerHtml('<span class="katex"><math><mi>x</mi></math></span>', REALM),
      '<span class="katex"></span>',
    );
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math></span>',
        REALM,
      ),
      '<span class="katex"></span>',
    );
    // HTML inside MathML or SVG (the namespace confusions of mutation XSS) goes with its content.
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span class="katex-mathml"><math><mtext><img src="https://chat.example.com/a.png"><span>t</span></mtext><mi>y</mi></math></span></span>',
        REALM,
      ),
      '<span class="katex"><span class="katex-mathml"><math><mtext></mtext><mi>y</mi></math></span></span>',
    );
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span class="katex-html"><svg width="1em"><foreignObject><p>no</p></foreignObject><desc><b>no</b></desc><path d="M0 0"></path></svg><math></math></span></span>',
        REALM,
      ),
      '<span class="katex"><span class="katex-html"><svg width="1em"><path d="M0 0"></path></svg></span></span>',
    );
    // A <p> ends an <svg> in the browser's parser: it is an HTML sibling, and what follows is no SVG.
    assert.equal(
      sanitizeServerHtml(
        '<span class="katex"><span class="katex-html"><svg width="1em"><p>yes</p><path d="M0 0"></path></svg></span></span>',
        REALM,
      ),
      '<span class="katex"><span class="katex-html"><svg width="1em"></svg><p>yes</p></span></span>',
    );
  });
});

describe('server HTML the sanitiser cannot take', () => {
  it('a <frameset> document (no body to sanitise) gives the note and its plain text, and the next HTML is sanitised as usual', () => {
    // DOMPurify itself throws on it ("Cannot read properties of null"): before, the whole list failed with it.
    const frameset =
      '<frameset><frame src="https://evil.example.com/"></frameset><p>hello <code>dict[str, int]</code>, <span class="emoji emoji-1f44d">:+1:</span></p>';
    for (const html of [frameset, '<html><frameset><frame></frameset></html>']) {
      const out = sanitizer.html(html, REALM);
      assert.match(
        out,
        /^<div class="unrenderable" role="note"><p class="unrenderable-notice">This message could not be displayed<\/p>/,
      );
      assert.deepEqual(
        [...new Set(out.match(/<\/?[a-z]+/g))].sort(),
        ['</div', '</p', '<div', '<p'],
        "only the note's own elements",
      );
    }
    // DOMParser drops what follows a frameset in a document; our plain reader keeps the text.
    assert.equal(
      sanitizer.html(frameset, REALM),
      '<div class="unrenderable" role="note"><p class="unrenderable-notice">This message could not be displayed</p><p class="unrenderable-text">hello dict[str, int], 👍</p></div>',
    );
    assert.equal(
      sanitizer.html('<frameset></frameset>', REALM),
      '<div class="unrenderable" role="note"><p class="unrenderable-notice">This message could not be displayed</p></div>',
    );
    assert.equal(
      sanitizeServerHtml('<p>next <a href="/x">one</a></p>', REALM),
      '<p>next <a href="https://chat.example.com/x">one</a></p>',
    );
  });

  it('its text goes in as text: markup in it stays characters', () => {
    const out = sanitizer.fragment(
      '<frameset></frameset>&lt;img src=x onerror=alert(1)&gt;<script>alert(2)</script>',
      REALM,
    );
    assert.equal(out.querySelectorAll('img, script').length, 0);
    assert.equal(out.querySelector('.unrenderable-text')?.textContent, '<img src=x onerror=alert(1)>');
  });
});
