import assert from 'node:assert/strict';
import { ApiError, ChatClient, type NameFlavor, ValidationError } from '../../src/api';
import type { Account, RunningServer } from './helpers';

/**
 * A client whose server never answers (nothing listens on the port) but whose version facts are
 * known: a `ValidationError` from it proves the input was refused before anything was sent.
 */
export function offlineClient(featureLevel = 482, flavor: NameFlavor = 'chat'): ChatClient {
  const client = new ChatClient({ realmUrl: 'http://127.0.0.1:9', email: 'nobody@example.com', apiKey: 'x', maxRetries: 0, timeoutMs: 2000 });
  client.server = { featureLevel, version: 'test', mergeBase: undefined, flavor };
  client.limits = { maxTopicLength: 60, emptyTopicDisplayName: 'general chat' };
  return client;
}

/** Asserts a user-facing `ValidationError` (optionally about `field`, with a message matching `message`). */
export async function refused(promise: Promise<unknown>, field?: string, message?: RegExp): Promise<ValidationError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof ValidationError, `expected a ValidationError, got ${String(caught)}`);
  if (field !== undefined) assert.equal(caught.field, field, caught.message);
  if (message) assert.match(caught.message, message);
  assert.match(caught.message, /^[A-Z"].*[.!?]$/, 'a sentence for the user');
  return caught;
}

/** Asserts an `ApiError` with `code` (and HTTP status when given). */
export async function apiError(promise: Promise<unknown>, code: string, httpStatus?: number): Promise<ApiError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof ApiError, `expected an ApiError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  if (httpStatus !== undefined) assert.equal(caught.httpStatus, httpStatus);
  return caught;
}

/** The fixture account whose email starts with `local@`. */
export function byEmail(server: RunningServer, local: string): Account {
  const a = server.accounts.find((x) => x.email.startsWith(local + '@'));
  if (!a) throw new Error(`no account ${local}`);
  return a;
}
