/** `teamChat.deleteSnippet`: deletes a snippet after a modal confirmation. */
import * as vscode from 'vscode';
import { deleteSavedSnippet } from '../../api/personal/routes';
import type { Services } from '../../services';
import { firstLine } from '../../views/snippets/provider';
import { resolveSnippet, snippetIdOf } from './pick';
import { requireSession, showError, withCallProgress } from './session';

export interface DeleteSnippetArgs {
  snippetId?: number;
  /** `false` skips the confirmation (tests). */
  confirm?: boolean;
}

export async function deleteSnippet(services: Services, arg?: DeleteSnippetArgs): Promise<boolean> {
  const current = requireSession(services);
  if (!current) return false;
  try {
    const snippet = await resolveSnippet(current, snippetIdOf(arg), 'Snippet to delete');
    if (!snippet) return false;
    if (arg?.confirm !== false) {
      const choice = await vscode.window.showWarningMessage(
        `Delete the snippet "${snippet.title}"?`,
        { modal: true, detail: `${firstLine(snippet.content, 200)}\n\nThis cannot be undone.` },
        'Delete',
      );
      if (choice !== 'Delete') return false;
    }
    await withCallProgress('Deleting the snippet…', (signal) => deleteSavedSnippet(current.client, { saved_snippet_id: snippet.id }, { signal }));
    return true;
  } catch (error) {
    showError(services, 'Deleting the snippet', error);
    return false;
  }
}
