// The pseudo-locale test: the workbench runs in `qps-ploc`, where every string of the extension's
// bundle and package.nls is accented ("Sign In" → "Şīɠƞ Īƞ", made by `npm run l10n`). What the
// extension shows is read from the real workbench — the palette's commands, the side bar's views and
// rows, a conversation page's chrome (buttons, labels, placeholders, aria-labels, status lines) —
// and no plain English word may be left in it, other than the organisation's own data (people,
// channels, topics, messages). A string written in the code without l10n.t shows up here.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { getChannelFolders } from '../../src/api/channels/folderRoutes';
import { getChannels, getChannelTopics } from '../../src/api/channels/routes';
import { registerQueue } from '../../src/api/events/routes';
import { getMessages } from '../../src/api/messages/routes';
import { REPO_ROOT, useWorkbench, type Workbench } from './workbench';

const LOCALE = 'qps-ploc';

/** The pseudo-locale's package.nls (written by `npm run l10n`, which the UI suite runs first). */
function pseudoNls(): Record<string, string> {
  const file = path.join(REPO_ROOT, `package.nls.${LOCALE}.json`);
  assert.ok(fs.existsSync(file), `${file} missing: run \`npm run l10n\``);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Month and weekday names and AM/PM: dates are formatted by Intl in the browser's locale, not by us. */
function dateWords(): string[] {
  const words: string[] = ['am', 'pm'];
  for (let i = 0; i < 12; i++) {
    const d = new Date(2026, i, 1);
    for (const month of ['short', 'long'] as const) words.push(d.toLocaleString('en-US', { month }));
  }
  for (let i = 0; i < 7; i++) {
    const d = new Date(2026, 10, 1 + i);
    for (const weekday of ['short', 'long'] as const) words.push(d.toLocaleString('en-US', { weekday }));
  }
  return words.map((w) => w.toLowerCase());
}

/** Lower-case words of the organisation's data: names, emails, channels, topics, message text. */
class DataWords {
  readonly words = new Set<string>(dateWords());
  add(...texts: Array<string | undefined>): void {
    for (const text of texts) for (const w of text?.match(/[A-Za-z]+/g) ?? []) this.words.add(w.toLowerCase());
  }
  /** The plain-English words (three ASCII letters or more) of `text` that are not the data's. */
  leftovers(text: string): string[] {
    const cleaned = text.replace(/https?:\/\/\S+/g, ' ').replace(/\$\([\w~-]+\)/g, ' ');
    return (cleaned.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !this.words.has(w.toLowerCase()));
  }
}

async function collectData(wb: Workbench): Promise<DataWords> {
  const data = new DataWords();
  const client = wb.client('alice');
  const snapshot = (await registerQueue(client, {
    fetch_event_types: ['realm_user', 'realm'],
    event_types: ['heartbeat'],
  })) as unknown as {
    realm_users: Array<{ full_name: string; email: string }>;
    realm_name: string;
  };
  for (const u of snapshot.realm_users) data.add(u.full_name, u.email);
  data.add(snapshot.realm_name);
  const { streams } = await getChannels(client, { exclude_archived: false });
  for (const s of streams) {
    data.add(s.name, s.description);
    const { topics } = await getChannelTopics(client, { stream_id: s.stream_id });
    for (const t of topics) data.add(t.name);
  }
  // The organisation's channel folders (their rows in the Channels tree).
  for (const f of (await getChannelFolders(client, { include_archived: true })).channel_folders)
    data.add(f.name, f.description);
  const { messages } = await getMessages(client, { anchor: 'newest', num_before: 1000, num_after: 0, narrow: [] });
  for (const m of messages) data.add(m.content, m.sender_full_name, ...m.reactions.map((r) => r.emoji_name));
  return data;
}

describe('UI pseudo-locale', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true, locale: LOCALE });
  let nls: Record<string, string>;
  let data: DataWords;

  before(async () => {
    nls = pseudoNls();
    data = await collectData(wb);
    await wb.waitForLiveSession();
  });

  const assertPseudo = (where: string, texts: readonly string[]): void => {
    const english = texts.flatMap((t) => data.leftovers(t).map((w) => `${w} (in "${t.slice(0, 80)}")`));
    assert.deepEqual(english, [], `plain English in ${where}`);
  };

  it('lists every command in the palette under the pseudo-localised category', async () => {
    const category = nls.category!;
    const widget = wb.quickInput();
    const label = widget.locator('.monaco-list-row .label-name').first();
    // The extension under development registers its commands a few seconds after the workbench shows.
    for (let attempt = 0; ; attempt++) {
      await wb.page.keyboard.press('F1');
      await wb.quickInputBox().fill(`>${category}`);
      try {
        await label.waitFor({ state: 'visible', timeout: 3_000 });
        if ((await label.textContent())?.startsWith(category)) break;
        throw new Error(`no command under "${category}": ${await label.textContent()}`);
      } catch (error) {
        await wb.page.keyboard.press('Escape');
        if (attempt >= 15) throw error;
        await wb.page.waitForTimeout(1_000);
      }
    }
    // Each row's label (its second line is VS Code's English alias of the title, for searching).
    const labels = (
      await widget
        .locator('.monaco-list-row')
        .evaluateAll((rows) => rows.map((r) => r.querySelector('.label-name')?.textContent?.trim() ?? ''))
    ).filter((l) => l.startsWith(category));
    assert.ok(labels.length >= 8, JSON.stringify(labels)); // the rows the list renders (it is virtualised)
    assertPseudo('the command palette', labels);
    await wb.screenshot('pseudo-locale-palette');
    await wb.page.keyboard.press('Escape');
  });

  it('shows the side bar views and their rows pseudo-localised', async () => {
    await wb.openActivity(nls['viewsContainer.teamChat.title']!);
    const channels = wb.view(nls['view.subscriptions.name']!);
    await channels.locator('.monaco-list-row', { hasText: 'general' }).first().waitFor({ timeout: 60_000 });
    // textContent: the headers are upper-cased by CSS.
    const headers = (await wb.page.locator('.sidebar .pane-header .title').allTextContents())
      .map((t) => t.trim())
      .filter(Boolean);
    assert.ok(headers.includes(nls['view.subscriptions.name']!), JSON.stringify(headers));
    assertPseudo('the view headers', headers);
    // Label and description apart (the row's text runs them together).
    const rows = channels.locator('.monaco-list-row');
    const parts = [
      ...(await rows.locator('.label-name').allTextContents()),
      ...(await rows.locator('.label-description').allTextContents()),
    ];
    assert.ok(
      parts.some((p) => p.includes('general')),
      JSON.stringify(parts),
    );
    assertPseudo('the Channels rows', parts);
    await wb.screenshot('pseudo-locale-sidebar');
  });

  it('shows a conversation page whose own text is all pseudo-localised', async () => {
    await wb.view(nls['view.subscriptions.name']!).locator('.monaco-list-row', { hasText: 'general' }).first().click();
    const topics = wb.view(nls['view.topics.name']!);
    const row = topics.locator('.monaco-list-row', { hasText: 'welcome' }).first();
    await row.waitFor({ timeout: 20_000 });
    const frame = wb.webviewFrame();
    // The first click can go to focusing the tree: click until the conversation opens.
    for (let attempt = 0; ; attempt++) {
      await row.click();
      try {
        await frame.locator('li.message').first().waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
    await wb.page.waitForTimeout(500);
    // The page's own text: every text node and text attribute outside what the organisation wrote.
    const texts = await frame.locator('body').evaluate((body) => {
      const data = '.content, .sender, time, .topic-name, #title, .avatar, .reaction-emoji';
      const out: string[] = [];
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || parent.closest(data) || parent.closest('script, style')) continue;
        const style = getComputedStyle(parent);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const text = n.textContent?.trim();
        if (text) out.push(text);
      }
      for (const el of Array.from(body.querySelectorAll('[placeholder], [aria-label], [title], [aria-description]'))) {
        if (el.closest(data)) continue;
        for (const a of ['placeholder', 'aria-label', 'title', 'aria-description']) {
          const v = el.getAttribute(a)?.trim();
          if (v) out.push(v);
        }
      }
      return out;
    });
    assert.ok(texts.length >= 10, JSON.stringify(texts));
    assertPseudo('the conversation page', texts);
    await wb.screenshot('pseudo-locale-conversation');
  });
});
