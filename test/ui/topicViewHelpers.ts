// Helpers for the topic view UI tests: open a topic through the command palette's quick picks and
// reach the webview's page (the workbench nests it: iframe.webview → iframe#active-frame).
import type { FrameLocator } from 'playwright-core';
import type { Workbench } from './workbench';

/** Runs "Team Chat: Open Topic", picks the channel, then the topic. */
export async function openTopicFromPalette(wb: Workbench, channel: string, topic: string): Promise<FrameLocator> {
  await wb.runCommand('Team Chat: Open Topic');
  const widget = wb.page.locator('.quick-input-widget');
  const input = widget.locator('input');
  await input.waitFor({ state: 'visible' });
  await input.fill(channel);
  await widget.locator('.monaco-list-row', { hasText: `#${channel}` }).first().waitFor({ state: 'visible' });
  await input.press('Enter');
  await wb.page.waitForTimeout(400);
  await input.waitFor({ state: 'visible' });
  await input.fill(topic.slice(0, 40));
  await widget.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout: 10_000 });
  await input.press('Enter');
  return topicFrame(wb);
}

export function topicFrame(wb: Workbench): FrameLocator {
  return wb.page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame');
}
