// A local ESLint rule: text shown to the user is written in English in the code and goes through
// `vscode.l10n.t(...)` (host) or `l10n.t(...)` from `@vscode/l10n` (pages and the plain-Node
// layers), so a translation (and the pseudo-locale test) reaches it. It reports a string or
// template literal with words in a place whose text the user reads:
//   - the arguments of window.show{Information,Warning,Error}Message and setStatusBarMessage;
//   - object properties and assignments named like UI text (title, placeHolder, prompt, label,
//     description, detail, tooltip, message, textContent, ariaLabel, the command kit's failure...);
//   - `new TreeItem(...)`, the user-facing error classes, MarkdownString;
//   - pages: `setAttribute('aria-label' | 'title' | 'placeholder', ...)`,
//     `actionButton(text, title)`; Markdown's append*; reportError's failure;
//   - pages' lit-html templates (html`...`): their text between tags, the text attributes written
//     in them, and literals put where text or a text attribute goes.
// A literal split with `+` (no src line passes 120 characters) is checked part by part. And the
// message of an `l10n.t(...)` is one literal or a `+` chain of literals: `npm run l10n` folds the
// chain (scripts/l10nFold.mjs) and extracts it; anything else would be missing from the bundle.
// A literal with no letters once codicons (`$(sync~spin)`) are removed is not text. Where a
// literal in such a place is not UI text (an id, a CSS class), disable the rule on that line with
// the reason.

const MESSAGE_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
]);
const TEXT_PROPERTIES = new Set([
  'title',
  'placeHolder',
  'placeholder',
  'prompt',
  'label',
  'description',
  'detail',
  'tooltip',
  'message',
  'validationMessage',
  'textContent',
  'innerText',
  'ariaLabel',
  'aria-label',
  'failure',
  'contextValueLabel',
  'empty',
  'busy',
  'openLabel',
  'alt',
]);
/** Classes whose argument at the given index is shown text (SignInError's first is its kind). */
const TEXT_CLASSES = new Map([
  ['TreeItem', 0],
  ['UserFacingError', 0],
  ['SignInRequiredError', 0],
  ['ZuliprcError', 0],
  ['ValidationError', 0],
  ['MarkdownString', 0],
  ['SignInError', 1],
]);
/** Helpers whose arguments at these indexes are shown text (pages' buttons and rows, Markdown, a failure). */
const TEXT_ARGUMENTS = new Map([
  ['actionButton', [0, 1]],
  ['appendMarkdown', [0]],
  ['appendText', [0]],
  ['reportError', [2]],
]);
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'aria-description',
  'aria-roledescription',
  'alt',
]);

/** Whether a literal's text has words (letters outside codicon references). */
function hasWords(text) {
  return /\p{L}{2,}/u.test(text.replace(/\$\([\w~-]+\)/g, ''));
}

function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return undefined;
}

/** The literal nodes a value shows: itself, or both branches of a conditional, or a `||`/`??` fallback. */
function shownLiterals(node) {
  if (!node) return [];
  if (node.type === 'ConditionalExpression')
    return [...shownLiterals(node.consequent), ...shownLiterals(node.alternate)];
  if (node.type === 'LogicalExpression' && node.operator !== '&&')
    return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  if (node.type === 'LogicalExpression') return shownLiterals(node.right);
  if (node.type === 'TSAsExpression') return shownLiterals(node.expression);
  if (node.type === 'BinaryExpression' && node.operator === '+')
    return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  const text = literalText(node);
  return text !== undefined && hasWords(text) ? [node] : [];
}

function propertyName(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

/** Whether `node` is a string literal or a `+` chain of them (what the l10n extraction reads). */
function isLiteralMessage(node) {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return node.expressions.length === 0;
  return (
    node.type === 'BinaryExpression' &&
    node.operator === '+' &&
    isLiteralMessage(node.left) &&
    isLiteralMessage(node.right)
  );
}

/** Whether `callee` is `l10n.t` or `vscode.l10n.t`. */
function isL10nT(callee) {
  if (callee.type !== 'MemberExpression' || propertyName(callee.property) !== 't') return false;
  const object = callee.object;
  if (object.type === 'Identifier') return object.name === 'l10n';
  return object.type === 'MemberExpression' && propertyName(object.property) === 'l10n';
}

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyName(callee.property);
  return undefined;
}

/** The problems of one lit-html template (html`...`): words written in it, or in a literal it shows. */
function templateProblems(quasi) {
  const found = [];
  let before = '';
  quasi.quasis.forEach((q, i) => {
    before += q.value.cooked ?? '';
    const expression = quasi.expressions[i];
    if (!expression) return;
    const inTag = before.lastIndexOf('<') > before.lastIndexOf('>');
    const attribute = inTag ? /([\w-]+)=["']?$/.exec(before)?.[1] : undefined;
    if (!inTag || (attribute && TEXT_ATTRIBUTES.has(attribute)))
      for (const node of shownLiterals(expression))
        found.push({ node, where: attribute ? `the ${attribute} attribute` : 'a template' });
    before += '\u0000';
  });
  const text = before.replace(/<[^>]*>/g, ' ');
  const attributes = [...before.matchAll(/([\w-]+)="([^"\u0000]*)"/g)].filter(
    ([, name, value]) => TEXT_ATTRIBUTES.has(name) && hasWords(value),
  );
  if (hasWords(text.replace(/\u0000/g, ' ')) || attributes.length > 0) found.push({ node: quasi, where: 'a template' });
  return found;
}

export const uiStrings = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const report = (nodes, where) => {
      for (const node of nodes) {
        context.report({
          node,
          message: `User-facing text in ${where} goes through l10n.t(...) so it can be translated.`,
        });
      }
    };
    return {
      CallExpression(node) {
        if (isL10nT(node.callee) && node.arguments.length > 0 && !isLiteralMessage(node.arguments[0])) {
          context.report({
            node: node.arguments[0],
            message: 'An l10n.t message is one string literal (or literals joined with +): npm run l10n extracts it.',
          });
        }
        const name = calleeName(node.callee);
        if (!name) return;
        if (MESSAGE_CALLS.has(name)) {
          for (const arg of node.arguments) report(shownLiterals(arg), `${name}()`);
        } else if (TEXT_ARGUMENTS.has(name)) {
          for (const i of TEXT_ARGUMENTS.get(name)) report(shownLiterals(node.arguments[i]), `${name}()`);
        } else if (name === 'setAttribute' && node.arguments.length === 2) {
          const attribute = literalText(node.arguments[0]);
          if (attribute && TEXT_ATTRIBUTES.has(attribute))
            report(shownLiterals(node.arguments[1]), `the ${attribute} attribute`);
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'html') return;
        for (const { node: at, where } of templateProblems(node.quasi)) report([at], where);
      },
      NewExpression(node) {
        const name = calleeName(node.callee);
        const index = name === undefined ? undefined : TEXT_CLASSES.get(name);
        if (index !== undefined && node.arguments.length > index)
          report(shownLiterals(node.arguments[index]), `new ${name}()`);
      },
      Property(node) {
        const name = propertyName(node.key);
        if (name && TEXT_PROPERTIES.has(name) && node.parent.type === 'ObjectExpression')
          report(shownLiterals(node.value), `the ${name} property`);
      },
      AssignmentExpression(node) {
        if (node.left.type !== 'MemberExpression') return;
        const name = propertyName(node.left.property);
        // `text` too (a status bar item's), though only as an assignment: `{ text }` is often data.
        if (name && (TEXT_PROPERTIES.has(name) || name === 'text'))
          report(shownLiterals(node.right), `the ${name} property`);
      },
    };
  },
};
