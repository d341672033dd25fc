import * as l10n from '@vscode/l10n';
/**
 * Client-side check of a linkifier before it is sent (docs/API.md operation 13), with the same rules
 * the server applies, so an administrator sees precisely what is wrong without a round-trip:
 * the pattern compiles, the example input matches it in full, every template variable is a named
 * group, and the reverse template regenerates the example input. Pure: no VS Code, no network.
 */

export interface LinkifierDraft {
  pattern: string;
  url_template: string;
  example_input?: string | null;
  reverse_template?: string | null;
  alternative_url_templates?: readonly string[];
}

export type LinkifierField =
  'pattern' | 'url_template' | 'example_input' | 'reverse_template' | 'alternative_url_templates';

export interface LinkifierProblem {
  field: LinkifierField;
  /** User-facing: says what failed, quoting the values involved. */
  message: string;
}

export interface LinkifierCheck {
  ok: boolean;
  problems: LinkifierProblem[];
  /** The pattern's named groups, in order (empty when it does not compile). */
  groups: string[];
  /** What the example input links to, when it matches. */
  preview?: { text: string; url: string; groups: Record<string, string> };
}

export type CompiledPattern = { ok: true; regex: RegExp; groups: string[] } | { ok: false; message: string };

const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Python's regular-expression syntax as JavaScript's: `(?P<name>…)` → `(?<name>…)`,
 * `(?P=name)` → `\k<name>`, leading global flags `(?i)`, `(?m)`, `(?s)` → RegExp flags.
 */
export function toJsPattern(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const lead = /^\(\?([ims]+)\)/.exec(source);
  if (lead) {
    flags = [...new Set(lead[1])].join('');
    source = source.slice(lead[0].length);
  }
  source = source.replace(/\(\?P<(?=[^>]*>)/g, '(?<').replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>');
  return { source, flags };
}

/** Compiles a linkifier pattern; the message says why it does not. `extraFlags` e.g. `'g'`. */
export function compilePattern(pattern: string, extraFlags = ''): CompiledPattern {
  if (pattern.trim() === '') return { ok: false, message: l10n.t('The pattern is empty.') };
  const { source, flags } = toJsPattern(pattern);
  const groups: string[] = [];
  for (const m of source.matchAll(/\(\?<([^>=!][^>]*)>/g)) {
    const name = m[1];
    if (!GROUP_NAME.test(name))
      return {
        ok: false,
        message: l10n.t(
          'The group name "{0}" is not valid: use letters, digits and "_", not starting with a digit.',
          name,
        ),
      };
    groups.push(name);
  }
  if (/\(\?[aLux]/.test(source) || /\(\?[ims]+\)/.test(source)) {
    return {
      ok: false,
      message: l10n.t('The pattern uses inline flags that are supported only at its very start ((?i), (?m), (?s)).'),
    };
  }
  try {
    return { ok: true, regex: new RegExp(source, flags + extraFlags), groups };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return {
      ok: false,
      message: l10n.t('The pattern does not compile: {0}. Write named groups as (?P<name>...).', detail),
    };
  }
}

/** Matches the whole of `input` (as the server's full match does); the groups, or undefined. */
export function fullMatch(compiled: { regex: RegExp }, input: string): Record<string, string> | undefined {
  const whole = new RegExp(`^(?:${compiled.regex.source})$`, compiled.regex.flags.replace(/[gy]/g, ''));
  const m = whole.exec(input);
  if (!m) return undefined;
  const groups: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) groups[k] = v;
  return groups;
}

// ---- RFC 6570 URL templates (levels 1–3, which is what linkifiers use) -------------------------

interface Expression {
  operator: string;
  names: string[];
}

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);

function parseExpression(body: string): Expression {
  const operator = OPERATORS.has(body[0]) ? body[0] : '';
  const names = body
    .slice(operator.length)
    .split(',')
    .map((n) => n.replace(/(\*|:\d+)$/, '').trim())
    .filter((n) => n !== '');
  return { operator, names };
}

/** The variable names a URL template uses, in order of first use. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{([^{}]*)\}/g)) {
    for (const n of parseExpression(m[1]).names) if (!names.includes(n)) names.push(n);
  }
  return names;
}

/** Problems with a template's braces (an unclosed `{`, a stray `}`, an empty `{}`). */
function templateSyntaxProblem(template: string): string | undefined {
  const rest = template.replace(/\{[^{}]*\}/g, (e) => (e === '{}' ? '\u0000' : ''));
  if (rest.includes('\u0000')) return l10n.t('it contains an empty "{}"');
  if (rest.includes('{')) return l10n.t('it has a "{" without a matching "}"');
  if (rest.includes('}')) return l10n.t('it has a "}" without a matching "{"');
  return undefined;
}

const encodeUnreserved = (v: string): string =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodeReserved = (v: string): string => encodeURI(v).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');

/** Expands an RFC 6570 template: `{var}` percent-encoded, `{+var}` / `{#var}` keep reserved characters. */
export function expandUrlTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{([^{}]*)\}/g, (_, body: string) => {
    const { operator, names } = parseExpression(body);
    const defined = names.filter((n) => values[n] !== undefined);
    if (defined.length === 0) return '';
    const enc = operator === '+' || operator === '#' ? encodeReserved : encodeUnreserved;
    const parts = defined.map((n) => {
      const v = enc(values[n]!);
      if (operator === ';') return v === '' ? n : `${n}=${v}`;
      if (operator === '?' || operator === '&') return `${n}=${v}`;
      return v;
    });
    switch (operator) {
      case '':
      case '+':
        return parts.join(',');
      case '#':
        return `#${parts.join(',')}`;
      case '.':
        return `.${parts.join('.')}`;
      case '/':
        return `/${parts.join('/')}`;
      case ';':
        return `;${parts.join(';')}`;
      case '?':
        return `?${parts.join('&')}`;
      default:
        return `&${parts.join('&')}`;
    }
  });
}

/**
 * Fills a reverse template: `{name}` with the group's value, `{{` and `}}` as literal braces.
 * Returns the text, or the problem (an unknown variable, an unmatched brace).
 */
export function fillReverseTemplate(
  template: string,
  groups: Record<string, string>,
): { text: string } | { problem: string } {
  let text = '';
  for (let i = 0; i < template.length;) {
    const two = template.slice(i, i + 2);
    if (two === '{{' || two === '}}') {
      text += two[0];
      i += 2;
      continue;
    }
    const c = template[i];
    if (c === '}')
      return {
        problem: l10n.t('The reverse template has a "}" without a matching "{" (write "}}" for a literal brace).'),
      };
    if (c === '{') {
      const end = template.indexOf('}', i);
      const name = end < 0 ? '' : template.slice(i + 1, end);
      if (end < 0 || !GROUP_NAME.test(name)) {
        return {
          problem: l10n.t(
            'The reverse template has a "{" that does not start a {variable} (write "{{" for a literal brace).',
          ),
        };
      }
      if (!(name in groups))
        return {
          problem: l10n.t(
            'The reverse template uses {0}, which the pattern does not capture from the example input.',
            `{${name}}`,
          ),
        };
      text += groups[name];
      i = end + 1;
      continue;
    }
    text += c;
    i++;
  }
  return { text };
}

const blank = (v: string | null | undefined): boolean => v === undefined || v === null || v === '';

/** Runs every check; `ok` when nothing is wrong. */
export function checkLinkifier(draft: LinkifierDraft): LinkifierCheck {
  const problems: LinkifierProblem[] = [];
  const result = (groups: string[], preview?: LinkifierCheck['preview']): LinkifierCheck => ({
    ok: problems.length === 0,
    problems,
    groups,
    preview,
  });

  const compiled = compilePattern(draft.pattern);
  if (!compiled.ok) problems.push({ field: 'pattern', message: compiled.message });
  const groups = compiled.ok ? compiled.groups : [];

  const templates: [LinkifierField, string, string][] = [
    ['url_template', draft.url_template, l10n.t('The URL template')],
  ];
  for (const [i, t] of (draft.alternative_url_templates ?? []).entries()) {
    templates.push(['alternative_url_templates', t, l10n.t('Alternative URL template {0}', i + 1)]);
  }
  for (const [field, template, label] of templates) {
    if (template.trim() === '') {
      problems.push({ field, message: l10n.t('{0} is empty.', label) });
      continue;
    }
    if (!/^(https?:\/\/|\/)/i.test(template.trim())) {
      problems.push({
        field,
        message: l10n.t('{0} must start with http://, https:// or / (it is "{1}").', label, template),
      });
    }
    const syntax = templateSyntaxProblem(template);
    if (syntax) problems.push({ field, message: l10n.t('{0} is not a valid URL template: {1}.', label, syntax) });
    if (compiled.ok) {
      const missing = templateVariables(template).filter((v) => !groups.includes(v));
      for (const v of missing) {
        const known = groups.length
          ? l10n.t('its groups are {0}', groups.map((g) => `"${g}"`).join(', '))
          : l10n.t('it has no named groups');
        problems.push({
          field,
          message: l10n.t(
            '{0} uses {1}, but the pattern has no group named "{2}" ({3}; write (?P<{4}>...)).',
            label,
            `{${v}}`,
            v,
            known,
            v,
          ),
        });
      }
    }
  }

  const example = blank(draft.example_input) ? undefined : draft.example_input!;
  const reverse = blank(draft.reverse_template) ? undefined : draft.reverse_template!;
  if (reverse !== undefined && example === undefined) {
    problems.push({
      field: 'example_input',
      message: l10n.t('A reverse template needs an example input that the pattern matches.'),
    });
  }
  if (example === undefined || !compiled.ok) return result(groups);

  const values = fullMatch(compiled, example);
  if (!values) {
    problems.push({
      field: 'example_input',
      message: l10n.t(
        'The example input "{0}" does not match the pattern {1} (the whole input must match).',
        example,
        draft.pattern,
      ),
    });
    return result(groups);
  }
  if (reverse !== undefined) {
    const filled = fillReverseTemplate(reverse, values);
    if ('problem' in filled) problems.push({ field: 'reverse_template', message: filled.problem });
    else if (filled.text !== example) {
      problems.push({
        field: 'reverse_template',
        message: l10n.t('The reverse template produces "{0}" but the example input is "{1}".', filled.text, example),
      });
    }
  }
  return result(groups, { text: example, url: expandUrlTemplate(draft.url_template, values), groups: values });
}

/** All problems in one notification-sized text. */
export function describeProblems(check: LinkifierCheck): string {
  return check.problems.map((p) => p.message).join(' ');
}
