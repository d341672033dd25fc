import { ApiError, badRequest } from './errors';

/** How a form field is decoded. JSON kinds take a shape check. */
export type ParamType = 'int' | 'str' | 'bool' | 'json';

export interface ParamSpec {
  t: ParamType;
  req?: boolean;
  dflt?: unknown;
  /** For `json` (and checked after decoding for the others): returns an error text when the value is bad. */
  check?: (v: unknown) => string | null;
  /** Feature level that introduced the parameter; below it, it is reported as unsupported. */
  since?: number;
  /** Older name accepted as well. */
  alias?: string;
}

export type ParamSpecs = Record<string, ParamSpec>;

function conversionError(name: string, why: string): ApiError {
  return badRequest(why, 'REQUEST_VARIABLE_INVALID', { var_name: name });
}

export function decodeParam(name: string, spec: ParamSpec, raw: string): unknown {
  let value: unknown;
  switch (spec.t) {
    case 'str':
      value = raw;
      break;
    case 'int':
      if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(Number(raw)))
        throw conversionError(name, `${name} is not an integer`);
      value = Number(raw);
      break;
    case 'bool':
      if (raw !== 'true' && raw !== 'false') throw conversionError(name, `${name} is not a boolean`);
      value = raw === 'true';
      break;
    case 'json':
      try {
        value = JSON.parse(raw);
      } catch {
        throw badRequest(`Argument "${name}" is not valid JSON.`, 'INVALID_JSON', { var_name: name });
      }
      break;
  }
  const problem = spec.check?.(value);
  if (problem) throw conversionError(name, problem.replace(/\$/g, name));
  return value;
}

/** A route's parameter specs as they apply at one feature level, prepared once per route. */
export interface CompiledParams {
  specs: [string, ParamSpec][];
  known: Set<string>;
}

export function compileParams(specs: ParamSpecs, featureLevel: number): CompiledParams {
  const active: [string, ParamSpec][] = [];
  const known = new Set<string>();
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.since !== undefined && featureLevel < spec.since) continue;
    active.push([name, spec]);
    known.add(name);
    if (spec.alias) known.add(spec.alias);
  }
  return { specs: active, known };
}

/**
 * Decode `raw` per `specs`. Returns decoded values and the names the route does not support.
 */
export function parseParams(
  specs: ParamSpecs,
  raw: ReadonlyMap<string, string>,
  featureLevel: number,
): { values: Record<string, unknown>; ignored: string[] } {
  return decodeParams(compileParams(specs, featureLevel), raw);
}

/** `parseParams` with specs prepared by `compileParams`. */
export function decodeParams(
  compiled: CompiledParams,
  raw: ReadonlyMap<string, string>,
): { values: Record<string, unknown>; ignored: string[] } {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of compiled.specs) {
    const text = raw.get(name) ?? (spec.alias ? raw.get(spec.alias) : undefined);
    if (text === undefined) {
      if (spec.req) throw badRequest(`Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', { var_name: name });
      if (spec.dflt !== undefined) values[name] = spec.dflt;
      continue;
    }
    values[name] = decodeParam(name, spec, text);
  }
  const ignored: string[] = [];
  for (const k of raw.keys()) if (!compiled.known.has(k)) ignored.push(k);
  return { values, ignored };
}

// Shape checks for JSON parameters; `$` in the returned text is replaced by the parameter name.
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
export const intArray = (v: unknown): string | null =>
  Array.isArray(v) && v.every(isInt) ? null : '$ is not a list of integers';
export const strArray = (v: unknown): string | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : '$ is not a list of strings';
export const intOrStrArray = (v: unknown): string | null =>
  Array.isArray(v) && (v.every(isInt) || v.every((x) => typeof x === 'string'))
    ? null
    : '$ is not a list of integers or strings';
export const oneOf =
  (...allowed: unknown[]) =>
  (v: unknown): string | null =>
    allowed.includes(v) ? null : `Invalid $`;
export const objArray = (v: unknown): string | null =>
  Array.isArray(v) && v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))
    ? null
    : '$ is not a list of objects';
export const isObject = (v: unknown): string | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? null : '$ is not a dict';
export const nonNegative = (v: unknown): string | null => (isInt(v) && v >= 0 ? null : '$ is too small');
