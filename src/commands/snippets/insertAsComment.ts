/**
 * `teamChat.insertSnippet`: inserts a snippet at the cursor as a code comment in the file's own
 * language, in ONE edit (one Undo removes it). The comment tokens come from the language's
 * configuration file, which the extension contributing the language declares (the built-in ones
 * included), so every language VS Code can comment works; languages with only block comments
 * (HTML, CSS, Markdown…) get one block around the lines.
 */
import * as vscode from 'vscode';
import { commentLines, commentSyntaxOf, parseJsonc, type CommentSyntax } from './commentSyntax';

export interface InsertResult {
  /** The lines now holding the snippet (0-based, inclusive). */
  readonly startLine: number;
  readonly endLine: number;
  readonly commented: 'line' | 'block' | 'none';
}

/** Snippet text as lines with the indentation of the cursor's line; blank lines stay empty. */
export function snippetLines(text: string, indent: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').replace(/^\n+/, '').split('\n');
  return lines.map((l) => (l.trim() === '' ? '' : indent + l));
}

export async function insertAsComment(editor: vscode.TextEditor, text: string): Promise<InsertResult> {
  const doc = editor.document;
  const cursor = editor.selection.active;
  const line = doc.lineAt(cursor.line);
  const indent = line.text.slice(0, line.firstNonWhitespaceCharacterIndex);
  const { lines, commented } = commentLines(snippetLines(text, indent), await commentSyntax(doc.languageId));
  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const startLine = cursor.line;
  const endLine = startLine + lines.length - 1;

  // On a blank line the snippet replaces it; otherwise it goes above the cursor's line.
  const ok = await editor.edit(
    (b) => {
      if (line.isEmptyOrWhitespace) b.replace(line.range, lines.join(eol));
      else b.insert(new vscode.Position(cursor.line, 0), lines.join(eol) + eol);
    },
    { undoStopBefore: true, undoStopAfter: true },
  );
  if (!ok) throw new Error('The editor refused the edit (is it read-only?).');
  editor.selection = new vscode.Selection(startLine, 0, endLine, doc.lineAt(endLine).text.length);
  return { startLine, endLine, commented };
}

/** The comment syntax of the first extension contributing `languageId` with a configuration that declares one. */
async function commentSyntax(languageId: string): Promise<CommentSyntax | undefined> {
  for (const ext of vscode.extensions.all) {
    const languages = (ext.packageJSON as { contributes?: { languages?: unknown } } | undefined)?.contributes
      ?.languages;
    if (!Array.isArray(languages)) continue;
    for (const l of languages as { id?: unknown; configuration?: unknown }[]) {
      if (l.id !== languageId || typeof l.configuration !== 'string') continue;
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, l.configuration));
        const syntax = commentSyntaxOf(parseJsonc(new TextDecoder().decode(bytes)));
        if (syntax) return syntax;
      } catch {
        // An unreadable or malformed configuration: try the next contributor.
      }
    }
  }
  return undefined;
}
