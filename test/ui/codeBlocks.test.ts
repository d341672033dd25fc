// Code blocks you can use, in the real workbench: a Python block in a message is highlighted in the
// theme's colours (Pygments' token spans from the server, coloured by the theme's variables), shows
// its toolbar with the organisation's Python playground, inserts at the cursor of the file the user
// was in (one undo step), and opens in a new editor in its language. Screenshot for a human look.
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import { sendMessage } from '../../src/api/messages/routes';
import { editorLines, goToLine, openFile, openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

const CODE =
  'def greet(name: str) -> str:\n    # the fallback we agreed on\n    return f"Hello, {name or \'stranger\'}!" * 1';

/** Computed colours of a block's tokens and the theme variables they should come from. */
async function tokenColours(frame: FrameLocator): Promise<Record<string, string>> {
  return frame
    .locator('li.message .codehilite')
    .last()
    .evaluate((block) => {
      const colourOf = (selector: string) => getComputedStyle(block.querySelector(selector)!).color;
      const probe = document.createElement('span');
      document.body.append(probe);
      const resolve = (variable: string) => {
        probe.style.setProperty('color', `var(${variable})`);
        return getComputedStyle(probe).color;
      };
      const out = {
        keyword: colourOf('.kd'),
        string: colourOf('.s2'),
        number: colourOf('.mi'),
        name: colourOf('.n'),
        comment: colourOf('.c1'),
        themeString: resolve('--vscode-debugTokenExpression-string'),
        themeNumber: resolve('--vscode-debugTokenExpression-number'),
        themeComment: resolve('--vscode-descriptionForeground'),
      };
      probe.remove();
      return out;
    });
}

describe('UI code blocks', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('highlights a code block in the theme colours and offers Copy, Insert, Open, Compare and the playground', async () => {
    const topic = `code block ${Date.now() % 100000}`;
    await sendMessage(wb.client('bob'), {
      type: 'stream',
      to: 1,
      topic,
      content: `Try this:\n\`\`\`py\n${CODE}\n\`\`\``,
    });
    await wb.waitForLiveSession();
    await openFile(wb, 'stats.py');
    await goToLine(wb, 2);
    const before = await editorLines(wb);

    const frame = await openTopicFromPalette(wb, 'general', topic);
    const toolbar = frame.locator('li.message .code-toolbar').last();
    await toolbar.waitFor({ timeout: 30_000 });
    assert.equal(await toolbar.locator('.code-language').innerText(), 'Python');
    assert.equal(await toolbar.getAttribute('role'), 'toolbar');
    const labels = await toolbar.locator('button').allInnerTexts();
    assert.deepEqual(labels, ['Copy', 'Insert', 'Open', 'Compare', '▶ Python Tutor']);

    const colours = await tokenColours(frame);
    assert.equal(colours.string, colours.themeString, 'strings take the theme’s string colour');
    assert.equal(colours.number, colours.themeNumber, 'numbers take the theme’s number colour');
    assert.equal(colours.comment, colours.themeComment);
    assert.notEqual(colours.keyword, colours.name, 'keywords stand out from names');
    assert.notEqual(colours.string, colours.name);

    // Keyboard: the actions are buttons in the tab order.
    await toolbar.locator('button', { hasText: 'Insert' }).focus();
    await wb.page.waitForTimeout(300);
    await wb.screenshot('code-block-actions');

    // Insert at Cursor: into stats.py, where the cursor was, as one undo step.
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.tab.active', { hasText: 'stats.py' }).waitFor({ timeout: 20_000 });
    await wb.page.waitForTimeout(500);
    const after = await editorLines(wb);
    assert.equal(after[1], 'def greet(name: str) -> str:');
    assert.equal(after.length, before.length + 2);
    await wb.page.keyboard.press('Control+Z');
    await wb.page.waitForTimeout(500);
    assert.deepEqual(await editorLines(wb), before);

    // Open in New Editor: an untitled Python editor with the code.
    const frame2 = await openTopicFromPalette(wb, 'general', topic);
    await frame2.locator('li.message .code-toolbar button', { hasText: 'Open' }).last().click();
    await wb.page
      .locator('.statusbar-item', { hasText: /^Python$/ })
      .first()
      .waitFor({ timeout: 20_000 });
    const opened = await editorLines(wb);
    assert.equal(opened[0], 'def greet(name: str) -> str:');
    assert.equal(opened.length, 3);
  });
});
