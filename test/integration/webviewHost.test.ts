// The webview contract's host side (src/webviews/host.ts) in a real VS Code: each page message has
// one handler, registered through the host and disposable; a second handler for the same message
// is refused; commands reach their handler at once, requests are answered with the result or the
// error's text, and messages nobody handles (or that fail their guard) are ignored. A panel kind
// holds each open panel in the extension's disposables until the user closes it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TeamChatApi } from '../../src/extension';
import { definePanel, HostedPanel, WebviewHost } from '../../src/webviews/host';
import { CommandType, RequestType, type ReplyMessage } from '../../src/webviews/protocol';
import { activateExtension, waitFor } from './helpers';

const isText = (p: unknown): p is { text: string } =>
  typeof p === 'object' && p !== null && typeof (p as { text?: unknown }).text === 'string';
const Said = new CommandType<{ text: string }>('test/said', isText);
const Echo = new RequestType<{ text: string }, { echoed: string }>('test/echo', isText);

describe('webview host: one disposable handler per page message', () => {
  const fromPage = new vscode.EventEmitter<unknown>();
  const posted: ReplyMessage<unknown>[] = [];
  const warnings: string[] = [];
  let host: WebviewHost;

  beforeEach(() => {
    posted.length = 0;
    warnings.length = 0;
    const webview = {
      onDidReceiveMessage: fromPage.event,
      postMessage: async (m: ReplyMessage<unknown>) => (posted.push(m), true),
    } as unknown as vscode.Webview;
    const log = { warn: (m: string) => warnings.push(m) } as unknown as vscode.LogOutputChannel;
    host = new WebviewHost(webview, log);
  });
  afterEach(() => host.dispose());
  after(() => fromPage.dispose());

  it('runs a command handler at once, until its registration is disposed', () => {
    const heard: string[] = [];
    const registration = host.onCommand(Said, ({ text }) => heard.push(text));
    fromPage.fire(Said.create({ text: 'one' }));
    assert.deepEqual(heard, ['one']);
    fromPage.fire({ kind: 'command', method: 'test/said', params: { text: 42 } }); // fails the guard
    registration.dispose();
    fromPage.fire(Said.create({ text: 'two' }));
    assert.deepEqual(heard, ['one']);
  });

  it('refuses a second handler for the same message, and takes one after the first is disposed', () => {
    const first = host.onCommand(Said, () => undefined);
    assert.throws(() => host.onCommand(Said, () => undefined), /test\/said is already handled/);
    first.dispose();
    const heard: string[] = [];
    host.onCommand(Said, ({ text }) => heard.push(text));
    fromPage.fire(Said.create({ text: 'again' }));
    assert.deepEqual(heard, ['again']);
  });

  it("answers a request with the handler's result or its error, and logs a failed command", async () => {
    const registration = host.onRequest(Echo, ({ text }) => {
      if (text === 'fail') throw new Error('No echo today.');
      return { echoed: text.toUpperCase() };
    });
    host.onCommand(Said, async () => {
      throw new Error('Could not say it.');
    });
    fromPage.fire(Echo.create(1, { text: 'hi' }));
    fromPage.fire(Echo.create(2, { text: 'fail' }));
    fromPage.fire(Said.create({ text: 'x' }));
    await waitFor('both replies', () => posted.length === 2 || undefined, 10_000);
    assert.deepEqual(posted.find((m) => m.id === 1)?.result, { echoed: 'HI' });
    assert.equal(posted.find((m) => m.id === 2)?.error, 'No echo today.');
    await waitFor('the warning', () => warnings.length === 1 || undefined, 10_000);
    assert.match(warnings[0]!, /test\/said failed: Could not say it\./);
    registration.dispose();
    fromPage.fire(Echo.create(3, { text: 'late' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(posted.length, 2, 'no answer after the handler is disposed');
  });
});

describe('webview host: a panel kind owns its open panels', () => {
  class Blank extends HostedPanel {
    get closed(): Promise<void> {
      return new Promise((resolve) => this.onDidDispose(() => resolve()));
    }
    close(): void {
      this.view.panel.dispose();
    }
  }
  const kind = definePanel<Blank, string>({
    viewType: 'teamChat.test.blank',
    title: () => 'Blank',
    script: 'serverInfo',
    styles: [],
    body: () => '',
    mode: 'keyed',
    keyString: (key) => key,
    create: (_services, view) => new Blank(view),
  });
  let api: TeamChatApi;

  before(async function () {
    this.timeout(30_000);
    api = await activateExtension();
  });

  it("holds an open panel in the extension's disposables, and lets go of it once the user closes it", async () => {
    const store = api.services.disposables;
    const before = store.size;
    const first = kind.show(api.services, 'one');
    const second = kind.show(api.services, 'two');
    assert.equal(kind.show(api.services, 'one'), first, 'a key has one panel');
    assert.equal(store.size, before + 2, 'each open panel is held');
    const closed = first.closed;
    first.close(); // as the user closing its tab
    await closed;
    assert.equal(store.size, before + 1, 'the closed panel is no longer held');
    assert.deepEqual(kind.open, [second]);
    second.dispose();
    assert.equal(store.size, before);
    assert.deepEqual(kind.open, []);
  });
});
