// Issue 26 item 4: the lint rule that keeps the command kit (src/ui) the only way to show pickers,
// input boxes and errors, and requireSession/requireAccount the only "sign in first".
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT, importEsm } from '../../support/repo';

describe('the command kit lint rule', () => {
  it('refuses pickers, input boxes, error notifications and SignInRequiredError outside the kit', async () => {
    const { RuleTester } = await importEsm('eslint');
    const { commandKit } = await importEsm(pathToFileURL(path.join(ROOT, 'scripts', 'eslint', 'commandKit.mjs')).href);
    const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
    const feature = path.join(ROOT, 'src', 'commands', 'channels', 'mute.ts');
    const ui = path.join(ROOT, 'src', 'ui', 'quickInput.ts');
    const session = path.join(ROOT, 'src', 'ui', 'session.ts');
    const shell = path.join(ROOT, 'src', 'extension.ts');
    const options = [{ allowErrorMessage: ['src/extension.ts'] }];
    const error = (message: RegExp) => [{ message }];
    // RuleTester throws (an AssertionError) on the first case that does not behave.
    tester.run('kit/one-way', commandKit, {
      valid: [
        { code: 'vscode.window.showQuickPick(items);', filename: ui, options },
        { code: 'vscode.window.createInputBox();', filename: ui, options },
        { code: "vscode.window.showErrorMessage(text, 'Retry');", filename: ui, options },
        { code: 'void vscode.window.showErrorMessage(text);', filename: shell, options },
        { code: 'void vscode.window.showWarningMessage(question, { modal: true }, yes);', filename: feature, options },
        { code: 'void vscode.window.showInformationMessage(text);', filename: feature, options },
        { code: 'await pickOne(items, { title });', filename: feature, options },
        { code: 'throw new SignInRequiredError();', filename: session, options },
        { code: 'list.showQuickPick(items);', filename: feature, options },
      ],
      invalid: [
        { code: 'vscode.window.showQuickPick(items);', filename: feature, options, errors: error(/pickOne/) },
        { code: 'window.showInputBox({ title });', filename: feature, options, errors: error(/askText/) },
        { code: 'vscode.window.createQuickPick();', filename: feature, options, errors: error(/showQuickInput/) },
        { code: 'vscode.window.createInputBox();', filename: feature, options, errors: error(/inputStep/) },
        { code: 'void vscode.window.showErrorMessage(text);', filename: feature, options, errors: error(/failed\(/) },
        { code: 'throw new SignInRequiredError();', filename: feature, options, errors: error(/requireAccount/) },
        { code: 'throw new SignInRequiredError();', filename: ui, options, errors: error(/requireSession/) },
      ],
    });
  });
});
