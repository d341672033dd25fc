/** `teamChat.saveSelectionAsSnippet`: the editor selection becomes a saved snippet (POST /saved_snippets). */
import * as vscode from 'vscode';
import { createSavedSnippet } from '../../api/personal/routes';
import { checkContent } from '../../api/validation';
import type { Services } from '../../services';
import { askTitle, titleProblem } from './title';
import { requireSession, showError, withCallProgress } from './session';

export interface SaveSelectionArgs {
  /** Skips the title box (tests). */
  title?: string;
}

/** Returns the new snippet's id, or undefined when nothing was saved. */
export async function saveSelectionAsSnippet(services: Services, args: SaveSelectionArgs = {}): Promise<number | undefined> {
  const current = requireSession(services);
  if (!current) return undefined;
  const editor = vscode.window.activeTextEditor;
  const content = editor ? editor.document.getText(editor.selection) : '';
  if (!editor || content.trim() === '') {
    void vscode.window.showWarningMessage('Select the text to save as a snippet first.');
    return undefined;
  }
  // Content over the message limit cannot be inserted into a message later: refuse before asking a title.
  try {
    checkContent(content, current.client.limits, 'POST /saved_snippets');
  } catch (error) {
    showError(services, 'Saving the snippet', error);
    return undefined;
  }
  let title = args.title;
  if (title === undefined) {
    title = await askTitle(current.client, { value: suggestTitle(content), prompt: 'A title for the snippet' });
    if (title === undefined) return undefined;
  } else {
    const problem = titleProblem(current.client, title);
    if (problem) {
      void vscode.window.showErrorMessage(`Saving the snippet failed: ${problem}`);
      return undefined;
    }
  }
  try {
    const { saved_snippet_id } = await withCallProgress('Saving the snippet…', (signal) =>
      createSavedSnippet(current.client, { title: title!, content }, { signal }),
    );
    void vscode.window.showInformationMessage(`Saved the snippet "${title}".`);
    return saved_snippet_id;
  } catch (error) {
    showError(services, 'Saving the snippet', error);
    return undefined;
  }
}

/** The first non-blank line, trimmed to fit a title. */
function suggestTitle(content: string): string {
  const line = content.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const chars = [...line];
  return chars.length > 50 ? chars.slice(0, 50).join('') : line;
}
