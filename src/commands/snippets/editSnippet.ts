/**
 * `teamChat.editSnippet`: a snippet's content opens in an untitled Markdown tab; code lenses on it
 * save it (PATCH /saved_snippets/{id}, operation 15) and change its title. The tab is closed
 * after a successful save; on a failure it stays open, so nothing typed is lost.
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { updateSavedSnippet } from '../../api/personal/routes';
import { Commands, ContextKeys } from '../../constants';
import { isRecord } from '../../guards';
import type { CurrentSession } from '../../session/manager';
import { Disposable } from '../../base/lifecycle';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { resolveSnippet, snippetIdOf } from './pick';
import { askTitle, checkTitle } from './title';

interface EditEntry {
  readonly snippetId: number;
  readonly accountId: string;
  readonly originalTitle: string;
  title: string;
}

export interface EditSnippetArgs {
  snippetId?: number;
  /** With `title` and/or `content`: saves them directly, without a tab (tests, scripts). */
  title?: string;
  content?: string;
}

/** The open snippet tabs, by document URI. */
export class SnippetEditors extends Disposable implements vscode.CodeLensProvider {
  readonly #entries = new Map<string, EditEntry>();
  readonly #onDidChangeCodeLenses = this._register(new Emitter<void>());
  readonly onDidChangeCodeLenses = this.#onDidChangeCodeLenses.event;

  constructor() {
    super();
    this._register(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (this.#entries.delete(doc.uri.toString())) void this.#updateContext();
      }),
    );
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.#updateContext()));
    this._register(vscode.languages.registerCodeLensProvider({ scheme: 'untitled' }, this));
  }

  add(doc: vscode.TextDocument, entry: EditEntry): void {
    this.#entries.set(doc.uri.toString(), entry);
    this.#onDidChangeCodeLenses.fire();
    void this.#updateContext();
  }

  get(uri: vscode.Uri): EditEntry | undefined {
    return this.#entries.get(uri.toString());
  }

  /** The tab already editing `snippetId`, if any. */
  find(snippetId: number, accountId: string): vscode.TextDocument | undefined {
    for (const [uri, e] of this.#entries) {
      if (e.snippetId === snippetId && e.accountId === accountId) {
        return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
      }
    }
    return undefined;
  }

  titleChanged(): void {
    this.#onDidChangeCodeLenses.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const entry = this.get(doc.uri);
    if (!entry) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('$(save) Save snippet "{0}"', entry.title),
        command: Commands.saveSnippetEdit,
        arguments: [{ uri: doc.uri.toString() }],
      }),
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('$(edit) Change title…'),
        command: Commands.editSnippetTitle,
        arguments: [{ uri: doc.uri.toString() }],
      }),
    ];
  }

  #updateContext(): Thenable<unknown> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return vscode.commands.executeCommand(
      'setContext',
      ContextKeys.snippetEditorActive,
      uri !== undefined && this.#entries.has(uri.toString()),
    );
  }
}

/** Opens the tab (returns its URI), or with `title`/`content` saves directly (returns true). */
export async function editSnippet(
  current: CurrentSession,
  editors: SnippetEditors,
  arg?: EditSnippetArgs,
): Promise<string | boolean | undefined> {
  const snippet = await resolveSnippet(current, snippetIdOf(arg), vscode.l10n.t('Snippet to edit'));
  if (!snippet) return undefined;
  if (arg?.title !== undefined || arg?.content !== undefined) {
    await patch(current, snippet.id, { title: arg.title, content: arg.content });
    return true;
  }
  const open = editors.find(snippet.id, current.account.id);
  if (open) {
    await vscode.window.showTextDocument(open);
    return open.uri.toString();
  }
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: snippet.content });
  editors.add(doc, {
    snippetId: snippet.id,
    accountId: current.account.id,
    originalTitle: snippet.title,
    title: snippet.title,
  });
  await vscode.window.showTextDocument(doc, { preview: false });
  void vscode.window.setStatusBarMessage(
    vscode.l10n.t('Editing the snippet "{0}": use "Save snippet" above the text when done.', snippet.title),
    8000,
  );
  return doc.uri.toString();
}

function entryFor(editors: SnippetEditors, arg: unknown): { doc: vscode.TextDocument; entry: EditEntry } {
  const uriText = isRecord(arg) && typeof arg.uri === 'string' ? arg.uri : undefined;
  const doc = uriText
    ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uriText)
    : vscode.window.activeTextEditor?.document;
  const entry = doc && editors.get(doc.uri);
  if (!doc || !entry)
    throw new UserFacingError(
      vscode.l10n.t('This tab is not a snippet being edited. Use "Team Chat: Edit Snippet…" first.'),
    );
  return { doc, entry };
}

/** `teamChat.saveSnippetEdit`: sends the tab's text (and a changed title), then closes the tab. */
export async function saveSnippetEdit(
  current: CurrentSession,
  editors: SnippetEditors,
  arg?: unknown,
): Promise<boolean> {
  const { doc, entry } = entryFor(editors, arg);
  if (current.account.id !== entry.accountId)
    throw new UserFacingError(vscode.l10n.t('This snippet belongs to another account: switch back to it to save.'));
  await patch(current, entry.snippetId, {
    title: entry.title !== entry.originalTitle ? entry.title : undefined,
    content: doc.getText(),
  });
  // Saved: close without VS Code's "save this untitled file?" question.
  await vscode.window.showTextDocument(doc, { preview: false });
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the snippet "{0}".', entry.title));
  return true;
}

/**
 * `teamChat.editSnippetTitle`: a new title for the snippet in the tab (sent with "Save snippet"); `{ uri, title }`
 * skips the box.
 */
export async function editSnippetTitle(
  current: CurrentSession,
  editors: SnippetEditors,
  arg?: unknown,
): Promise<string | undefined> {
  const found = entryFor(editors, arg);
  const given = isRecord(arg) ? arg.title : undefined;
  let title: string | undefined;
  if (typeof given === 'string') {
    checkTitle(current.client, given);
    title = given;
  } else {
    title = await askTitle(current.client, {
      value: found.entry.title,
      prompt: vscode.l10n.t('The snippet\'s new title, sent with "Save snippet"'),
    });
  }
  if (title === undefined) return undefined;
  found.entry.title = title;
  editors.titleChanged();
  return title;
}

async function patch(
  current: CurrentSession,
  snippetId: number,
  change: { title?: string; content?: string },
): Promise<void> {
  if (change.title !== undefined) checkTitle(current.client, change.title);
  await withNotification(vscode.l10n.t('Saving the snippet…'), (signal) =>
    updateSavedSnippet(current.client, { saved_snippet_id: snippetId, ...change }, { signal }),
  );
}
