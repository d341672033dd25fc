// UI: a saved snippet in the Saved Snippets tree, inserted at the cursor as a code comment in a
// TypeScript and a Python editor through the command palette and the snippet quick pick.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { createSavedSnippet } from '../../src/api/personal/routes';
import { editorLines, goToLine, openFile } from './helpers';
import { useWorkbench, type Workbench } from './workbench';

const TITLE = 'Retry policy';
const CONTENT = 'Retry with backoff:\nwait 2^n seconds, at most 5 times';

async function insertSnippetFromPalette(wb: Workbench, shot: string): Promise<void> {
  await wb.runCommand('Team Chat: Insert Snippet as Comment');
  await wb.quickInputBox().fill(TITLE);
  const row = wb.quickInput().locator('.monaco-list-row', { hasText: TITLE }).first();
  await row.waitFor({ state: 'visible', timeout: 10_000 });
  if (shot) await wb.screenshot(shot);
  await wb.quickInputBox().press('Enter');
  await wb.page.waitForTimeout(800);
}

/** Polls the active editor until `ok` holds (10 s), then returns its lines either way. */
async function waitForLines(wb: Workbench, ok: (lines: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = await editorLines(wb);
    if (ok(lines) || Date.now() > deadline) return lines;
    await wb.page.waitForTimeout(250);
  }
}

describe('UI: saved snippets inserted as comments', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ autoSignIn: true });

  before(async function () {
    this.timeout(60_000);
    await createSavedSnippet(wb.client(wb.firstMember()), { title: TITLE, content: CONTENT });
    fs.writeFileSync(path.join(wb.workspace, 'retry.ts'), 'export function retry(run: () => void) {\n  run();\n}\n');
    fs.writeFileSync(path.join(wb.workspace, 'retry.py'), 'def retry(run):\n    run()\n');
  });

  it('lists the snippet in the Saved Snippets tree', async () => {
    await wb.openActivity('Team Chat');
    const view = wb.view('Saved Snippets');
    await view.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.expandView('Saved Snippets');
    await view.locator('.monaco-list-row', { hasText: TITLE }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const rows = await wb.treeRows('Saved Snippets');
    assert.ok(
      rows.some((r) => r.includes(TITLE) && r.includes('Retry with backoff')),
      JSON.stringify(rows),
    );
    await wb.screenshot('snippets-tree');
  });

  it('inserts it as // comments in a TypeScript file', async () => {
    await openFile(wb, 'retry.ts');
    await goToLine(wb, 2);
    await insertSnippetFromPalette(wb, 'snippets-quick-pick');
    const lines = await waitForLines(wb, (ls) => ls.some((l) => l.trim() === '// Retry with backoff:'));
    assert.ok(
      lines.some((l) => l.trim() === '// Retry with backoff:'),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.trim() === '// wait 2^n seconds, at most 5 times'),
      lines.join('\n'),
    );
    await wb.page.keyboard.press('Escape');
    await wb.screenshot('snippet-comment-typescript');
  });

  it('inserts it as # comments in a Python file', async () => {
    await openFile(wb, 'retry.py');
    await goToLine(wb, 2);
    await insertSnippetFromPalette(wb, '');
    const lines = await waitForLines(wb, (ls) => ls.some((l) => l.trim() === '# Retry with backoff:'));
    assert.ok(
      lines.some((l) => l.trim() === '# Retry with backoff:'),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.trim() === '# wait 2^n seconds, at most 5 times'),
      lines.join('\n'),
    );
    await wb.page.keyboard.press('Escape');
    await wb.screenshot('snippet-comment-python');
  });
});
