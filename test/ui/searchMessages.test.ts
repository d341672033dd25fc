// UI test of "Search Messages…" in the real workbench: Ctrl+Alt+C Shift+F opens the search box with
// the operator cheat-sheet; a bad query shows its error in the box and sends nothing; picking an
// operator adds it to the query; the Search Results view appears with the matches grouped by
// conversation; a message row opens its conversation at that message; Clear hides the view.
// Screenshots are saved and looked at.
import * as assert from 'assert';
import { useWorkbench } from './workbench';

describe('UI: Search Messages', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true });

  /** The texts of the search box's rows that do not fit (shown cut off with "…"). */
  const cutOff = (): Promise<string[]> =>
    wb
      .quickInput()
      .locator('.monaco-list-row')
      .evaluateAll((rows) =>
        rows.flatMap((row) =>
          Array.from(row.querySelectorAll<HTMLElement>('*'))
            .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.innerText),
        ),
      );

  it('searches the organisation and lists the matches by conversation', async () => {
    await wb.openActivity('Team Chat');
    await wb.waitForLiveSession(120_000);
    const widget = wb.quickInput();
    const input = wb.quickInputBox();
    await wb.page.locator('.monaco-workbench').click({ position: { x: 600, y: 400 } });
    await wb.page.keyboard.press('Control+Alt+C');
    await wb.page.keyboard.press('Shift+F');
    await widget
      .locator('.quick-input-title', { hasText: 'Search Messages' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await widget.locator('.monaco-list-row', { hasText: 'channel:' }).first().waitFor({ state: 'visible' });
    assert.match(await widget.innerText(), /has:link, has:attachment, has:image, has:reaction/);

    // A channel that does not exist: the first row says so; Enter keeps the box open.
    await input.fill('channel:nowhere deploy');
    const error = widget.locator('.monaco-list-row', { hasText: 'No channel named "nowhere"' }).first();
    await error.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await error.innerText(), /Put quotes around a name with spaces\./);
    await wb.screenshot('search-box-error');
    // Nothing in the box is cut off with "…": the error's two parts, the operator rows.
    assert.deepEqual(await cutOff(), []);
    await input.fill('deploy is:everything');
    await widget
      .locator('.monaco-list-row', { hasText: '"is:everything" is not a search' })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    assert.deepEqual(await cutOff(), [], 'the longest hint fits too');
    await input.fill('channel:nowhere deploy');
    await error.waitFor({ state: 'visible', timeout: 10_000 });
    await input.press('Enter');
    await wb.page.waitForTimeout(500);
    assert.ok(await widget.isVisible(), 'a bad query keeps the box open');
    assert.equal(await input.inputValue(), 'channel:nowhere deploy', 'nothing typed is lost');

    // Picking an operator adds it to the query.
    await input.fill('deploy');
    await widget.locator('.monaco-list-row', { hasText: 'is:dm, starred' }).first().click();
    await wb.page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('.quick-input-widget input')?.value === 'deploy is:',
      undefined,
      { timeout: 5_000 },
    );
    await input.fill('deploy');
    await widget.locator('.monaco-list-row', { hasText: 'Search' }).first().waitFor({ state: 'visible' });
    await input.press('Enter');

    const results = wb.view('Search Results');
    await results
      .locator('.monaco-list-row', { hasText: '#engineering › deploys' })
      .first()
      .waitFor({ state: 'visible', timeout: 45_000 });
    await wb.showOnlyView('Search Results');
    await results
      .locator('.monaco-list-row', { hasText: 'Deploy freeze until Monday' })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    await wb.screenshot('search-results');
    const rows = await wb.treeRows('Search Results');
    const first = rows.findIndex((r) => r.includes('#engineering › deploys'));
    const second = rows.findIndex((r) => r.includes('#general › ✔ deploy freeze'));
    assert.ok(first >= 0 && second > first, `newest conversation first: ${JSON.stringify(rows)}`);
    assert.match(rows[first]!, /2 matches/);
    assert.match(rows[second]!, /2 matches/);
    assert.ok(
      rows.some((r) => r.startsWith('Adam') && r.includes('Deploy freeze until Monday')),
      JSON.stringify(rows),
    );
    assert.match(await results.innerText(), /4 messages in 2 conversations/);
    // The search word is highlighted in the labels.
    assert.ok((await results.locator('.monaco-list-row .monaco-highlighted-label .highlight').count()) >= 2);

    // A message row opens its conversation at that message.
    await results.locator('.monaco-list-row', { hasText: 'Deploy freeze until Monday' }).first().click();
    const frame = wb.webviewFrame();
    await frame
      .locator('li.message.revealed', { hasText: 'Deploy freeze until Monday' })
      .first()
      .waitFor({ timeout: 60_000 });
    await wb.screenshot('search-results-opened');

    // Clear hides the view.
    await results.locator('.pane-header').hover();
    await results.locator('.pane-header .action-label[aria-label^="Clear Search Results"]').click();
    await results.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
