// A conversation of 10,000 messages in the real workbench (issue 12, target 6): the first screen
// comes in ≤ 2× the time to fetch and parse one page of 100 (both measured in this run, medians),
// the page keeps only a window of rows in the DOM, and scrolling through all 10,000 messages has no
// frame over 50 ms (long animation frames, against an idle period of the same length).
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import { getMessages } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

const TOPIC = 'long conversation';
const COUNT = 10_000;
/** Rows the DOM may hold while the conversation has 10,000. */
const MAX_ROWS = 100;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rowCount = (frame: FrameLocator): Promise<number> => frame.locator('li.message').count();

interface ScrollRun {
  frames: number;
  longFrames: number;
  maxRows: number;
  firstId: number;
  lastId: number;
  kind: string;
  /** Frames in which the message focused at the start no longer had the focus. */
  focusLost: number;
}

/**
 * In the page: scrolls the list by `step` pixels a frame, up to the oldest message (waiting at the
 * top while older pages load) and back down to the newest, counting frames over 50 ms; with
 * `idleMs`, only watches for that long instead.
 */
function scrollThrough(_body: Element, args: { step: number; idleMs: number; timeoutMs: number }): Promise<ScrollRun> {
  const scroller = document.getElementById('messages')!;
  const list = document.getElementById('list')!;
  const kind = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? 'long-animation-frame'
    : 'longtask';
  let longFrames = 0;
  const observer = new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) {
      if (e.duration > 50) longFrames++;
    }
  });
  observer.observe({ type: kind, buffered: false });
  const rows = (): number => list.querySelectorAll('li.message').length;
  const focusedId = (): string | undefined => document.activeElement?.closest<HTMLElement>('li.message')?.dataset.id;
  const focused = focusedId();
  let focusLost = 0;
  const ids = (): number[] => [...list.querySelectorAll<HTMLElement>('li.message')].map((li) => Number(li.dataset.id));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let frames = 0;
    let maxRows = 0;
    let firstId = Infinity;
    let lastId = 0;
    let phase: 'up' | 'down' = 'up';
    let still = 0;
    const finish = (): void => {
      // Entries of the last frames are delivered asynchronously.
      setTimeout(() => {
        observer.disconnect();
        resolve({ frames, longFrames, maxRows, firstId, lastId, kind, focusLost });
      }, 200);
    };
    const tick = (): void => {
      frames++;
      if (focused !== undefined && focusedId() !== focused) focusLost++;
      maxRows = Math.max(maxRows, rows());
      for (const id of ids()) {
        firstId = Math.min(firstId, id);
        lastId = Math.max(lastId, id);
      }
      const elapsed = performance.now() - started;
      if (args.idleMs > 0) {
        if (elapsed >= args.idleMs) return finish();
        requestAnimationFrame(tick);
        return;
      }
      if (elapsed > args.timeoutMs) {
        observer.disconnect();
        reject(
          new Error(`scrolling did not finish in ${args.timeoutMs} ms (phase ${phase}, oldest id seen ${firstId})`),
        );
        return;
      }
      const before = scroller.scrollTop;
      if (phase === 'up') {
        scroller.scrollTop = before - args.step;
        // At the top: wait for the older pages; the oldest shown and "Beginning of the topic": down.
        if (before === 0) still++;
        else still = 0;
        if (still > 2 && /Beginning/.test(document.getElementById('older')!.textContent ?? '')) phase = 'down';
      } else {
        scroller.scrollTop = before + args.step;
        if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 1) return finish();
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

describe('UI long conversation (virtualised list)', function () {
  this.timeout(600_000);
  const wb = useWorkbench({ autoSignIn: true, chatServerOptions: { seedTopic: { topic: TOPIC, count: COUNT } } });

  it('opens 10,000 messages in ≤ 2× one page fetch, keeps a window of rows, and scrolls without long frames', async () => {
    await wb.waitForLiveSession();
    const member = wb.client(wb.firstMember());
    const narrow = [
      { operator: 'channel', operand: 1 },
      { operator: 'topic', operand: TOPIC },
    ];

    // The baseline: fetch and parse (zod) one page of the newest 100, from the test process.
    const fetchMs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      const page = await getMessages(member, {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow,
        apply_markdown: true,
      });
      fetchMs.push(performance.now() - t0);
      assert.equal(page.messages.length, 100);
    }

    // The first screen: from the page's `topic/init` to the first frame after it rendered.
    const firstMs: number[] = [];
    let frame!: FrameLocator;
    for (let i = 0; i < 3; i++) {
      if (i > 0) await wb.runCommand('View: Close All Editors');
      frame = await openTopicFromPalette(wb, 'general', TOPIC);
      await frame.locator('li.message').first().waitFor({ timeout: 30_000 });
      const ms = await frame.locator('body').evaluate(async () => {
        for (let k = 0; k < 100; k++) {
          const m = performance.getEntriesByName('topic:first-screen');
          if (m.length > 0) return m[0]!.duration;
          await new Promise((r) => setTimeout(r, 50));
        }
        return NaN;
      });
      firstMs.push(ms);
      const [ask, render, paint] = await frame.locator('body').evaluate(() => {
        const at = (name: string): number => performance.getEntriesByName(name)[0]!.startTime;
        const screen = performance.getEntriesByName('topic:first-screen')[0]!;
        return [
          at('topic:snapshot') - at('topic:init'),
          at('topic:rendered') - at('topic:snapshot'),
          screen.startTime + screen.duration - at('topic:rendered'),
        ];
      });
      console.log(
        `      open ${i + 1}: first screen ${ms.toFixed(1)} ms = topic/init answered ${ask!.toFixed(1)} + rendered ${render!.toFixed(1)} + painted ${paint!.toFixed(1)}`,
      );
    }
    assert.ok(
      firstMs.every((x) => Number.isFinite(x)),
      'the page did not measure its first screen',
    );
    const newest = await frame.locator('li.message').last().innerText();
    assert.match(newest, /\(10000 of 10000\)/, 'the first screen is not the newest messages');
    await wb.screenshot('long-conversation-first-screen');

    // The keyboard moves by the data: ↑ 30 times from the newest reaches the 30th before it, with
    // the rows in between rendered as it goes.
    const body = frame.locator('body');
    const last = frame.locator('li.message').last();
    const newestId = Number(await last.getAttribute('data-id'));
    await last.focus();
    for (let i = 0; i < 30; i++) await wb.page.keyboard.press('ArrowUp');
    assert.equal(await body.evaluate(() => Number((document.activeElement as HTMLElement).dataset.id)), newestId - 30);
    assert.equal(await frame.locator('li.message[tabindex="0"]').count(), 1, 'one message is in the Tab order');

    // Scrolling to the oldest message and back (the focused message stays in the DOM and focused), then idle.
    const scroll = await body.evaluate(scrollThrough, { step: 450, idleMs: 0, timeoutMs: 480_000 });
    const elapsedFrames = scroll.frames;
    const idle = await body.evaluate(scrollThrough, {
      step: 0,
      idleMs: Math.round(elapsedFrames * 16.7),
      timeoutMs: 0,
    });
    console.log(
      `      scrolled through ${COUNT} messages (ids ${scroll.firstId}–${scroll.lastId}) in ${scroll.frames} frames: ${scroll.longFrames} frames over 50 ms (${scroll.kind} entries); ` +
        `idle for as long: ${idle.longFrames} ; at most ${scroll.maxRows} rows in the DOM (target ≤ ${MAX_ROWS}) ${scroll.longFrames === 0 && scroll.maxRows <= MAX_ROWS ? 'met' : 'unmet'}`,
    );
    await wb.screenshot('long-conversation-scrolled');
    // Back at the oldest message: the beginning of the topic, still a window of rows.
    await body.evaluate(() => {
      document.getElementById('messages')!.scrollTop = 0;
    });
    await frame.locator('li.message', { hasText: `(1 of ${COUNT})` }).waitFor({ timeout: 10_000 });
    await wb.page.waitForTimeout(300);
    await wb.screenshot('long-conversation-oldest');
    assert.ok((await rowCount(frame)) <= MAX_ROWS);

    // The baseline as the page gets a page of 100: `topic/loadOlder` (the host's GET /messages,
    // parse and models, and the message to the page), timed by the page while it scrolled up.
    const pageMs = await body.evaluate(() =>
      performance
        .getEntriesByName('topic:older-page')
        .filter((e) => (e as PerformanceMeasure).detail === 100)
        .map((e) => e.duration),
    );
    const pageMedian = median(pageMs);
    const firstMedian = median(firstMs);
    const fetchMedian = median(fetchMs);
    const ratio = firstMedian / pageMedian;
    console.log(
      `      first screen ${firstMedian.toFixed(1)} ms (runs ${firstMs.map((x) => x.toFixed(0)).join(', ')}) vs one page of 100 fetched and parsed for the page ${pageMedian.toFixed(1)} ms (median of ${pageMs.length}): ` +
        `${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? 'met' : 'unmet'}; GET /messages of 100 + parse in the test process alone: ${fetchMedian.toFixed(1)} ms (runs ${fetchMs.map((x) => x.toFixed(0)).join(', ')})`,
    );
    assert.ok(pageMs.length >= 50, `only ${pageMs.length} pages of 100 timed`);
    assert.ok(ratio <= 2, `first screen ${firstMedian.toFixed(1)} ms > 2 × ${pageMedian.toFixed(1)} ms`);
    assert.ok(scroll.maxRows <= MAX_ROWS, `${scroll.maxRows} rows in the DOM`);
    assert.equal(scroll.focusLost, 0, 'the focused message lost the focus while scrolled out of the window');
    assert.equal(await frame.locator('#older').innerText(), 'Beginning of the topic');
    assert.ok(
      scroll.lastId - scroll.firstId + 1 >= COUNT,
      `not every message was shown: ids ${scroll.firstId}–${scroll.lastId}`,
    );
    // Frames over 50 ms: none of the page's own (the machine's noise, seen idle, is allowed for).
    assert.ok(
      scroll.longFrames <= idle.longFrames,
      `${scroll.longFrames} frames over 50 ms while scrolling, ${idle.longFrames} idle`,
    );
  });
});
