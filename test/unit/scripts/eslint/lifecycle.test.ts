// Issue 26 item 1: one way to own things and fire events (src/base). The lint rule
// (scripts/eslint/lifecycle.mjs) reports the other ways; here it is shown to, and src/ is shown to
// have none of them left (outside src/webviews, until the webview contract lands: issue 26 item 2).
import * as assert from 'assert';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT, importEsm } from '../../support/repo';

const loadRule = async (): Promise<any> =>
  (await importEsm(pathToFileURL(path.join(ROOT, 'scripts', 'eslint', 'lifecycle.mjs')).href)).lifecycle;

describe('style: one way to own things and fire events (src/base)', () => {
  it('the lifecycle lint rule reports the other ways, and not the one way', async () => {
    const { RuleTester } = await importEsm('eslint');
    const tseslint = await importEsm('typescript-eslint');
    const lifecycle = await loadRule();
    const tester = new RuleTester({ languageOptions: { parser: tseslint.default.parser } });
    const options = [{ root: 'src/extension.ts' }];
    const error = (messageId: string) => [{ messageId }];
    // RuleTester throws (an AssertionError) on the first case that does not behave.
    tester.run('lifecycle', lifecycle, {
      valid: [
        { code: 'class A extends Disposable { readonly e = this._register(new Emitter<void>()); }', options },
        { code: 'class P extends Disposable implements vscode.TreeDataProvider<N> {}', options },
        { code: 'services.disposables.add(vscode.commands.registerCommand(id, run));', options },
        { code: 'const d = toDisposable(() => clearInterval(timer));', options },
        { code: 'context.subscriptions.push(root);', options, filename: '/x/src/extension.ts' },
        { code: 'opened.subscriptions.add(listener);', options },
      ],
      invalid: [
        { code: 'class A implements vscode.Disposable {}', options, errors: error('implementsDisposable') },
        {
          code: 'class A implements vscode.CodeLensProvider, vscode.Disposable {}',
          options,
          errors: error('implementsDisposable'),
        },
        { code: 'const e = new vscode.EventEmitter<void>();', options, errors: error('eventEmitter') },
        { code: 'return new vscode.Disposable(() => undefined);', options, errors: error('newDisposable') },
        { code: 'context.subscriptions.push(x);', options, errors: error('subscriptions') },
        { code: 'services.context.subscriptions.push(x);', options, errors: error('subscriptions') },
        { code: 'const subscriptions = this.services.context.subscriptions;', options, errors: error('subscriptions') },
      ],
    });
  });

  it('src/ has none of the other ways left (the counts of issue 26 are 0)', async function () {
    this.timeout(120_000);
    const { ESLint } = await importEsm('eslint');
    const tseslint = await importEsm('typescript-eslint');
    const lifecycle = await loadRule();
    // Only this rule, without type information: fast, and independent of the rest of the config.
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['src/**/*.ts'],
          ignores: ['src/webviews/**'],
          languageOptions: { parser: tseslint.default.parser },
          plugins: { local: { rules: { lifecycle } } },
          rules: { 'local/lifecycle': ['error', { root: 'src/extension.ts' }] },
        },
      ],
    });
    const results: any[] = await eslint.lintFiles(['src/**/*.ts']);
    assert.ok(results.length > 200, `only ${results.length} files were checked`);
    // Inline directives name rules this config does not load: only this rule's reports (and parse errors) count.
    const found = results.flatMap((r) =>
      r.messages
        .filter((m: any) => m.ruleId === 'local/lifecycle' || m.fatal)
        .map((m: any) => `${path.relative(ROOT, r.filePath)}:${m.line}: ${m.message}`),
    );
    assert.deepStrictEqual(found, []);
  });
});
