/**
 * `teamChat.insertSnippet`: inserts a snippet at the cursor as a code comment in the file's own
 * language. The text goes in as plain lines, gets selected, and VS Code's own "Add Line Comment"
 * comments it, so every language with a comment definition works; languages with only block
 * comments (HTML, CSS, Markdown…) fall back to "Toggle Block Comment".
 */
import * as vscode from 'vscode';

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
  // The comment commands act on the active editor: make sure it is this one.
  editor = await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, selection: editor.selection, preserveFocus: false });
  const doc = editor.document;
  const cursor = editor.selection.active;
  const line = doc.lineAt(cursor.line);
  const indent = line.text.slice(0, line.firstNonWhitespaceCharacterIndex);
  const lines = snippetLines(text, indent);
  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const startLine = cursor.line;
  const endLine = startLine + lines.length - 1;

  // On a blank line the snippet replaces it; otherwise it goes above the cursor's line.
  const ok = await editor.edit((b) => {
    if (line.isEmptyOrWhitespace) b.replace(line.range, lines.join(eol));
    else b.insert(new vscode.Position(cursor.line, 0), lines.join(eol) + eol);
  });
  if (!ok) throw new Error('The editor refused the edit (is it read-only?).');

  const select = (): void => {
    editor.selection = new vscode.Selection(startLine, 0, endLine, doc.lineAt(endLine).text.length);
  };
  // A language's comment definition loads with its first document: give it a moment if the
  // first attempt changes nothing.
  for (let attempt = 0; attempt < 3; attempt++) {
    select();
    if (await runAndWaitForEdit('editor.action.addCommentLine', doc)) return { startLine, endLine, commented: 'line' };
  }

  // No line comments in this language: try a block comment around the lines.
  select();
  if (await runAndWaitForEdit('editor.action.blockComment', doc)) {
    const sel = editor.selection;
    return { startLine: Math.min(startLine, sel.start.line), endLine: Math.max(endLine, sel.end.line), commented: 'block' };
  }
  return { startLine, endLine, commented: 'none' };
}

/**
 * Runs an editor command and reports whether it changed `doc`. The command runs in the workbench;
 * its edit reaches the extension host's copy of the document a little after the command returns.
 */
async function runAndWaitForEdit(command: string, doc: vscode.TextDocument, timeoutMs = 1_500): Promise<boolean> {
  let listener: vscode.Disposable | undefined;
  let timer: NodeJS.Timeout | undefined;
  const changed = new Promise<boolean>((resolve) => {
    listener = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === doc && e.contentChanges.length > 0) resolve(true);
    });
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const version = doc.version;
    await vscode.commands.executeCommand(command);
    return doc.version !== version || (await changed);
  } finally {
    listener?.dispose();
    clearTimeout(timer);
  }
}
