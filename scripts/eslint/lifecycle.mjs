// A local ESLint rule (issue 26 item 1): one way to own things and fire events, src/base's. It reports
//   - a class that `implements vscode.Disposable`: extend `Disposable` (src/base/lifecycle) and
//     `_register` what it owns, or hold a `DisposableStore`;
//   - `new vscode.EventEmitter`: `Emitter` from src/base/event (VS Code accepts its `Event`);
//   - `new vscode.Disposable(...)`: `toDisposable(...)` from src/base/lifecycle;
//   - `context.subscriptions` (an extension context's) outside the one root that owns everything
//     (option `root`, a path ending): add to `services.disposables` instead.

const VSCODE = 'vscode';

/** `vscode.<name>` (a member of the namespace import). */
function isVscodeMember(node, name) {
  return (
    node?.type === 'MemberExpression' &&
    !node.computed &&
    node.object.type === 'Identifier' &&
    node.object.name === VSCODE &&
    node.property.type === 'Identifier' &&
    node.property.name === name
  );
}

/** `context` or `<anything>.context`. */
function isContext(node) {
  if (node.type === 'Identifier') return node.name === 'context';
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.type === 'Identifier' &&
    node.property.name === 'context'
  );
}

export const lifecycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Own things and fire events the one way: src/base (Disposable, DisposableStore, Emitter).' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      implementsDisposable:
        'Do not implement vscode.Disposable by hand: extend Disposable from src/base/lifecycle and _register ' +
        'what the class owns (or hold a DisposableStore).',
      eventEmitter:
        'Use Emitter from src/base/event, not vscode.EventEmitter (VS Code accepts its Event wherever it wants one).',
      newDisposable: 'Use toDisposable(...) from src/base/lifecycle, not new vscode.Disposable(...).',
      subscriptions:
        'context.subscriptions is touched only by the root ({{root}}): add what you create to ' +
        'services.disposables (or _register it in a Disposable).',
    },
  },
  create(context) {
    const root = context.options[0]?.root;
    const filename = context.filename.split('\\').join('/');
    const isRoot = root !== undefined && filename.endsWith(root);
    return {
      TSClassImplements(node) {
        if (isVscodeMember(node.expression, 'Disposable')) context.report({ node, messageId: 'implementsDisposable' });
      },
      NewExpression(node) {
        if (isVscodeMember(node.callee, 'EventEmitter')) context.report({ node, messageId: 'eventEmitter' });
        else if (isVscodeMember(node.callee, 'Disposable')) context.report({ node, messageId: 'newDisposable' });
      },
      MemberExpression(node) {
        if (isRoot || node.computed || node.property.type !== 'Identifier') return;
        if (node.property.name === 'subscriptions' && isContext(node.object))
          context.report({ node, messageId: 'subscriptions', data: { root: root ?? 'none' } });
      },
    };
  },
};
