/**
 * `teamChat.insertSnippetIntoCompose`: puts a snippet into the compose box of the active topic
 * view. The topic view implements `ComposeTarget` (src/webviews/topicView) and is passed to
 * `register()` in extension.ts; without one, the command says to open a topic first.
 */
import * as vscode from 'vscode';
import type { CurrentSession } from '../../session/manager';
import { resolveSnippet, snippetIdOf } from './pick';

export interface ComposeTarget {
  /**
   * Inserts `text` at the compose box's cursor of the active topic view (else the most recently
   * active one) and reveals it. False when no topic view is open.
   */
  insertIntoCompose(text: string): Promise<boolean> | boolean;
}

export const noComposeTarget: ComposeTarget = { insertIntoCompose: () => false };

export async function insertSnippetIntoCompose(
  current: CurrentSession,
  target: ComposeTarget,
  arg?: unknown,
): Promise<boolean> {
  const snippet = await resolveSnippet(current, snippetIdOf(arg), vscode.l10n.t('Snippet to insert into the message'));
  if (!snippet) return false;
  if (await target.insertIntoCompose(snippet.content)) return true;
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Open a topic first (Topics view): the snippet goes into its compose box.'),
  );
  return false;
}
