// Calls an operation's own hooks (params schema, check, encode, normalize) without a server.
import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/api/errors';
import type { NameFlavor } from '../../../src/api/features';
import type { CallContext, Operation, RealmLimits } from '../../../src/api/operation';
import { operations } from '../../../src/api/operations';

export type Key = keyof typeof operations;

export function ctx(featureLevel: number, limits: RealmLimits = {}, flavor: NameFlavor = 'chat'): CallContext {
  return { route: 'test', server: { featureLevel, version: undefined, mergeBase: undefined, flavor }, limits };
}

export const op = (key: Key): Operation => operations[key] as unknown as Operation;

/** The first message for parameters the schema refuses. */
export function refusal(key: Key, raw: Record<string, unknown>): string {
  const parsed = op(key).params.safeParse(raw);
  assert.strictEqual(parsed.success, false, 'the parameters should be refused');
  return parsed.error!.issues[0]!.message;
}

/** Parses, runs the check and returns the encoded parameters. */
export function prepare(key: Key, raw: Record<string, unknown>, c: CallContext): Record<string, unknown> {
  const p = op(key).params.parse(raw) as Record<string, unknown>;
  op(key).check?.(p, c);
  return op(key).encode ? op(key).encode!(p, c) : p;
}

/** The ValidationError the check throws. */
export function checkError(key: Key, raw: Record<string, unknown>, c: CallContext): ValidationError {
  try {
    prepare(key, raw, c);
  } catch (error) {
    assert.ok(error instanceof ValidationError, String(error));
    return error;
  }
  assert.fail('expected a ValidationError');
}

/** The operation's normalize hook applied to a raw body (the body itself when there is none). */
export function normalized(key: Key, body: Record<string, unknown>, c: CallContext): Record<string, unknown> {
  const hook = op(key).normalize;
  return hook ? hook(body, c) : body;
}
