/** `teamChat.deleteSnippet`: deletes a snippet after a modal confirmation. */
import * as vscode from 'vscode';
import { deleteSavedSnippet } from '../../api/personal/routes';
import type { CurrentSession } from '../../session/manager';
import { withNotification } from '../../ui/progress';
import { firstLine } from '../../views/snippets/provider';
import { resolveSnippet, snippetIdOf } from './pick';

export interface DeleteSnippetArgs {
  snippetId?: number;
  /** `false` skips the confirmation (tests). */
  confirm?: boolean;
}

export async function deleteSnippet(current: CurrentSession, arg?: DeleteSnippetArgs): Promise<boolean> {
  const snippet = await resolveSnippet(current, snippetIdOf(arg), vscode.l10n.t('Snippet to delete'));
  if (!snippet) return false;
  if (arg?.confirm !== false) {
    const del = vscode.l10n.t('Delete');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete the snippet "{0}"?', snippet.title),
      { modal: true, detail: vscode.l10n.t('{0}\n\nThis cannot be undone.', firstLine(snippet.content, 200)) },
      del,
    );
    if (choice !== del) return false;
  }
  await withNotification(vscode.l10n.t('Deleting the snippet…'), (signal) =>
    deleteSavedSnippet(current.client, { saved_snippet_id: snippet.id }, { signal }),
  );
  return true;
}
