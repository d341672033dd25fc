// The repository the unit tests run in, and loading its ES modules (eslint, prettier, scripts/*.mjs).
import * as path from 'path';

/** The repository's root (this file compiles to out/test/unit/support/). */
export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** A real import(): tsc (module: commonjs) turns import() into require(), which cannot load ESM. */
export const importEsm = new Function('specifier', 'return import(specifier)') as <T = any>(
  specifier: string,
) => Promise<T>;
