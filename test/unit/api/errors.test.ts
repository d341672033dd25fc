import { strict as assert } from 'node:assert';
import { ApiError, RedirectError, ServerError } from '../../../src/api/errors';

describe('ApiError and its details', () => {
  it('uses the server message, or the code and status when the server sent none', () => {
    assert.equal(
      new ApiError('BAD_REQUEST', 'Invalid stream name', 400, 'POST /messages').message,
      'Invalid stream name',
    );
    assert.equal(new ApiError('BAD_REQUEST', '', 400, 'POST /messages').message, 'BAD_REQUEST (HTTP 400)');
  });

  describe('moveTimeLimit', () => {
    it('reads the numbers of MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', () => {
      const error = new ApiError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'Too late', 400, 'PATCH /messages/{message_id}', {
        first_message_id_allowed_to_move: 42,
        total_messages_in_topic: 10,
        total_messages_allowed_to_move: 3,
      });
      assert.deepEqual(error.moveTimeLimit, {
        firstMessageIdAllowedToMove: 42,
        totalMessagesInTopic: 10,
        totalMessagesAllowedToMove: 3,
      });
    });
    it('gives null and zeros for fields that are missing or not finite numbers', () => {
      const error = new ApiError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'Too late', 400, undefined, {
        first_message_id_allowed_to_move: '42',
        total_messages_in_topic: Number.NaN,
        total_messages_allowed_to_move: '3',
      });
      assert.deepEqual(error.moveTimeLimit, {
        firstMessageIdAllowedToMove: null,
        totalMessagesInTopic: 0,
        totalMessagesAllowedToMove: 0,
      });
    });
    it('is undefined for other codes', () => {
      const error = new ApiError('BAD_REQUEST', 'x', 400, undefined, { first_message_id_allowed_to_move: 1 });
      assert.equal(error.moveTimeLimit, undefined);
    });
  });

  describe('missingStream', () => {
    it('reads stream_id and stream of STREAM_DOES_NOT_EXIST', () => {
      assert.deepEqual(new ApiError('STREAM_DOES_NOT_EXIST', 'x', 400, undefined, { stream_id: 7 }).missingStream, {
        streamId: 7,
        streamName: undefined,
      });
      assert.deepEqual(new ApiError('STREAM_DOES_NOT_EXIST', 'x', 400, undefined, { stream: 'design' }).missingStream, {
        streamId: undefined,
        streamName: 'design',
      });
    });
    it('ignores fields of the wrong type', () => {
      assert.deepEqual(
        new ApiError('STREAM_DOES_NOT_EXIST', 'x', 400, undefined, { stream_id: '7', stream: 7 }).missingStream,
        {
          streamId: undefined,
          streamName: undefined,
        },
      );
    });
    it('is undefined for other codes', () => {
      assert.equal(new ApiError('BAD_REQUEST', 'x', 400, undefined, { stream_id: 7 }).missingStream, undefined);
    });
  });

  describe('retryAfterSeconds', () => {
    const hit = (v: unknown) =>
      new ApiError('RATE_LIMIT_HIT', 'slow down', 429, undefined, { 'retry-after': v }).retryAfterSeconds;
    it('reads a finite, non-negative number, zero included', () => {
      assert.equal(hit(2.5), 2.5);
      assert.equal(hit(0), 0);
    });
    it('refuses negative, infinite, NaN and non-number values', () => {
      assert.equal(hit(-1), undefined);
      assert.equal(hit(Number.POSITIVE_INFINITY), undefined);
      assert.equal(hit(Number.NaN), undefined);
      assert.equal(hit('3'), undefined);
    });
    it('is undefined for other codes', () => {
      assert.equal(new ApiError('BAD_REQUEST', 'x', 429, undefined, { 'retry-after': 3 }).retryAfterSeconds, undefined);
    });
  });

  describe('isAuthError', () => {
    it('is true for HTTP 401 whatever the code, and for the authentication codes', () => {
      assert.equal(new ApiError('SOMETHING', 'x', 401, undefined).isAuthError, true);
      for (const code of ['UNAUTHORIZED', 'INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED']) {
        assert.equal(new ApiError(code, 'x', 403, undefined).isAuthError, true, code);
      }
    });
    it('is false for other codes and statuses', () => {
      assert.equal(new ApiError('BAD_REQUEST', 'x', 400, undefined).isAuthError, false);
      assert.equal(new ApiError('RATE_LIMIT_HIT', 'x', 429, undefined).isAuthError, false);
    });
  });
});

describe('ServerError and RedirectError messages', () => {
  it('names the HTTP status of a server failure', () => {
    const error = new ServerError(503, 'GET /users', 'upstream down');
    assert.equal(error.message, 'The server had an internal error (HTTP 503).');
    assert.equal(error.bodyExcerpt, 'upstream down');
    assert.equal(error.name, 'ServerError');
  });
  it('names the new address of a redirect, or its status when there is none', () => {
    assert.equal(
      new RedirectError(301, 'https://new.example.com', undefined).message,
      'The server redirected to https://new.example.com. Use that address as the server URL.',
    );
    assert.equal(
      new RedirectError(302, undefined, undefined).message,
      'The server answered with a redirect (HTTP 302).',
    );
  });
});
