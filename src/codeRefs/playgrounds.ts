/**
 * Code blocks of messages as the editor uses them: the VS Code language of a block (from the
 * Pygments lexer name the server puts in `data-code-language`), and the organisation's code
 * playgrounds (`realm_playgrounds`) that open a block's code. No `vscode`.
 */
import * as l10n from '@vscode/l10n';

export interface PlaygroundDefinition {
  readonly id: number;
  readonly name: string;
  readonly pygments_language: string;
  readonly url_template: string;
}

/** The playgrounds for a block's language: the lexer name compared without case, as typed aliases differ only so. */
export function playgroundsFor<P extends PlaygroundDefinition>(language: string, playgrounds: readonly P[]): P[] {
  const wanted = language.trim().toLowerCase();
  if (wanted === '') return [];
  return playgrounds.filter((p) => p.pygments_language.trim().toLowerCase() === wanted);
}

/** RFC 6570 simple string expansion: everything but the unreserved characters is percent-encoded (UTF-8). */
function encodeSimple(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The playground's URL for `code`: the template's `{code}` expanded (the only variable the service
 * allows). Only http(s) templates are used; another scheme is refused.
 */
export function playgroundUrl(template: string, code: string): string {
  if (!/^https?:\/\//i.test(template)) throw new Error(l10n.t('The playground’s URL is not an http(s) address.'));
  return template.replace(/\{code\}/g, encodeSimple(code));
}

/** Pygments lexer names and common fence aliases → VS Code language ids (lower-cased keys). */
const LANGUAGE_IDS: Record<string, string> = {
  python: 'python',
  py: 'python',
  python3: 'python',
  'python 3': 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  mjs: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescriptreact',
  jsx: 'javascriptreact',
  'javascript+react': 'javascriptreact',
  'typescript+react': 'typescriptreact',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  'shell session': 'shellscript',
  'c++': 'cpp',
  cpp: 'cpp',
  c: 'c',
  'c#': 'csharp',
  csharp: 'csharp',
  cs: 'csharp',
  'f#': 'fsharp',
  go: 'go',
  golang: 'go',
  rust: 'rust',
  rs: 'rust',
  java: 'java',
  kotlin: 'kotlin',
  scala: 'scala',
  swift: 'swift',
  ruby: 'ruby',
  rb: 'ruby',
  php: 'php',
  perl: 'perl',
  lua: 'lua',
  r: 'r',
  dart: 'dart',
  haskell: 'haskell',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  xml: 'xml',
  html: 'html',
  css: 'css',
  scss: 'scss',
  less: 'less',
  sql: 'sql',
  markdown: 'markdown',
  md: 'markdown',
  diff: 'diff',
  dockerfile: 'dockerfile',
  docker: 'dockerfile',
  makefile: 'makefile',
  make: 'makefile',
  powershell: 'powershell',
  ps1: 'powershell',
  ini: 'ini',
  'text only': 'plaintext',
  text: 'plaintext',
  txt: 'plaintext',
  plaintext: 'plaintext',
};

/**
 * The VS Code language of a code block: its lexer name (or alias) mapped, else the name itself when
 * the editor knows that id, else plain text.
 */
export function languageIdOfBlock(codeLanguage: string | undefined, knownIds: readonly string[]): string {
  const name = (codeLanguage ?? '').trim().toLowerCase();
  if (name === '') return 'plaintext';
  const mapped = LANGUAGE_IDS[name];
  if (mapped && (knownIds.length === 0 || knownIds.includes(mapped))) return mapped;
  return knownIds.includes(name) ? name : 'plaintext';
}
