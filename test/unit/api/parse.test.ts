import * as assert from 'node:assert/strict';
import * as z from 'zod';
import { operations } from '../../../src/api';
import * as attachment from '../../../src/api/messages/attachment';
import * as events from '../../../src/api/events/models';
import * as linkifier from '../../../src/api/realm/models';
import * as message from '../../../src/api/messages/models';
import * as narrow from '../../../src/api/messages/narrow';
import * as personal from '../../../src/api/personal/models';
import * as presence from '../../../src/api/users/presence';
import * as register from '../../../src/api/events/register';
import * as server from '../../../src/api/server/models';
import * as settings from '../../../src/api/personal/settings';
import * as subscription from '../../../src/api/channels/models';
import * as user from '../../../src/api/users/models';
import * as webhook from '../../../src/api/webhook/models';
import { compiledSource, parseWith, pure } from '../../../src/api/parse';

/** Every schema of the client: the operations' parameters, responses and payloads, and the models. */
function allSchemas(): [string, z.ZodType][] {
  const out: [string, z.ZodType][] = [];
  for (const [key, op] of Object.entries(operations)) {
    out.push([`${key} params`, op.params], [`${key} response`, op.response]);
    if ('payload' in op && op.payload) out.push([`${key} payload`, op.payload as z.ZodType]);
  }
  const modules = {
    attachment,
    events,
    linkifier,
    message,
    narrow,
    personal,
    presence,
    register,
    server,
    settings,
    subscription,
    user,
    webhook,
  };
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) out.push([`models/${file} ${name}`, value]);
    }
  }
  return out;
}

/** A small deterministic random source (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Internals {
  def: Record<string, unknown> & { type: string };
  values?: ReadonlySet<unknown>;
}

const NOISE = [undefined, null, 0, -1, 1.5, 2 ** 60, '', 'x', 'unknown_value', true, false, [], {}, [1, 'a'], { a: 1 }];

/**
 * A value for `schema`: mostly valid, sometimes absent, of another type or with extra keys, so
 * that both the accepting and the refusing paths are exercised.
 */
function arbitrary(schema: z.ZodType, next: () => number, depth = 0): unknown {
  const zod = (schema as unknown as { _zod: Internals })._zod;
  const def = zod.def;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  if (next() < 0.04) return pick(NOISE);
  switch (def.type) {
    case 'string':
      return pick([
        '',
        'a',
        'hello',
        '#00ff00',
        'x'.repeat(70),
        'alice@example.com',
        '2024-01-01',
        '🙂'.repeat(3),
        'private',
        'stream',
      ]);
    case 'number':
      return pick([0, 1, 7, 42, -3, 1.25, 1_700_000_000, 2 ** 53, 10 ** 16]);
    case 'boolean':
      return next() < 0.5;
    case 'null':
      return null;
    case 'literal':
    case 'enum':
      return zod.values ? pick([...zod.values]) : 'x';
    case 'unknown':
    case 'any':
      return pick(NOISE);
    case 'optional':
      return next() < 0.3 ? undefined : arbitrary(def.innerType as z.ZodType, next, depth);
    case 'nullable':
      return next() < 0.2 ? null : arbitrary(def.innerType as z.ZodType, next, depth);
    case 'default':
      return next() < 0.4 ? undefined : arbitrary(def.innerType as z.ZodType, next, depth);
    case 'pipe': {
      // A preprocess (a transform first) mostly gets what its target accepts.
      const first = def.in as z.ZodType;
      const preprocess = (first as unknown as { _zod: Internals })._zod.def.type === 'transform';
      return arbitrary(preprocess && next() < 0.8 ? (def.out as z.ZodType) : first, next, depth);
    }
    case 'transform':
      return pick(['private', 'stream', 'zulip_extra_emoji', 'unicode_emoji', 'future', 1, { in_home_view: true }]);
    case 'union':
      return arbitrary(pick(def.options as z.ZodType[]), next, depth);
    case 'array': {
      if (depth > 6) return [];
      const n = Math.floor(next() * 4);
      return Array.from({ length: n }, () => arbitrary(def.element as z.ZodType, next, depth + 1));
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => arbitrary(item, next, depth + 1));
    case 'record': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      const n = Math.floor(next() * 3);
      for (let i = 0; i < n; i++) out[String(i + 10)] = arbitrary(def.valueType as z.ZodType, next, depth + 1);
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = arbitrary(field, next, depth + 1);
        if (value !== undefined || next() < 0.1) out[key] = value;
      }
      if (next() < 0.3) out.extra_key = pick(NOISE);
      if (next() < 0.05) Object.defineProperty(out, '__proto__', { value: { polluted: true }, enumerable: true });
      return out;
    }
    case 'lazy':
      return depth > 6 ? undefined : arbitrary((def.getter as () => z.ZodType)(), next, depth + 1);
    default:
      return pick(NOISE);
  }
}

describe('parseWith (compiled zod parsing)', () => {
  it('agrees with zod safeParse on every schema of the client, for valid and invalid values', () => {
    const next = random(20261122);
    let accepted = 0;
    let refused = 0;
    for (const [name, schema] of allSchemas()) {
      for (let i = 0; i < 150; i++) {
        const value = arbitrary(schema, next);
        const before = structuredClone(value);
        const expected = schema.safeParse(structuredClone(value));
        const actual = parseWith(schema, value);
        assert.equal(actual.success, expected.success, `${name}: success differs for ${JSON.stringify(before)}`);
        assert.deepEqual(value, before, `${name}: the input was modified`);
        if (expected.success && actual.success) {
          assert.deepEqual(actual.data, expected.data, `${name}: output differs for ${JSON.stringify(before)}`);
          accepted++;
        } else {
          refused++;
        }
      }
    }
    // Both paths must really have been exercised.
    assert.ok(accepted > 2000, `only ${accepted} values accepted`);
    assert.ok(refused > 2000, `only ${refused} values refused`);
  });

  it('reports zod’s own error for a refused value', () => {
    const result = parseWith(message.Message, { id: 'seven' });
    assert.equal(result.success, false);
    assert.deepEqual(result.error?.issues, message.Message.safeParse({ id: 'seven' }).error?.issues);
  });

  it('maps unknown enum values and fills defaults like zod', () => {
    const reaction = { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'zulip_extra_emoji', user_id: 3 };
    assert.equal(parseWith(message.Reaction, reaction).data?.reaction_type, 'chat_extra_emoji');
    assert.equal(
      parseWith(message.Reaction, { ...reaction, reaction_type: 'newer_kind' }).data?.reaction_type,
      'unknown',
    );
    const recipient = parseWith(message.DisplayRecipientUser, { id: 1, email: 'a@b.c', full_name: 'A' });
    assert.deepEqual(recipient.data, { id: 1, email: 'a@b.c', full_name: 'A', is_mirror_dummy: false });
  });

  it('gives each parse a fresh copy of a default value', () => {
    const schema = z.object({ list: z.array(z.number()).default([]) });
    const first = parseWith(schema, {}).data!;
    first.list.push(1);
    assert.deepEqual(parseWith(schema, {}).data, { list: [] });
  });

  it('drops an own __proto__ key as zod does', () => {
    const body = JSON.parse('{"name":"a","max_id":1,"__proto__":{"polluted":true}}') as unknown;
    const result = parseWith(subscription.Topic, body);
    assert.equal(Object.hasOwn(result.data!, '__proto__'), false);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('keeps a key whose default is undefined, and returns unchanged values as they came', () => {
    const schema = z.looseObject({
      a: z
        .string()
        .optional()
        .default(undefined as never),
      b: z.array(z.string().transform(pure((v: string) => v))),
    });
    const input = { b: ['x'] };
    const result = parseWith(schema, input).data!;
    assert.deepEqual(result, schema.parse({ b: ['x'] }));
    assert.ok(Object.hasOwn(result, 'a'));
    const unchanged = { b: ['y'], a: 'z' };
    assert.equal(parseWith(schema, unchanged).data, unchanged);
  });

  it('strips unknown keys of plain objects and keeps them on loose ones', () => {
    const strip = z.object({ a: z.number() });
    const loose = z.looseObject({ a: z.number() });
    assert.deepEqual(parseWith(strip, { a: 1, b: 2 }).data, { a: 1 });
    assert.deepEqual(parseWith(loose, { a: 1, b: 2 }).data, { a: 1, b: 2 });
  });

  it('dispatches a discriminated union on its key and refuses a value no option claims with zod’s error', () => {
    const source = compiledSource(events.ChatEvent);
    assert.match(source, /switch \(K\[\d+\]\.get\(v\["type"\]\)\)/);
    assert.match(source, /switch \(K\[\d+\]\.get\(v\["op"\]\)\)/);
    const bad = [
      { id: 1, type: 'no_such_type' },
      {
        id: 2,
        type: 'reaction',
        op: 'toggle',
        message_id: 1,
        user_id: 2,
        emoji_name: 'a',
        emoji_code: '1',
        reaction_type: 'unicode_emoji',
      },
      { id: 3, type: 'reaction', op: 'add', message_id: 'x' },
      { id: 4 },
      'not an object',
    ];
    for (const value of bad) {
      const actual = parseWith(events.ChatEvent, value);
      const expected = events.ChatEvent.safeParse(value);
      assert.equal(actual.success, false);
      assert.deepEqual(actual.error?.issues, expected.error?.issues);
    }
  });

  it('gives a discriminator value two options share to neither, as zod does', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a').optional(), x: z.number() }),
      z.object({ kind: z.literal('b').optional(), y: z.number() }),
    ]);
    for (const value of [{ x: 1 }, { y: 1 }, { kind: 'a', x: 1 }, { kind: 'b', y: 2 }, { kind: 'b', x: 1 }]) {
      const expected = schema.safeParse(value);
      const actual = parseWith(schema, value);
      assert.equal(actual.success, expected.success, JSON.stringify(value));
      assert.deepEqual(actual.data, expected.data);
    }
  });

  it('compiles the hot response schemas without handing whole objects back to zod', () => {
    // Only leaf transforms (lenient enums) may run through zod's own parser in a message.
    const source = compiledSource(operations['GET /messages'].response);
    const viaZod = source.match(/_zod\.run/g) ?? [];
    assert.ok(viaZod.length <= 3, `${viaZod.length} nodes left to zod:\n${source}`);
  });

  it('compiles .regex() checks (a subscription’s colour) and tests a global pattern from its start each time, as zod does', () => {
    const source = compiledSource(operations['GET /users/me/subscriptions'].response);
    assert.equal(source.match(/_zod\.run/g), null, `nodes left to zod:\n${source}`);
    const global = z.object({ a: z.string().regex(/^x+$/g) });
    for (const value of [{ a: 'xx' }, { a: 'xx' }, { a: 'xy' }, { a: 'x' }]) {
      const ours = parseWith(global, value);
      const theirs = global.safeParse(value);
      assert.equal(ours.success, theirs.success, JSON.stringify(value));
      if (!ours.success && !theirs.success) assert.deepEqual(ours.error.issues, theirs.error.issues);
    }
  });
});
