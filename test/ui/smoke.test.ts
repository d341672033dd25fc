// UI smoke test: the workbench renders with the extension loaded, and the first contributed
// command runs from the command palette and shows its notification.
import * as assert from 'assert';
import { REPO_ROOT, useWorkbench } from './workbench';

const pkg = require(`${REPO_ROOT}/package.json`) as {
  contributes?: { commands?: Array<{ command: string; title: string; category?: string }> };
};

/** The English of the contributions (package.json names them by %key%). */
const nls = require(`${REPO_ROOT}/package.nls.json`) as Record<string, string>;
const english = (text: string): string => text.replace(/^%([\w.-]+)%$/, (all, key: string) => nls[key] ?? all);

function paletteLabel(c: { title: string; category?: string }): string {
  return c.category ? `${english(c.category)}: ${english(c.title)}` : english(c.title);
}

describe('UI smoke', function () {
  this.timeout(60_000);
  const wb = useWorkbench();

  it('renders the workbench', async () => {
    assert.ok(await wb.page.locator('.monaco-workbench .part.editor').isVisible());
    await wb.screenshot('ui-smoke-workbench');
  });

  it('runs a contributed command from the palette and shows a notification', async () => {
    const commands = pkg.contributes?.commands ?? [];
    const command = commands.find((c) => c.command === 'teamChat.showVersion');
    assert.ok(command, 'package.json contributes no Show Version command');
    assert.equal(paletteLabel(command), 'Team Chat: Show Version');
    await wb.runCommand(paletteLabel(command));
    const toast = await wb.waitForNotification(/./);
    await wb.page.waitForTimeout(600); // toasts slide in
    const messages = await wb.notifications();
    assert.ok(messages.length > 0, 'no notification shown');
    assert.ok(
      messages.some((m) => m.includes('Team Chat')),
      `unexpected notifications: ${JSON.stringify(messages)}`,
    );
    assert.ok(await toast.isVisible());
    await wb.screenshot('ui-smoke-command');
  });
});
