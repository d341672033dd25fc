// The page-imports lint rule (scripts/eslint/pageImports.mjs, issue 26 item 5): a page imports its own
// folder, the page library (src/webviews/page/) and its protocol files; host code is not concerned.
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT, importEsm } from '../../support/repo';

const page = path.join(ROOT, 'src', 'webviews', 'topicView', 'page', 'messages.ts');
const host = path.join(ROOT, 'src', 'webviews', 'topicView', 'panel.ts');

describe('the page-imports lint rule', () => {
  it('lets a page import its folder, the page library and its protocols, and nothing else', async () => {
    const { RuleTester } = await importEsm('eslint');
    const { pageImports } = await importEsm(
      pathToFileURL(path.join(ROOT, 'scripts', 'eslint', 'pageImports.mjs')).href,
    );
    const { parser } = await importEsm('typescript-eslint');
    const tester = new RuleTester({ languageOptions: { parser, ecmaVersion: 2022, sourceType: 'module' } });
    const refused = [{ message: /name what it needs in src\/webviews\/page\/shared\.ts/ }];
    // RuleTester throws (an AssertionError) on the first case that does not behave.
    tester.run('page-imports', pageImports, {
      valid: [
        { code: "import { state } from './state';", filename: page },
        { code: "import { el } from '../../page/common';", filename: page },
        { code: "import { glyphOfEmojiClass } from '../../page/shared';", filename: page },
        { code: "import { ActionCommand } from '../protocol';", filename: page },
        { code: "import { RenderRequest } from '../contentProtocol';", filename: page },
        { code: "import { SendDirectMessageCommand } from '../../protocol';", filename: page },
        { code: "import * as l10n from '@vscode/l10n';", filename: page },
        { code: "import { unicodeEmoji } from '../../emoji/glyph';", filename: host },
      ],
      invalid: [
        { code: "import { glyphOfEmojiClass } from '../../../emoji/glyph';", filename: page, errors: refused },
        { code: "import { beginningText } from '../words';", filename: page, errors: refused },
        { code: "import { SettingsModel } from '../../settings/protocol';", filename: page, errors: refused },
        { code: "import type { Message } from '../../../api/messages/models';", filename: page, errors: refused },
        { code: "export * from '../../../time/messageTime';", filename: page, errors: refused },
        { code: "const m = import('../panel');", filename: page, errors: refused },
      ],
    });
  });
});
