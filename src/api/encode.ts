/** How a request is written: docs/API.md's form encoding and the path with its parameters filled in. */
import * as l10n from '@vscode/l10n';
import { ValidationError } from './errors';

/** docs/API.md's encoding: strings as they are, booleans and numbers as text, arrays/objects as JSON. */
export function encodeParams(params: Record<string, unknown>): string {
  let form = '';
  // Object.keys, not Object.entries: no [name, value] array per parameter (every request).
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (value === undefined) continue;
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
    else text = JSON.stringify(value);
    form += (form === '' ? '' : '&') + encodeURIComponent(name) + '=' + encodeURIComponent(text);
  }
  return form;
}

/** Fills `{name}` placeholders from `values` (percent-encoded) and returns the other values. */
export function fillPath(
  template: string,
  values: Record<string, unknown>,
  route: string,
): { path: string; rest: Record<string, unknown> } {
  const { literals, names } = pathTemplate(template);
  if (names.length === 0) return { path: template, rest: values };
  let path = literals[0]!;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new ValidationError(l10n.t('"{0}" is required.', name), route, name);
    }
    path += encodeURIComponent(String(value)) + literals[i + 1]!;
  }
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(values)) if (!names.includes(key)) rest[key] = values[key];
  return { path, rest };
}

/** A path template split once: the literal text around each `{name}` placeholder. */
const pathTemplates = new Map<string, { literals: string[]; names: string[] }>();

function pathTemplate(template: string): { literals: string[]; names: string[] } {
  let parsed = pathTemplates.get(template);
  if (!parsed) {
    const parts = template.split(/\{([a-z_]+)\}/);
    parsed = { literals: parts.filter((_, i) => i % 2 === 0), names: parts.filter((_, i) => i % 2 === 1) };
    pathTemplates.set(template, parsed);
  }
  return parsed;
}
