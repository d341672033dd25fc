// The one error→message function (src/ui/errorMessage.ts): each kind of error, its exact wording,
// severity and buttons. Most errors are built as the client builds them; the auth, validation and
// network cases also come from real calls (the local server, a closed port).
import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import {
  ApiError,
  ChatClient,
  MalformedResponseError,
  NetworkError,
  RedirectError,
  ServerError,
  ValidationError,
} from '../../../src/api';
import { getOwnUser, updateStatus } from '../../../src/api/users/routes';
import {
  errorKind,
  errorMessage,
  explainTimeLimit,
  SIGN_IN_FIRST,
  SignInRequiredError,
  STILL_CONNECTING,
  UserFacingError,
} from '../../../src/ui/errorMessage';
import { clientFor, MEMBER, accountWithRole, withServer } from '../support/server';

const FAILURE = 'Could not mute the channel';

describe('errorMessage: one wording per kind of error', () => {
  it("cancellation (AbortError, VS Code's Canceled) is silent, with no buttons", () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const canceled = Object.assign(new Error('Canceled'), { name: 'Canceled' });
    for (const error of [abort, canceled]) {
      const m = errorMessage(error, FAILURE, true);
      assert.equal(m.kind, 'cancelled');
      assert.equal(m.severity, 'silent');
      assert.deepEqual(m.actions, []);
    }
  });

  it('"sign in first" is one warning with a Sign In button, never prefixed', () => {
    const m = errorMessage(new SignInRequiredError(), FAILURE, true);
    assert.equal(m.text, 'Sign in to Team Chat first.');
    assert.equal(m.text, SIGN_IN_FIRST);
    assert.equal(m.severity, 'warning');
    assert.deepEqual(m.actions, ['signIn']);
  });

  it('a refusal is a warning in its own words, with no Retry', () => {
    const m = errorMessage(new UserFacingError(STILL_CONNECTING), FAILURE, true);
    assert.equal(m.kind, 'refused');
    assert.equal(m.text, 'Team Chat is still connecting to the chat server. Try again in a moment.');
    assert.equal(m.severity, 'warning');
    assert.deepEqual(m.actions, []);
  });

  it('a validation error keeps its message after the failure, with no Retry', () => {
    const m = errorMessage(
      new ValidationError('The status text can be at most 60 characters.', 'POST /users/me/status', 'status_text'),
      FAILURE,
      true,
    );
    assert.equal(m.kind, 'validation');
    assert.equal(m.text, 'Could not mute the channel: The status text can be at most 60 characters.');
    assert.equal(m.severity, 'error');
    assert.deepEqual(m.actions, ['showLog']);
  });

  it('an authentication failure asks to sign in again (401 and the auth codes)', () => {
    for (const error of [
      new ApiError('UNAUTHORIZED', 'Invalid API key', 401, 'GET /users/me'),
      new ApiError('USER_DEACTIVATED', 'Account is deactivated', 400, 'GET /users/me'),
    ]) {
      const m = errorMessage(error, FAILURE, true);
      assert.equal(m.kind, 'auth');
      assert.equal(
        m.text,
        'Could not mute the channel: The chat server no longer accepts your API key. Sign in again.',
      );
      assert.deepEqual(m.actions, ['signInAgain', 'showLog']);
    }
  });

  it('a rate limit says how long to wait (rounded up; 10 s when the server does not say)', () => {
    const timed = new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', 429, 'GET /messages', {
      'retry-after': 2.1,
    });
    assert.equal(errorMessage(timed).text, 'The chat server is rate-limiting requests. Try again in 3 s.');
    const untimed = new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', 429, 'GET /messages');
    const m = errorMessage(untimed, FAILURE, true);
    assert.equal(m.kind, 'rateLimit');
    assert.equal(m.text, 'Could not mute the channel: The chat server is rate-limiting requests. Try again in 10 s.');
    assert.deepEqual(m.actions, ['retry', 'showLog']);
  });

  it("another API error shows the server's message, or names the code when there is none", () => {
    const m = errorMessage(
      new ApiError('BAD_REQUEST', 'Invalid channel ID', 400, 'POST /users/me/subscriptions/properties'),
      FAILURE,
    );
    assert.equal(m.kind, 'api');
    assert.equal(m.text, 'Could not mute the channel: Invalid channel ID');
    assert.deepEqual(m.actions, ['showLog']);
    assert.equal(
      errorMessage(new ApiError('BAD_REQUEST', '', 400, 'x')).text,
      'The chat server refused the request (BAD_REQUEST).',
    );
  });

  it('the code-specific explanations: move time limit (part / none movable) and wildcard mentions', () => {
    const part = new ApiError(
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      "You don't have permission",
      400,
      'PATCH /messages/{message_id}',
      {
        first_message_id_allowed_to_move: 42,
        total_messages_in_topic: 10,
        total_messages_allowed_to_move: 3,
      },
    );
    assert.equal(
      errorMessage(part).text,
      'The time limit for moving messages has passed for part of this topic: you may move only the 3 most recent of its 10 messages. The older ones need a moderator or administrator.',
    );
    const none = new ApiError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'x', 400, 'PATCH /messages/{message_id}', {
      first_message_id_allowed_to_move: null,
      total_messages_in_topic: 7,
      total_messages_allowed_to_move: 0,
    });
    assert.equal(errorMessage(none).reason, explainTimeLimit(none.moveTimeLimit!));
    assert.equal(
      errorMessage(none).reason,
      'The time limit for moving messages has passed for every message in this topic (7), so none can be moved. A moderator or administrator can move them.',
    );
    assert.match(
      errorMessage(new ApiError('STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'x', 400, 'PATCH /messages/{message_id}'))
        .reason,
      /^Your text mentions everyone in the channel \(@all, @everyone, @channel or @stream\)/,
    );
    assert.match(
      errorMessage(new ApiError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'x', 400, 'PATCH /messages/{message_id}')).reason,
      /^Your text mentions everyone in the topic \(@topic\)/,
    );
  });

  it('a time-out and a lost connection have their own wording, and offer Retry', () => {
    const timeout = errorMessage(new NetworkError('timed out', 'GET /messages', 'timeout'), FAILURE, true);
    assert.equal(timeout.kind, 'timeout');
    assert.equal(timeout.text, 'Could not mute the channel: The chat server did not answer in time. Try again.');
    assert.deepEqual(timeout.actions, ['retry', 'showLog']);
    const refused = errorMessage(new NetworkError('connect ECONNREFUSED', 'GET /messages', 'refused'), FAILURE, true);
    assert.equal(refused.kind, 'network');
    assert.equal(
      refused.text,
      'Could not mute the channel: The chat server could not be reached. Check your connection and the server URL.',
    );
  });

  it('a server error names the HTTP status; a malformed response points to the log, which names the route', () => {
    assert.equal(
      errorMessage(new ServerError(502, 'GET /messages', '<html>')).text,
      'The chat server had an internal error (HTTP 502). Try again later.',
    );
    const malformed = errorMessage(
      new MalformedResponseError("The server's answer to GET /messages was not JSON.", 'GET /messages', 200),
      FAILURE,
    );
    assert.equal(malformed.kind, 'malformed');
    assert.equal(
      malformed.text,
      'Could not mute the channel: The chat server sent a response Team Chat does not understand. Details are in the log.',
    );
    assert.equal(
      malformed.detail,
      "Could not mute the channel: The chat server sent a response Team Chat does not understand. Details are in the log. [MalformedResponseError, GET /messages, HTTP 200] The server's answer to GET /messages was not JSON.",
    );
  });

  it('a redirect and any other error keep their own message', () => {
    assert.equal(
      errorMessage(new RedirectError(301, 'https://chat.example.org', 'GET /server_settings')).text,
      'The server redirected to https://chat.example.org. Use that address as the server URL.',
    );
    assert.equal(errorKind(new RedirectError(301, undefined, 'x')), 'redirect');
    const other = errorMessage(
      new Error('Snippet 4 does not exist any more (deleted elsewhere?).'),
      'Could not delete the snippet',
    );
    assert.equal(other.kind, 'other');
    assert.equal(other.text, 'Could not delete the snippet: Snippet 4 does not exist any more (deleted elsewhere?).');
    assert.equal(errorMessage('plain text').text, 'plain text');
  });

  it('the log detail names the class, route, code and status', () => {
    const m = errorMessage(
      new ApiError('BAD_REQUEST', 'Invalid channel ID', 400, 'POST /users/me/subscriptions/properties'),
      FAILURE,
    );
    assert.equal(
      m.detail,
      'Could not mute the channel: Invalid channel ID [ApiError, POST /users/me/subscriptions/properties, BAD_REQUEST, HTTP 400]',
    );
  });

  describe('errors from real calls', () => {
    const suite = withServer();

    it('a wrong API key from the local server: sign in again', async () => {
      const account = accountWithRole(suite.server, MEMBER);
      const client = clientFor(suite.server, { ...account, apiKey: 'x'.repeat(32) });
      try {
        const error = await getOwnUser(client).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof ApiError, String(error));
        assert.equal(
          errorMessage(error, FAILURE).text,
          'Could not mute the channel: The chat server no longer accepts your API key. Sign in again.',
        );
      } finally {
        await client.close();
      }
    });

    it('input the client refuses before sending: its own message', async () => {
      const client = suite.client(MEMBER);
      const error = await updateStatus(client, { status_text: 'x'.repeat(61) }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ValidationError, String(error));
      assert.equal(errorMessage(error).kind, 'validation');
      assert.equal(errorMessage(error).reason, error.message);
    });

    it('a closed port: the connection wording', async () => {
      const port = await closedPort();
      const client = new ChatClient({
        realmUrl: `http://127.0.0.1:${port}`,
        email: 'a@example.com',
        apiKey: 'k',
        maxRetries: 0,
      });
      try {
        const error = await getOwnUser(client).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.equal(errorMessage(error).kind, 'network');
        assert.equal(
          errorMessage(error).text,
          'The chat server could not be reached. Check your connection and the server URL.',
        );
      } finally {
        await client.close();
      }
    });
  });
});

/** A port that was free a moment ago (listened on, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
