// UI: reloading the window shows the saved snapshot first, then goes live (issue 23, item 6).
// The large organisation, signed in by TEAM_CHAT_AUTO_SIGNIN at every start (the path that raced).
// Once the session is live and its snapshot is saved, the page is reloaded 10 times in a row. Before
// each reload the chat server is told to hold the next `POST /register` for 4 s, so the saved
// snapshot is on screen before the server answers. Each reload must show channel rows while the
// status bar still says the session is not live, then reach live, and never show "Not connected",
// "all caught up", "There is no data provider registered" or a status bar "offline". A
// MutationObserver installed before the workbench's own scripts records what the page shows, timed
// from navigation start (performance.now()); the times are printed per reload. A forbidden text
// counts when it is still visible at the next animation frame (painted); one put in and taken out
// before any paint is printed, not counted, and so is VS Code's own "no data provider" in the
// remembered Channels view before the workbench has read the extension's manifest. The first reload is photographed 1 s and 3 s after the
// workbench appears (reload-1s.png, reload-3s.png).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT, useWorkbench } from './workbench';

const RELOADS = 10;
/** How long the server holds each reload's `POST /register`. */
const REGISTER_DELAY_MS = 4_000;
/** From navigation start to live, on a busy 2-core machine (the register delay included). */
const LIVE_DEADLINE_MS = 90_000;
/** The Team Chat status-bar item: the workbench's element id is `<extension id>.<item id>`. */
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
};
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;
const STATUS_ID = `${EXTENSION_ID}.teamChat.status`;
/** Rows of the Channels view (view id `teamChat.subscriptions`; its header icon carries the id). */
const CHANNEL_ROWS = '.pane:has(> .pane-header .view-teamChat-subscriptions) .monaco-list-row';
/** Texts a reload must never show, anywhere in the workbench. */
const FORBIDDEN = ['Not connected', 'all caught up', 'There is no data provider registered'];

/** What the init script records in each page load (times in ms from navigation start). */
interface Recording {
  workbenchAt?: number;
  /** The first time the Channels view has a row with a label, and the status-bar text then. */
  rowsAt?: number;
  statusAtRows?: string;
  /** Times the Channels view went back to no rows after having some. */
  rowsGoneAt: number[];
  liveAt?: number;
  /** Each distinct status-bar text in order, with its time. */
  statuses: Array<{ at: number; text: string }>;
  /**
   * Each time a forbidden text was in the page: from, until (undefined: still there), what and where,
   * and whether it was still there at the next animation frame (painted; else gone before a paint).
   */
  forbidden: Array<{ at: number; until?: number; text: string; painted: boolean }>;
  /** When the workbench had read the extension's manifest (its views' welcome content, its status item). */
  manifestAt?: number;
}

/** Live: the status bar item shows something, and none of the words of a session that is not live. */
const NOT_LIVE = /starting|updating|connecting|offline|not connected/i;

/**
 * The page's recorder (runs in the page, before the workbench's scripts): on every DOM change,
 * the status-bar text, the Channels view's rows and the forbidden texts on screen. A forbidden
 * text counts while its element is connected, visible (checkVisibility) and still holds it; it
 * was painted when it is still there at the next animation frame.
 */
function installRecorder(args: { statusId: string; channelRows: string; forbidden: string[]; notLive: string }): void {
  if (window.top !== window) return;
  const notLive = new RegExp(args.notLive, 'i');
  const rec: Recording = { rowsGoneAt: [], statuses: [], forbidden: [] };
  (window as unknown as { teamChatReload: Recording }).teamChatReload = rec;
  /** Elements a forbidden text was put into, and the entry of its current showing. */
  const candidates: Array<{ el: Element; phrase: string; where: string; showing?: Recording['forbidden'][number] }> =
    [];
  let statusShowing: Recording['forbidden'][number] | undefined;
  let hadRows = false;
  const check = (records: MutationRecord[]): void => {
    const now = Math.round(performance.now());
    for (const r of records) {
      const nodes = r.type === 'characterData' ? [r.target] : Array.from(r.addedNodes);
      for (const node of nodes) {
        const el = node.nodeType === Node.TEXT_NODE ? node.parentElement : node instanceof Element ? node : null;
        if (!el) continue;
        for (const phrase of args.forbidden) {
          if (!el.textContent?.includes(phrase)) continue;
          // The innermost elements holding it, and their view (pane) for the report.
          const holders = [el, ...Array.from(el.querySelectorAll('*'))].filter(
            (e) =>
              e.textContent?.includes(phrase) && !Array.from(e.children).some((c) => c.textContent?.includes(phrase)),
          );
          for (const h of holders) {
            if (candidates.some((c) => c.el === h && c.phrase === phrase)) continue;
            const pane = h.closest('.pane')?.querySelector('.pane-header h3.title')?.textContent?.trim();
            candidates.push({ el: h, phrase, where: pane ?? h.closest('.part')?.id ?? 'the workbench' });
          }
        }
      }
    }
    for (const c of candidates) {
      const shown = c.el.isConnected && c.el.checkVisibility() && !!c.el.textContent?.includes(c.phrase);
      if (shown && !c.showing && rec.forbidden.length < 40) {
        const showing = {
          at: now,
          text: `"${c.phrase}" in ${c.where}: "${(c.el.textContent ?? '').trim().slice(0, 100)}"`,
          painted: false,
        };
        c.showing = showing;
        rec.forbidden.push(showing);
        requestAnimationFrame(() => {
          if (
            c.showing === showing &&
            c.el.isConnected &&
            c.el.checkVisibility() &&
            c.el.textContent?.includes(c.phrase)
          )
            showing.painted = true;
        });
      } else if (!shown && c.showing) {
        c.showing.until = now;
        c.showing = undefined;
      }
    }
    for (let i = candidates.length - 1; i >= 0; i--) if (!candidates[i]!.el.isConnected) candidates.splice(i, 1);
    if (rec.workbenchAt === undefined && document.querySelector('.monaco-workbench')?.checkVisibility())
      rec.workbenchAt = now;
    // The workbench has read the extension's manifest once its welcome ("Team Chat is starting…"),
    // its status item or a view other than the remembered Channels placeholder is there.
    if (
      rec.manifestAt === undefined &&
      (document.getElementById(args.statusId) ||
        document.querySelector('.pane-header .view-teamChat-inbox') ||
        document.body.textContent?.includes('Team Chat is starting…'))
    ) {
      rec.manifestAt = now;
    }
    const status = (document.getElementById(args.statusId)?.textContent ?? '').trim();
    if (status !== (rec.statuses.at(-1)?.text ?? '')) {
      rec.statuses.push({ at: now, text: status });
      if (statusShowing) statusShowing.until = now;
      const showing = /offline|not connected/i.test(status)
        ? { at: now, text: `status bar "${status}"`, painted: false }
        : undefined;
      statusShowing = showing;
      if (showing) {
        rec.forbidden.push(showing);
        requestAnimationFrame(() => {
          if (statusShowing === showing) showing.painted = true;
        });
      }
    }
    if (rec.liveAt === undefined && status && !notLive.test(status)) rec.liveAt = now;
    const rows = Array.from(document.querySelectorAll(args.channelRows)).filter((row) =>
      row.textContent?.trim(),
    ).length;
    if (rows && rec.rowsAt === undefined) {
      rec.rowsAt = now;
      rec.statusAtRows = status;
    }
    if (hadRows && !rows) rec.rowsGoneAt.push(now);
    hadRows = rows > 0;
  };
  // Classes and styles too: a view's welcome and messages are shown and hidden by them.
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['class', 'style'],
  });
}

describe('UI: reloads show the saved snapshot, then go live', function () {
  this.timeout(360_000);
  const wb = useWorkbench({ autoSignIn: true, chatServerOptions: { organization: 'large' } });

  const statusText = async (): Promise<string> =>
    (
      (await wb.page
        .locator(`[id="${STATUS_ID}"]`)
        .first()
        .textContent()
        .catch(() => '')) ?? ''
    ).trim();
  const isLive = (text: string): boolean => text !== '' && !NOT_LIVE.test(text);
  const recording = (): Promise<Recording | undefined> =>
    wb.page.evaluate(() => (window as unknown as { teamChatReload?: Recording }).teamChatReload);
  const secs = (ms: number | undefined): string => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

  it(`reloads ${RELOADS} times: channel rows from the saved snapshot before live, then live, never "not connected"`, async () => {
    await wb.openActivity('Team Chat');
    await wb.view('Channels').locator('.monaco-list-row').first().waitFor({ timeout: 60_000 });
    // Live, and its snapshot saved (written after /register, under the extension's global storage).
    const liveDeadline = Date.now() + LIVE_DEADLINE_MS;
    while (!isLive(await statusText())) {
      assert.ok(
        Date.now() < liveDeadline,
        `not live ${LIVE_DEADLINE_MS} ms after the first start: status "${await statusText()}"`,
      );
      await wb.page.waitForTimeout(500);
    }
    const snapshots = path.join(wb.codeServer.dir, 'ud', 'User', 'globalStorage', EXTENSION_ID, 'snapshots');
    const saved = (): string[] =>
      fs.existsSync(snapshots) ? fs.readdirSync(snapshots).filter((f) => /^snapshot-.*\.json$/.test(f)) : [];
    const savedDeadline = Date.now() + 30_000;
    while (saved().length === 0) {
      assert.ok(Date.now() < savedDeadline, `no saved snapshot in ${snapshots} 30 s after going live`);
      await wb.page.waitForTimeout(500);
    }

    await wb.page.addInitScript(installRecorder, {
      statusId: STATUS_ID,
      channelRows: CHANNEL_ROWS,
      forbidden: FORBIDDEN,
      notLive: NOT_LIVE.source,
    });
    for (let i = 1; i <= RELOADS; i++) {
      await wb.testControl('fault', { kind: 'delay', ms: REGISTER_DELAY_MS, route: 'POST /register' });
      const started = Date.now();
      await wb.page.reload({ waitUntil: 'commit', timeout: 60_000 });
      await wb.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
      // Pictures of the first reload while it starts (looked at by hand: the saved channels should
      // be on them). Not asserted: how soon after the workbench the extension host has drawn
      // anything depends on the machine's load; the rows-before-live check below is the assertion.
      let shots = '';
      if (i === 1) {
        // Timed by the page's clock from when the recorder saw the workbench (the test's own view
        // of the page lags while the page's main thread is busy starting).
        for (const [name, after] of [
          ['reload-1s', 1_000],
          ['reload-3s', 3_000],
        ] as const) {
          await wb.page.waitForFunction(
            (ms) => {
              const at = (window as unknown as { teamChatReload?: Recording }).teamChatReload?.workbenchAt;
              return at !== undefined && performance.now() >= at + ms;
            },
            after,
            { timeout: 60_000, polling: 50 },
          );
          const at = await wb.page.evaluate(() => performance.now());
          await wb.screenshot(name);
          const rows = await wb.page.locator(CHANNEL_ROWS).count();
          shots += ` ${name}.png at ${secs(at)} (just after it: ${rows} channel rows, status "${await statusText()}");`;
        }
      }
      // Live within the deadline (from navigation start, as the page counts it).
      await wb.page
        .waitForFunction(
          () => (window as unknown as { teamChatReload?: Recording }).teamChatReload?.liveAt !== undefined,
          undefined,
          {
            timeout: Math.max(1_000, LIVE_DEADLINE_MS - (Date.now() - started)),
            polling: 500,
          },
        )
        .catch(() => undefined);
      const rec = await recording();
      assert.ok(rec, `reload ${i}: the recorder did not run`);
      const timeline = `statuses: ${rec.statuses.map((s) => `${secs(s.at)} "${s.text}"`).join(' → ')}`;
      console.log(
        `      [reload ${i}] workbench ${secs(rec.workbenchAt)}, channel rows ${secs(rec.rowsAt)} (status then "${rec.statusAtRows ?? ''}"), live ${secs(rec.liveAt)}` +
          `${rec.rowsGoneAt.length ? `, rows gone again at ${rec.rowsGoneAt.map(secs).join(', ')}` : ''};${shots} ${timeline}`,
      );
      // Every check of this reload, so that a failure names all that went wrong.
      const problems: string[] = [];
      if (rec.rowsAt === undefined) problems.push('no channel rows');
      else if (
        !rec.statusAtRows ||
        !NOT_LIVE.test(rec.statusAtRows) ||
        (rec.liveAt !== undefined && rec.liveAt <= rec.rowsAt)
      ) {
        problems.push(
          `the channel rows appeared at ${secs(rec.rowsAt)} with the status bar at "${rec.statusAtRows ?? ''}", not while it said the session was not live`,
        );
      }
      if (rec.liveAt === undefined || rec.liveAt > LIVE_DEADLINE_MS)
        problems.push(`not live ${LIVE_DEADLINE_MS / 1000} s after navigation start`);
      const shown = (f: Recording['forbidden'][number]): string =>
        `${f.text} from ${secs(f.at)} to ${f.until === undefined ? 'the end' : secs(f.until)}`;
      // Before the workbench has read the manifest, a remembered Channels view is a placeholder that
      // VS Code fills with "no data provider" itself (no extension code, welcome or context key can
      // reach it yet); it goes when the manifest is read. Printed, not counted.
      const placeholder = (f: Recording['forbidden'][number]): boolean =>
        f.text.includes('no data provider') &&
        rec.manifestAt !== undefined &&
        f.at < rec.manifestAt &&
        f.until !== undefined &&
        f.until <= rec.manifestAt + 500;
      for (const f of rec.forbidden) if (f.painted && !placeholder(f)) problems.push(`showed ${shown(f)}`);
      const before = rec.forbidden.filter(placeholder);
      if (before.length)
        console.log(
          `      [reload ${i}] VS Code's placeholder before the manifest was read (${secs(rec.manifestAt)}): ${before.map(shown).join('; ')}`,
        );
      const unpainted = rec.forbidden.filter((f) => !f.painted && !placeholder(f));
      if (unpainted.length)
        console.log(`      [reload ${i}] in the page but gone before a paint: ${unpainted.map(shown).join('; ')}`);
      assert.deepEqual(problems, [], `reload ${i}: ${problems.length} problem(s); ${timeline}`);
    }
  });
});
