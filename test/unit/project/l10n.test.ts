// Localisation's static half (the pseudo-locale UI test is the other): package.json shows no text of
// its own — every title, name, description and walkthrough text is a %key% of package.nls.json,
// and every key there is used — and the ui-strings lint rule reports text literals in the places the
// user reads them, and not once they go through l10n.t.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT, importEsm } from '../support/repo';

const readJson = (file: string): any => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** The package.json fields a user reads, with where they are. */
function shownFields(pkg: any): Array<[string, unknown]> {
  const c = pkg.contributes;
  const out: Array<[string, unknown]> = [
    ['displayName', pkg.displayName],
    ['description', pkg.description],
  ];
  for (const cmd of c.commands) {
    out.push([`${cmd.command} title`, cmd.title]);
    if (cmd.category !== undefined) out.push([`${cmd.command} category`, cmd.category]);
    if (cmd.shortTitle !== undefined) out.push([`${cmd.command} shortTitle`, cmd.shortTitle]);
  }
  for (const list of Object.values<any[]>(c.viewsContainers))
    for (const v of list) out.push([`container ${v.id}`, v.title]);
  for (const list of Object.values<any[]>(c.views)) for (const v of list) out.push([`view ${v.id}`, v.name]);
  for (const w of c.viewsWelcome) out.push([`welcome of ${w.view}`, w.contents]);
  for (const a of c.authentication) out.push([`authentication ${a.id}`, a.label]);
  const configs = Array.isArray(c.configuration) ? c.configuration : [c.configuration];
  for (const conf of configs) {
    out.push(['configuration title', conf.title]);
    for (const [key, prop] of Object.entries<any>(conf.properties)) {
      for (const f of ['description', 'markdownDescription'])
        if (prop[f] !== undefined) out.push([`${key} ${f}`, prop[f]]);
      for (const [i, d] of (prop.enumDescriptions ?? []).entries()) out.push([`${key} enumDescriptions[${i}]`, d]);
    }
  }
  for (const t of c.languageModelTools ?? [])
    out.push([`tool ${t.name} displayName`, t.displayName], [`tool ${t.name} userDescription`, t.userDescription]);
  for (const p of c.chatParticipants ?? []) {
    out.push([`participant ${p.id} fullName`, p.fullName], [`participant ${p.id} description`, p.description]);
    for (const cmd of p.commands ?? []) out.push([`participant ${p.id} /${cmd.name}`, cmd.description]);
  }
  for (const w of c.walkthroughs) {
    out.push([`walkthrough ${w.id} title`, w.title], [`walkthrough ${w.id} description`, w.description]);
    for (const s of w.steps) out.push([`step ${s.id} title`, s.title], [`step ${s.id} description`, s.description]);
  }
  return out;
}

describe('localisation', () => {
  const pkg = readJson('package.json');
  const nls = readJson('package.nls.json') as Record<string, string>;

  it('package.json shows only %keys% of package.nls.json, and uses every key', () => {
    const fields = shownFields(pkg);
    assert.ok(fields.length > 150, `only ${fields.length} fields found`);
    const literal = fields
      .filter(([, v]) => typeof v !== 'string' || !/^%[\w.-]+%$/.test(v))
      .map(([where, v]) => `${where}: ${JSON.stringify(v)}`);
    assert.deepEqual(literal, []);
    const missing = fields
      .map(([, v]) => (v as string).slice(1, -1))
      .filter((k) => typeof nls[k] !== 'string' || nls[k].trim() === '');
    assert.deepEqual(missing, []);
    const text = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    assert.deepEqual(
      Object.keys(nls).filter((k) => !text.includes(`"%${k}%"`)),
      [],
      'keys no field uses',
    );
    assert.equal(pkg.l10n, './l10n');
  });

  describe('the ui-strings lint rule', () => {
    it('reports text in the places the user reads it, and not through l10n.t', async () => {
      const { RuleTester } = await importEsm('eslint');
      const { uiStrings } = await importEsm(pathToFileURL(path.join(ROOT, 'scripts', 'eslint', 'uiStrings.mjs')).href);
      const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
      const error = (count = 1) => Array.from({ length: count }, () => ({ message: /goes through l10n\.t/ }));
      // RuleTester throws (an AssertionError) on the first case that does not behave.
      tester.run('ui-strings', uiStrings, {
        valid: [
          "vscode.window.showErrorMessage(vscode.l10n.t('Could not send {0}', name));",
          "const item = { label: l10n.t('Sign In'), id: 'teamChat.signIn' };",
          "item.contextValue = 'channel.muted';",
          'item.description = `${count}`;',
          "button.setAttribute('data-id', 'x1');",
          "statusBar.text = '$(bell-slash)';",
          "new SignInError('network', vscode.l10n.t('The server did not answer.'));",
          "html`<button class=\"action star\" data-action=\"star\" title=${l10n.t('Star')}>${s ? '★' : '☆'}</button>`;",
          'html`<li class=${c} data-id=${String(id)}><span class="sender">${name}</span></li>`;',
          "vscode.window.showErrorMessage(vscode.l10n.t('Could not send {0}: ' + 'the server refused it', name));",
        ],
        invalid: [
          { code: "vscode.window.showErrorMessage('Could not send');", errors: error() },
          {
            code: "vscode.window.showWarningMessage(vscode.l10n.t('Delete?'), { modal: true }, 'Delete');",
            errors: error(),
          },
          { code: 'const pick = { title: `Search ${name}`, placeHolder: "Words to find" };', errors: error(2) },
          { code: "item.tooltip = unread ? 'Unread' : 'Read';", errors: error(2) },
          { code: "new vscode.TreeItem('Loading…');", errors: error() },
          { code: 'throw new UserFacingError(`No channel named ${name}.`);', errors: error() },
          { code: "new SignInError('network', 'The server did not answer.');", errors: error() },
          { code: "node.setAttribute('aria-label', 'Message actions');", errors: error() },
          { code: "statusBar.text = '$(sync~spin) Connecting';", errors: error() },
          { code: "actionButton('Reply', 'Reply (r)', () => reply(id));", errors: error(2) },
          { code: "reportError(log, error, 'Could not load the topics');", errors: error() },
          { code: "md.appendMarkdown('**Unread**');", errors: error() },
          { code: 'html`<button data-action="reply">Reply</button>`;', errors: error() },
          { code: 'html`<button title="Reply to it">${l10n.t(\'Reply\')}</button>`;', errors: error() },
          { code: "html`<button title=${'Reply to it'}>${x}</button>`;", errors: error() },
          { code: "html`<p>${ok ? l10n.t('Saved') : 'Not saved'}</p>`;", errors: error() },
          { code: "vscode.window.showErrorMessage('Could not send: ' + 'the server refused it');", errors: error(2) },
          {
            code: "const message = vscode.l10n.t('Could not send ' + name);",
            errors: [{ message: /one string literal \(or literals joined with \+\)/ }],
          },
        ],
      });
    });
  });
});
