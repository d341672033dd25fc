// UI: a message notification as a real toast in the workbench: Bob's direct message shows
// "Bob Brown: …" with Open and Reply; Reply opens an input box that refuses an empty reply and
// sends the typed one to Bob.
import * as assert from 'assert';
import { getMessages, sendMessage } from '../../src/api/messages/routes';
import { useWorkbench } from './workbench';

describe('UI: message notifications', function () {
  this.timeout(150_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows a toast for a direct message and replies from it', async () => {
    const page = wb.page;
    await wb.waitForLiveSession();
    const me = wb.firstMember();
    const bob = wb.account('bob');
    const bobClient = wb.client(bob);
    await sendMessage(bobClient, {
      type: 'private',
      to: [me.userId],
      content: 'Can you **review** my pull request before lunch?',
    });

    const toast = await wb.waitForNotification(`${bob.fullName}: Can you review my pull request before lunch?`, 30_000);
    assert.ok(await toast.locator('.monaco-button', { hasText: 'Open' }).isVisible());
    const reply = toast.locator('.monaco-button', { hasText: 'Reply' });
    assert.ok(await reply.isVisible());
    await page.waitForTimeout(500);
    await wb.screenshot('notification-dm-toast');

    await reply.click();
    const input = wb.quickInputBox();
    await wb
      .quickInput()
      .locator('.quick-input-title', { hasText: `Reply to ${bob.fullName}` })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await input.fill('   ');
    await wb
      .quickInput()
      .locator('.quick-input-message', { hasText: 'The reply is empty.' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill('Sure, looking at it now.');
    await page.waitForTimeout(300);
    await wb.screenshot('notification-reply-box');
    await input.press('Enter');

    const narrow = [{ operator: 'dm', operand: [me.userId] }];
    let last = '';
    for (let i = 0; i < 100 && !last.includes('Sure, looking at it now.'); i++) {
      const { messages } = await getMessages(bobClient, { anchor: 'newest', num_before: 1, num_after: 0, narrow });
      last = messages[0]?.sender_id === me.userId ? messages[0].content : '';
      if (!last.includes('Sure, looking at it now.')) await page.waitForTimeout(200);
    }
    assert.match(last, /Sure, looking at it now\./);
  });
});
