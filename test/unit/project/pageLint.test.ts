// The pages' lint selectors of issue 26 item 3 (eslint.config.mjs, the page block): no hand-rolled el()
// (lit-html templates build the DOM) and nothing started on import (a listener or the VS Code API handle
// at the top level of a module). Linted with ESLint's Node API and the project's own config, as the text
// of a page file (nothing is written to disk).
import * as assert from 'assert';
import * as path from 'path';
import { projectEslint } from '../support/eslint';
import { ROOT } from '../support/repo';
const PAGE = path.join(ROOT, 'src', 'webviews', 'topicView', 'page', 'drafts.ts');

/** The lines of `code` (linted as a page file) that no-restricted-syntax refuses, with the message's start. */
async function refused(code: string): Promise<string[]> {
  const [result] = await (await projectEslint()).lintText(code, { filePath: PAGE });
  return result.messages
    .filter((m: { ruleId: string | null }) => m.ruleId === 'no-restricted-syntax')
    .map((m: { line: number; message: string }) => `${m.line}: ${m.message.split(' ').slice(0, 3).join(' ')}`);
}

describe('the pages lint selectors (issue 26 item 3)', function () {
  // Type-aware linting builds the project's program first: slow on a busy machine.
  this.timeout(180000);

  it('refuses el() and start-up on import, and allows the same inside a start function', async () => {
    const code = [
      "import { dom } from './state';",
      'const el = (tag: string): HTMLElement => document.createElement(tag);',
      "el('div');",
      "window.addEventListener('message', () => dom);",
      'export const api = acquireVsCodeApi();',
      'export function start(): void {',
      "  window.addEventListener('click', () => dom);",
      '  const handle = acquireVsCodeApi();',
      '  handle.postMessage(1);',
      "  el('p');",
      '}',
      '',
    ].join('\n');
    assert.deepStrictEqual(await refused(code), [
      '3: Build page DOM',
      '4: Nothing starts on',
      '5: Nothing starts on',
      '10: Build page DOM',
    ]);
  });
});
