/**
 * What "Share Terminal Selection to Chat…" posts: the selected output as a fenced block, under the
 * command line that produced it when the shell's integration reported it, and how that command is
 * found: the newest command whose output holds the selection. No `vscode`.
 */
import { fencedBlock } from './codeBlock';

/** Terminal escape sequences (colours, cursor moves, shell integration's OSC marks) removed. */
export function plainTerminalText(raw: string): string {
  return raw
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b[@-Z\\-_]/g, '')
    .replace(/\r\n?/g, '\n');
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The command line of the newest command (last in `commands`) whose output holds `selection`, else
 * of the newest whose command line the selection holds (it runs from the command's prompt on).
 */
export function commandOf(
  selection: string,
  commands: readonly { readonly commandLine: string; readonly output: string }[],
): string | undefined {
  const wanted = squash(selection);
  if (wanted === '') return undefined;
  const newestFirst = [...commands].reverse().filter((c) => squash(c.commandLine) !== '');
  const byOutput = newestFirst.find((c) => {
    const output = squash(plainTerminalText(c.output));
    return output !== '' && output.includes(wanted);
  });
  return (byOutput ?? newestFirst.find((c) => wanted.includes(squash(c.commandLine))))?.commandLine;
}

export function terminalShareContent(selection: string, commandLine: string | undefined): string {
  const output = selection.replace(/\s+$/, '');
  const block = fencedBlock(output, 'text');
  if (!commandLine?.trim()) return block;
  const line = commandLine.trim().replace(/\n/g, ' ');
  const fence = '`'.repeat(Math.max(1, ...(line.match(/`+/g) ?? []).map((r) => r.length + 1)));
  const pad = fence.length > 1 || line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `Output of ${fence}${pad}$ ${line}${pad}${fence}:\n${block}`;
}
