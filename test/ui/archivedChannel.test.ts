// UI: an archived channel's conversation in the real workbench (issue 27 item 2): its history is
// shown, but there is no compose box — a quiet line says the channel is archived — and no message
// offers an action that writes (reply, quote, react, edit, delete). A screenshot for a human look.
import * as assert from 'assert';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

describe('UI: archived channel', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows the history read-only: a quiet line instead of the compose box, no writing actions', async () => {
    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'old-archive', 'history');
    await frame.locator('li.message').nth(2).waitFor({ timeout: 20_000 });
    assert.equal(await frame.locator('li.message').count(), 3);
    const line = frame.locator('#read-only');
    await line.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await line.innerText(), /archived/);
    assert.equal(await frame.locator('#compose').isVisible(), false, 'no compose box');
    for (const label of ['Reply', 'Quote', '☺+', 'Edit', 'Delete']) {
      const exact = new RegExp(`^${label.replace(/[+]/g, '\\+')}$`);
      assert.equal(
        await frame.locator('li.message .actions button.action', { hasText: exact }).count(),
        0,
        `no ${label}`,
      );
    }
    // Reading actions stay.
    assert.equal(await frame.locator('li.message .actions button.action', { hasText: /^Link$/ }).count(), 3);
    await frame.locator('li.message').first().hover();
    await wb.page.waitForTimeout(300);
    await wb.screenshot('archived-channel');
  });
});
