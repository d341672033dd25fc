import * as z from 'zod';

/**
 * The plain checks of strings, numbers and arrays that compiled parsing (parse.ts) inlines as
 * JavaScript tests; anything else is left to zod.
 */

/** The definition fields of a string, number or boolean schema read here (zod 4's `_zod.def`). */
export interface PrimitiveDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  check?: string;
  coerce?: boolean;
}

/** The condition zod attaches to length checks by default. */
const DEFAULT_LENGTH_CONDITION = String((z.string().min(1)._zod.def.checks![0]!._zod.def as { when?: unknown }).when);

export interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  when?: unknown;
  pattern?: unknown;
}

/**
 * The negated test of a string, number or boolean schema; undefined when zod must decide.
 * `constant` names a value the generated code may use.
 */
export function primitiveTest(def: PrimitiveDef, v: string, constant: (value: unknown) => string): string | undefined {
  // A schema that is its own check (z.email(), z.int32()...) other than z.int() goes to zod.
  if (def.coerce || (def.check !== undefined && !(def.type === 'number' && def.format === 'safeint'))) return undefined;
  const tests: string[] = [];
  if (def.type === 'number') {
    tests.push(`typeof ${v} !== 'number' || !Number.isFinite(${v})`);
    if (def.format === 'safeint') tests.push(`!Number.isSafeInteger(${v})`);
    else if (def.format !== undefined) return undefined;
  } else {
    if (def.format !== undefined) return undefined;
    tests.push(`typeof ${v} !== '${def.type}'`);
  }
  for (const check of def.checks ?? []) {
    const test = checkTest(check._zod.def, def.type, v, constant);
    if (test === undefined) return undefined;
    tests.push(test);
  }
  return tests.join(' || ');
}

/** The negated test of one check of a string, number or array; undefined when zod must decide. */
export function checkTest(
  check: CheckDef,
  type: string,
  v: string,
  constant: (value: unknown) => string,
): string | undefined {
  const sized = type === 'string' || type === 'array';
  // Length checks come with zod's own "has a length" condition, always true here; any other
  // condition is left to zod.
  if (check.when !== undefined && !(sized && String(check.when) === DEFAULT_LENGTH_CONDITION)) return undefined;
  switch (check.check) {
    case 'number_format':
      return type === 'number' && check.format === 'safeint' ? `!Number.isSafeInteger(${v})` : undefined;
    case 'greater_than':
      return type === 'number' && typeof check.value === 'number'
        ? `!(${v} ${check.inclusive ? '>=' : '>'} ${check.value})`
        : undefined;
    case 'less_than':
      return type === 'number' && typeof check.value === 'number'
        ? `!(${v} ${check.inclusive ? '<=' : '<'} ${check.value})`
        : undefined;
    case 'min_length':
      return sized ? `${v}.length < ${Number(check.minimum)}` : undefined;
    case 'max_length':
      return sized ? `${v}.length > ${Number(check.maximum)}` : undefined;
    case 'length_equals':
      return sized ? `${v}.length !== ${Number(check.length)}` : undefined;
    case 'string_format': {
      // `.regex()`: zod's own test, its `lastIndex` reset first (a global or sticky pattern keeps one).
      if (type !== 'string' || check.format !== 'regex' || !(check.pattern instanceof RegExp)) return undefined;
      const pattern = constant(check.pattern);
      return `(${pattern}.lastIndex = 0, !${pattern}.test(${v}))`;
    }
    default:
      return undefined;
  }
}
