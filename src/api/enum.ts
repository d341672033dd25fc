import * as z from 'zod';
import { pure } from './parse';

/**
 * A string enum that tolerates values added by newer servers: a known value passes through,
 * any other string becomes `'unknown'` instead of failing the whole response.
 *
 * Output type: `T[number] | 'unknown'`. Input: any string.
 *
 * ```ts
 * const MessageType = lenientEnum(['stream', 'private'] as const);
 * MessageType.parse('private'); // 'private'
 * MessageType.parse('future');  // 'unknown'
 * ```
 */
export function lenientEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const known: ReadonlySet<string> = new Set(values);
  return z
    .string()
    .transform(pure((v: string): T[number] | 'unknown' => (known.has(v) ? (v as T[number]) : 'unknown')));
}

/** The output type of a {@link lenientEnum} over `T`. */
export type LenientEnum<T extends readonly string[]> = T[number] | 'unknown';
