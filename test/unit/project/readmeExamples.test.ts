// The README's TypeScript examples in "Commands" and "Adding a feature" are code the project's own
// lint accepts: each ```ts block is written into the src/ folder its first line names (so the src
// rules apply: layering, ui-strings, line length, types), linted with ESLint's Node API, and
// removed. Prettier's layout is checked too. A control file with a bare string shows the rules ran.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectEslint } from '../support/eslint';
import { importEsm, ROOT } from '../support/repo';

const SECTIONS = ['Commands', 'Adding a feature'];

interface Example {
  readonly section: string;
  readonly folder: string;
  readonly code: string;
}

/** The text of `## title` up to the next `## ` heading. */
function section(readme: string, title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The ```ts blocks of a section, unindented (a block may sit in a list item), with their folder. */
function examples(readme: string): Example[] {
  const out: Example[] = [];
  for (const title of SECTIONS) {
    for (const m of section(readme, title).matchAll(/^( *)```ts\n([\s\S]*?)^\1```$/gm)) {
      const indent = m[1]!.length;
      const code = m[2]!
        .split('\n')
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n');
      const folder = /^\/\/ (src\/[\w/]+\/)\n/.exec(code)?.[1];
      assert.ok(folder, `a ts example of "${title}" does not start with "// src/<folder>/": ${code.slice(0, 80)}`);
      assert.ok(fs.statSync(path.join(ROOT, folder)).isDirectory(), `${folder} is not a folder`);
      out.push({ section: title, folder, code });
    }
  }
  return out;
}

describe('README examples', function () {
  // Type-aware lint builds the whole program: slow on a busy machine.
  this.timeout(600_000);

  it('every ts example of "Commands" and "Adding a feature" passes lint and Prettier', async () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const found = examples(readme);
    assert.deepEqual(
      SECTIONS.map((title) => found.some((e) => e.section === title)),
      [true, true],
      'each section has a ts example',
    );
    const prettier = await importEsm('prettier');
    const files = found.map((e, i) => path.join(ROOT, e.folder, `readmeExample${i}.ts`));
    // A control file: the same rules refuse a bare string where the user reads it.
    const control = path.join(ROOT, 'src', 'commands', 'readmeExampleControl.ts');
    const written = [...files, control];
    try {
      for (const [i, e] of found.entries()) {
        const options = { ...(await prettier.resolveConfig(files[i])), filepath: files[i] };
        assert.equal(
          await prettier.format(e.code, options),
          e.code,
          `Prettier would change the example in ${e.folder}`,
        );
        fs.writeFileSync(files[i]!, e.code, { flag: 'wx' });
      }
      fs.writeFileSync(
        control,
        "import * as vscode from 'vscode';\nvoid vscode.window.showInformationMessage('Bare text');\n",
        {
          flag: 'wx',
        },
      );
      const results: any[] = await (await projectEslint()).lintFiles(written);
      const errors = (file: string): string[] =>
        results
          .filter((r) => r.filePath === file)
          .flatMap((r) => r.messages.filter((m: any) => m.severity === 2))
          .map((m: any) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      for (const [i, e] of found.entries()) assert.deepEqual(errors(files[i]!), [], `the example in ${e.section}`);
      assert.deepEqual(
        errors(control).map((m) => m.replace(/: .*/s, '')),
        ['2:43 local/ui-strings'],
      );
    } finally {
      for (const file of written) fs.rmSync(file, { force: true });
    }
  });
});
