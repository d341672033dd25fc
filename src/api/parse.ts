import * as z from 'zod';
import { checkTest, primitiveTest, type CheckDef } from './parseChecks';

/**
 * `parseWith(schema, value)`: zod's `safeParse`, made cheap for the hot paths (every response,
 * every parameter object, every event).
 *
 * zod stays the single source of truth. The first use of a schema compiles its definition into
 * one specialised function per object, array, union and record (what zod's own object JIT does,
 * carried through the whole tree): plain type checks inlined, no per-field result objects, and
 * nothing copied that parsing leaves unchanged. Whatever the compiler does not know (transforms
 * not marked {@link pure}, refinements, formats, lazy or strict schemas...) runs through that
 * node's own zod parser, so the result is always the
 * one zod gives. When the compiled function refuses a value, zod parses it again and its error is
 * the one reported: the compiled path only ever decides the common case of a valid value.
 *
 * The input is never modified. Objects and arrays are copied only where parsing changes something
 * (a default filled in, a value transformed, unknown keys stripped), so the result shares every
 * unchanged subtree with the input, where zod would copy it: callers must not rely on the result
 * being a fresh copy.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  const out = parseOrRefuse(schema, value);
  if (out !== REFUSED) return { success: true, data: out };
  return schema.safeParse(value);
}

/**
 * The compiled parse alone, without a result object (for the hottest paths: every event): the
 * parsed value as `parseWith` gives it, or `REFUSED`, when `parseWith` would report zod's error.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | typeof REFUSED {
  let parse = compiled.get(schema);
  if (parse === undefined) {
    parse = compile(schema);
    compiled.set(schema, parse);
  }
  return parse(value) as z.output<S> | typeof REFUSED;
}

/**
 * Marks a transform as pure: it maps its input to an output, never fails, never adds issues and
 * ignores zod's context, so compiled code may call it directly.
 *
 * ```ts
 * z.string().transform(pure((v) => v.toLowerCase()))
 * ```
 */
export function pure<F extends (value: never) => unknown>(transform: F): F {
  PURE_TRANSFORMS.add(transform);
  return transform;
}

const PURE_TRANSFORMS = new WeakSet<object>();

type Parser = (value: unknown) => unknown;

/** Returned by compiled functions for a value the schema refuses. */
const FAIL: unique symbol = Symbol('fail');
/** What `parseOrRefuse` returns for a value the schema refuses. */
export const REFUSED: typeof FAIL = FAIL;

const compiled = new WeakMap<z.ZodType, Parser>();

/** zod's `safeParse` context; nodes the compiler leaves to zod run with it. */
const ZOD_CONTEXT = Object.freeze({ async: false });

/** The definition fields this compiler reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  check?: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  mode?: string;
  /** `z.discriminatedUnion`'s key, and whether it falls back to trying every option. */
  discriminator?: string;
  unionFallback?: boolean;
}

/**
 * Code that stores `value` at `slot` of the output `o` when it differs from the input's `was`,
 * copying the input `v` first (with `copy`) on the first such change: copy on write.
 */
function storeChanged(value: string, was: string, slot: string, copy: string): string {
  return `{\nconst r = ${value};\nif (${was}) {\nif (o === v) o = ${copy};\no[${slot}] = r;\n}\n}\n`;
}

/**
 * The loop over an array's elements or a record's values, `e` each: when `element` can change
 * them, the result is the input copied (with `copy`) on the first change, else the input itself.
 */
function eachValue(
  head: string,
  loop: string,
  slot: string,
  element: Emitted,
  copy: string,
): { code: string; same: boolean } {
  if (element.same) return { code: `${head}${loop}${element.code}}\nreturn v;\n`, same: true };
  return {
    code: `${head}let o = v;\n${loop}${element.code}${storeChanged(element.out, 'r !== e', slot, copy)}}\nreturn o;\n`,
    same: false,
  };
}

/** The schema types compiled into functions of their own. */
const STRUCTURED: ReadonlySet<string> = new Set(['object', 'array', 'union', 'record']);

interface Internals {
  def: Def;
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  values?: ReadonlySet<unknown>;
  propValues?: Record<string, ReadonlySet<unknown>>;
}

function internals(schema: z.ZodType): Internals {
  return (schema as unknown as { _zod: Internals })._zod;
}

/**
 * Generated code for one node: `code` validates the value held in a variable (returning FAIL from
 * the enclosing function when it is refused) and `out` is the expression for the parsed value.
 * `same` means the parsed value is always the input itself.
 */
interface Emitted {
  code: string;
  out: string;
  same: boolean;
}

class Compiler {
  readonly constants: unknown[] = [];
  readonly functions: string[] = [];
  readonly #names = new Map<z.ZodType, { name: string; same: boolean }>();
  readonly #options = new Map<z.ZodType, { name: string; same: boolean }>();
  #functions = 0;
  #temps = 0;

  constant(value: unknown): string {
    let index = this.constants.indexOf(value);
    if (index < 0) index = this.constants.push(value) - 1;
    return `K[${index}]`;
  }

  temp(): string {
    return `t${this.#temps++}`;
  }

  /** Code for `schema` applied to the variable `v`. */
  emit(schema: z.ZodType, v: string): Emitted {
    const zod = internals(schema);
    const def = zod.def;
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean': {
        const test = primitiveTest(def, v, (value) => this.constant(value));
        return test === undefined ? this.viaZod(schema, v) : { code: `if (${test}) return F;\n`, out: v, same: true };
      }
      case 'literal':
      case 'enum': {
        if (def.checks?.length || !zod.values) return this.viaZod(schema, v);
        return { code: `if (!${this.constant(zod.values)}.has(${v})) return F;\n`, out: v, same: true };
      }
      case 'null':
        return { code: `if (${v} !== null) return F;\n`, out: v, same: true };
      case 'unknown':
      case 'any':
        return { code: '', out: v, same: true };
      case 'optional':
      case 'nullable': {
        // `.optional()` over a default fills the default in for absence: zod's own rule.
        if (def.checks?.length || internals(def.innerType!).optin === 'defaulted') return this.viaZod(schema, v);
        const skip = def.type === 'optional' ? 'undefined' : 'null';
        const inner = this.emit(def.innerType!, v);
        if (inner.same) return { code: inner.code && `if (${v} !== ${skip}) {\n${inner.code}}\n`, out: v, same: true };
        const t = this.temp();
        return {
          code: `let ${t} = ${v};\nif (${v} !== ${skip}) {\n${inner.code}${t} = ${inner.out};\n}\n`,
          out: t,
          same: false,
        };
      }
      case 'default': {
        if (def.checks?.length) return this.viaZod(schema, v);
        // zod returns the default as it is (a fresh copy from the definition's getter), unparsed,
        // for an undefined input and for an inner result that is undefined.
        const inner = this.emit(def.innerType!, v);
        const t = this.temp();
        return {
          code:
            `let ${t};\nif (${v} !== undefined) {\n${inner.code}${t} = ${inner.out};\n}\nif (${t} === undefined) ` +
            `${t} = ${this.constant(def)}.defaultValue;\n`,
          out: t,
          same: false,
        };
      }
      case 'pipe': {
        if (def.checks?.length) return this.viaZod(schema, v);
        const first = this.emit(def.in!, v);
        const t = this.temp();
        const second = this.emit(def.out!, t);
        return {
          code: `${first.code}const ${t} = ${first.out};\n${second.code}`,
          out: second.out,
          same: first.same && second.same,
        };
      }
      case 'transform': {
        const transform = (def as { transform?: unknown }).transform;
        if (typeof transform !== 'function' || !PURE_TRANSFORMS.has(transform)) return this.viaZod(schema, v);
        const t = this.temp();
        return { code: `const ${t} = ${this.constant(transform)}(${v});\n`, out: t, same: false };
      }
      case 'object':
      case 'array':
      case 'union':
      case 'record': {
        const fn = this.function(schema);
        if (fn === undefined) return this.viaZod(schema, v);
        if (fn.same) return { code: `if (${fn.name}(${v}) === F) return F;\n`, out: v, same: true };
        const t = this.temp();
        return { code: `const ${t} = ${fn.name}(${v});\nif (${t} === F) return F;\n`, out: t, same: false };
      }
      default:
        return this.viaZod(schema, v);
    }
  }

  /** A node left to zod itself: its own parser, on this value only. */
  viaZod(schema: z.ZodType, v: string): Emitted {
    const t = this.temp();
    return {
      code:
        `const ${t} = ${this.constant(schema)}._zod.run({ value: ${v}, issues: [] }, C);\n` +
        `if (${t} instanceof Promise || ${t}.issues.length !== 0) return F;\n`,
      out: `${t}.value`,
      same: false,
    };
  }

  /** A named function for an object, array, union or record; undefined when zod must decide. */
  function(schema: z.ZodType): { name: string; same: boolean } | undefined {
    const known = this.#names.get(schema);
    if (known) return known;
    const def = internals(schema).def;
    if (def.checks?.length && def.type !== 'array') return undefined;
    const name = `f${this.#functions++}`;
    // Registered before the body is generated; a schema nested in itself goes through z.lazy,
    // which zod handles, so a name is never used before its function exists.
    const entry = { name, same: false };
    this.#names.set(schema, entry);
    const body = this.functionBody(def);
    if (body === undefined) {
      this.#names.delete(schema);
      return undefined;
    }
    entry.same = body.same;
    this.functions.push(`function ${name}(v) {\n${body.code}}\n`);
    return entry;
  }

  functionBody(def: Def): { code: string; same: boolean } | undefined {
    switch (def.type) {
      case 'object':
        return this.objectBody(def);
      case 'array':
        return this.arrayBody(def);
      case 'union':
        return this.unionBody(def);
      case 'record':
        return this.recordBody(def);
      default:
        return undefined;
    }
  }

  arrayBody(def: Def): { code: string; same: boolean } | undefined {
    const tests: string[] = [];
    for (const check of def.checks ?? []) {
      const test = checkTest(check._zod.def, 'array', 'v', (value) => this.constant(value));
      if (test === undefined) return undefined;
      tests.push(`if (${test}) return F;\n`);
    }
    const head = `if (!Array.isArray(v)) return F;\n${tests.join('')}const n = v.length;\n`;
    return eachValue(
      head,
      'for (let i = 0; i < n; i++) {\nconst e = v[i];\n',
      'i',
      this.emit(def.element!, 'e'),
      'v.slice()',
    );
  }

  objectBody(def: Def): { code: string; same: boolean } | undefined {
    const catchall = def.catchall ? internals(def.catchall).def.type : undefined;
    const loose = catchall === 'unknown' || catchall === 'any';
    if (catchall !== undefined && !loose) return undefined;
    const fields: { key: string; code: string; out: string; same: boolean; required: boolean; defaulted: boolean }[] =
      [];
    let i = 0;
    for (const [name, field] of Object.entries(def.shape!)) {
      if (name === '__proto__') return undefined;
      const { optin, optout } = internals(field);
      const required = optin === undefined;
      const defaulted = optin === 'defaulted';
      // zod's other optional-in/optional-out combinations are rare; leave them to it.
      if (!required && !defaulted && !(optin === 'optional' && optout === 'optional')) return undefined;
      const key = JSON.stringify(name);
      const a = `a${i++}`;
      const emitted = this.emit(field, a);
      fields.push({ key, code: emitted.code, out: emitted.out, same: emitted.same, required, defaulted });
    }
    // zod drops an own `__proto__` key (JSON.parse makes one): such a rare input goes to zod, so
    // it can never reach code that merges objects.
    let code =
      `if (typeof v !== 'object' || v === null || Array.isArray(v) || ` + `Object.hasOwn(v, '__proto__')) return F;\n`;
    const same = loose && fields.every((f) => f.same);
    // A loose object keeps unknown keys: it is copied on the first field that parses to something
    // else (or is filled by a default). A stripping one keeps the declared keys only, so it is
    // always rebuilt.
    if (!same) code += loose ? 'let o = v;\n' : 'const o = {};\n';
    fields.forEach((f, index) => {
      const a = `a${index}`;
      code += `const ${a} = v[${f.key}];\n`;
      let assign = '';
      if (!loose) assign = `o[${f.key}] = ${f.out};\n`;
      else if (!f.same) {
        const changed = f.defaulted ? `r !== ${a} || ${a} === undefined` : `r !== ${a}`;
        assign = storeChanged(f.out, changed, f.key, '{ ...v }');
      }
      if (f.required) {
        // An absent required key fails even when its schema accepts undefined (z.unknown()).
        code += `if (${a} === undefined && !(${f.key} in v)) return F;\n${f.code}${assign}`;
      } else if (f.defaulted) {
        code += `${f.code}${assign}`;
      } else {
        // Optional: an absent key is skipped; a present one is parsed and kept.
        code += `if (${a} !== undefined || ${f.key} in v) {\n${f.code}${assign}}\n`;
      }
    });
    code += same ? 'return v;\n' : 'return o;\n';
    return { code, same };
  }

  unionBody(def: Def): { code: string; same: boolean } | undefined {
    if (typeof def.discriminator === 'string' && !def.unionFallback)
      return this.discriminatedBody(def, def.discriminator);
    const options: { name: string; same: boolean }[] = [];
    for (const option of def.options!) {
      options.push(this.option(option));
    }
    // zod returns the first option that accepts the value.
    let code = '';
    for (const option of options) {
      code += `{\nconst r = ${option.name}(v);\nif (r !== F) return r;\n}\n`;
    }
    return { code: code + 'return F;\n', same: options.every((o) => o.same) };
  }

  /**
   * `z.discriminatedUnion`: the option is chosen by the discriminator's value, as zod chooses it
   * (a value two options share picks neither), and only that option runs; any other value is
   * refused, so zod reports its own "no matching discriminator" error.
   */
  discriminatedBody(def: Def, key: string): { code: string; same: boolean } | undefined {
    const byValue = new Map<unknown, number | null>();
    const options: { name: string; same: boolean }[] = [];
    for (const option of def.options!) {
      const values = internals(option).propValues?.[key];
      if (!values || values.size === 0) return undefined;
      const index = options.push(this.option(option)) - 1;
      for (const value of values) byValue.set(value, byValue.has(value) ? null : index);
    }
    let code =
      `if (typeof v !== 'object' || v === null || Array.isArray(v)) return F;\nswitch ` +
      `(${this.constant(byValue)}.get(v[${JSON.stringify(key)}])) {\n`;
    options.forEach((option, index) => {
      code += `case ${index}: return ${option.name}(v);\n`;
    });
    return { code: code + '}\nreturn F;\n', same: options.every((o) => o.same) };
  }

  /** A standalone function for any schema (a union's option, the root). */
  option(schema: z.ZodType): { name: string; same: boolean } {
    if (STRUCTURED.has(internals(schema).def.type)) {
      const fn = this.function(schema);
      if (fn) return fn;
    }
    const known = this.#options.get(schema);
    if (known) return known;
    const name = `f${this.#functions++}`;
    // A structured schema that could not be compiled is zod's whole; emit() would come back here.
    const emitted = STRUCTURED.has(internals(schema).def.type) ? this.viaZod(schema, 'v') : this.emit(schema, 'v');
    const entry = { name, same: emitted.same };
    this.#options.set(schema, entry);
    this.functions.push(`function ${name}(v) {\n${emitted.code}return ${emitted.out};\n}\n`);
    return entry;
  }

  recordBody(def: Def): { code: string; same: boolean } | undefined {
    const key = internals(def.keyType!);
    // Only the plain `z.record(z.string(), …)`: every own enumerable key, kept as it is.
    if (def.mode !== undefined || key.def.type !== 'string' || key.def.checks?.length || key.def.format || key.values) {
      return undefined;
    }
    // A plain object, as zod requires. zod drops an own `__proto__` key and skips non-enumerable
    // ones; such rare inputs, and objects with a `constructor` of their own, go to zod.
    const head =
      `if (typeof v !== 'object' || v === null || Array.isArray(v)) return F;\n` +
      `const p = Object.getPrototypeOf(v);\n` +
      `if ((p !== Object.prototype && p !== null) || Object.hasOwn(v, '__proto__') || Object.hasOwn(v, ` +
      `'constructor')) return F;\n` +
      `const keys = Reflect.ownKeys(v);\n`;
    const loop =
      `for (let i = 0; i < keys.length; i++) {\nconst k = keys[i];\n` +
      `if (typeof k !== 'string' || !Object.prototype.propertyIsEnumerable.call(v, k)) return F;\nconst e = v[k];\n`;
    return eachValue(head, loop, 'k', this.emit(def.valueType!, 'e'), '{ ...v }');
  }
}

/** The functions generated for `schema` (the last returns the root) and the constants they use. */
function generate(schema: z.ZodType): { source: string; constants: unknown[] } {
  const compiler = new Compiler();
  const root = compiler.option(schema);
  return { source: `${compiler.functions.join('')}return ${root.name};\n`, constants: compiler.constants };
}

/** Compiles `schema` into one function returning the parsed value or `FAIL`. */
function compile(schema: z.ZodType): Parser {
  const { source, constants } = generate(schema);
  // Generated from our own schema definitions only: names are escaped, values passed as constants.
  const factory = new Function('K', 'F', 'C', `"use strict";\n${source}`) as (
    k: unknown[],
    f: symbol,
    c: object,
  ) => Parser;
  return factory(constants, FAIL, ZOD_CONTEXT);
}

/** The generated source for `schema`, for tests and for reading what the compiler made of it. */
export function compiledSource(schema: z.ZodType): string {
  return generate(schema).source;
}
