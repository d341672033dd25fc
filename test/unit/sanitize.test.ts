// The webview sanitiser against an XSS corpus: whatever goes in, what comes out has only allowed
// tags and attributes, only http(s)/mailto URLs, no styles or handlers; safe markup survives.
import assert from 'node:assert/strict';
import { safeUrl, sanitizeServerHtml } from '../../src/webviews/sanitize';

const REALM = 'https://chat.example.com';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'del', 's', 'u', 'sub', 'sup', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'time', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'title', 'src', 'alt', 'datetime', 'data-user-id', 'start', 'align', 'class']);

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
      const decoded = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
      if ((a === 'href' || a === 'src') && !/^(https?:\/\/|mailto:)/i.test(decoded)) found.push(`${a}="${value}"`);
      if (a === 'src' && /^mailto:/i.test(decoded)) found.push(`mailto image`);
      if (a === 'class') {
        for (const c of decoded.split(/\s+/).filter(Boolean)) {
          if (!/^(highlight|user-mention|user-group-mention|silent|topic-mention|channel-wildcard-mention|stream|stream-topic|codehilite|emoji|emoji-[\w-]+|message_inline_image|message_inline_ref|spoiler-block|spoiler-header|spoiler-content|katex|tex-error|rendered_markdown|c|c1|cm|k|kd|kn|kt|n|na|nb|nc|nf|nt|nv|o|p|s|s1|s2|mi|mf|err|w|gp|go)$/.test(c)) {
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

  it('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeServerHtml('<p>a</p><script>evil()</script><style>.x{}</style><iframe>f</iframe><form><input></form><p>b</p>', REALM);
    assert.equal(out, '<p>a</p><p>b</p>');
  });

  it('keeps safe markup: links, code, mentions, emoji, quotes, lists', () => {
    const html =
      '<p>Hi <span class="user-mention" data-user-id="4">@Alice</span>, see <a href="https://example.com/doc?a=1&amp;b=2" title="doc">the doc</a>' +
      ' or <a href="mailto:team@example.com">mail us</a>.</p>' +
      '<div class="codehilite"><pre><span></span><code><span class="k">const</span> <span class="n">x</span> = 1;</code></pre></div>' +
      '<blockquote><p>quoted <strong>bold</strong> <em>it</em> <del>gone</del></p></blockquote>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<p><span class="emoji emoji-1f389" title="tada">:tada:</span> <code>inline</code> <time datetime="2024-01-01T00:00:00Z">then</time></p>';
    assert.equal(sanitizeServerHtml(html, REALM), html);
  });

  it('rewrites relative upload links and images to the realm', () => {
    const out = sanitizeServerHtml('<a href="/user_uploads/2/ab/file.pdf">file</a><img src="/user_uploads/2/cd/pic.png" alt="pic"><a href="#narrow/channel/1-general">general</a>', REALM);
    assert.equal(
      out,
      '<a href="https://chat.example.com/user_uploads/2/ab/file.pdf">file</a><img src="https://chat.example.com/user_uploads/2/cd/pic.png" alt="pic" />' +
        '<a href="https://chat.example.com/#narrow/channel/1-general">general</a>',
    );
  });

  it('safeUrl accepts only http, https and mailto', () => {
    assert.equal(safeUrl('https://a.example/x', REALM), 'https://a.example/x');
    assert.equal(safeUrl('mailto:a@b.example', REALM), 'mailto:a@b.example');
    assert.equal(safeUrl('/avatar/4', 'http://127.0.0.1:9000'), 'http://127.0.0.1:9000/avatar/4');
    for (const bad of ['javascript:alert(1)', ' java\nscript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '//evil.example', 'command:workbench.action.quit', 'vscode://x', '']) {
      assert.equal(safeUrl(bad, REALM), undefined, bad);
    }
  });
});
