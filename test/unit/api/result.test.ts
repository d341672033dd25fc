import * as assert from 'node:assert/strict';
import * as z from 'zod';
import { MalformedResponseError } from '../../../src/api/errors';
import { parseResult } from '../../../src/api/result';

describe('parseResult (reading a success body with the operation’s response schema)', () => {
  it('returns a valid body parsed, sharing what parsing leaves unchanged', () => {
    const body = { result: 'success', msg: '', extra: { kept: [1] } };
    const parsed = parseResult('POST /typing', body, undefined);
    assert.deepEqual(parsed, body);
    // The compiled parse returns an unchanged (loose) body as it came, where zod would copy it.
    assert.equal(parsed, body);
  });

  it('throws MalformedResponseError naming the operation, with zod’s error as cause, for a refused body', () => {
    const body = { result: 'success', msg: 7 };
    assert.throws(
      () => parseResult('POST /typing', body, undefined),
      (error: unknown) => {
        assert.ok(error instanceof MalformedResponseError);
        assert.equal(error.httpStatus, 200);
        assert.match(error.message, /POST \/typing/);
        assert.match(error.message, /not understood/);
        assert.ok(error.cause instanceof z.ZodError);
        assert.equal((error.cause as z.ZodError).issues[0]?.path[0], 'msg');
        return true;
      },
    );
  });

  it('throws for a body that is not the success envelope at all', () => {
    assert.throws(() => parseResult('POST /typing', { result: 'error', msg: 'no' }, undefined), MalformedResponseError);
  });
});
