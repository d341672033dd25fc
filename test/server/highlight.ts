/**
 * Code blocks as the real server renders them: Pygments' `codehilite` markup, with its short token
 * classes (`k` keyword, `s2` string, `c1` comment, `nf` function name…) on spans, and the lexer's
 * name in `data-code-language` (`py` → "Python"). A small tokenizer per language family stands in
 * for Pygments: enough that a client styling Pygments' classes sees real token spans.
 */

interface Lexer {
  /** Pygments' lexer name (what `data-code-language` and `realm_playgrounds` carry). */
  readonly name: string;
  readonly keywords: readonly string[];
  /** Keywords that declare (`kd`): followed by a function or class name. */
  readonly declarations: readonly string[];
  readonly constants: readonly string[];
  readonly builtins: readonly string[];
  readonly lineComment: string;
  readonly blockComment?: readonly [string, string];
}

const C_LIKE_KEYWORDS = [
  'if',
  'else',
  'for',
  'while',
  'do',
  'return',
  'break',
  'continue',
  'switch',
  'case',
  'default',
  'new',
  'try',
  'catch',
  'finally',
  'throw',
  'import',
  'export',
  'from',
  'as',
  'await',
  'async',
  'yield',
  'typeof',
  'instanceof',
  'in',
  'of',
];

const JS: Lexer = {
  name: 'JavaScript',
  keywords: C_LIKE_KEYWORDS,
  declarations: ['function', 'class', 'const', 'let', 'var'],
  constants: ['true', 'false', 'null', 'undefined', 'this'],
  builtins: ['console', 'Math', 'JSON', 'Promise', 'Array', 'Object', 'String', 'Number'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
};

const LEXERS: Record<string, Lexer> = {
  javascript: JS,
  typescript: {
    ...JS,
    name: 'TypeScript',
    declarations: [...JS.declarations, 'interface', 'type', 'enum'],
    keywords: [...JS.keywords, 'readonly', 'implements', 'extends', 'public', 'private'],
  },
  python: {
    name: 'Python',
    keywords: [
      'if',
      'elif',
      'else',
      'for',
      'while',
      'return',
      'import',
      'from',
      'as',
      'with',
      'try',
      'except',
      'finally',
      'raise',
      'pass',
      'break',
      'continue',
      'in',
      'is',
      'not',
      'and',
      'or',
      'lambda',
      'yield',
      'await',
      'async',
    ],
    declarations: ['def', 'class'],
    constants: ['True', 'False', 'None', 'self'],
    builtins: ['print', 'len', 'range', 'str', 'int', 'list', 'dict', 'open'],
    lineComment: '#',
  },
  rust: {
    name: 'Rust',
    keywords: [
      'if',
      'else',
      'for',
      'while',
      'loop',
      'match',
      'return',
      'use',
      'mod',
      'pub',
      'impl',
      'mut',
      'ref',
      'in',
      'as',
      'where',
      'async',
      'await',
    ],
    declarations: ['fn', 'struct', 'enum', 'trait', 'let', 'const', 'type'],
    constants: ['true', 'false', 'self', 'Self', 'None', 'Some', 'Ok', 'Err'],
    builtins: ['println', 'format', 'vec', 'String', 'Vec', 'Option', 'Result'],
    lineComment: '//',
    blockComment: ['/*', '*/'],
  },
  go: {
    name: 'Go',
    keywords: [
      'if',
      'else',
      'for',
      'range',
      'return',
      'go',
      'defer',
      'switch',
      'case',
      'default',
      'package',
      'import',
      'select',
      'chan',
      'map',
    ],
    declarations: ['func', 'type', 'var', 'const', 'struct', 'interface'],
    constants: ['true', 'false', 'nil', 'iota'],
    builtins: ['fmt', 'len', 'make', 'append', 'new', 'panic'],
    lineComment: '//',
    blockComment: ['/*', '*/'],
  },
  bash: {
    name: 'Bash',
    keywords: [
      'if',
      'then',
      'else',
      'elif',
      'fi',
      'for',
      'while',
      'do',
      'done',
      'case',
      'esac',
      'in',
      'return',
      'export',
      'local',
    ],
    declarations: ['function'],
    constants: [],
    builtins: ['echo', 'cd', 'ls', 'cat', 'grep', 'npm', 'git', 'exit'],
    lineComment: '#',
  },
  json: {
    name: 'JSON',
    keywords: [],
    declarations: [],
    constants: ['true', 'false', 'null'],
    builtins: [],
    lineComment: '',
  },
};

/** The fence's info string → the lexer (Pygments' aliases of the languages above). */
const ALIASES: Record<string, string> = {
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'typescript',
  py: 'python',
  python: 'python',
  python3: 'python',
  py3: 'python',
  rs: 'rust',
  rust: 'rust',
  go: 'go',
  golang: 'go',
  sh: 'bash',
  bash: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  json: 'json',
};

function escape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function span(cls: string, text: string): string {
  return `<span class="${cls}">${escape(text)}</span>`;
}

function regexEscape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** One pass of token patterns, tried in order at each position. */
function tokenize(code: string, lexer: Lexer): string {
  const parts: string[] = [];
  if (lexer.blockComment)
    parts.push(`(?<cm>${regexEscape(lexer.blockComment[0])}[\\s\\S]*?(?:${regexEscape(lexer.blockComment[1])}|$))`);
  if (lexer.lineComment) parts.push(`(?<c1>${regexEscape(lexer.lineComment)}[^\\n]*)`);
  parts.push(
    `(?<s2>"(?:[^"\\\\\\n]|\\\\.)*"?)`,
    `(?<s1>'(?:[^'\\\\\\n]|\\\\.)*'?|\`(?:[^\`\\\\]|\\\\.)*\`?)`,
    `(?<mf>\\b\\d+\\.\\d+(?:[eE][+-]?\\d+)?\\b)`,
    `(?<mi>\\b(?:0[xX][0-9a-fA-F_]+|\\d[\\d_]*)\\b)`,
    `(?<word>[A-Za-z_$][\\w$]*)`,
    `(?<o>[-+*/%=<>!&|^~?]+)`,
    `(?<p>[()[\\]{}.,;:@])`,
    `(?<w>\\s+)`,
    `(?<other>.)`,
  );
  const re = new RegExp(parts.join('|'), 'gy');
  const out: string[] = [];
  let declared = false;
  for (let m = re.exec(code); m && m[0] !== ''; m = re.exec(code)) {
    const g = m.groups!;
    const text = m[0];
    if (g.word !== undefined) {
      if (lexer.declarations.includes(text)) {
        out.push(span('kd', text));
        declared = true;
        continue;
      }
      if (lexer.keywords.includes(text)) out.push(span('k', text));
      else if (lexer.constants.includes(text)) out.push(span('kc', text));
      else if (declared) out.push(span(/^[A-Z]/.test(text) ? 'nc' : 'nf', text));
      else if (lexer.builtins.includes(text)) out.push(span('nb', text));
      else out.push(span('n', text));
      declared = false;
      continue;
    }
    if (g.w !== undefined) {
      out.push(escape(text));
      continue;
    }
    declared = false;
    const cls = Object.entries(g).find(([, v]) => v !== undefined)![0];
    out.push(cls === 'other' ? escape(text) : span(cls, text));
  }
  return out.join('');
}

/**
 * A fenced code block's HTML. `info` is the fence's language as typed: a known one is highlighted
 * and named by its lexer; another keeps its name as typed, unhighlighted (as Pygments' fallback).
 */
export function renderCodeBlock(code: string, info: string): string {
  const lexer = LEXERS[ALIASES[info.toLowerCase()] ?? ''];
  const name = lexer ? lexer.name : info;
  const attr = name ? ` data-code-language="${escape(name)}"` : '';
  const body = lexer ? tokenize(code, lexer) : escape(code);
  return `<div class="codehilite"${attr}><pre><span></span><code>${body}\n</code></pre></div>`;
}
