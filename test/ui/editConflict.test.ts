// UI test: an edit conflict in the real workbench. Alice opens her message from "Edit Message…",
// types her version, someone else edits first, "Send Edit" shows the diff (server ↔ mine) with
// the choices; "Keep Mine" sends hers.
import * as assert from 'assert';
import type { ChatClient } from '../../src/api';
import { getMessage, sendMessage, updateMessage } from '../../src/api/messages/routes';
import { useWorkbench } from './workbench';

describe('UI: edit conflict', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });
  let other: ChatClient;
  let messageId: number;

  before(async () => {
    other = wb.client('alice');
    messageId = (
      await sendMessage(other, {
        type: 'channel',
        to: 2,
        topic: 'ui edit conflict',
        content: 'UI conflict: the original text.',
      })
    ).id;
  });
  async function raw(): Promise<string> {
    const r = await getMessage(other, { message_id: messageId, apply_markdown: false });
    return r.raw_content ?? r.message.content;
  }

  it('shows both versions in a diff and keeps mine on request', async () => {
    const { page } = wb;
    const widget = wb.quickInput();
    await wb.runCommand('Team Chat: Edit Message…');
    const row = widget.locator('.monaco-list-row', { hasText: 'UI conflict: the original text.' }).first();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('edit-conflict-1-pick-message');
    await row.click();
    const editText = widget.locator('.monaco-list-row', { hasText: 'Edit the text' }).first();
    await editText.waitFor({ state: 'visible', timeout: 10_000 });
    await editText.click();

    const editor = page.locator('.editor-instance .monaco-editor').first();
    await page.locator('.tab', { hasText: `message-${messageId}.md` }).waitFor({ state: 'visible', timeout: 15_000 });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('UI conflict: my careful rewrite, typed in the editor.');
    await page.waitForTimeout(500);

    // Someone edits first.
    await updateMessage(other, {
      message_id: messageId,
      content: 'UI conflict: their quick fix from another device.',
      prevContent: 'UI conflict: the original text.',
    });

    await wb.runCommand('Team Chat: Send Edit');
    const toast = await wb.waitForNotification('while you were editing', 20_000);
    await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 10_000 });
    await page.waitForTimeout(800);
    await wb.screenshot('edit-conflict-2-diff');
    const diffText = (await page.locator('.monaco-diff-editor').first().innerText()).replace(/\s+/g, ' ');
    assert.ok(diffText.includes('their quick fix'), diffText);
    assert.ok(diffText.includes('my careful rewrite'), diffText);
    assert.equal(await raw(), 'UI conflict: their quick fix from another device.');

    await toast.locator('.monaco-button', { hasText: 'Keep Mine' }).click();
    const deadline = Date.now() + 15_000;
    while ((await raw()) !== 'UI conflict: my careful rewrite, typed in the editor.' && Date.now() < deadline)
      await page.waitForTimeout(300);
    assert.equal(await raw(), 'UI conflict: my careful rewrite, typed in the editor.');
    await page.waitForTimeout(800);
    await wb.screenshot('edit-conflict-3-kept-mine');
  });
});
