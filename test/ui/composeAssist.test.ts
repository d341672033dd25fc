// The compose box's completions and Markdown preview in the real workbench: `@al` opens the list
// (a combobox with its listbox), ArrowDown + Enter insert the chosen `@**…**`, Escape closes the
// list and leaves the panel open, Ctrl+Enter sends once it is closed; Preview shows the server's
// rendering in the box's place and Edit brings the text back unchanged. Screenshots of both.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI compose autocomplete and preview', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `ui compose ${Date.now() % 100000}`;

  it('completes @al with ArrowDown + Enter; Escape closes only the list; the mention is sent', async () => {
    await sendMessage(wb.client('bob'), { type: 'stream', to: 1, topic, content: 'Who can review the release notes?' });
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    await frame.locator('li.message').first().waitFor({ timeout: 20_000 });
    const text = frame.locator('#compose-text');
    const listbox = frame.locator('#compose-suggestions');
    assert.equal(await text.getAttribute('role'), 'combobox');
    assert.equal(await text.getAttribute('aria-expanded'), 'false');

    await text.click();
    await text.pressSequentially('Thanks @al', { delay: 40 });
    await listbox.waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await listbox.getAttribute('role'), 'listbox');
    assert.equal(await text.getAttribute('aria-expanded'), 'true');
    const options = listbox.locator('[role="option"]');
    const labels = await options.locator('.suggestion-label').allInnerTexts();
    assert.ok(labels.includes('Alice Anders'), `Alice is offered: ${labels.join(', ')}`);
    assert.ok(labels.length <= 8);
    assert.equal(await text.getAttribute('aria-activedescendant'), await options.nth(0).getAttribute('id'));
    await wb.screenshot('autocomplete');

    // ArrowDown moves to the next option (wrapping round a list of one), Enter inserts it.
    await text.press('ArrowDown');
    const chosen = options.nth(1 % labels.length);
    assert.equal(await chosen.getAttribute('aria-selected'), 'true');
    assert.equal(await text.getAttribute('aria-activedescendant'), await chosen.getAttribute('id'));
    const insert = (await chosen.getAttribute('data-insert'))!;
    assert.match(insert, /^@\*\*[^*]+\*\*$/);
    await text.press('Enter');
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
    assert.equal(await text.inputValue(), `Thanks ${insert} `);
    assert.equal(await text.getAttribute('aria-expanded'), 'false');

    // Tab accepts too: a channel, then a topic of it (`#general>`).
    await text.pressSequentially('in #gen', { delay: 40 });
    await listbox.locator('[role="option"]', { hasText: 'general' }).first().waitFor({ timeout: 15_000 });
    await text.press('Tab');
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
    assert.equal(await text.inputValue(), `Thanks ${insert} in #**general** `);
    await text.pressSequentially('or #general>welc', { delay: 40 });
    await listbox.locator('[role="option"]', { hasText: 'welcome' }).first().waitFor({ timeout: 15_000 });
    await text.press('Enter');
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
    assert.equal(await text.inputValue(), `Thanks ${insert} in #**general** or #**general>welcome** `);
    // A click accepts (an emoji, after two characters).
    await text.pressSequentially(':tad', { delay: 40 });
    await listbox.locator('[role="option"]', { hasText: ':tada:' }).first().click();
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
    const sent = `Thanks ${insert} in #**general** or #**general>welcome** :tada: `;
    assert.equal(await text.inputValue(), sent);

    // Escape closes the list; the panel and the text stay.
    await text.pressSequentially('see #gen', { delay: 40 });
    await listbox.waitFor({ state: 'visible', timeout: 15_000 });
    await text.press('Escape');
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });
    await wb.page.waitForTimeout(500);
    assert.ok(await text.isVisible(), 'the conversation view is still open');
    assert.equal(await text.inputValue(), `${sent}see #gen`);

    // `:` plus one character offers nothing; two do.
    await text.pressSequentially(' :t', { delay: 40 });
    await wb.page.waitForTimeout(800);
    assert.ok(await listbox.isHidden(), 'no list after one character');
    await text.pressSequentially('a', { delay: 40 });
    await listbox.waitFor({ state: 'visible', timeout: 15_000 });
    await text.press('Escape');
    await listbox.waitFor({ state: 'hidden', timeout: 5_000 });

    // With the list closed, Ctrl+Enter sends; the server renders the mention.
    await text.press('Control+Enter');
    const mine = frame.locator('li.message', { has: frame.locator('.content .user-mention') }).last();
    await mine.waitFor({ timeout: 15_000 });
    assert.ok(
      (await mine.locator('.content a.stream-topic, .content a[href*="/topic/"]').count()) > 0,
      'the topic link is rendered',
    );
    assert.equal(await text.inputValue(), '');
  });

  it("Preview shows the server's rendering in place of the box; Edit brings the text back", async () => {
    const frame = wb.webviewFrame();
    const text = frame.locator('#compose-text');
    const draft = 'Release is **ready** :tada: and $$e^{i\\pi}+1=0$$';
    await text.fill(draft);
    const toggle = frame.locator('#compose-preview-toggle');
    assert.equal(await toggle.innerText(), 'Preview');
    await toggle.click();
    const preview = frame.locator('#compose-preview');
    await preview.locator('strong', { hasText: 'ready' }).waitFor({ timeout: 15_000 });
    assert.ok(await text.isHidden(), "the preview takes the box's place");
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await preview.locator('.emoji').first().innerText(), '🎉', 'emoji shown as glyphs, as in messages');
    assert.ok((await preview.locator('.katex').count()) > 0, 'KaTeX rendered');
    await wb.page.waitForTimeout(300);
    await wb.screenshot('compose-preview');

    await toggle.click();
    await text.waitFor({ state: 'visible', timeout: 5_000 });
    assert.ok(await preview.isHidden());
    assert.equal(await text.inputValue(), draft, 'the text is kept');
    assert.equal(await toggle.innerText(), 'Preview');
  });
});
