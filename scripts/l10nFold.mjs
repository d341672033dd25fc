// `npm run l10n` reads each message from the source, and @vscode/l10n-dev's extractor takes only a
// single literal as `l10n.t`'s message: a long message split as `'…' + '…'` (no src line may pass
// 120 characters, and Prettier does not break strings) would be left out of the bundle silently.
// `foldConcatenations` rewrites such a message into the one literal it evaluates to, for the
// extractor's copy of src/ only; at run time `'a' + 'b'` is the same key.
import ts from 'typescript';

/** The string a `+` chain of string literals evaluates to; undefined for anything else. */
function concatenated(node) {
  if (ts.isParenthesizedExpression(node)) return concatenated(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = concatenated(node.left);
    const right = concatenated(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

/** Whether `callee` is `l10n.t` or `vscode.l10n.t` (any object ending in `l10n`). */
function isL10nT(callee) {
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 't' &&
    ((ts.isIdentifier(callee.expression) && callee.expression.text === 'l10n') ||
      (ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === 'l10n'))
  );
}

/** `text` with the message of every `l10n.t('a' + 'b', …)` folded into one literal (`'ab'`). */
export function foldConcatenations(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && isL10nT(node.expression) && node.arguments.length > 0) {
      const message = node.arguments[0];
      if (ts.isBinaryExpression(message) || ts.isParenthesizedExpression(message)) {
        const value = concatenated(message);
        if (value !== undefined) edits.push({ start: message.getStart(source), end: message.end, value });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + JSON.stringify(e.value) + out.slice(e.end);
  return out;
}
