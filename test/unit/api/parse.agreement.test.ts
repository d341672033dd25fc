import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import * as z from 'zod';
import { compiledSource, parseOrRefuse, parseWith, pure, REFUSED } from '../../../src/api/parse';

/**
 * The compiled parse against zod itself, schema by schema: for every value, `parseOrRefuse`
 * refuses exactly what zod's `safeParse` refuses and otherwise gives zod's own output, and
 * `parseWith` reports the same outcome. (parseWith alone would hide a compiled function that
 * refuses too much, since zod parses a refused value again.)
 */
function agrees(schema: z.ZodType, values: readonly unknown[]): void {
  for (const value of values) {
    const shown = inspect(value, { depth: 4 });
    const expected = schema.safeParse(value);
    const out = parseOrRefuse(schema, value);
    if (expected.success) {
      assert.notEqual(out, REFUSED, `refused ${shown}, which zod accepts`);
      assert.deepEqual(out, expected.data, `output differs from zod’s for ${shown}`);
    } else {
      assert.equal(out, REFUSED, `accepted ${shown}, which zod refuses (${expected.error.issues[0]?.message})`);
    }
    assert.equal(parseWith(schema, value).success, expected.success, `parseWith differs for ${shown}`);
  }
}

/** Rare inputs the compiled parse leaves to zod: parseWith still gives zod's outcome and output. */
function zodDecides(schema: z.ZodType, values: readonly unknown[]): void {
  for (const value of values) {
    const expected = schema.safeParse(value);
    const actual = parseWith(schema, value);
    assert.equal(actual.success, expected.success, inspect(value));
    assert.deepEqual(actual.data, expected.data, inspect(value));
  }
}

const upper = pure((value: string) => value.toUpperCase());

describe('parseWith / parseOrRefuse agree with zod, node kind by node kind', () => {
  it('numbers: finite only, z.int() as a safe integer, and bounds at their exact value', () => {
    agrees(z.number(), [0, -1, 1.5, Infinity, -Infinity, NaN, '1', null, undefined]);
    agrees(z.int(), [0, 7, -7, 1.5, 2 ** 53 - 1, 2 ** 53, Infinity, '1']);
    agrees(z.number().int(), [0, 7, 1.5, 2 ** 53 - 1, 2 ** 53, NaN]);
    agrees(z.number().check(z.int32()), [7, 2 ** 31 - 1, 2 ** 31, 2 ** 40, 1.5]);
    agrees(z.number().min(0).max(10), [-1, -0.5, 0, 5, 10, 10.5, 11]);
    agrees(z.number().gt(0).lt(10), [-1, 0, 0.5, 9.5, 10, 11]);
    agrees(z.coerce.number(), ['5', '1.5', 'x', 5, null, true]);
  });

  it('strings: lengths at their limits, patterns, and formats that are not plain patterns', () => {
    agrees(z.string(), ['', 'a', 1, null, undefined, ['a']]);
    agrees(z.string().min(2).max(4), ['', 'a', 'ab', 'abcd', 'abcde']);
    agrees(z.string().length(3), ['ab', 'abc', 'abcd']);
    agrees(z.string().regex(/^a+$/g), ['a', 'aa', 'aa', 'ab', '']);
    // `includes` with a position is zod's own test, not its pattern's.
    agrees(z.string().includes('a', { position: 3 }), ['abcd', 'xxxa', 'bbba', 'aaa']);
    agrees(z.string().url(), ['https://example.com', 'not a url']);
    agrees(z.email(), ['a@example.com', 'nope']);
    // A length check with a condition of its own applies only when the condition holds.
    const when = { when: (payload: { value: unknown }) => payload.value !== 'x' } as unknown as Parameters<
      typeof z.minLength
    >[1];
    agrees(z.string().check(z.minLength(3, when)), ['x', 'ab', 'abc']);
    agrees(z.boolean(), [true, false, 0, 'true']);
  });

  it('enums and literals, with and without refinements', () => {
    agrees(z.enum(['a', 'b']), ['a', 'b', 'c', 1, undefined]);
    agrees(z.literal(3), [3, '3', 4]);
    agrees(
      z.enum(['a', 'b']).refine((v) => v === 'a'),
      ['a', 'b', 'c'],
    );
    agrees(
      z.literal('x').refine(() => false),
      ['x', 'y'],
    );
  });

  it('null, unknown and any fields', () => {
    const schema = z.object({ n: z.null(), u: z.unknown(), a: z.any() });
    agrees(schema, [
      { n: null, u: 1, a: 'x' },
      { n: null, u: undefined, a: [1] },
      { n: null, a: 1 },
      { n: null, u: 1 },
      { n: 0, u: 1, a: 1 },
      { u: 1, a: 1 },
    ]);
    agrees(z.null(), [null, undefined, 0]);
    agrees(z.array(z.unknown()), [[], [1, 'a', null], 'x']);
  });

  it('optional and nullable values, inside arrays, objects and over transforms', () => {
    agrees(z.array(z.string().nullable()), [['a', null], [undefined], [1], [null, null]]);
    agrees(z.array(z.string().optional()), [['a', undefined], [null], [undefined, undefined]]);
    agrees(z.object({ a: z.string().optional() }), [{}, { a: undefined }, { a: 'x' }, { a: null }, { a: 1 }]);
    agrees(z.object({ a: z.unknown().optional() }), [{}, { a: undefined }, { a: 1 }]);
    agrees(z.array(z.string().transform(upper).nullable()), [['a', null], [null], [1]]);
    agrees(z.array(z.string().transform(upper).optional()), [['a', undefined], [null]]);
    // `.optional()` over a default fills the default in for an absent value.
    agrees(z.object({ a: z.string().default('d').optional() }), [{}, { a: undefined }, { a: 'x' }, { a: 1 }]);
    agrees(
      z
        .string()
        .nullable()
        .refine((v) => v !== 'bad'),
      [null, 'ok', 'bad', 1],
    );
    agrees(
      z
        .string()
        .optional()
        .refine((v) => v !== 'bad'),
      [undefined, 'ok', 'bad'],
    );
  });

  it('defaults and pipes, with refinements of their own', () => {
    agrees(
      z
        .string()
        .default('d')
        .refine((v) => v !== 'd'),
      [undefined, 'd', 'x', 1],
    );
    agrees(z.object({ a: z.string().default('d') }), [{}, { a: 'x' }, { a: 1 }]);
    agrees(z.string().pipe(z.string().min(2)), ['a', 'ab', 1]);
    agrees(
      z
        .string()
        .pipe(z.string().min(2))
        .refine((v) => v !== 'bad'),
      ['a', 'ab', 'bad'],
    );
    agrees(z.object({ a: z.string().transform(upper).pipe(z.string().max(2)) }), [{ a: 'ab' }, { a: 'abc' }, { a: 1 }]);
  });

  it('transforms: pure ones called directly, others through zod with its context', () => {
    const checked = z.string().transform((v, ctx) => {
      if (v === 'bad') {
        ctx.addIssue({ code: 'custom', message: 'bad value' });
        return z.NEVER;
      }
      return v.length;
    });
    agrees(z.object({ t: checked }), [{ t: 'ok' }, { t: 'bad' }, { t: 1 }]);
    agrees(z.array(checked), [
      ['ok', 'fine'],
      ['ok', 'bad'],
    ]);
    agrees(z.object({ t: z.string().transform(upper) }), [{ t: 'ok' }, { t: 1 }]);
    // A field optional on input only: absent, zod still runs the transform.
    agrees(
      z.object({
        a: z
          .string()
          .optional()
          .transform(pure((v: string | undefined) => v ?? 'none')),
      }),
      [{}, { a: 'x' }, { a: undefined }, { a: 1 }],
    );
  });

  it('objects zod must decide: strict, refined, with a catchall', () => {
    agrees(z.object({ inner: z.strictObject({ a: z.number() }) }), [
      { inner: { a: 1 } },
      { inner: { a: 1, b: 2 } },
      { inner: 1 },
    ]);
    agrees(z.strictObject({ a: z.number() }), [{ a: 1 }, { a: 1, b: 2 }]);
    agrees(z.object({ o: z.object({ a: z.number() }).refine((o) => o.a > 0) }), [{ o: { a: 1 } }, { o: { a: 0 } }]);
    agrees(z.object({ a: z.number() }).catchall(z.number()), [
      { a: 1, b: 2 },
      { a: 1, b: 'x' },
    ]);
    agrees(z.object({ a: z.number() }).catchall(z.unknown()), [{ a: 1, b: 'x' }, { a: 'x' }]);
    agrees(z.object({ a: z.number() }).catchall(z.any()), [{ a: 1, b: 'x' }, { b: 1 }]);
    agrees(z.looseObject({ a: z.number(), s: z.string().transform(upper) }), [{ a: 1, s: 'x', extra: true }, { a: 1 }]);
    agrees(z.object({ a: z.number() }), [{ a: 1, b: 2 }, null, [], 'x']);
    // An own `__proto__` key (JSON.parse makes one) is left to zod, which drops it.
    const polluted = JSON.parse('{"a":1,"__proto__":{"a":2}}') as unknown;
    zodDecides(z.object({ a: z.number() }), [polluted]);
    zodDecides(z.looseObject({ a: z.number() }), [polluted]);
  });

  it('arrays with length checks and refinements', () => {
    agrees(z.array(z.number()).min(1).max(3), [[], [1], [1, 2, 3], [1, 2, 3, 4], ['x']]);
    agrees(z.array(z.number()).length(2), [[1], [1, 2], [1, 2, 3]]);
    agrees(
      z.array(z.number()).refine((a) => a.length !== 2),
      [[1], [1, 2]],
    );
    agrees(z.object({ list: z.array(z.number()).refine((a) => a.length !== 2) }), [{ list: [1] }, { list: [1, 2] }]);
    agrees(z.array(z.string().transform(upper)), [['a', 'b'], [], ['a', 1]]);
  });

  it('unions: the first option that accepts, refined unions through zod', () => {
    const either = z.union([z.object({ a: z.string().transform(upper) }), z.object({ b: z.number() })]);
    agrees(either, [{ a: 'x' }, { b: 1 }, { a: 1 }, {}, 'x']);
    agrees(z.array(z.union([z.string(), z.number()])), [['a', 1], [true]]);
    agrees(z.object({ u: z.union([z.string(), z.number()]).refine((v) => v !== 0) }), [{ u: 1 }, { u: 0 }]);
    agrees(z.union([z.strictObject({ a: z.number() }), z.string()]), [{ a: 1 }, { a: 1, b: 2 }, 'x']);
  });

  it('discriminated unions: each option chosen by its key, nested in arrays and objects', () => {
    const option = z.discriminatedUnion('k', [
      z.looseObject({ k: z.literal('a'), x: z.number() }),
      z.looseObject({ k: z.literal('b'), s: z.string().transform(upper) }),
      z.object({ k: z.literal('c'), y: z.boolean() }),
    ]);
    const values = [
      { k: 'a', x: 1 },
      { k: 'b', s: 'lower' },
      { k: 'c', y: true, extra: 1 },
      { k: 'b', x: 1 },
      { k: 'd' },
      {},
      null,
      [1],
    ];
    agrees(option, values);
    agrees(z.array(option), [values.slice(0, 3), [values[3]]]);
    agrees(
      z.object({ o: option }),
      values.map((o) => ({ o })),
    );
  });

  it('a discriminated union with an option lacking the key fails with zod’s own error', () => {
    const byString = z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.string() })]);
    const byNothing = z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.string() as never]);
    for (const schema of [byString, byNothing]) {
      assert.throws(() => schema.safeParse({ k: 'a' }), /Invalid discriminated union option at index "1"/);
      assert.throws(() => parseWith(schema, { k: 'a' }), /Invalid discriminated union option at index "1"/);
    }
  });

  it('records: plain objects only, keys and values as zod checks them', () => {
    class Box {
      a = 1;
    }
    const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false });
    const plain = z.record(z.string(), z.number());
    agrees(plain, [{}, { a: 1, b: 2 }, { a: 'x' }, null, [], 'x', new Box(), { [Symbol('s')]: 1 }]);
    zodDecides(plain, [hidden, { constructor: 1 }, { constructor: 'x' }, JSON.parse('{"__proto__":1,"a":2}')]);
    // An object without a prototype is a plain object too.
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    assert.deepEqual({ ...(parseOrRefuse(plain, bare) as object) }, { a: 1 });
    agrees(z.object({ r: plain }), [{ r: { a: 1 } }, { r: { a: 'x' } }, { r: null }]);
    agrees(z.record(z.string(), z.string().transform(upper)), [{ a: 'x', b: 'y' }, {}, { a: 1 }]);
    agrees(z.object({ r: z.record(z.string(), z.string().transform(upper)) }), [{ r: { a: 'x' } }]);
    agrees(z.record(z.enum(['a', 'b']), z.number()), [{ a: 1 }, { a: 1, b: 2 }, { c: 1 }]);
    agrees(z.record(z.string().min(2), z.number()), [{ a: 1 }, { ab: 1 }]);
    agrees(z.record(z.email(), z.number()), [{ x: 1 }, { 'a@example.com': 1 }]);
    agrees(z.record(z.number(), z.number()), [{ a: 1 }, { 1: 1 }]);
    agrees(z.looseRecord(z.string(), z.number()), [{ a: 1 }, { a: 'x' }]);
    agrees(z.object({ r: z.record(z.string(), z.number()).refine((r) => !('x' in r)) }), [
      { r: { a: 1 } },
      { r: { x: 1 } },
    ]);
  });
});

describe('parseWith returns unchanged input as it came', () => {
  it('shares an unchanged array, loose object and record with the input, and copies only what changes', () => {
    const list = [1, 2];
    assert.equal(parseWith(z.array(z.number()).min(1), list).data, list);
    const loose = { a: 1, n: null, u: 'x', e: 'a', extra: true };
    const looseSchema = z.looseObject({ a: z.number(), n: z.null(), u: z.unknown(), e: z.enum(['a']) });
    assert.equal(parseWith(looseSchema, loose).data, loose);
    const record = { a: 1 };
    assert.equal(parseWith(z.record(z.string(), z.number()), record).data, record);
    const changed = { a: 'x', b: 'y' };
    const upperRecord = parseWith(z.record(z.string(), z.string().transform(upper)), changed).data;
    assert.deepEqual(upperRecord, { a: 'X', b: 'Y' });
    assert.deepEqual(changed, { a: 'x', b: 'y' });
  });
});

describe('compiledSource: the node kinds the compiler handles itself', () => {
  const compiled: [string, z.ZodType][] = [
    ['number', z.number()],
    ['z.int()', z.int()],
    ['number with bounds', z.number().min(0).max(10).gt(-1).lt(11).int()],
    ['string with lengths and a pattern', z.string().min(1).max(5).length(3).regex(/^a/)],
    ['boolean', z.boolean()],
    ['enum and literal', z.object({ e: z.enum(['a', 'b']), l: z.literal(1) })],
    ['null, unknown, any', z.object({ n: z.null(), u: z.unknown(), a: z.any() })],
    [
      'optional and nullable',
      z.object({ o: z.string().optional(), n: z.number().nullable(), t: z.string().transform(upper).nullable() }),
    ],
    ['default', z.object({ d: z.string().default('x') })],
    ['pipe over a pure transform', z.object({ p: z.string().transform(upper).pipe(z.string().max(3)) })],
    ['array with length checks', z.array(z.number()).min(1).max(3)],
    [
      'loose objects and catchalls',
      z.object({
        a: z.looseObject({ b: z.number() }),
        c: z.object({ d: z.number() }).catchall(z.unknown()),
        e: z.object({}).catchall(z.any()),
      }),
    ],
    ['nested record', z.object({ r: z.record(z.string(), z.string().transform(upper)) })],
    ['union', z.object({ u: z.union([z.string(), z.array(z.number())]) })],
    [
      'discriminated union',
      z.array(z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })])),
    ],
  ];
  for (const [name, schema] of compiled) {
    it(`compiles ${name} without handing any node to zod`, () => {
      const source = compiledSource(schema);
      assert.equal(source.match(/_zod\.run/g), null, source);
    });
  }

  it('leaves to zod what it cannot compile', () => {
    const left: z.ZodType[] = [
      z.coerce.number(),
      z.number().check(z.int32()),
      z.string().includes('a'),
      z.string().check(z.minLength(3, { when: () => true } as unknown as Parameters<typeof z.minLength>[1])),
      z.array(z.number()).refine(() => true),
      z.strictObject({ a: z.number() }),
      z.record(z.enum(['a']), z.number()),
      z.string().transform((v) => v),
    ];
    for (const schema of left) assert.match(compiledSource(schema), /_zod\.run/);
  });
});
