// Assertions on the API layer's two error kinds: a refusal the user reads, and the server's error.
import assert from 'node:assert/strict';
import { ApiError, ValidationError } from '../../../src/api';

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
