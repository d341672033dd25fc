import * as assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/api';
import { FL } from '../../../../src/api/features';
import type { CallContext, Operation, RealmLimits } from '../../../../src/api/operation';
import { personalOperations } from '../../../../src/api/personal/operations';

type Key = keyof typeof personalOperations;
const op = (key: Key): Operation => personalOperations[key] as unknown as Operation;

function ctx(route: Key, featureLevel: number, limits: RealmLimits = {}): CallContext {
  return { route, server: { featureLevel, version: undefined, mergeBase: undefined, flavor: 'chat' }, limits };
}

function check(key: Key, params: Record<string, unknown>, featureLevel = 1000, limits: RealmLimits = {}): void {
  op(key).check!(params as never, ctx(key, featureLevel, limits));
}

function encode(key: Key, params: Record<string, unknown>, featureLevel = 1000): Record<string, unknown> {
  return op(key).encode!(params as never, ctx(key, featureLevel));
}

/** Asserts that `run` refuses with a ValidationError on `field` whose message contains `text`. */
function refuses(run: () => void, text: string, field?: string): void {
  assert.throws(run, (e: unknown) => {
    assert.ok(e instanceof ValidationError);
    assert.ok(e.message.includes(text), e.message);
    assert.equal(e.field, field);
    return true;
  });
}

function messages(key: Key, params: Record<string, unknown>): string[] {
  const r = op(key).params.safeParse(params);
  assert.ok(!r.success);
  return r.error.issues.map((i) => i.message);
}

describe('saved snippet checks', () => {
  it('refuses a title or content of only spaces', () => {
    refuses(() => check('POST /saved_snippets', { title: '   ', content: 'x' }), 'Give the snippet a title.', 'title');
    refuses(() => check('POST /saved_snippets', { title: 't', content: ' \n ' }), 'The snippet is empty.', 'content');
    refuses(
      () => check('PATCH /saved_snippets/{saved_snippet_id}', { saved_snippet_id: 1, content: '  ' }),
      'The snippet is empty.',
      'content',
    );
    check('POST /saved_snippets', { title: ' t ', content: ' x ' });
  });
});

describe('reminder checks', () => {
  it('needs a server with reminders for creating, listing and deleting them', () => {
    for (const key of ['POST /reminders', 'GET /reminders', 'DELETE /reminders/{reminder_id}'] as const) {
      refuses(() => check(key, { reminder_id: 1, message_id: 1 }, FL.reminders - 1), 'message reminders');
      check(key, { reminder_id: 1, message_id: 1 }, FL.reminders);
    }
  });

  it('needs a newer server only for a non-empty note', () => {
    check('POST /reminders', { message_id: 1, note: '' }, FL.reminders);
    check('POST /reminders', { message_id: 1 }, FL.reminders);
    refuses(
      () => check('POST /reminders', { message_id: 1, note: 'n' }, FL.reminderNote - 1),
      'notes on reminders',
      'note',
    );
    check('POST /reminders', { message_id: 1, note: 'n' }, FL.reminderNote);
  });

  it('limits the note to the organisation maximum, in code points', () => {
    check('POST /reminders', { message_id: 1, note: 'a😀c' }, FL.reminderNote, { maxReminderNoteLength: 3 });
    refuses(
      () => check('POST /reminders', { message_id: 1, note: 'abcd' }, FL.reminderNote, { maxReminderNoteLength: 3 }),
      'A reminder note can be at most 3 characters.',
      'note',
    );
    check('POST /reminders', { message_id: 1, note: 'x'.repeat(5000) }, FL.reminderNote);
  });

  it('sends a note only when it is not empty', () => {
    assert.deepEqual(encode('POST /reminders', { message_id: 1, note: '' }), { message_id: 1 });
    assert.deepEqual(encode('POST /reminders', { message_id: 1, note: 'n' }), { message_id: 1, note: 'n' });
    assert.deepEqual(encode('POST /reminders', { message_id: 1 }), { message_id: 1 });
  });
});

describe('scheduled message parameters', () => {
  it('explains a bad delivery time or empty content', () => {
    const base = { type: 'direct', to: [1], content: 'x', scheduled_delivery_timestamp: 100 };
    assert.ok(
      messages('POST /scheduled_messages', { ...base, scheduled_delivery_timestamp: -5 }).includes(
        'The delivery time must be a UNIX time in seconds.',
      ),
    );
    assert.ok(messages('POST /scheduled_messages', { ...base, content: '' }).includes('The message is empty.'));
    assert.ok(
      messages('PATCH /scheduled_messages/{scheduled_message_id}', { scheduled_message_id: 1, content: '' }).includes(
        'The message is empty.',
      ),
    );
  });
});

describe('settings checks', () => {
  it("changes other users' settings only from the feature level that allows it", () => {
    const params = { target_users: { user_ids: [2] }, twenty_four_hour_time: true };
    refuses(
      () => check('PATCH /settings', params, FL.settingsTargetUsers - 1),
      'cannot change other users',
      'target_users',
    );
    check('PATCH /settings', params, FL.settingsTargetUsers);
  });

  it('calls the recent view "recent_topics" on servers older than the rename', () => {
    assert.equal(
      encode('PATCH /settings', { web_home_view: 'recent' }, FL.homeViewRecent - 1).web_home_view,
      'recent_topics',
    );
    assert.equal(encode('PATCH /settings', { web_home_view: 'recent' }, FL.homeViewRecent).web_home_view, 'recent');
  });
});
