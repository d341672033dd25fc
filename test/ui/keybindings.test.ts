// The contributed keybindings work in the real workbench: Ctrl+Alt+C then O asks for a channel to
// open (Open Topic), Ctrl+Alt+C then D asks for people (New Direct Message).
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI keybindings', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  async function chord(second: string): Promise<string> {
    await wb.page.locator('.monaco-workbench').click({ position: { x: 600, y: 400 } });
    await wb.page.keyboard.press('Control+Alt+C');
    await wb.page.keyboard.press(second);
    const title = wb.quickInput().locator('.quick-input-title');
    await title.waitFor({ state: 'visible', timeout: 15_000 });
    const text = (await title.innerText()).trim();
    await wb.page.keyboard.press('Escape');
    return text;
  }

  it('Ctrl+Alt+C O opens a topic, Ctrl+Alt+C D starts a direct message', async () => {
    await wb.waitForLiveSession();
    assert.equal(await chord('O'), 'Open Topic');
    assert.equal(await chord('D'), 'New Direct Message');
  });
});
