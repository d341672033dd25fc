// Issue 26 item 4, the command kit as the only way (src/ui): pickers and input boxes come from
// src/ui/quickInput.ts (`showQuickInput`, `inputStep`, `pickOne`, `pickMany`, `askText`), errors are
// shown by the kit (a command throws, or throws `failed(error, result)`; `reportError` / `offerAgain`
// for a failure in the middle of a flow), and only src/ui/session.ts says "sign in first"
// (`requireSession`, `requireAccount`).

/** VS Code's window functions the kit wraps, and what to use instead. */
const KIT_ONLY = {
  showQuickPick: 'Use pickOne / pickMany (src/ui/quickInput.ts).',
  showInputBox: 'Use askText (src/ui/quickInput.ts).',
  createQuickPick: "Use showQuickInput({ kind: 'pick', setup }) (src/ui/quickInput.ts).",
  createInputBox: "Use showQuickInput({ kind: 'input', setup }) or inputStep (src/ui/quickInput.ts).",
  showErrorMessage:
    'Let the command kit show errors: throw (or throw failed(error, result), src/ui/commands.ts); ' +
    'reportError / offerAgain (src/ui/report.ts) for a failure in the middle of a flow.',
};

/** @type {import('eslint').Rule.RuleModule} */
export const commandKit = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { allowErrorMessage: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename.split('\\').join('/');
    const inUi = file.includes('/src/ui/');
    const allowErrorMessage = (context.options[0]?.allowErrorMessage ?? []).some((f) => file.endsWith(f));
    const isSession = file.endsWith('/src/ui/session.ts');
    return {
      MemberExpression(node) {
        if (inUi) return;
        const name = node.property.type === 'Identifier' ? node.property.name : undefined;
        if (!name || !Object.hasOwn(KIT_ONLY, name)) return;
        if (name === 'showErrorMessage' && allowErrorMessage) return;
        // `window.x` and `vscode.window.x`: VS Code's window namespace.
        const object = node.object;
        const isWindow =
          (object.type === 'Identifier' && object.name === 'window') ||
          (object.type === 'MemberExpression' &&
            object.property.type === 'Identifier' &&
            object.property.name === 'window');
        if (isWindow) context.report({ node, message: KIT_ONLY[name] });
      },
      NewExpression(node) {
        if (!isSession && node.callee.type === 'Identifier' && node.callee.name === 'SignInRequiredError')
          context.report({
            node,
            message:
              'Only requireSession / requireAccount (src/ui/session.ts) refuse with SignInRequiredError: call them.',
          });
      },
    };
  },
};
