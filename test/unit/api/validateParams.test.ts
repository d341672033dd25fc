// ChatClient.validate(): call()'s checks with nothing sent (the outbox checks a message before it
// stores it). Checks that read the server's version wait until it is known; the others always run.
import assert from 'node:assert/strict';
import { ChatClient, ValidationError } from '../../../src/api';
import { refused } from '../support/errors';
import { offlineClient } from '../support/offline';

describe('ChatClient.validate (the checks of call(), nothing sent)', () => {
  const send = (content: string) => ({ type: 'channel' as const, to: 1, topic: 'checks', content });

  it('throws what call() throws before sending, and nothing for valid parameters', async () => {
    const client = offlineClient({ limits: { maxMessageLength: 5 } });
    assert.doesNotThrow(() => client.validate('POST /messages', send('12345')));
    let thrown: unknown;
    try {
      client.validate('POST /messages', send('123456'));
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof ValidationError);
    const fromCall = await refused(client.call('POST /messages', send('123456')), 'content');
    assert.equal(thrown.message, fromCall.message);
    assert.equal(thrown.field, 'content');
    assert.throws(
      () => client.validate('POST /messages', { ...send('x'), stray: 1 } as never),
      (e) => e instanceof ValidationError && e.field === 'stray',
    );
    assert.throws(() => client.validate('POST /messages', { ...send('x'), to: [] }), ValidationError);
    await client.close();
  });

  it('leaves a check of the server version to call() while the version is unknown, and runs the limits', async () => {
    const client = new ChatClient({
      realmUrl: 'http://127.0.0.1:9',
      email: 'nobody@example.com',
      apiKey: 'x',
      maxRetries: 0,
    });
    client.limits = { maxMessageLength: 5 };
    assert.equal(client.server, undefined);
    const reminder = { message_id: 1, scheduled_delivery_timestamp: 2_000_000_000 };
    assert.doesNotThrow(() => client.validate('POST /reminders', reminder));
    assert.throws(
      () => client.validate('POST /messages', send('123456')),
      (e) => e instanceof ValidationError && /at most 5/.test(e.message),
    );
    const old = offlineClient({ featureLevel: 1 });
    assert.throws(
      () => old.validate('POST /reminders', reminder),
      (e) => e instanceof ValidationError && /too old/.test(e.message),
    );
    await client.close();
    await old.close();
  });
});
