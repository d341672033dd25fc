// UI test of channel folders in the real workbench: the demo organisation's Channels tree grouped
// by folder (the pinned channel on top, "Company", "Engineering", then "Other channels"; the
// archived folder not shown), each folder expanded with its channels indented beneath it.
// The screenshot is saved and looked at.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI: channel folders', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  it('shows the Channels tree grouped by folder', async () => {
    await wb.openActivity('Team Chat');
    await wb.waitForLiveSession();
    const channels = wb.view('Channels');
    await channels
      .locator('.monaco-list-row', { hasText: 'Other channels' })
      .first()
      .waitFor({ timeout: 45_000 })
      .catch(async (e) => {
        await wb.screenshot('channel-folders-failed');
        throw e;
      });
    await wb.screenshot('channel-folders');
    // The rows' labels (their descriptions, the unread counts, are apart).
    const rows = (await channels.locator('.monaco-list-row .label-name').allInnerTexts()).map((t) => t.trim());
    const at = (name: string): number => rows.indexOf(name);
    const [pinned, company, general, engineeringFolder, design, other, random] = [
      'engineering',
      'Company',
      'general',
      'Engineering',
      'design',
      'Other channels',
      'random',
    ].map(at);
    assert.deepEqual([pinned, company], [0, 1], JSON.stringify(rows));
    assert.ok(
      company < general &&
        general < engineeringFolder &&
        engineeringFolder < design &&
        design < other &&
        other < random,
      JSON.stringify(rows),
    );
    assert.equal(at('Old projects'), -1, 'the archived folder is hidden');
    // Folder rows are expanded tree nodes; their channels sit one level deeper.
    const level = async (name: string): Promise<string | null> =>
      channels.locator('.monaco-list-row', { hasText: name }).first().getAttribute('aria-level');
    assert.deepEqual([await level('Company'), await level('general'), await level('Other channels')], ['1', '2', '1']);
    assert.equal(
      await channels.locator('.monaco-list-row', { hasText: 'Company' }).first().getAttribute('aria-expanded'),
      'true',
    );
  });
});
