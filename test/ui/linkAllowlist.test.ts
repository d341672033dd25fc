// The webview link allowlist, through the real topic view in the real workbench, one layer at a
// time. A message whose server HTML links every refused scheme (as a malicious server would send
// it, `/__test__/raw-message`) is shown: the sanitiser leaves none of them a target. Then the page
// itself asks the host to open each refused href raw (its own click handler, on anchors added to
// the page): the host answers `opened: false` to every one and the browser is asked to open
// nothing. The https and mailto links of the message, clicked, are answered `opened: true` and
// reach the browser (a new window for https, a navigation for mailto).
import * as assert from 'assert';
import type { CDPSession, FrameLocator } from 'playwright-core';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

const HTTPS = 'https://links.example.test/ok?from=topic-view';
const MAILTO = 'mailto:someone@example.test?subject=hello';

/** Every href the host must refuse, raw, as the page would ask for it. */
const REFUSED = [
  'javascript:document.title="pwned-js"',
  'JaVaScRiPt:document.title="pwned-mixed-case"',
  '\u0001javascript:document.title="pwned-leading-control"',
  'java\tscript:document.title="pwned-tab"',
  'https://links.example.test/control\u0007char',
  'vbscript:msgbox("pwned")',
  'data:text/html,<script>document.title="pwned-data"</script>',
  'file:///etc/passwd',
  'vscode:extension/team-chat.team-chat',
  'command:workbench.action.closeWindow',
  'vscode-insiders:extension/team-chat.team-chat',
  'blob:http://127.0.0.1/3c9a8d0e-0000-4000-8000-000000000000',
  'about:blank',
  'ftp://ftp.example.test/file.txt',
  '/user_uploads/1/ab/notes.txt',
  'relative/path.html',
  '//evil.example.test/x',
];

describe('UI webview link allowlist', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });
  /** What the browser was asked to open: the https link's requests and main-frame navigations. */
  const asked: string[] = [];
  /** New browser windows, browser dialogs, and the workbench's modal dialogs (their text). */
  const windows: string[] = [];
  const dialogs: string[] = [];
  const workbenchDialogs: string[] = [];
  let cdp: CDPSession;
  let frame: FrameLocator;

  before(async () => {
    const context = wb.page.context();
    // The https link's new window: answered here, so nothing leaves the machine.
    await context.route('https://links.example.test/**', (route) => {
      asked.push(route.request().url());
      void route.fulfill({ status: 200, contentType: 'text/plain', body: 'opened' });
    });
    context.on('page', (p) => windows.push(p.url()));
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // VS Code opens any other scheme by setting the workbench's location (mailto: included).
    cdp = await context.newCDPSession(wb.page);
    await cdp.send('Page.enable');
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    // The workbench's own frame only: webview frames navigate as they load.
    cdp.on('Page.frameRequestedNavigation', (e: { frameId: string; url: string }) => {
      if (e.frameId === frameTree.frame.id) asked.push(e.url);
    });
  });

  /**
   * Records the host's replies to link requests inside the page (the page's own listener ignores
   * their result, `{opened}`); replies to other requests (images the page asks the host for, which
   * may fail) are left out. A link request answered with an error would then never be seen: the
   * test fails with "the host did not answer".
   */
  async function listenForReplies(): Promise<void> {
    await frame.locator('body').evaluate(() => {
      const w = window as unknown as { replies: unknown[] };
      w.replies = [];
      window.addEventListener('message', (e: MessageEvent<{ kind?: string; result?: unknown }>) => {
        if (e.data?.kind !== 'reply') return;
        const result = e.data.result;
        const isLinkReply = typeof result === 'object' && result !== null && 'opened' in result;
        if (isLinkReply) w.replies.push(e.data);
      });
    });
  }

  /** The host's next reply to the page, after `click` (one request at a time). */
  async function replyTo(click: () => Promise<void>): Promise<unknown> {
    const before = await frame
      .locator('body')
      .evaluate(() => (window as unknown as { replies: unknown[] }).replies.length);
    await click();
    const body = frame.locator('body');
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await wb.page.waitForTimeout(100)) {
      // VS Code asks before opening a website of an untrusted domain: note what it asks, and open.
      const modal = wb.page.locator('.monaco-dialog-box');
      if (await modal.isVisible()) {
        workbenchDialogs.push(await modal.innerText());
        const open = modal.locator('a.monaco-button', { hasText: /^Open$/ });
        await ((await open.count()) ? open : modal.locator('a.monaco-button').last()).click();
      }
      const replies = await body.evaluate(() => (window as unknown as { replies: unknown[] }).replies);
      if (replies.length > before) {
        assert.equal(replies.length, before + 1, 'one reply per click');
        return (replies[before] as { result?: unknown; error?: unknown }).result ?? replies[before];
      }
    }
    throw new Error('the host did not answer the openLink request');
  }

  it(`the sanitiser leaves none of ${REFUSED.length} refused links a target; the host refuses each when the page asks`, async () => {
    const bob = wb.account('bob');
    const topic = `link allowlist ${Date.now() % 100000}`;
    const anchors = [...REFUSED, HTTPS, MAILTO].map(
      (href, i) => `<a href="${href.replace(/"/g, '&quot;')}">link ${i}</a>`,
    );
    await wb.testControl('raw-message', {
      senderEmail: bob.email,
      streamId: 1,
      topic,
      html: `<p>${anchors.join(' ')}</p>`,
    });
    await wb.waitForLiveSession();
    const titleBefore = await wb.page.title();
    frame = await openTopicFromPalette(wb, 'general', topic);
    const list = frame.locator('#list');
    await list.locator('a', { hasText: `link ${REFUSED.length + 1}` }).waitFor({ timeout: 30_000 });

    // Layer 1, the sanitiser: what survives in the rendered message.
    const shown = await list.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    const hrefOf = (i: number) => shown.find(([text]) => text === `link ${i}`)?.[1];
    const realm = wb.server!.url.replace(/\/*$/, '');
    const expected = REFUSED.map((href) => {
      // Relative links point at the realm (http); control characters are dropped, as browsers do.
      if (href === '/user_uploads/1/ab/notes.txt') return `${realm}/user_uploads/1/ab/notes.txt`;
      if (href === 'relative/path.html') return `${realm}/relative/path.html`;
      if (href === 'https://links.example.test/control\u0007char') return 'https://links.example.test/controlchar';
      return null;
    });
    assert.deepEqual(
      REFUSED.map((_, i) => hrefOf(i)),
      expected,
      'only http(s) links survive sanitising',
    );
    assert.equal(hrefOf(REFUSED.length), HTTPS);
    assert.equal(hrefOf(REFUSED.length + 1), MAILTO);

    // Layer 2, the host: the page asks for each refused href raw, through its own click handler.
    await listenForReplies();
    for (const [i, href] of REFUSED.entries()) {
      await frame.locator('body').evaluate(
        (body, [h, id]) => {
          const a = document.createElement('a');
          a.setAttribute('href', h);
          a.id = id;
          a.textContent = id;
          a.style.cssText = 'position:fixed;top:0;left:0;z-index:9999;background:#fff;padding:4px';
          body.append(a);
        },
        [href, `raw-${i}`] as const,
      );
      const result = await replyTo(() => frame.locator(`#raw-${i}`).click());
      assert.deepEqual(result, { opened: false }, `refused: ${JSON.stringify(href)}`);
      await frame.locator(`#raw-${i}`).evaluate((a) => a.remove());
    }
    await wb.page.waitForTimeout(1000); // anything the host had wrongly opened would show by now
    assert.deepEqual(asked, [], 'the browser was asked to open a refused link');
    assert.deepEqual(windows, [], 'a window opened');
    assert.deepEqual(dialogs, [], 'a dialog opened');
    assert.deepEqual(workbenchDialogs, [], 'VS Code was asked to open something');
    assert.ok(!/pwned/.test(titleBefore) && !/pwned/.test(await wb.page.title()), 'the workbench title changed');
    assert.ok(!/pwned/.test(await frame.locator('body').evaluate(() => document.title)), 'the page title changed');
    await wb.screenshot('link-allowlist-refused');
  });

  it('opens the message’s https and mailto links through VS Code, each once', async () => {
    const list = frame.locator('#list');
    assert.deepEqual(await replyTo(() => list.locator('a', { hasText: `link ${REFUSED.length}` }).click()), {
      opened: true,
    });
    for (const deadline = Date.now() + 15_000; !asked.includes(HTTPS) && Date.now() < deadline;)
      await wb.page.waitForTimeout(100);
    await wb.page.waitForTimeout(1000); // a second opening would show by now
    assert.deepEqual(asked, [HTTPS], 'the https link opened once');
    assert.equal(windows.length, 1, `one new window: ${JSON.stringify(windows)}`);
    // If VS Code asked first (an untrusted domain), it named that link.
    for (const text of workbenchDialogs) assert.ok(text.includes(HTTPS), text);

    asked.length = 0;
    assert.deepEqual(await replyTo(() => list.locator('a', { hasText: `link ${REFUSED.length + 1}` }).click()), {
      opened: true,
    });
    for (const deadline = Date.now() + 15_000; !asked.includes(MAILTO) && Date.now() < deadline;)
      await wb.page.waitForTimeout(100);
    await wb.page.waitForTimeout(1000);
    assert.deepEqual(asked, [MAILTO], 'the mailto link, and only it, was opened once');
    assert.equal(windows.length, 1, 'no window for mailto');
    assert.deepEqual(dialogs, []);
  });
});
