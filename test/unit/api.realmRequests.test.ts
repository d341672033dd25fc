// Linkifiers and code playgrounds without the chat server: the exact request each route sends
// (method, path, form), the answers it understands, and the messages of the inputs it refuses.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatClient, MalformedResponseError } from '../../src/api';
import { FL } from '../../src/api/features';
import { Linkifier, RealmPlayground } from '../../src/api/realm/models';
import { addLinkifier, addPlayground, getLinkifiers, removeLinkifier, removePlayground, reorderLinkifiers, updateLinkifier } from '../../src/api/realm/routes';
import { parseResult } from '../../src/api/result';
import { ctx, prepare, refusal } from './operationHelpers';

interface Sent {
  method: string;
  path: string;
  form: Record<string, string>;
}

/** A server that records each request and answers success with `reply` (plus result and msg). */
function recorder() {
  const sent: Sent[] = [];
  let reply: Record<string, unknown> = {};
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : text));
      sent.push({ method: req.method!, path: url.pathname.replace(/^\/api\/v1/, ''), form });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ result: 'success', msg: '', ...reply }));
    });
  });
  let client: ChatClient;
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ChatClient({ realmUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, email: 'iago@example.com', apiKey: 'k', maxRetries: 0 });
    client.server = { featureLevel: 482, version: 'test', mergeBase: undefined, flavor: 'chat' };
  });
  after(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get client() {
      return client;
    },
    /** The answer to the next requests. */
    answer(body: Record<string, unknown>) {
      reply = body;
    },
    /** The one request sent since the last call. */
    last(): Sent {
      assert.equal(sent.length, 1, 'one request sent');
      return sent.pop()!;
    },
  };
}

const ok = (fields: Record<string, unknown> = {}) => ({ result: 'success', msg: '', ...fields });
const link = { pattern: 'JIRA-(?P<key>[0-9]+)', url_template: 'https://jira.example.com/browse/JIRA-{key}' };
const play = { name: 'Rust Playground', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}' };
const NEW = ctx(482);

describe('API: linkifier and playground requests', () => {
  const server = recorder();

  it('GET /realm/linkifiers, read with the defaults of fields the server left out', async () => {
    server.answer({ linkifiers: [{ id: 3, ...link }] });
    const { linkifiers } = await getLinkifiers(server.client);
    assert.deepEqual(server.last(), { method: 'GET', path: '/realm/linkifiers', form: {} });
    assert.deepEqual(linkifiers, [{ id: 3, ...link, example_input: null, reverse_template: null, alternative_url_templates: [] }]);
  });

  it('POST /realm/filters with every field in the form; returns the new id', async () => {
    server.answer({ id: 7 });
    const { id } = await addLinkifier(server.client, {
      pattern: '  JIRA-(?P<key>[0-9]+) ',
      url_template: ' https://jira.example.com/browse/JIRA-{key}',
      example_input: 'JIRA-7',
      reverse_template: 'JIRA-{key}',
      alternative_url_templates: [' https://jira.example.com/issues/{key} ', 'https://j.example.com/{key}'],
    });
    assert.equal(id, 7);
    assert.deepEqual(server.last(), {
      method: 'POST',
      path: '/realm/filters',
      form: {
        ...link,
        example_input: 'JIRA-7',
        reverse_template: 'JIRA-{key}',
        alternative_url_templates: '["https://jira.example.com/issues/{key}","https://j.example.com/{key}"]',
      },
    });
  });

  it('PATCH /realm/filters/{filter_id} and DELETE /realm/filters/{filter_id}', async () => {
    server.answer({});
    await updateLinkifier(server.client, { filter_id: 12, ...link, example_input: null });
    assert.deepEqual(server.last(), { method: 'PATCH', path: '/realm/filters/12', form: { ...link, example_input: '' } });
    await removeLinkifier(server.client, { filter_id: 12 });
    assert.deepEqual(server.last(), { method: 'DELETE', path: '/realm/filters/12', form: {} });
  });

  it('PATCH /realm/linkifiers with the order as a JSON list', async () => {
    server.answer({});
    await reorderLinkifiers(server.client, { ordered_linkifier_ids: [4, 2, 9] });
    assert.deepEqual(server.last(), { method: 'PATCH', path: '/realm/linkifiers', form: { ordered_linkifier_ids: '[4,2,9]' } });
  });

  it('POST /realm/playgrounds (trimmed values); returns the new id', async () => {
    server.answer({ id: 5 });
    const { id } = await addPlayground(server.client, { name: ' Rust Playground ', pygments_language: ' Rust ', url_template: ' https://play.rust-lang.org/?code={code} ' });
    assert.equal(id, 5);
    assert.deepEqual(server.last(), { method: 'POST', path: '/realm/playgrounds', form: play });
  });

  it('POST /realm/playgrounds sends url_prefix to servers before FL.playgroundUrlTemplate', async () => {
    server.answer({ id: 6 });
    server.client.server = { ...server.client.server!, featureLevel: FL.playgroundUrlTemplate - 1 };
    try {
      await addPlayground(server.client, play);
    } finally {
      server.client.server = { ...server.client.server!, featureLevel: 482 };
    }
    const { url_template: _t, ...rest } = play;
    assert.deepEqual(server.last(), { method: 'POST', path: '/realm/playgrounds', form: { ...rest, url_prefix: 'https://play.rust-lang.org/?code=' } });
  });

  it('DELETE /realm/playgrounds/{playground_id}', async () => {
    server.answer({});
    await removePlayground(server.client, { playground_id: 8 });
    assert.deepEqual(server.last(), { method: 'DELETE', path: '/realm/playgrounds/8', form: {} });
  });
});

describe('API: linkifier and playground answers', () => {
  it('needs the integer id of a new linkifier or playground', () => {
    for (const key of ['POST /realm/filters', 'POST /realm/playgrounds'] as const) {
      assert.equal(parseResult(key, ok({ id: 4 }), NEW).id, 4);
      assert.throws(() => parseResult(key, ok({ id: '4' }), NEW), MalformedResponseError);
      assert.throws(() => parseResult(key, ok(), NEW), MalformedResponseError);
    }
  });

  it('refuses a linkifier list with a malformed linkifier', () => {
    assert.throws(() => parseResult('GET /realm/linkifiers', ok({ linkifiers: [{ id: 'x', ...link }] }), NEW), MalformedResponseError);
    assert.throws(() => parseResult('GET /realm/linkifiers', ok(), NEW), MalformedResponseError);
  });

  it('reads a linkifier with every field, and refuses wrong types', () => {
    const full = { id: 1, ...link, example_input: 'JIRA-1', reverse_template: 'JIRA-{key}', alternative_url_templates: ['https://a.example.com/{key}'] };
    assert.deepEqual(Linkifier.parse(full), full);
    for (const bad of [{ id: 1.5 }, { pattern: 5 }, { url_template: null }, { example_input: 5 }, { reverse_template: 5 }, { alternative_url_templates: 'x' }]) {
      assert.equal(Linkifier.safeParse({ ...full, ...bad }).success, false, JSON.stringify(bad));
    }
  });

  it('reads a playground, also from url_prefix, and refuses wrong types', () => {
    assert.deepEqual(RealmPlayground.parse({ id: 2, ...play }), { id: 2, ...play });
    assert.deepEqual(RealmPlayground.parse({ id: 2, name: 'R', pygments_language: 'Rust', url_prefix: 'https://p.example.com/?c=' }).url_template, 'https://p.example.com/?c={code}');
    for (const bad of [{ id: 'x' }, { name: 5 }, { pygments_language: null }, { url_template: 5 }]) {
      assert.equal(RealmPlayground.safeParse({ id: 2, ...play, ...bad }).success, false, JSON.stringify(bad));
    }
  });
});

describe('API: linkifier input messages', () => {
  const refuses = (key: Parameters<typeof refusal>[0], raw: Record<string, unknown>, message: string) => assert.equal(refusal(key, raw), message);

  it('names the faulty linkifier field', () => {
    for (const key of ['POST /realm/filters', 'PATCH /realm/filters/{filter_id}'] as const) {
      const base = { filter_id: 1, ...link };
      refuses(key, { ...base, pattern: 5 }, 'The pattern must be text.');
      refuses(key, { ...base, pattern: undefined }, 'The pattern is required.');
      refuses(key, { ...base, pattern: ' ' }, 'The pattern cannot be empty.');
      refuses(key, { ...base, url_template: 5 }, 'The URL template must be text.');
      refuses(key, { ...base, url_template: undefined }, 'The URL template is required.');
      refuses(key, { ...base, url_template: '  ' }, 'The URL template cannot be empty.');
      refuses(key, { ...base, example_input: 5 }, 'The example input must be text or null.');
      refuses(key, { ...base, reverse_template: 5 }, 'The reverse template must be text or null.');
      refuses(key, { ...base, alternative_url_templates: [' '] }, 'An alternative URL template cannot be empty.');
      refuses(key, { ...base, alternative_url_templates: 'https://a.example.com' }, 'Alternative URL templates must be a list of strings.');
    }
    refuses('PATCH /realm/filters/{filter_id}', { filter_id: 'x', ...link }, 'The linkifier id must be a number.');
    refuses('DELETE /realm/filters/{filter_id}', { filter_id: 'x' }, 'The linkifier id must be a number.');
    refuses('PATCH /realm/linkifiers', { ordered_linkifier_ids: 3 }, 'The order must be a list of linkifier ids.');
  });

  it('keeps one-character values and trims the rest', () => {
    const one = { pattern: 'x', url_template: 'y', alternative_url_templates: ['z'] };
    assert.deepEqual(prepare('POST /realm/filters', one, NEW), one);
    assert.deepEqual(prepare('POST /realm/filters', { pattern: ' ab ', url_template: ' cd ', alternative_url_templates: [' ef '] }, NEW), {
      pattern: 'ab',
      url_template: 'cd',
      alternative_url_templates: ['ef'],
    });
  });
});

describe('API: playground input messages', () => {
  const key = 'POST /realm/playgrounds';
  const refuses = (raw: Record<string, unknown>, message: string) => assert.equal(refusal(key, { ...play, ...raw }), message);

  it('names the faulty playground field', () => {
    refuses({ name: 5 }, 'The playground name must be text.');
    refuses({ name: '  ' }, 'The playground name cannot be empty.');
    refuses({ pygments_language: undefined }, 'The language is required.');
    refuses({ pygments_language: 5 }, 'The language must be text.');
    refuses({ pygments_language: '  ' }, 'The language cannot be empty.');
    refuses({ url_template: undefined }, 'The URL template is required.');
    refuses({ url_template: 5 }, 'The URL template must be text.');
    refuses({ url_template: 'https://play.example.com/' }, 'The URL template must contain {code}, where the code goes.');
    assert.equal(refusal('DELETE /realm/playgrounds/{playground_id}', { playground_id: 'x' }), 'The playground id must be a number.');
  });

  it('accepts Pygments lexer names and refuses other characters', () => {
    for (const language of ['Rust', 'c++', 'objective-c', 'F#', 'text/x-python', 'ca65 assembler', 'a', 'pypy3_1.0']) {
      assert.equal(prepare(key, { ...play, pygments_language: language }, NEW).pygments_language, language);
    }
    for (const language of ['py;thon', 'python!', '!python', 'rüst']) {
      refuses({ pygments_language: language }, 'The language has characters a Pygments lexer name cannot have.');
    }
  });

  it('needs a URL template that starts with http:// or https://', () => {
    for (const url of ['http://play.example.com/{code}', 'https://play.example.com/?c={code}']) {
      assert.equal(prepare(key, { ...play, url_template: url }, NEW).url_template, url);
    }
    for (const url of ['ftp://play.example.com/{code}', 'see https://play.example.com/{code}', 'play.example.com/{code}']) {
      refuses({ url_template: url }, 'The URL template must start with http:// or https://.');
    }
  });
});
