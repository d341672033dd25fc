// Linkifiers and code playgrounds without the chat server: the exact request each route sends
// (method, path, form), the answers it understands, and the messages of the inputs it refuses.
import assert from 'node:assert/strict';
import { MalformedResponseError, type ChatClient } from '../../../../src/api';
import { FL } from '../../../../src/api/features';
import { Linkifier, RealmPlayground } from '../../../../src/api/realm/models';
import {
  addLinkifier,
  addPlayground,
  getLinkifiers,
  removeLinkifier,
  removePlayground,
  reorderLinkifiers,
  updateLinkifier,
} from '../../../../src/api/realm/routes';
import { parseResult } from '../../../../src/api/result';
import { ctx, prepare, refusal } from '../../support/operations';
import { brief, recordingServer } from '../../support/recordingServer';

const ok = (fields: Record<string, unknown> = {}) => ({ result: 'success', msg: '', ...fields });
const link = { pattern: 'JIRA-(?P<key>[0-9]+)', url_template: 'https://jira.example.com/browse/JIRA-{key}' };
const play = {
  name: 'Rust Playground',
  pygments_language: 'Rust',
  url_template: 'https://play.rust-lang.org/?code={code}',
};
const NEW = ctx(482);

describe('API: linkifier and playground requests', () => {
  const server = recordingServer();
  let client: ChatClient;
  before(() => (client = server.client()));

  it('GET /realm/linkifiers, read with the defaults of fields the server left out', async () => {
    server.answer({ linkifiers: [{ id: 3, ...link }] });
    const { linkifiers } = await getLinkifiers(client);
    assert.deepEqual(brief(server.last()), { method: 'GET', path: '/api/v1/realm/linkifiers', params: {} });
    assert.deepEqual(linkifiers, [
      { id: 3, ...link, example_input: null, reverse_template: null, alternative_url_templates: [] },
    ]);
  });

  it('POST /realm/filters with every field in the form; returns the new id', async () => {
    server.answer({ id: 7 });
    const { id } = await addLinkifier(client, {
      pattern: '  JIRA-(?P<key>[0-9]+) ',
      url_template: ' https://jira.example.com/browse/JIRA-{key}',
      example_input: 'JIRA-7',
      reverse_template: 'JIRA-{key}',
      alternative_url_templates: [' https://jira.example.com/issues/{key} ', 'https://j.example.com/{key}'],
    });
    assert.equal(id, 7);
    assert.deepEqual(brief(server.last()), {
      method: 'POST',
      path: '/api/v1/realm/filters',
      params: {
        ...link,
        example_input: 'JIRA-7',
        reverse_template: 'JIRA-{key}',
        alternative_url_templates: '["https://jira.example.com/issues/{key}","https://j.example.com/{key}"]',
      },
    });
  });

  it('PATCH /realm/filters/{filter_id} and DELETE /realm/filters/{filter_id}', async () => {
    server.answer({});
    await updateLinkifier(client, { filter_id: 12, ...link, example_input: null });
    assert.deepEqual(brief(server.last()), {
      method: 'PATCH',
      path: '/api/v1/realm/filters/12',
      params: { ...link, example_input: '' },
    });
    await removeLinkifier(client, { filter_id: 12 });
    assert.deepEqual(brief(server.last()), { method: 'DELETE', path: '/api/v1/realm/filters/12', params: {} });
  });

  it('PATCH /realm/linkifiers with the order as a JSON list', async () => {
    server.answer({});
    await reorderLinkifiers(client, { ordered_linkifier_ids: [4, 2, 9] });
    assert.deepEqual(brief(server.last()), {
      method: 'PATCH',
      path: '/api/v1/realm/linkifiers',
      params: { ordered_linkifier_ids: '[4,2,9]' },
    });
  });

  it('POST /realm/playgrounds (trimmed values); returns the new id', async () => {
    server.answer({ id: 5 });
    const { id } = await addPlayground(client, {
      name: ' Rust Playground ',
      pygments_language: ' Rust ',
      url_template: ' https://play.rust-lang.org/?code={code} ',
    });
    assert.equal(id, 5);
    assert.deepEqual(brief(server.last()), { method: 'POST', path: '/api/v1/realm/playgrounds', params: play });
  });

  it('POST /realm/playgrounds sends url_prefix to servers before FL.playgroundUrlTemplate', async () => {
    server.answer({ id: 6 });
    await addPlayground(server.client({ featureLevel: FL.playgroundUrlTemplate - 1 }), play);
    const { url_template: _t, ...rest } = play;
    assert.deepEqual(brief(server.last()), {
      method: 'POST',
      path: '/api/v1/realm/playgrounds',
      params: { ...rest, url_prefix: 'https://play.rust-lang.org/?code=' },
    });
  });

  it('DELETE /realm/playgrounds/{playground_id}', async () => {
    server.answer({});
    await removePlayground(client, { playground_id: 8 });
    assert.deepEqual(brief(server.last()), { method: 'DELETE', path: '/api/v1/realm/playgrounds/8', params: {} });
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
    assert.throws(
      () => parseResult('GET /realm/linkifiers', ok({ linkifiers: [{ id: 'x', ...link }] }), NEW),
      MalformedResponseError,
    );
    assert.throws(() => parseResult('GET /realm/linkifiers', ok(), NEW), MalformedResponseError);
  });

  it('reads a linkifier with every field, and refuses wrong types', () => {
    const full = {
      id: 1,
      ...link,
      example_input: 'JIRA-1',
      reverse_template: 'JIRA-{key}',
      alternative_url_templates: ['https://a.example.com/{key}'],
    };
    assert.deepEqual(Linkifier.parse(full), full);
    for (const bad of [
      { id: 1.5 },
      { pattern: 5 },
      { url_template: null },
      { example_input: 5 },
      { reverse_template: 5 },
      { alternative_url_templates: 'x' },
    ]) {
      assert.equal(Linkifier.safeParse({ ...full, ...bad }).success, false, JSON.stringify(bad));
    }
  });

  it('reads a playground, also from url_prefix, and refuses wrong types', () => {
    assert.deepEqual(RealmPlayground.parse({ id: 2, ...play }), { id: 2, ...play });
    assert.deepEqual(
      RealmPlayground.parse({ id: 2, name: 'R', pygments_language: 'Rust', url_prefix: 'https://p.example.com/?c=' })
        .url_template,
      'https://p.example.com/?c={code}',
    );
    for (const bad of [{ id: 'x' }, { name: 5 }, { pygments_language: null }, { url_template: 5 }]) {
      assert.equal(RealmPlayground.safeParse({ id: 2, ...play, ...bad }).success, false, JSON.stringify(bad));
    }
  });
});

describe('API: linkifier input messages', () => {
  const refuses = (key: Parameters<typeof refusal>[0], raw: Record<string, unknown>, message: string) =>
    assert.equal(refusal(key, raw), message);

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
      refuses(
        key,
        { ...base, alternative_url_templates: 'https://a.example.com' },
        'Alternative URL templates must be a list of strings.',
      );
    }
    refuses('PATCH /realm/filters/{filter_id}', { filter_id: 'x', ...link }, 'The linkifier id must be a number.');
    refuses('DELETE /realm/filters/{filter_id}', { filter_id: 'x' }, 'The linkifier id must be a number.');
    refuses('PATCH /realm/linkifiers', { ordered_linkifier_ids: 3 }, 'The order must be a list of linkifier ids.');
  });

  it('keeps one-character values and trims the rest', () => {
    const one = { pattern: 'x', url_template: 'y', alternative_url_templates: ['z'] };
    assert.deepEqual(prepare('POST /realm/filters', one, NEW), one);
    assert.deepEqual(
      prepare(
        'POST /realm/filters',
        { pattern: ' ab ', url_template: ' cd ', alternative_url_templates: [' ef '] },
        NEW,
      ),
      {
        pattern: 'ab',
        url_template: 'cd',
        alternative_url_templates: ['ef'],
      },
    );
  });
});

describe('API: playground input messages', () => {
  const key = 'POST /realm/playgrounds';
  const refuses = (raw: Record<string, unknown>, message: string) =>
    assert.equal(refusal(key, { ...play, ...raw }), message);

  it('names the faulty playground field', () => {
    refuses({ name: 5 }, 'The playground name must be text.');
    refuses({ name: '  ' }, 'The playground name cannot be empty.');
    refuses({ pygments_language: undefined }, 'The language is required.');
    refuses({ pygments_language: 5 }, 'The language must be text.');
    refuses({ pygments_language: '  ' }, 'The language cannot be empty.');
    refuses({ url_template: undefined }, 'The URL template is required.');
    refuses({ url_template: 5 }, 'The URL template must be text.');
    refuses(
      { url_template: 'https://play.example.com/' },
      'The URL template must contain {code}, where the code goes.',
    );
    assert.equal(
      refusal('DELETE /realm/playgrounds/{playground_id}', { playground_id: 'x' }),
      'The playground id must be a number.',
    );
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
    for (const url of [
      'ftp://play.example.com/{code}',
      'see https://play.example.com/{code}',
      'play.example.com/{code}',
    ]) {
      refuses({ url_template: url }, 'The URL template must start with http:// or https://.');
    }
  });
});
