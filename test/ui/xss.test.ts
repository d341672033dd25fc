// XSS corpus in the topic view: payloads in message content and topic names (and status text)
// posted by another account, shown in the real workbench. Proof that none executes: no dialog in
// any frame, no request to a local listener the payloads target, document.title untouched, and
// no script element / on* attribute / javascript: URL inside the rendered messages.
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { sendMessage } from '../../src/api/routes/messages';
import { XSS_PAYLOADS, XSS_TOPICS } from '../fixtures/xssPayloads';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI XSS corpus in the topic view', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });
  const hits: string[] = [];
  const dialogs: string[] = [];
  let listener: http.Server;
  let hitUrl = '';

  before(async () => {
    listener = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    hitUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => listener.close(() => r())));

  it(`renders ${XSS_PAYLOADS.length} content payloads and ${XSS_TOPICS.length} topic payloads without running any`, async () => {
    assert.ok(XSS_PAYLOADS.length + XSS_TOPICS.length >= 30);
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const bob = wb.client('bob');
    const topic = `xss corpus ${Date.now() % 100000}`;
    for (const p of XSS_PAYLOADS) await sendMessage(bob, { type: 'stream', to: 1, topic, content: p.replace(/\{HIT\}/g, hitUrl) });
    for (const t of XSS_TOPICS) await sendMessage(bob, { type: 'stream', to: 1, topic: t, content: `payload topic ${t}` });
    // Status text: shown by the people views; posted here too so the whole realm carries it.
    await bob.call('POST /users/me/status', { status_text: '<img src=x onerror=alert(9)>' }).catch(() => undefined);

    await wb.waitForLiveSession();
    const titleBefore = await wb.page.title();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').nth(XSS_PAYLOADS.length - 1).waitFor({ timeout: 30_000 });
    await wb.page.waitForTimeout(1500); // give any payload time to fire
    await wb.screenshot('xss-topic-view');

    // Scan the rendered messages.
    const report = await frame.locator('#list').evaluate((list) => {
      const bad: string[] = [];
      for (const node of Array.from(list.querySelectorAll('*'))) {
        const tag = node.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'base', 'form', 'svg', 'math', 'template', 'input'].includes(tag)) bad.push(`<${tag}>`);
        for (const attr of Array.from(node.attributes)) {
          if (/^on/i.test(attr.name)) bad.push(`${tag}[${attr.name}]`);
          if (attr.name === 'style') bad.push(`${tag}[style]`);
          if (/^(href|src|action|data|formaction)$/i.test(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value)) bad.push(`${tag}[${attr.name}=${attr.value}]`);
        }
      }
      return { bad, title: document.title, count: list.querySelectorAll('li.message').length };
    });
    assert.deepEqual(report.bad, [], 'dangerous markup survived');
    assert.equal(report.count, XSS_PAYLOADS.length);
    assert.ok(!/pwned/.test(report.title), `the page title changed: ${report.title}`);

    // Topic names as payloads: open one of them too (its title goes through textContent).
    const frame2 = await openTopicFromPalette(wb, 'general', XSS_TOPICS[0]!);
    await frame2.locator('li.message').first().waitFor({ timeout: 20_000 });
    assert.equal(await wb.webviewFrame().locator('#title').first().innerText(), `#general › ${XSS_TOPICS[0]}`, 'the topic name is shown as text');
    await wb.page.waitForTimeout(1000);
    await wb.screenshot('xss-topic-name');

    assert.deepEqual(dialogs, [], 'a dialog opened');
    assert.ok(!/pwned/.test(titleBefore) && !/pwned/.test(await wb.page.title()), 'the workbench title changed');
    // Only plain http links exist and nothing loaded them by itself.
    assert.deepEqual(hits, [], `the listener was hit: ${hits.join(', ')}`);
  });
});
