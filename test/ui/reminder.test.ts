// UI: a reminder from an editor selection — the when-picker with its presets, the custom date
// box refusing a bad date and explaining a good one, the link question, the note box, and the
// reminder on the server holding the selection and its path:line-range.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { getReminders } from '../../src/api/personal/routes';
import { goToLine, openFile } from './helpers';
import { useWorkbench } from './workbench';

describe('UI: reminder from a selection', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  before(() => {
    fs.writeFileSync(
      path.join(wb.workspace, 'cache.ts'),
      'const cache = new Map();\n// evict old entries\nexport function get(key: string) {\n  return cache.get(key);\n}\n',
    );
  });

  it('picks a time, refuses a bad custom date, and creates the reminder', async () => {
    const page = wb.page;
    const quick = wb.quickInput();
    const input = wb.quickInputBox();
    // Open the file and select lines 2-3.
    await openFile(wb, 'cache.ts');
    await goToLine(wb, 2);
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');

    await wb.runCommand('Team Chat: Create Reminder from Selection');
    await quick
      .locator('.monaco-list-row', { hasText: 'Tomorrow at 9:00' })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    const rows = (await quick.locator('.monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    for (const label of [
      'In 20 minutes',
      'In 1 hour',
      'In 3 hours',
      'Tomorrow at 9:00',
      'Next Monday at 9:00',
      'Custom date and time',
    ]) {
      assert.ok(
        rows.some((r) => r.includes(label)),
        `${label} missing: ${JSON.stringify(rows)}`,
      );
    }
    await wb.screenshot('reminder-when-picker');

    await input.fill('Custom');
    await input.press('Enter');
    await page.waitForTimeout(400);
    await input.fill('2025-13-01 10:00');
    await quick
      .locator('.quick-input-message', { hasText: 'Month 13 does not exist' })
      .waitFor({ state: 'visible', timeout: 5_000 });
    await wb.screenshot('reminder-custom-invalid');
    await input.fill('+2h');
    await quick
      .locator('.quick-input-message', { hasText: 'in 2 hours' })
      .waitFor({ state: 'visible', timeout: 5_000 });
    await wb.screenshot('reminder-custom-valid');
    await input.press('Enter');

    await quick
      .locator('.monaco-list-row', { hasText: 'No linked message' })
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 });
    await input.press('Enter');
    await page.waitForTimeout(400);
    await input.fill('Check the eviction');
    await input.press('Enter');
    await wb.waitForNotification('Reminder set for');
    await page.waitForTimeout(600);
    await wb.screenshot('reminder-created');

    const { reminders } = await getReminders(wb.client(wb.firstMember()));
    // The real API sends no `note` field: the note is in the content the notification bot will send.
    const notes = reminders.map((r) => (r.content ?? '').split('\n\nNote:\n> ')[1] ?? '');
    assert.ok(
      notes.some((n) =>
        n.startsWith(
          'Check the eviction\ncache.ts:2-3\n```typescript\n// evict old entries\nexport function get(key: string) {',
        ),
      ),
      JSON.stringify(notes),
    );
    const r = reminders[reminders.length - 1];
    const hours = (r.scheduled_delivery_timestamp - Date.now() / 1000) / 3600;
    assert.ok(hours > 1.9 && hours <= 2.01, `delivery in ${hours} h`);
  });
});
