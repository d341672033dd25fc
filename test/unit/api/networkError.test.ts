import { strict as assert } from 'node:assert';
import { NetworkError } from '../../../src/api/errors';
import { errorCode, toNetworkError } from '../../../src/api/networkError';

const ORIGIN = 'https://chat.example.com';
const ROUTE = 'GET /users/me';

function withCode(code: string | undefined): Error {
  return Object.assign(new Error('low-level failure'), code === undefined ? {} : { code });
}

describe('toNetworkError (failures without an HTTP response, as NetworkError kinds)', () => {
  const cases: Array<[string, string, string]> = [
    ['ECONNREFUSED', 'refused', `Could not connect to ${ORIGIN}: the connection was refused. Is the server running?`],
    ['ENOTFOUND', 'dns', `Could not find the server ${ORIGIN}. Check the address.`],
    ['EAI_AGAIN', 'dns', `Could not find the server ${ORIGIN}. Check the address.`],
    [
      'CERT_HAS_EXPIRED',
      'tls',
      `The secure connection to ${ORIGIN} failed (CERT_HAS_EXPIRED). Check the server's certificate.`,
    ],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'tls',
      `The secure connection to ${ORIGIN} failed (ERR_TLS_CERT_ALTNAME_INVALID). Check the server's certificate.`,
    ],
    ['ECONNRESET', 'reset', `The connection to ${ORIGIN} was lost.`],
    ['UND_ERR_SOCKET', 'reset', `The connection to ${ORIGIN} was lost.`],
    ['EPIPE', 'reset', `The connection to ${ORIGIN} was lost.`],
    ['UND_ERR_CLOSED', 'reset', `The connection to ${ORIGIN} was lost.`],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', `${ORIGIN} did not answer in time.`],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', `${ORIGIN} did not answer in time.`],
    ['ETIMEDOUT', 'timeout', `${ORIGIN} did not answer in time.`],
    ['EHOSTUNREACH', 'other', `Could not reach ${ORIGIN}.`],
  ];
  for (const [code, kind, message] of cases) {
    it(`reports ${code} as "${kind}" with a message naming the server`, () => {
      const cause = withCode(code);
      const error = toNetworkError(cause, ORIGIN, ROUTE);
      assert.ok(error instanceof NetworkError);
      assert.equal(error.kind, kind);
      assert.equal(error.message, message);
      assert.equal(error.route, ROUTE);
      assert.equal(error.cause, cause);
    });
  }

  it('reports an error without any code as "other"', () => {
    const error = toNetworkError(new Error('boom'), ORIGIN, ROUTE);
    assert.equal(error.kind, 'other');
    assert.equal(error.message, `Could not reach ${ORIGIN}.`);
  });

  it('uses the innermost code of a wrapped system error', () => {
    const inner = withCode('ECONNRESET');
    const outer = Object.assign(new Error('socket error', { cause: inner }), { code: 'UND_ERR_SOCKET' });
    assert.equal(errorCode(outer), 'ECONNRESET');
    const timeout = Object.assign(new Error('wrapper', { cause: withCode('ETIMEDOUT') }), { code: 'ECONNREFUSED' });
    assert.equal(toNetworkError(timeout, ORIGIN, ROUTE).kind, 'timeout');
  });
});
