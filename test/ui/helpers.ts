// Flows the UI tests share on top of the Workbench fixture: open a topic through the palette's
// quick picks, open a workspace file, go to a line, read the active editor's lines.
import type { FrameLocator } from 'playwright-core';
import type { Workbench } from './workbench';

/** Runs "Team Chat: Open Topic", picks the channel, then the topic; returns the topic view's page. */
export async function openTopicFromPalette(wb: Workbench, channel: string, topic: string): Promise<FrameLocator> {
  await wb.runCommand('Team Chat: Open Topic');
  const widget = wb.quickInput();
  const input = wb.quickInputBox();
  await input.waitFor({ state: 'visible' });
  await input.fill(channel);
  await widget
    .locator('.monaco-list-row', { hasText: `#${channel}` })
    .first()
    .waitFor({ state: 'visible' });
  await input.press('Enter');
  await wb.page.waitForTimeout(400);
  await input.waitFor({ state: 'visible' });
  await input.fill(topic.slice(0, 40));
  await widget.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout: 10_000 });
  await input.press('Enter');
  return wb.webviewFrame();
}

/** Opens a workspace file through Quick Open (retrying while the file index catches up). */
export async function openFile(wb: Workbench, name: string): Promise<void> {
  const input = wb.quickInputBox();
  const row = wb.quickInput().locator('.monaco-list-row', { hasText: name }).first();
  for (let attempt = 0; ; attempt++) {
    await wb.page.keyboard.press('Control+P');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    try {
      await row.waitFor({ state: 'visible', timeout: 3_000 });
      break;
    } catch (error) {
      await wb.page.keyboard.press('Escape');
      if (attempt >= 8) throw error;
      await wb.page.waitForTimeout(1_000);
    }
  }
  await input.press('Enter');
  await wb.page.locator(`.tab[aria-label^="${name}"]`).first().waitFor({ state: 'visible' });
  await wb.page.waitForTimeout(500);
}

/** Puts the cursor at the start of line `line` (1-based) of the active editor (Ctrl+G). */
export async function goToLine(wb: Workbench, line: number): Promise<void> {
  await wb.page.keyboard.press('Control+G');
  const input = wb.quickInputBox();
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}`);
  await input.press('Enter');
  await wb.page.waitForTimeout(200);
}

/** The active editor's lines in visual order (monaco keeps its line elements in any DOM order). */
export async function editorLines(wb: Workbench): Promise<string[]> {
  const lines = await wb.page
    .locator('.editor-group-container.active .view-lines .view-line')
    .evaluateAll((els) =>
      els.map((el) => ({ top: parseFloat((el as HTMLElement).style.top) || 0, text: (el as HTMLElement).innerText })),
    );
  return lines.sort((a, b) => a.top - b.top).map((l) => l.text.replace(/\u00a0/g, ' '));
}
