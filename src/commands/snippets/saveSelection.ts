/** `teamChat.saveSelectionAsSnippet`: the editor selection becomes a saved snippet (POST /saved_snippets). */
import * as vscode from 'vscode';
import { createSavedSnippet } from '../../api/personal/routes';
import { checkContent } from '../../api/validation';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { askTitle, checkTitle } from './title';

export interface SaveSelectionArgs {
  /** Skips the title box (tests). */
  title?: string;
}

/** Returns the new snippet's id, or undefined when nothing was saved. */
export async function saveSelectionAsSnippet(
  current: CurrentSession,
  args: SaveSelectionArgs = {},
): Promise<number | undefined> {
  const editor = vscode.window.activeTextEditor;
  const content = editor ? editor.document.getText(editor.selection) : '';
  if (!editor || content.trim() === '')
    throw new UserFacingError(vscode.l10n.t('Select the text to save as a snippet first.'));
  // Content over the message limit cannot be inserted into a message later: refuse before asking a title.
  checkContent(content, current.client.limits, 'POST /saved_snippets');
  let title = args.title;
  if (title === undefined) {
    title = await askTitle(current.client, {
      value: suggestTitle(content),
      prompt: vscode.l10n.t('A title for the snippet'),
    });
    if (title === undefined) return undefined;
  } else {
    checkTitle(current.client, title);
  }
  const { saved_snippet_id } = await withNotification(vscode.l10n.t('Saving the snippet…'), (signal) =>
    createSavedSnippet(current.client, { title: title!, content }, { signal }),
  );
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the snippet "{0}".', title));
  return saved_snippet_id;
}

/** The first non-blank line, trimmed to fit a title. */
function suggestTitle(content: string): string {
  const line =
    content
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  const chars = [...line];
  return chars.length > 50 ? chars.slice(0, 50).join('') : line;
}
