// Channel operations without a server: the messages of refused parameters, and the responses and
// snapshot sections read as the client reads them (defaults filled in, malformed entries refused).
import assert from 'node:assert/strict';
import { MalformedResponseError } from '../../../../src/api/errors';
import { parseResult } from '../../../../src/api/result';
import { ctx, type Key, prepare, refusal } from '../../support/operations';

const NEW = 10_000;
const ok = { result: 'success', msg: '' };

/** The message of the MalformedResponseError `parseResult` throws for `body`. */
function malformed(key: Key, body: Record<string, unknown>): string {
  try {
    parseResult(key, { ...ok, ...body }, ctx(NEW));
  } catch (error) {
    assert.ok(error instanceof MalformedResponseError, String(error));
    return error.message;
  }
  assert.fail('the response should be refused');
}

describe('API: channel operations (parameters)', function () {
  const sub = { subscriptions: [{ name: 'design' }] };

  it('names each boolean parameter that is not true or false', function () {
    const cases: [Key, string, Record<string, unknown>][] = [
      ['GET /users/me/subscriptions', 'include_subscribers', {}],
      ['POST /users/me/subscriptions', 'authorization_errors_fatal', sub],
      ['POST /users/me/subscriptions', 'announce', sub],
      ['POST /users/me/subscriptions', 'invite_only', sub],
      ['POST /users/me/subscriptions', 'is_web_public', sub],
      ['POST /users/me/subscriptions', 'history_public_to_subscribers', sub],
      ['GET /streams', 'include_public', {}],
      ['GET /streams', 'include_web_public', {}],
      ['GET /streams', 'include_subscribed', {}],
      ['GET /streams', 'exclude_archived', {}],
      ['GET /streams', 'include_all', {}],
      ['GET /streams', 'include_default', {}],
      ['GET /streams', 'include_owner_subscribed', {}],
      ['GET /users/me/{stream_id}/topics', 'allow_empty_topic_name', { stream_id: 1 }],
    ];
    for (const [key, name, base] of cases) {
      assert.equal(refusal(key, { ...base, [name]: 'yes' }), `"${name}" must be true or false.`, `${key} ${name}`);
      assert.deepEqual(prepare(key, { ...base, [name]: true }, ctx(NEW))[name], true, `${key} ${name}`);
    }
  });

  it('refuses channel names that are blank, trims the others, and refuses an empty list (subscribe)', function () {
    assert.equal(
      refusal('POST /users/me/subscriptions', { subscriptions: [{ name: '   ' }] }),
      'The channel name cannot be empty.',
    );
    assert.equal(refusal('POST /users/me/subscriptions', { subscriptions: [{}] }), 'The channel name is required.');
    assert.equal(
      refusal('POST /users/me/subscriptions', { subscriptions: [] }),
      'Choose at least one channel to subscribe to.',
    );
    assert.deepEqual(
      prepare(
        'POST /users/me/subscriptions',
        { subscriptions: [{ name: ' design ', description: 'Pixels' }] },
        ctx(NEW),
      ),
      {
        subscriptions: [{ name: 'design', description: 'Pixels' }],
      },
    );
  });

  it('refuses blank channel names and an empty list (unsubscribe), and trims the names', function () {
    assert.equal(
      refusal('DELETE /users/me/subscriptions', { subscriptions: ['  '] }),
      'A channel name cannot be empty.',
    );
    assert.equal(
      refusal('DELETE /users/me/subscriptions', { subscriptions: 'design' }),
      'Subscriptions must be a list of channel names.',
    );
    assert.equal(
      refusal('DELETE /users/me/subscriptions', { subscriptions: ['design', 5] }),
      'Subscriptions must be a list of channel names.',
    );
    assert.equal(
      refusal('DELETE /users/me/subscriptions', { subscriptions: [] }),
      'Choose at least one channel to unsubscribe from.',
    );
    assert.deepEqual(prepare('DELETE /users/me/subscriptions', { subscriptions: [' design '] }, ctx(NEW)), {
      subscriptions: ['design'],
    });
  });

  it('takes principals as user ids or emails, with a message for each wrong kind', function () {
    for (const key of ['POST /users/me/subscriptions', 'DELETE /users/me/subscriptions'] as const) {
      const base = key === 'DELETE /users/me/subscriptions' ? { subscriptions: ['design'] } : sub;
      assert.equal(refusal(key, { ...base, principals: [0] }), 'The user id must be a positive number.', key);
      assert.equal(refusal(key, { ...base, principals: [1.5] }), 'Principals must be user ids or emails.', key);
      assert.equal(refusal(key, { ...base, principals: [true] }), 'Principals must be user ids or emails.', key);
      assert.equal(refusal(key, { ...base, principals: ['   '] }), 'A principal email cannot be empty.', key);
      assert.equal(
        refusal(key, { ...base, principals: 'bob@example.com' }),
        'Principals must be a list of user ids or of emails.',
        key,
      );
      assert.deepEqual(
        prepare(key, { ...base, principals: [' bob@example.com '] }, ctx(NEW)).principals,
        ['bob@example.com'],
        key,
      );
      assert.deepEqual(prepare(key, { ...base, principals: [7, 8] }, ctx(NEW)).principals, [7, 8], key);
    }
  });

  it('names the nine subscription properties when given another', function () {
    const nine =
      'The subscription property must be one of color, is_muted, in_home_view, pin_to_top, desktop_notifications, ' +
      'audible_notifications, push_notifications, email_notifications, wildcard_mentions_notify.';
    assert.equal(
      refusal('POST /users/me/subscriptions/{stream_id}', { stream_id: 1, property: 'colour', value: '#ff0000' }),
      nine,
    );
    assert.equal(
      refusal('POST /users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: 1, property: 'muted', value: true }],
      }),
      nine,
    );
  });

  it('refuses an empty list of subscription property changes', function () {
    assert.equal(
      refusal('POST /users/me/subscriptions/properties', { subscription_data: [] }),
      'Give at least one subscription property to change.',
    );
  });

  it('refuses a property value that is neither a boolean nor a string', function () {
    const message = 'A property value must be true, false or a colour.';
    assert.equal(
      refusal('POST /users/me/subscriptions/{stream_id}', { stream_id: 1, property: 'is_muted', value: 1 }),
      message,
    );
    assert.equal(
      refusal('POST /users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: 1, property: 'is_muted', value: null }],
      }),
      message,
    );
    assert.deepEqual(
      prepare(
        'POST /users/me/subscriptions/{stream_id}',
        { stream_id: 1, property: 'color', value: '#a1b2c3' },
        ctx(NEW),
      ),
      {
        stream_id: 1,
        property: 'color',
        value: '#a1b2c3',
      },
    );
  });

  it('refuses a visibility policy outside 0-3 and takes each of them', function () {
    const raw = { stream_id: 1, topic: 'lunch' };
    assert.equal(
      refusal('POST /user_topics', { ...raw, visibility_policy: 4 }),
      'The visibility policy must be 0 (none), 1 (muted), 2 (unmuted) or 3 (followed).',
    );
    for (const visibility_policy of [0, 1, 2, 3]) {
      assert.deepEqual(prepare('POST /user_topics', { ...raw, visibility_policy }, ctx(NEW)), {
        ...raw,
        visibility_policy,
      });
    }
  });
});

describe('API: channel operations (responses)', function () {
  it('reads GET /streams with the documented defaults for absent fields', function () {
    const { streams } = parseResult(
      'GET /streams',
      {
        ...ok,
        streams: [
          {
            stream_id: 1,
            name: 'general',
            description: 'Everyone',
            invite_only: true,
            is_web_public: true,
            is_archived: true,
            date_created: 1691057093,
          },
          { stream_id: 2, name: 'design' },
        ],
      },
      ctx(NEW),
    );
    const fields = (s: (typeof streams)[number]) => [
      s.stream_id,
      s.name,
      s.description,
      s.invite_only,
      s.is_web_public,
      s.is_archived,
    ];
    assert.deepEqual(streams.map(fields), [
      [1, 'general', 'Everyone', true, true, true],
      [2, 'design', '', false, false, false],
    ]);
    assert.match(
      malformed('GET /streams', { streams: [{ stream_id: '2', name: 'design' }] }),
      /^The server's answer to GET \/streams was not understood/,
    );
    assert.match(malformed('GET /streams', { streams: [{ name: 'design' }] }), /stream_id/);
  });

  it('reads subscriptions with defaults, legacy in_home_view and permission group settings', function () {
    const { subscriptions } = parseResult(
      'GET /users/me/subscriptions',
      {
        ...ok,
        subscriptions: [
          {
            stream_id: 1,
            name: 'general',
            description: 'Everyone',
            invite_only: true,
            color: '#76ce90',
            is_muted: false,
            pin_to_top: true,
            desktop_notifications: true,
            can_remove_subscribers_group: 11,
          },
          {
            stream_id: 2,
            name: 'design',
            color: '#e79ab5',
            in_home_view: false,
            can_remove_subscribers_group: { direct_members: [10], direct_subgroups: [2] },
          },
        ],
      },
      ctx(NEW),
    );
    const fields = (s: (typeof subscriptions)[number]) => [
      s.stream_id,
      s.name,
      s.description,
      s.invite_only,
      s.is_muted,
      s.pin_to_top,
      s.desktop_notifications,
      s.email_notifications,
      s.can_remove_subscribers_group,
    ];
    assert.deepEqual(subscriptions.map(fields), [
      [1, 'general', 'Everyone', true, false, true, true, null, 11],
      [2, 'design', '', false, true, false, null, null, { direct_members: [10], direct_subgroups: [2] }],
    ]);
  });

  it('refuses malformed subscriptions and group settings', function () {
    const good = { stream_id: 1, name: 'general', color: '#76ce90', is_muted: false };
    const refuse = (s: Record<string, unknown>) => malformed('GET /users/me/subscriptions', { subscriptions: [s] });
    assert.match(refuse({ ...good, color: undefined }), /color/);
    assert.match(refuse({ ...good, stream_id: 'one' }), /stream_id/);
    assert.match(
      refuse({ ...good, can_remove_subscribers_group: { direct_members: [10] } }),
      /can_remove_subscribers_group/,
    );
    assert.match(
      refuse({ ...good, can_remove_subscribers_group: { direct_members: ['x'], direct_subgroups: [] } }),
      /can_remove_subscribers_group/,
    );
    assert.match(
      malformed('GET /streams', { streams: [{ stream_id: 1, name: 'a', can_send_message_group: '11' }] }),
      /can_send_message_group/,
    );
  });

  it('reads topics and refuses a topic without max_id', function () {
    const { topics } = parseResult(
      'GET /users/me/{stream_id}/topics',
      { ...ok, topics: [{ name: 'lunch', max_id: 42 }] },
      ctx(NEW),
    );
    assert.deepEqual(topics, [{ name: 'lunch', max_id: 42 }]);
    assert.match(malformed('GET /users/me/{stream_id}/topics', { topics: [{ name: 'lunch' }] }), /max_id/);
    assert.match(malformed('GET /users/me/{stream_id}/topics', { topics: [{ max_id: 1 }] }), /name/);
  });

  it('reads the user_topics of /register and refuses a malformed one', function () {
    const entry = { stream_id: 1, topic_name: 'lunch', last_updated: 1700000000, visibility_policy: 3 };
    const base = { ...ok, queue_id: 'q1', last_event_id: -1 };
    assert.deepEqual(parseResult('POST /register', { ...base, user_topics: [entry] }, ctx(NEW)).user_topics, [entry]);
    for (const field of Object.keys(entry)) {
      assert.throws(
        () => parseResult('POST /register', { ...base, user_topics: [{ ...entry, [field]: undefined }] }, ctx(NEW)),
        MalformedResponseError,
        field,
      );
    }
  });

  it('reads the results of unsubscribe, subscribe and the channel email address', function () {
    assert.deepEqual(
      parseResult('DELETE /users/me/subscriptions', { ...ok, removed: ['design'], not_removed: [] }, ctx(NEW)),
      {
        ...ok,
        removed: ['design'],
        not_removed: [],
      },
    );
    assert.match(malformed('DELETE /users/me/subscriptions', { removed: ['design'] }), /not_removed/);
    assert.match(malformed('GET /streams/{stream_id}/email_address', {}), /email/);
    assert.match(malformed('POST /users/me/subscriptions', { subscribed: {} }), /already_subscribed/);
    assert.match(malformed('GET /users/me/subscriptions', { result: 'error' }), /result/);
  });
});
