/** Markdown code blocks as chat messages write them. No `vscode`: shared by every feature that posts code. */

/**
 * `code` in a fenced block with the language's info string; the fence is longer than any backtick
 * run inside the code, so the code cannot close it early. `plaintext` and odd ids get no info string.
 */
export function fencedBlock(code: string, languageId: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const lang = /^[\w+#.-]+$/.test(languageId) && languageId !== 'plaintext' ? languageId : '';
  return `${fence}${lang}\n${code.replace(/\n$/, '')}\n${fence}`;
}
