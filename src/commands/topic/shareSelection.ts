/**
 * `teamChat.shareSelection` ({streamId, topic} skips the pick): sends the editor selection as a
 * fenced code block in its language, under a `path:line-range` reference, to a topic.
 */
import * as vscode from 'vscode';
import { sendMessage } from '../../api/messages/routes';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { isTopicTarget, pickRecentTopic } from './pickers';

/** `path:12` or `path:12-18` (1-based; a selection ending at column 0 stops on the line before). */
export function lineReference(path: string, selection: { start: { line: number }; end: { line: number; character: number } }): string {
  const first = selection.start.line + 1;
  let last = selection.end.line + 1;
  if (selection.end.character === 0 && selection.end.line > selection.start.line) last--;
  return first === last ? `${path}:${first}` : `${path}:${first}-${last}`;
}

/** A fence longer than any backtick run inside the code, so the code cannot close it. */
export function fencedBlock(code: string, languageId: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const lang = /^[\w+#.-]+$/.test(languageId) && languageId !== 'plaintext' ? languageId : '';
  return `${fence}${lang}\n${code.replace(/\n$/, '')}\n${fence}`;
}

export function shareContent(path: string, languageId: string, code: string, selection: Parameters<typeof lineReference>[1]): string {
  return `\`${lineReference(path, selection)}\`\n${fencedBlock(code, languageId)}`;
}

export function register(services: Services): void {
  registerCommands(services, [{
    id: Commands.shareSelection,
    session: true,
    failure: 'Could not share the selection',
    scripted: 'report',
    run: async ({ current }, args?: unknown): Promise<{ id: number } | undefined> => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) throw new UserFacingError('Open a file and select the code to share.');
      const selection = editor.selection.isEmpty ? editor.document.lineAt(editor.selection.active.line).range : editor.selection;
      const code = editor.document.getText(selection);
      if (code.trim() === '') throw new UserFacingError('The selection is empty: select the code to share.');
      const target = isTopicTarget(args) ? args : await pickRecentTopic(current.store, 'Share Selection');
      if (!target) return undefined;
      const path = vscode.workspace.asRelativePath(editor.document.uri, false);
      const content = shareContent(path, editor.document.languageId, code, selection);
      const result = await withNotification('Team Chat: sharing the selection…', (signal) =>
        sendMessage(current.client, { type: 'stream', to: target.streamId, topic: target.topic, content }, { signal }),
      );
      const channel = current.store.channelName(target.streamId) ?? `channel ${target.streamId}`;
      void vscode.window.showInformationMessage(`Shared ${path} to #${channel} › ${target.topic}.`, 'Open Topic').then((choice) => {
        if (choice) void vscode.commands.executeCommand(Commands.openTopic, target);
      });
      return { id: result.id };
    },
  }]);
}
