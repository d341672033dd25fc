/**
 * What a message's code block offers (`teamChat.codeBlockAction`, run by the conversation view):
 * Copy, Insert at Cursor (in the editor the user last worked in, one undo step), Open in New
 * Editor (in the block's language), Compare with Selection (a read-only diff), and the
 * organisation's code playgrounds for the block's language.
 */
import * as vscode from 'vscode';
import {
  languageIdOfBlock,
  playgroundsFor,
  playgroundUrl,
  type PlaygroundDefinition,
} from '../../codeRefs/playgrounds';
import { isRecord } from '../../guards';
import type { Services } from '../../services';
import { UserFacingError } from '../../ui/errorMessage';
import { Disposable } from '../../base/lifecycle';
import {
  CODE_BLOCK_ACTIONS,
  CODE_BLOCK_MAX_LENGTH,
  type CodeBlockParams,
} from '../../webviews/topicView/codeBlockProtocol';

export type CodeBlockArgs = CodeBlockParams;

export function isCodeBlockArgs(value: unknown): value is CodeBlockArgs {
  return (
    isRecord(value) &&
    (CODE_BLOCK_ACTIONS as readonly unknown[]).includes(value.action) &&
    typeof value.code === 'string' &&
    value.code.length <= CODE_BLOCK_MAX_LENGTH &&
    typeof value.language === 'string' &&
    (value.playgroundId === undefined || typeof value.playgroundId === 'number')
  );
}

/** What an action did (tests read it; the user sees the editor, the diff or the status bar). */
export type CodeBlockResult =
  | { readonly action: 'copy' }
  | { readonly action: 'insert'; readonly uri: string; readonly ranges: number }
  | { readonly action: 'open'; readonly languageId: string; readonly uri: string }
  | { readonly action: 'compare'; readonly left: string; readonly right: string }
  | { readonly action: 'playground'; readonly url: string; readonly opened: boolean };

/** Read-only documents for the two sides of Compare with Selection. */
export const CODE_SCHEME = 'team-chat-code';
/** How many compared texts are kept for their open diff editors. */
const KEEP_TEXTS = 40;

/** Whether a tab still shows `uri` (a document stays loaded a while after its editor is closed). */
function hasTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key),
  );
}

/** The URL of the block's code in the playground `args.playgroundId`, if it is one for the block's language. */
export function playgroundLink(
  playgrounds: readonly PlaygroundDefinition[],
  args: Pick<CodeBlockArgs, 'code' | 'language' | 'playgroundId'>,
): string {
  const playground = playgroundsFor(args.language, playgrounds).find((p) => p.id === args.playgroundId);
  if (!playground)
    throw new UserFacingError(
      args.language
        ? vscode.l10n.t('The organization has no such playground for {0} any more.', args.language)
        : vscode.l10n.t('The organization has no such playground for this code any more.'),
    );
  return playgroundUrl(playground.url_template, args.code);
}

export class CodeBlockActions extends Disposable {
  /** The last text editor that had the focus (a webview has it while its action runs). */
  #lastEditor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  readonly #texts = new Map<string, string>();
  #next = 0;

  constructor(private readonly services: Services) {
    super();
    this._register(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && editor.document.uri.scheme !== CODE_SCHEME && editor.document.uri.scheme !== 'output')
          this.#lastEditor = editor;
      }),
    );
    const texts = this.#texts;
    this._register(
      vscode.workspace.registerTextDocumentContentProvider(CODE_SCHEME, {
        provideTextDocumentContent: (uri) => texts.get(uri.path) ?? '',
      }),
    );
  }

  /** The editor to insert into or compare with: the active one, else the last one used, else a visible one. */
  #target(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active && active.document.uri.scheme !== CODE_SCHEME) return active;
    const last = this.#lastEditor;
    if (last && !last.document.isClosed && hasTab(last.document.uri)) return last;
    return vscode.window.visibleTextEditors.find(
      (e) => e.document.uri.scheme !== CODE_SCHEME && e.document.uri.scheme !== 'output',
    );
  }

  async run(args: CodeBlockArgs): Promise<CodeBlockResult> {
    switch (args.action) {
      case 'copy':
        await vscode.env.clipboard.writeText(args.code);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Team Chat: code copied.'), 3000);
        return { action: 'copy' };
      case 'insert':
        return this.#insert(args.code);
      case 'open': {
        const languageId = languageIdOfBlock(args.language, await vscode.languages.getLanguages());
        const document = await vscode.workspace.openTextDocument({ content: args.code, language: languageId });
        await vscode.window.showTextDocument(document, { preview: false });
        return { action: 'open', languageId: document.languageId, uri: document.uri.toString() };
      }
      case 'compare':
        return this.#compare(args);
      case 'playground':
        return this.#playground(args);
    }
  }

  async #insert(code: string): Promise<CodeBlockResult> {
    const target = this.#target();
    if (!target)
      throw new UserFacingError(vscode.l10n.t('Open a file in the editor and place the cursor where the code goes.'));
    // Shown again in its column (a webview may cover it), keeping its cursor.
    const editor = await vscode.window.showTextDocument(target.document, {
      viewColumn: target.viewColumn,
      selection: target.selection,
    });
    const selections = target.selections;
    const done = await editor.edit((edit) => {
      for (const selection of selections) edit.replace(selection, code);
    });
    if (!done)
      throw new UserFacingError(vscode.l10n.t('The editor did not accept the insertion (is the file read-only?).'));
    return { action: 'insert', uri: editor.document.uri.toString(), ranges: selections.length };
  }

  #remember(name: string, text: string): vscode.Uri {
    const path = `/${++this.#next}/${name}`;
    this.#texts.set(path, text);
    while (this.#texts.size > KEEP_TEXTS) this.#texts.delete(this.#texts.keys().next().value!);
    return vscode.Uri.from({ scheme: CODE_SCHEME, path });
  }

  async #compare(args: CodeBlockArgs): Promise<CodeBlockResult> {
    const editor = this.#target();
    if (!editor || editor.selection.isEmpty)
      throw new UserFacingError(
        vscode.l10n.t('Select the code to compare with in an editor, then choose Compare with Selection.'),
      );
    const { document, selection } = editor;
    const where =
      `${vscode.workspace.asRelativePath(document.uri, false)}:${selection.start.line + 1}-` +
      `${selection.end.line + 1}`;
    const left = this.#remember(
      vscode.l10n.t('Selection ({0})', where.replace(/\//g, '∕')),
      document.getText(selection),
    );
    const right = this.#remember(vscode.l10n.t('Code block'), args.code);
    // Both sides in the selection's language, so the diff highlights alike.
    for (const uri of [left, right])
      await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), document.languageId);
    await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} ↔ code block', where), {
      preview: false,
    });
    return { action: 'compare', left: left.toString(), right: right.toString() };
  }

  async #playground(args: CodeBlockArgs): Promise<CodeBlockResult> {
    const current = this.services.sessions.current;
    if (!current) throw new UserFacingError(vscode.l10n.t('Sign in to open the code in a playground.'));
    const url = playgroundLink(current.store.playgrounds(), args);
    // VS Code asks the user first for a site they have not trusted.
    const opened = await vscode.env.openExternal(vscode.Uri.parse(url, true));
    return { action: 'playground', url, opened };
  }
}
