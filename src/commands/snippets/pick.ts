/** Finding the snippet a command acts on: from its arguments, a tree row, or a quick pick. */
import * as vscode from 'vscode';
import type { SavedSnippet } from '../../api/personal/models';
import { getSavedSnippets } from '../../api/personal/routes';
import type { CurrentSession } from '../../session/manager';
import { firstLine } from '../../views/snippets/provider';
import { isRecord } from '../../guards';
import { pickOne } from '../../ui/quickInput';

/** `{ snippetId }` from tests and other commands, or a tree node (which carries the same field). */
export interface SnippetArgs {
  snippetId?: number;
}

export function snippetIdOf(arg: unknown): number | undefined {
  if (typeof arg === 'number') return arg;
  if (isRecord(arg) && typeof arg.snippetId === 'number') return arg.snippetId;
  return undefined;
}

/**
 * The snippet named by `arg`, else the user's choice. A snippet created a moment ago may not have
 * reached the store through the event queue yet: ask the server before saying it is gone.
 */
export async function resolveSnippet(
  current: CurrentSession,
  arg: unknown,
  placeHolder: string,
): Promise<SavedSnippet | undefined> {
  const id = snippetIdOf(arg);
  if (id !== undefined) {
    const known = current.store.savedSnippets().find((s) => s.id === id);
    if (known) return known;
    const fetched = (await getSavedSnippets(current.client)).saved_snippets.find((s) => s.id === id);
    if (!fetched) throw new Error(`Snippet ${id} does not exist any more (deleted elsewhere?).`);
    return fetched;
  }
  return pickSnippet(current, placeHolder);
}

export async function pickSnippet(current: CurrentSession, placeHolder: string): Promise<SavedSnippet | undefined> {
  const snippets = current.store.savedSnippets();
  if (snippets.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('You have no saved snippets yet. Select some code and run "Team Chat: Save Selection as Snippet".'),
    );
    return undefined;
  }
  const picked = await pickOne(
    snippets.map((s) => ({ label: s.title, detail: firstLine(s.content, 120), snippet: s })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.snippet;
}
