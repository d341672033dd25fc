// The compose box's completions and Markdown preview inside a real VS Code: the page's requests
// (`topic/autocomplete`, `topic/preview`) go through a real WebviewHost to the handlers the
// conversation view registers, which answer from the signed-in session's store and server.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TeamChatApi } from '../../src/extension';
import { WebviewHost } from '../../src/webviews/host';
import type { ReplyMessage } from '../../src/webviews/protocol';
import { registerAutocompleteHandlers } from '../../src/webviews/topicView/autocomplete';
import {
  AutocompleteRequest,
  PreviewRequest,
  type AutocompleteParams,
  type TypeaheadItem,
} from '../../src/webviews/topicView/autocompleteProtocol';
import { freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('compose autocomplete and preview (host requests)', () => {
  let api: TeamChatApi;
  let host: WebviewHost;
  const fromPage = new vscode.EventEmitter<unknown>();
  const replies: ReplyMessage<unknown>[] = [];
  let nextId = 1;

  before(async function () {
    this.timeout(90_000);
    api = await freshStart(testAccount('alice'));
    const webview = {
      onDidReceiveMessage: fromPage.event,
      postMessage: async (m: ReplyMessage<unknown>) => (replies.push(m), true),
    } as unknown as vscode.Webview;
    host = new WebviewHost(webview, api.services.log);
    registerAutocompleteHandlers(host, { session: () => api.services.sessions.current! });
  });

  after(async () => {
    host.dispose();
    fromPage.dispose();
    await signOutAll(api);
  });

  /** Posts a request as the page does and waits for the host's reply. */
  async function ask<P, R>(type: { create(id: number, p: P): unknown }, params: P): Promise<ReplyMessage<R>> {
    const id = nextId++;
    fromPage.fire(type.create(id, params));
    return (await waitFor(
      `the reply to request ${id}`,
      () => replies.find((r) => r.id === id),
      20_000,
    )) as ReplyMessage<R>;
  }
  async function items(params: AutocompleteParams): Promise<TypeaheadItem[]> {
    const reply = await ask<AutocompleteParams, { items: TypeaheadItem[] }>(AutocompleteRequest, params);
    assert.equal(reply.error, undefined);
    return reply.result!.items;
  }

  it('@ people of the organisation (active ones, the own user last), @_ silent', async function () {
    this.timeout(30_000);
    const bo = await items({ kind: 'mention', query: 'bo' });
    assert.equal(bo[0]!.insert, '@**Bob Brown**');
    const bob = api.services.sessions.current!.store.users().find((u) => u.full_name === 'Bob Brown')!;
    // Bob shows his address to administrators only: no address, not the made-up API one.
    assert.match(bob.email, /^user\d+@/);
    assert.equal(bo[0]!.detail, undefined, 'no address for a hidden one');
    const carol = api.services.sessions.current!.store.users().find((u) => u.full_name === 'Carol Chen')!;
    assert.ok(carol.delivery_email);
    assert.equal(
      (await items({ kind: 'mention', query: 'carol' }))[0]!.detail,
      carol.delivery_email,
      'the real address when visible',
    );
    assert.ok(!bo.some((i) => i.label === 'Dora Departed'));
    assert.deepEqual(
      (await items({ kind: 'mention', query: 'dora' })).map((i) => i.label),
      [],
      'deactivated users are not offered',
    );
    assert.equal((await items({ kind: 'silent', query: 'bob' }))[0]!.insert, '@_**Bob Brown**');
    // Alice is signed in: she matches "a" by name and email, and comes after everyone else who does.
    const a = await items({ kind: 'mention', query: 'a' });
    assert.equal(a.length, 8, 'at most 8');
    const prefixed = a.filter((i) => i.label.toLowerCase().startsWith('a') || i.detail?.toLowerCase().startsWith('a'));
    assert.ok(prefixed.length >= 2, 'others match by prefix too');
    assert.equal(prefixed[prefixed.length - 1]!.label, 'Alice Anders', 'the own user last among equal matches');
    assert.equal(a.indexOf(prefixed[prefixed.length - 1]!), prefixed.length - 1, 'prefix matches first');
    const all = await items({ kind: 'mention', query: 'alice' });
    assert.deepEqual(
      all.map((i) => i.insert),
      ['@**Alice Anders**'],
    );
  });

  it('# channels and #channel> topics (fetched from the server once)', async function () {
    this.timeout(30_000);
    const gen = await items({ kind: 'channel', query: 'gen' });
    assert.equal(gen[0]!.insert, '#**general**');
    const topics = await items({ kind: 'topic', channel: 'general', query: 'welc' });
    assert.deepEqual(
      topics.map((i) => i.insert),
      ['#**general>welcome**'],
    );
    const freeze = await items({ kind: 'topic', channel: 'GENERAL', query: 'freeze' });
    assert.deepEqual(
      freeze.map((i) => i.insert),
      ['#**general>✔ deploy freeze**'],
    );
    assert.deepEqual(await items({ kind: 'topic', channel: 'no such channel', query: '' }), []);
  });

  it(": emoji, unicode and the organisation's custom ones", async function () {
    this.timeout(30_000);
    const ta = await items({ kind: 'emoji', query: 'tad' });
    assert.deepEqual(
      ta.map((i) => [i.insert, i.glyph]),
      [[':tada:', '🎉']],
    );
    const parrot = await items({ kind: 'emoji', query: 'parr' });
    assert.deepEqual(
      parrot.map((i) => [i.insert, i.detail]),
      [[':party_parrot:', 'custom emoji']],
    );
    assert.deepEqual(await items({ kind: 'emoji', query: 't' }), [], 'one character is too few');
  });

  it("preview: the server's rendering, sanitised; too long refused with the limit", async function () {
    this.timeout(30_000);
    const reply = await ask<{ content: string }, { html: string }>(PreviewRequest, {
      content: '**bold** :tada: <img src=x onerror=alert(1)>',
    });
    assert.equal(reply.error, undefined);
    const html = reply.result!.html;
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /class="emoji emoji-1f389"/);
    assert.doesNotMatch(html, /<img/i, 'typed HTML stays text');
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
    const max = api.services.sessions.current!.client.limits!.maxMessageLength!;
    const long = await ask<{ content: string }, { html: string }>(PreviewRequest, { content: 'x'.repeat(max + 1) });
    assert.match(long.error!, new RegExp(`at most ${max}`));
  });
});
