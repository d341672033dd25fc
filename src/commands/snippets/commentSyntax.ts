/**
 * A language's comment syntax, as its `language-configuration.json` declares it, and snippet
 * lines commented with it the way VS Code's "Add Line Comment" / "Toggle Block Comment" would.
 * Computing the text here lets the insertion be one edit, so one Undo removes it. No vscode.
 */

export interface CommentSyntax {
  readonly line?: string;
  readonly block?: readonly [string, string];
}

/** JSON with comments and trailing commas (the format of language configuration files). */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else {
      out += c;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

/** `comments` of a language configuration; `lineComment` is a string or (newer) `{ comment }`. */
export function commentSyntaxOf(config: unknown): CommentSyntax | undefined {
  const comments = (config as { comments?: { lineComment?: unknown; blockComment?: unknown } } | null)?.comments;
  if (typeof comments !== 'object' || comments === null) return undefined;
  const lc = comments.lineComment;
  const line =
    typeof lc === 'string'
      ? lc
      : typeof (lc as { comment?: unknown } | null)?.comment === 'string'
        ? (lc as { comment: string }).comment
        : undefined;
  const bc = comments.blockComment;
  const block =
    Array.isArray(bc) && bc.length === 2 && typeof bc[0] === 'string' && typeof bc[1] === 'string'
      ? ([bc[0], bc[1]] as const)
      : undefined;
  if (!line && !block) return undefined;
  return { line: line || undefined, block };
}

/**
 * The lines commented: with a line comment, `token ` after the common indentation of each
 * non-blank line (blank lines stay empty); else one block around them, after the first line's
 * indentation. `none` when the language has neither.
 */
export function commentLines(
  lines: readonly string[],
  syntax: CommentSyntax | undefined,
): { lines: string[]; commented: 'line' | 'block' | 'none' } {
  const indentOf = (l: string) => /^\s*/.exec(l)![0].length;
  if (syntax?.line) {
    const filled = lines.filter((l) => l.trim() !== '');
    const common = filled.length === 0 ? 0 : Math.min(...filled.map(indentOf));
    return {
      lines: lines.map((l) => (l.trim() === '' ? l : `${l.slice(0, common)}${syntax.line} ${l.slice(common)}`)),
      commented: 'line',
    };
  }
  if (syntax?.block && lines.length > 0) {
    const [open, close] = syntax.block;
    const out = [...lines];
    const first = indentOf(out[0]!);
    out[0] = `${out[0]!.slice(0, first)}${open} ${out[0]!.slice(first)}`;
    out[out.length - 1] = `${out[out.length - 1]} ${close}`;
    return { lines: out, commented: 'block' };
  }
  return { lines: [...lines], commented: 'none' };
}
