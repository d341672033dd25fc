/**
 * "Share Terminal Selection to Chat…" (the terminal's context menu): posts the selected output as a
 * fenced block to a channel and topic, under the command line that printed it when the shell's
 * integration reported the command (its output is kept, a little, to find which command it was).
 */
import * as vscode from 'vscode';
import { Disposable } from '../../base/lifecycle';
import { commandOf, terminalShareContent } from '../../codeRefs/terminalShare';
import type { CurrentSession } from '../../session/manager';
import type { OutboxService } from '../../session/outbox';
import { UserFacingError } from '../../ui/errorMessage';
import { showQueued } from '../../ui/queued';
import { isTopicTarget, pickChannel, pickTopicOf, type TopicTarget } from '../topic/pickers';

/** How many of a terminal's latest commands, and how much of each one's output, are kept. */
const COMMANDS_KEPT = 20;
const OUTPUT_KEPT = 64 * 1024;

interface Recorded {
  readonly execution: vscode.TerminalShellExecution;
  output: string;
}

/** The commands each terminal ran (as shell integration reports them), with the tail of their output. */
export class TerminalCommands extends Disposable {
  readonly #byTerminal = new Map<vscode.Terminal, Recorded[]>();

  constructor() {
    super();
    this._register(vscode.window.onDidStartTerminalShellExecution((e) => void this.#record(e.terminal, e.execution)));
    this._register(vscode.window.onDidCloseTerminal((t) => this.#byTerminal.delete(t)));
  }

  async #record(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): Promise<void> {
    const list = this.#byTerminal.get(terminal) ?? [];
    // The command line is read when shared: for a typed command the shell may report it later.
    const entry: Recorded = { execution, output: '' };
    list.push(entry);
    if (list.length > COMMANDS_KEPT) list.shift();
    this.#byTerminal.set(terminal, list);
    try {
      for await (const data of execution.read()) {
        entry.output = (entry.output + data).slice(-OUTPUT_KEPT);
      }
    } catch {
      // The terminal went away: what was read is kept.
    }
  }

  commandsOf(terminal: vscode.Terminal | undefined): { commandLine: string; output: string }[] {
    return ((terminal && this.#byTerminal.get(terminal)) ?? []).map((r) => ({
      commandLine: r.execution.commandLine.value,
      output: r.output,
    }));
  }
}

/** The active terminal's selection, through the clipboard (put back as it was). */
async function terminalSelection(): Promise<string> {
  const previous = await vscode.env.clipboard.readText();
  await vscode.env.clipboard.writeText('');
  try {
    await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    return await vscode.env.clipboard.readText();
  } finally {
    await vscode.env.clipboard.writeText(previous);
  }
}

/** Posts the selection; `{streamId, topic}` in the arguments skips the picks. */
export async function shareTerminalSelection(
  current: CurrentSession,
  outbox: OutboxService,
  commands: TerminalCommands,
  args: unknown,
): Promise<{ id?: number; target: TopicTarget; content: string } | undefined> {
  const terminal = vscode.window.activeTerminal;
  const selection = terminal ? await terminalSelection() : '';
  if (selection.trim() === '') throw new UserFacingError(vscode.l10n.t('Select some output in the terminal first.'));
  const content = terminalShareContent(selection, commandOf(selection, commands.commandsOf(terminal)));
  let target = isTopicTarget(args) ? { streamId: args.streamId, topic: args.topic } : undefined;
  if (!target) {
    const title = vscode.l10n.t('Share Terminal Selection');
    const streamId = await pickChannel(current.store, title, 'post');
    if (streamId === undefined) return undefined;
    const topic = await pickTopicOf(current.store, streamId, title, true);
    if (topic === undefined) return undefined;
    target = { streamId, topic: topic.trim() };
  }
  const result = await outbox.sendAndWait({ type: 'stream', streamId: target.streamId, topic: target.topic }, content);
  if (result.id === undefined) showQueued();
  else
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Shared the terminal selection in #{0} › {1}.',
        current.store.channelName(target.streamId) ?? target.streamId,
        target.topic,
      ),
    );
  return { id: result.id, target, content };
}
