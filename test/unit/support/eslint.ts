// The project's own ESLint (eslint.config.mjs, type-aware) for tests that lint text they make up or
// files they write for a moment.
import { importEsm, ROOT } from './repo';
/**
 * An ESLint with the project's config. typescript-eslint takes CI=true for a single run and then
 * builds the program once, from the files on disk: a second test's new file (or made-up text)
 * would not be in it. Asking it not to infer that keeps every lint as it is in an editor.
 */
export async function projectEslint(): Promise<any> {
  const { ESLint } = await importEsm('eslint');
  return new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  });
}
