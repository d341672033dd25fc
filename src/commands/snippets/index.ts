/** Saved snippets: the tree, insert as a comment / into the compose box, save the selection, edit, delete. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import * as snippetsView from '../../views/snippets';
import { insertSnippetIntoCompose, noComposeTarget, type ComposeTarget } from './compose';
import { deleteSnippet } from './deleteSnippet';
import { editSnippet, editSnippetTitle, saveSnippetEdit, SnippetEditors } from './editSnippet';
import { insertAsComment, type InsertResult } from './insertAsComment';
import { resolveSnippet, snippetIdOf } from './pick';
import { saveSelectionAsSnippet } from './saveSelection';
import { requireSession, showError } from './session';

export type { ComposeTarget } from './compose';

export function register(services: Services, options: { compose?: ComposeTarget } = {}): void {
  const { context } = services;
  snippetsView.register(services);
  const editors = new SnippetEditors();
  context.subscriptions.push(editors);
  const compose = options.compose ?? noComposeTarget;
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.insertSnippet, (arg?: unknown) => insertSnippet(services, arg)),
    vscode.commands.registerCommand(Commands.insertSnippetIntoCompose, (arg?: unknown) => insertSnippetIntoCompose(services, compose, arg)),
    vscode.commands.registerCommand(Commands.saveSelectionAsSnippet, (arg?: { title?: string }) => saveSelectionAsSnippet(services, arg)),
    vscode.commands.registerCommand(Commands.editSnippet, (arg?: { snippetId?: number }) => editSnippet(services, editors, arg)),
    vscode.commands.registerCommand(Commands.saveSnippetEdit, (arg?: unknown) => saveSnippetEdit(services, editors, arg)),
    vscode.commands.registerCommand(Commands.editSnippetTitle, (arg?: unknown) => editSnippetTitle(services, editors, arg)),
    vscode.commands.registerCommand(Commands.deleteSnippet, (arg?: { snippetId?: number; confirm?: boolean }) => deleteSnippet(services, arg)),
  );
}

/** `teamChat.insertSnippet`: at the cursor of the active editor, as a comment in its language. */
async function insertSnippet(services: Services, arg?: unknown): Promise<InsertResult | undefined> {
  const current = requireSession(services);
  if (!current) return undefined;
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage('Open a file and put the cursor where the snippet should go.');
    return undefined;
  }
  try {
    const snippet = await resolveSnippet(current, snippetIdOf(arg), 'Snippet to insert as a comment');
    if (!snippet) return undefined;
    const result = await insertAsComment(editor, snippet.content);
    if (result.commented === 'none') {
      void vscode.window.showInformationMessage(`${editor.document.languageId} has no comment syntax: the snippet was inserted as plain text.`);
    }
    return result;
  } catch (error) {
    showError(services, 'Inserting the snippet', error);
    return undefined;
  }
}
