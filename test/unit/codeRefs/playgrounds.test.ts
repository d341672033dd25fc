// Code blocks you can use (issue 11, item 3): the server's Pygments markup, the organisation's code
// playgrounds (register, events, add/remove with the service's rules, old `url_prefix` servers),
// the vscode-free helpers (playground URLs, matching, the editor language of a block), the store.
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api';
import { getEvents, registerQueue } from '../../../src/api/events/routes';
import { sendMessage, getMessage } from '../../../src/api/messages/routes';
import { RealmPlayground } from '../../../src/api/realm/models';
import { parseEvent } from '../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../src/api/events/register';
import { addPlayground, removePlayground } from '../../../src/api/realm/routes';
import { languageIdOfBlock, playgroundsFor, playgroundUrl } from '../../../src/codeRefs/playgrounds';
import { ChatStore } from '../../../src/store/store';
import { renderCodeBlock } from '../../server/highlight';
import { ADMIN, MEMBER, type RunningServer, withServer } from '../support/server';
import { apiError, refused } from '../support/errors';
import { offlineClient } from '../support/offline';

describe('code blocks: the server renders Pygments markup', () => {
  it('names the lexer and wraps tokens in Pygments classes', () => {
    const html = renderCodeBlock('def f(x):\n    return "a" + 1  # done', 'py');
    assert.equal(
      html,
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="kd">def</span> <span class="nf">f</span>' +
        '<span class="p">(</span><span class="n">x</span><span class="p">)</span><span class="p">:</span>\n    <span class="k">return</span> ' +
        '<span class="s2">&quot;a&quot;</span> <span class="o">+</span> <span class="mi">1</span>  <span class="c1"># done</span>\n</code></pre></div>',
    );
  });

  it('keeps an unknown language as typed, unhighlighted and escaped', () => {
    assert.equal(
      renderCodeBlock('<b>x</b>', 'brainfudge'),
      '<div class="codehilite" data-code-language="brainfudge"><pre><span></span><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre></div>',
    );
    assert.equal(
      renderCodeBlock('plain', ''),
      '<div class="codehilite"><pre><span></span><code>plain\n</code></pre></div>',
    );
  });
});

describe('code blocks: playground helpers', () => {
  const playgrounds = [
    {
      id: 1,
      name: 'Rust Playground',
      pygments_language: 'Rust',
      url_template: 'https://play.rust-lang.org/?code={code}',
    },
    {
      id: 2,
      name: 'Python Tutor',
      pygments_language: 'Python',
      url_template: 'https://pythontutor.com/render.html#code={code}',
    },
    { id: 3, name: 'Other Python', pygments_language: 'python', url_template: 'https://py.example/?c={code}&v=3' },
  ];

  it('matches a block’s language to the playgrounds without case', () => {
    assert.deepEqual(
      playgroundsFor('Python', playgrounds).map((p) => p.id),
      [2, 3],
    );
    assert.deepEqual(
      playgroundsFor('rust', playgrounds).map((p) => p.id),
      [1],
    );
    assert.deepEqual(playgroundsFor('', playgrounds), []);
    assert.deepEqual(playgroundsFor('Go', playgrounds), []);
  });

  it('expands {code} as RFC 6570 does: all but unreserved characters percent-encoded, UTF-8', () => {
    assert.equal(
      playgroundUrl(playgrounds[2]!.url_template, "print('hé')!*~-._"),
      'https://py.example/?c=print%28%27h%C3%A9%27%29%21%2A~-._&v=3',
    );
    assert.equal(playgroundUrl('https://x.example/{code}/{code}', 'a b'), 'https://x.example/a%20b/a%20b');
    assert.throws(() => playgroundUrl('javascript:alert({code})', '1'), /http\(s\)/);
  });

  it('maps lexer names and aliases to editor languages, plain text when unknown', () => {
    const known = ['python', 'typescript', 'shellscript', 'cpp', 'plaintext', 'haskell', 'zig'];
    assert.equal(languageIdOfBlock('Python', known), 'python');
    assert.equal(languageIdOfBlock('TypeScript', known), 'typescript');
    assert.equal(languageIdOfBlock('Bash', known), 'shellscript');
    assert.equal(languageIdOfBlock('C++', known), 'cpp');
    assert.equal(languageIdOfBlock('zig', known), 'zig');
    assert.equal(languageIdOfBlock('Rust', known), 'plaintext', 'an editor without Rust opens it as text');
    assert.equal(languageIdOfBlock('', known), 'plaintext');
    assert.equal(languageIdOfBlock(undefined, known), 'plaintext');
  });

  it('reads url_prefix of old servers as a template ending in {code}', () => {
    const p = RealmPlayground.parse({
      id: 1,
      name: 'P',
      pygments_language: 'Python',
      url_prefix: 'https://p.example/?c=',
    });
    assert.equal(p.url_template, 'https://p.example/?c={code}');
  });
});

describe('code blocks: playgrounds on the local server', () => {
  const suite = withServer();
  let server: RunningServer;
  let admin: ChatClient, member: ChatClient;
  before(() => {
    server = suite.server;
    admin = suite.client(ADMIN);
    member = suite.client(MEMBER);
  });

  it('sends the playgrounds in /register and a message’s code block with its lexer', async () => {
    const snapshot = await registerQueue(member, {
      fetch_event_types: ['realm_playgrounds'],
      event_types: ['message'],
    });
    assert.deepEqual(
      snapshot.realm_playgrounds?.map((p) => [p.name, p.pygments_language]),
      [
        ['Rust Playground', 'Rust'],
        ['Python Tutor', 'Python'],
      ],
    );
    const { id } = await sendMessage(member, {
      type: 'stream',
      to: 1,
      topic: 'code',
      content: '```rust\nfn main() {}\n```',
    });
    const { message } = await getMessage(member, { message_id: id, apply_markdown: true });
    assert.match(
      message.content,
      /<div class="codehilite" data-code-language="Rust"><pre><span><\/span><code><span class="kd">fn<\/span> <span class="nf">main<\/span>/,
    );
  });

  it('adds and removes playgrounds (administrators), each change an event with the whole list', async () => {
    const snapshot = await registerQueue(member, {
      fetch_event_types: ['realm_playgrounds'],
      event_types: ['realm_playgrounds'],
    });
    const { id } = await addPlayground(admin, {
      name: 'Go Playground',
      pygments_language: 'Go',
      url_template: 'https://go.dev/play/?code={code}',
    });
    type Raw = { id: number; type: string; realm_playgrounds?: { name: string }[] };
    const poll = async (after: number) =>
      (await getEvents(member, { queue_id: snapshot.queue_id!, last_event_id: after, dont_block: true }))
        .events as Raw[];
    const first = await poll(snapshot.last_event_id!);
    const added = first.find((e) => e.type === 'realm_playgrounds');
    assert.ok(added, 'a realm_playgrounds event');
    assert.deepEqual(
      added.realm_playgrounds?.map((p) => p.name),
      ['Rust Playground', 'Python Tutor', 'Go Playground'],
    );
    await removePlayground(admin, { playground_id: id });
    const second = await poll(Math.max(...first.map((e) => e.id)));
    const removed = second.find((e) => e.type === 'realm_playgrounds');
    assert.deepEqual(
      removed?.realm_playgrounds?.map((p) => p.name),
      ['Rust Playground', 'Python Tutor'],
    );
    assert.equal(server.state.playgrounds.length, 2);
  });

  it('refuses members, unknown ids and bad templates as the service does', async () => {
    await apiError(
      addPlayground(member, { name: 'X', pygments_language: 'Go', url_template: 'https://x.example/{code}' }),
      'BAD_REQUEST',
    );
    const notFound = await apiError(removePlayground(admin, { playground_id: 999 }), 'BAD_REQUEST');
    assert.match(notFound.message, /Invalid playground/);
    await refused(
      addPlayground(offlineClient(), { name: 'X', pygments_language: 'Go', url_template: 'https://x.example/' }),
      'url_template',
      /\{code\}/,
    );
    await refused(
      addPlayground(offlineClient(), { name: 'X', pygments_language: 'Go', url_template: 'ftp://x.example/{code}' }),
      'url_template',
      /http/,
    );
    await refused(
      addPlayground(offlineClient(), {
        name: 'X',
        pygments_language: 'G<o>',
        url_template: 'https://x.example/{code}',
      }),
      'pygments_language',
    );
    await refused(
      addPlayground(offlineClient({ featureLevel: 48 }), {
        name: 'X',
        pygments_language: 'Go',
        url_template: 'https://x.example/{code}',
      }),
      undefined,
      /no code playgrounds/,
    );
  });

  describe('servers before url_template (feature level 195)', () => {
    const old = withServer({ featureLevel: 195 });
    it('sends url_prefix, which the client reads as a template; adding one sends url_prefix', async () => {
      const oldAdmin = old.client(ADMIN);
      const snapshot = await registerQueue(oldAdmin, {
        fetch_event_types: ['realm_playgrounds'],
        event_types: ['message'],
      });
      assert.equal(
        snapshot.realm_playgrounds?.[0]?.url_template,
        'https://play.rust-lang.org/?edition=2021&code={code}',
      );
      await addPlayground(oldAdmin, {
        name: 'Go',
        pygments_language: 'Go',
        url_template: 'https://go.example/?code={code}',
      });
      assert.equal(old.server.state.playgrounds.at(-1)?.url_template, 'https://go.example/?code={code}');
      await refused(
        addPlayground(oldAdmin, {
          name: 'Go2',
          pygments_language: 'Go',
          url_template: 'https://go.example/{code}/run',
        }),
        'url_template',
        /only appends/,
      );
    });
  });
});

describe('code blocks: the store keeps the playgrounds', () => {
  it('takes them from the snapshot and replaces them on a realm_playgrounds event', () => {
    const store = new ChatStore({ fetchTopics: async () => [] });
    store.reset(
      RegisterSnapshot.parse({
        queue_id: 'q',
        last_event_id: -1,
        chat_feature_level: 420,
        user_id: 1,
        email: 'a@example.com',
        realm_playgrounds: [
          { id: 1, name: 'Rust Playground', pygments_language: 'Rust', url_template: 'https://p/{code}' },
        ],
      }),
    );
    assert.deepEqual(
      store.playgrounds().map((p) => p.id),
      [1],
    );
    const parsed = parseEvent({
      id: 1,
      type: 'realm_playgrounds',
      realm_playgrounds: [{ id: 2, name: 'Go', pygments_language: 'Go', url_prefix: 'https://g/?c=' }],
    });
    assert.ok(parsed.ok);
    const change = store.apply([parsed.event]);
    assert.ok(change?.areas.has('playgrounds'));
    assert.deepEqual(
      store.playgrounds().map((p) => [p.id, p.url_template]),
      [[2, 'https://g/?c={code}']],
    );
  });
});
