// Accessibility of every webview page, checked by axe-core inside the real workbench, in the light
// and the dark theme: no serious or critical violation on the conversation view, the settings
// editor, the server information page and the profile card.
import * as assert from 'assert';
import * as fs from 'fs';
import type { Frame } from 'playwright-core';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench, type Workbench } from './workbench';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The visible webview's page (the workbench nests it as iframe.webview → iframe#active-frame). */
async function pageFrame(wb: Workbench, ready: string): Promise<Frame> {
  await wb.webviewFrame().locator(ready).first().waitFor({ timeout: 30_000 });
  const handle = await wb.page.frameLocator('iframe.webview').first().locator('iframe#active-frame').elementHandle();
  const frame = await handle?.contentFrame();
  assert.ok(frame, 'no webview frame');
  return frame;
}

/** axe-core's serious and critical violations on that page. */
async function audit(frame: Frame): Promise<Violation[]> {
  // Evaluated over the debugging protocol: the page's CSP (no eval) does not apply to it.
  await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  });
}

describe('UI accessibility (axe-core)', function () {
  this.timeout(240_000);
  const wb = useWorkbench({ autoSignIn: true });
  const topic = `a11y ${Date.now() % 100000}`;

  const pages: { name: string; open(): Promise<Frame> }[] = [
    {
      name: 'conversation view',
      open: async () => {
        await openTopicFromPalette(wb, 'general', topic);
        return pageFrame(wb, 'li.message');
      },
    },
    {
      name: 'settings',
      open: async () => {
        await wb.runCommand('Team Chat: Personal Settings');
        return pageFrame(wb, 'input, select');
      },
    },
    {
      name: 'server information',
      open: async () => {
        await wb.runCommand('Team Chat: Server Information');
        return pageFrame(wb, 'h1, h2');
      },
    },
    {
      name: 'profile card',
      open: async () => {
        // A click on the active activity-bar item would close the side bar instead.
        if (!(await wb.view('People').isVisible())) await wb.openActivity('Team Chat');
        await wb.expandView('People');
        // The own row: always in the expanded Active group (others may age into the collapsed Offline one).
        await wb.view('People').locator('.monaco-list-row', { hasText: 'Alice Anders' }).first().click();
        return pageFrame(wb, '#card h1');
      },
    },
  ];

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical violations in the ${theme} theme`, async () => {
      await wb.waitForLiveSession();
      if (theme === 'light') {
        const bob = wb.client('bob');
        await sendMessage(bob, {
          type: 'stream',
          to: 1,
          topic,
          content: 'A **bold** start with a [link](https://example.com) and `code`.',
        });
        await sendMessage(wb.client('carol'), { type: 'stream', to: 1, topic, content: '> a quote\n\n- a list item' });
      } else {
        await wb.runCommand('Preferences: Toggle between Light/Dark Themes');
        await wb.page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 15_000 });
      }
      const found: Record<string, Violation[]> = {};
      for (const page of pages) {
        await wb.runCommand('View: Close All Editors');
        const frame = await page.open();
        const violations = await audit(frame);
        if (violations.length > 0) found[page.name] = violations;
        if (page.name === 'conversation view') await wb.screenshot(`a11y-conversation-${theme}`);
      }
      assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
    });
  }
});
