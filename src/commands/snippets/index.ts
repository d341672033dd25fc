/** Saved snippets: the tree, insert as a comment / into the compose box, save the selection, edit, delete. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import * as snippetsView from '../../views/snippets';
import { insertSnippetIntoCompose, noComposeTarget, type ComposeTarget } from './compose';
import { deleteSnippet, type DeleteSnippetArgs } from './deleteSnippet';
import { editSnippet, type EditSnippetArgs, editSnippetTitle, saveSnippetEdit, SnippetEditors } from './editSnippet';
import { insertAsComment, type InsertResult } from './insertAsComment';
import { resolveSnippet, snippetIdOf } from './pick';
import { saveSelectionAsSnippet } from './saveSelection';

export type { ComposeTarget } from './compose';

export function register(services: Services, options: { compose?: ComposeTarget } = {}): snippetsView.SnippetsView {
  const view = snippetsView.register(services);
  const editors = new SnippetEditors();
  services.disposables.add(editors);
  const compose = options.compose ?? noComposeTarget;
  // Scripted callers read a result (false / undefined), so failures are shown, not thrown.
  const scripted = 'report' as const;
  registerCommands(services, [
    {
      id: Commands.insertSnippet,
      session: true,
      failure: vscode.l10n.t('Could not insert the snippet'),
      scripted,
      run: ({ current }, arg?: unknown) => insertSnippet(current, arg),
    },
    {
      id: Commands.insertSnippetIntoCompose,
      session: true,
      failure: vscode.l10n.t('Could not insert the snippet'),
      scripted,
      failed: false,
      run: ({ current }, arg?: unknown) => insertSnippetIntoCompose(current, compose, arg),
    },
    {
      id: Commands.saveSelectionAsSnippet,
      session: true,
      failure: vscode.l10n.t('Could not save the snippet'),
      scripted,
      run: ({ current }, arg?: { title?: string }) => saveSelectionAsSnippet(current, arg),
    },
    {
      id: Commands.editSnippet,
      session: true,
      failure: vscode.l10n.t('Could not save the snippet'),
      scripted,
      failed: false,
      run: ({ current }, arg?: EditSnippetArgs) => editSnippet(current, editors, arg),
    },
    {
      id: Commands.saveSnippetEdit,
      session: true,
      failure: vscode.l10n.t('Could not save the snippet'),
      scripted,
      failed: false,
      run: ({ current }, arg?: unknown) => saveSnippetEdit(current, editors, arg),
    },
    {
      id: Commands.editSnippetTitle,
      session: true,
      failure: vscode.l10n.t('Could not change the title'),
      scripted,
      run: ({ current }, arg?: unknown) => editSnippetTitle(current, editors, arg),
    },
    {
      id: Commands.deleteSnippet,
      session: true,
      failure: vscode.l10n.t('Could not delete the snippet'),
      scripted,
      failed: false,
      run: ({ current }, arg?: DeleteSnippetArgs) => deleteSnippet(current, arg),
    },
  ]);
  return view;
}

/** `teamChat.insertSnippet`: at the cursor of the active editor, as a comment in its language. */
async function insertSnippet(current: CurrentSession, arg?: unknown): Promise<InsertResult | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new UserFacingError(vscode.l10n.t('Open a file and put the cursor where the snippet should go.'));
  const snippet = await resolveSnippet(current, snippetIdOf(arg), vscode.l10n.t('Snippet to insert as a comment'));
  if (!snippet) return undefined;
  const result = await insertAsComment(editor, snippet.content);
  if (result.commented === 'none') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} has no comment syntax: the snippet was inserted as plain text.', editor.document.languageId),
    );
  }
  return result;
}
