import assert from 'node:assert/strict';
import { type ChatClient, ValidationError } from '../../../../src/api';
import { channel } from '../../../../src/api/messages/narrow';
import { getMessages } from '../../../../src/api/messages/routes';
import {
  createReminder,
  createSavedSnippet,
  createScheduledMessage,
  deleteReminder,
  deleteSavedSnippet,
  deleteScheduledMessage,
  getReminders,
  getSavedSnippets,
  getScheduledMessages,
  updateSavedSnippet,
  updateScheduledMessage,
} from '../../../../src/api/personal/routes';
import { accountWithRole, channelId, MEMBER, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

const inOneDay = () => Math.floor(Date.now() / 1000) + 86400;

describe('API: personal items', function () {
  const suite = withServer();
  let alice: ChatClient;
  let bob: ChatClient;
  let bobId: number;
  let eng: number;

  before(async function () {
    alice = suite.client(MEMBER, 0);
    bob = suite.client(MEMBER, 1);
    bobId = accountWithRole(suite.server, MEMBER, 1).userId;
    eng = await channelId(alice, 'engineering');
  });

  describe('saved snippets (op 15 and list/create/delete)', function () {
    it('lists, creates, edits and deletes snippets', async function () {
      const before = await getSavedSnippets(alice);
      for (const s of before.saved_snippets) {
        assert.equal(typeof s.id, 'number');
        assert.equal(typeof s.title, 'string');
        assert.equal(typeof s.content, 'string');
      }
      const { saved_snippet_id } = await createSavedSnippet(alice, { title: 'Greeting', content: 'Hello **there**' });
      let list = (await getSavedSnippets(alice)).saved_snippets;
      assert.equal(list.length, before.saved_snippets.length + 1);
      assert.deepEqual((({ title, content }) => ({ title, content }))(list.find((s) => s.id === saved_snippet_id)!), {
        title: 'Greeting',
        content: 'Hello **there**',
      });
      await updateSavedSnippet(alice, { saved_snippet_id, title: 'Greeting (formal)' });
      await updateSavedSnippet(alice, { saved_snippet_id, content: 'Good day.' });
      list = (await getSavedSnippets(alice)).saved_snippets;
      const edited = list.find((s) => s.id === saved_snippet_id)!;
      assert.equal(edited.title, 'Greeting (formal)');
      assert.equal(edited.content, 'Good day.');
      await deleteSavedSnippet(alice, { saved_snippet_id });
      assert.ok(!(await getSavedSnippets(alice)).saved_snippets.some((s) => s.id === saved_snippet_id));
    });

    it('accepts a title of 60 emoji (code points)', async function () {
      const title = '\u{1F600}'.repeat(60);
      const { saved_snippet_id } = await createSavedSnippet(alice, { title, content: 'Smile.' });
      assert.equal((await getSavedSnippets(alice)).saved_snippets.find((s) => s.id === saved_snippet_id)?.title, title);
    });

    it("refuses editing a snippet that does not exist or is someone else's (404 BAD_REQUEST)", async function () {
      await apiError(updateSavedSnippet(alice, { saved_snippet_id: 99_999, title: 'x' }), 'BAD_REQUEST', 404);
      const { saved_snippet_id } = await createSavedSnippet(bob, { title: "Bob's", content: 'Mine.' });
      await apiError(updateSavedSnippet(alice, { saved_snippet_id, title: 'Stolen' }), 'BAD_REQUEST', 404);
      await apiError(deleteSavedSnippet(alice, { saved_snippet_id }), 'BAD_REQUEST', 404);
    });

    it('validates title and content before sending', async function () {
      const dead = offlineClient({ limits: { maxMessageLength: 20 } });
      await refused(updateSavedSnippet(dead, { saved_snippet_id: 1, title: 'x'.repeat(61) }), 'title', /60/);
      await refused(createSavedSnippet(dead, { title: 'x'.repeat(61), content: 'ok' }), 'title');
      await refused(createSavedSnippet(dead, { title: '', content: 'ok' }), 'title');
      await refused(updateSavedSnippet(dead, { saved_snippet_id: 1, content: 'x'.repeat(21) }), 'content');
      await refused(createSavedSnippet(dead, { title: 't', content: 'x'.repeat(21) }), 'content');
      await refused(updateSavedSnippet(dead, { saved_snippet_id: 1 }));
      await refused(updateSavedSnippet(dead, { saved_snippet_id: -1, title: 't' }), 'saved_snippet_id');
    });
  });

  describe('scheduled messages (op 4 and list/create/delete)', function () {
    it('lists scheduled messages, earliest first', async function () {
      const { scheduled_messages } = await getScheduledMessages(alice);
      assert.ok(scheduled_messages.length >= 1);
      const times = scheduled_messages.map((m) => m.scheduled_delivery_timestamp);
      assert.deepEqual(
        [...times].sort((a, b) => a - b),
        times,
      );
      for (const m of scheduled_messages) {
        assert.ok(m.type === 'stream' || m.type === 'private');
        assert.equal(typeof m.failed, 'boolean');
      }
    });

    it('creates, edits (content, topic, type) and deletes a scheduled message', async function () {
      const at = inOneDay();
      const { scheduled_message_id } = await createScheduledMessage(alice, {
        type: 'channel',
        to: eng,
        topic: 'later',
        content: 'Scheduled hello',
        scheduled_delivery_timestamp: at,
      });
      const find = async () =>
        (await getScheduledMessages(alice)).scheduled_messages.find(
          (m) => m.scheduled_message_id === scheduled_message_id,
        );
      let m = await find();
      assert.ok(m);
      assert.equal(m.type, 'stream');
      assert.equal(m.to, eng);
      assert.equal(m.topic, 'later');
      assert.equal(m.scheduled_delivery_timestamp, at);

      await updateScheduledMessage(alice, { scheduled_message_id, content: 'Edited hello', topic: 'much later' });
      m = await find();
      assert.equal(m?.content, 'Edited hello');
      assert.equal(m?.topic, 'much later');

      await updateScheduledMessage(alice, { scheduled_message_id, type: 'direct', to: [bobId] });
      m = await find();
      assert.equal(m?.type, 'private');
      assert.deepEqual(m?.to, [bobId]);

      await updateScheduledMessage(alice, { scheduled_message_id, type: 'stream', to: eng, topic: 'back' });
      m = await find();
      assert.equal(m?.type, 'stream');
      assert.equal(m?.topic, 'back');

      await deleteScheduledMessage(alice, { scheduled_message_id });
      assert.equal(await find(), undefined);
      await apiError(deleteScheduledMessage(alice, { scheduled_message_id }), 'BAD_REQUEST');
    });

    it('reschedules a failed scheduled message with a new delivery time', async function () {
      const failed = (await getScheduledMessages(alice)).scheduled_messages.find((m) => m.failed);
      assert.ok(failed, 'the fixture has a failed scheduled message');
      const at = inOneDay();
      await updateScheduledMessage(alice, {
        scheduled_message_id: failed.scheduled_message_id,
        scheduled_delivery_timestamp: at,
      });
      const m = (await getScheduledMessages(alice)).scheduled_messages.find(
        (x) => x.scheduled_message_id === failed.scheduled_message_id,
      );
      assert.equal(m?.scheduled_delivery_timestamp, at);
    });

    it('reports STREAM_DOES_NOT_EXIST with the channel ID in error.missingStream', async function () {
      const { scheduled_message_id } = await createScheduledMessage(alice, {
        type: 'direct',
        to: [bobId],
        content: 'Soon',
        scheduled_delivery_timestamp: inOneDay(),
      });
      const error = await apiError(
        updateScheduledMessage(alice, { scheduled_message_id, type: 'channel', to: 987_654, topic: 'nowhere' }),
        'STREAM_DOES_NOT_EXIST',
      );
      assert.equal(error.missingStream?.streamId, 987_654);
    });

    it("refuses a scheduled message that does not exist or is someone else's (404 BAD_REQUEST)", async function () {
      await apiError(updateScheduledMessage(alice, { scheduled_message_id: 99_999, content: 'x' }), 'BAD_REQUEST', 404);
      const bobs = (await getScheduledMessages(bob)).scheduled_messages[0];
      assert.ok(bobs);
      await apiError(
        updateScheduledMessage(alice, { scheduled_message_id: bobs.scheduled_message_id, content: 'x' }),
        'BAD_REQUEST',
        404,
      );
      await apiError(
        deleteScheduledMessage(alice, { scheduled_message_id: bobs.scheduled_message_id }),
        'BAD_REQUEST',
        404,
      );
    });

    it('refuses an invalid user ID (BAD_REQUEST)', async function () {
      const { scheduled_message_id } = await createScheduledMessage(alice, {
        type: 'direct',
        to: [bobId],
        content: 'Soon',
        scheduled_delivery_timestamp: inOneDay(),
      });
      await apiError(
        updateScheduledMessage(alice, { scheduled_message_id, type: 'direct', to: [987_654] }),
        'BAD_REQUEST',
      );
    });

    it('validates before sending', async function () {
      const dead = offlineClient({ limits: { maxTopicLength: 5, maxMessageLength: 10, mandatoryTopics: true } });
      const id = { scheduled_message_id: 1 };
      await refused(updateScheduledMessage(dead, { ...id, type: 'direct' }), 'to');
      await refused(updateScheduledMessage(dead, { ...id, type: 'channel', to: 3 }), 'topic');
      await refused(updateScheduledMessage(dead, { ...id, type: 'stream', to: 3 }), 'topic');
      await refused(updateScheduledMessage(dead, { ...id, topic: 'toolong' }), 'topic');
      await refused(updateScheduledMessage(dead, { ...id, topic: '' }), 'topic');
      await refused(updateScheduledMessage(dead, { ...id, type: 'channel', to: 3, topic: '(no topic)' }), 'topic');
      await refused(updateScheduledMessage(dead, { ...id, content: 'x'.repeat(11) }), 'content');
      await refused(updateScheduledMessage(dead, { ...id, type: 'channel', to: [3, 4], topic: 't' }), 'to');
      await refused(updateScheduledMessage(dead, { ...id, type: 'group' as 'direct', to: [3] }), 'type');
      const at = inOneDay();
      await refused(
        createScheduledMessage(dead, {
          type: 'channel',
          to: 3,
          content: 'x'.repeat(11),
          topic: 't',
          scheduled_delivery_timestamp: at,
        }),
        'content',
      );
      await refused(
        createScheduledMessage(dead, { type: 'channel', to: 3, content: 'x', scheduled_delivery_timestamp: at }),
        'topic',
      );
      await refused(
        createScheduledMessage(dead, {
          type: 'channel',
          to: 3,
          content: 'x',
          topic: 'toolong',
          scheduled_delivery_timestamp: at,
        }),
        'topic',
      );
      // A direct message's topic is ignored, so it is not checked.
      await assert.rejects(
        updateScheduledMessage(dead, { ...id, type: 'direct', to: [3], topic: 'toolong' }),
        (e) => !(e instanceof ValidationError),
      );
    });
  });

  describe('reminders (op 16 and list/delete)', function () {
    it('creates a reminder with a note, lists and deletes it', async function () {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [channel(eng)],
      });
      const at = inOneDay();
      const { reminder_id } = await createReminder(alice, {
        message_id: messages[0].id,
        scheduled_delivery_timestamp: at,
        note: 'Follow up',
      });
      assert.equal(typeof reminder_id, 'number');
      const { reminders } = await getReminders(alice);
      const mine = reminders.find((r) => r.reminder_id === reminder_id);
      assert.ok(mine);
      assert.equal(mine.scheduled_delivery_timestamp, at);
      assert.equal(mine.reminder_target_message_id, messages[0].id);
      await deleteReminder(alice, { reminder_id });
      assert.ok(!(await getReminders(alice)).reminders.some((r) => r.reminder_id === reminder_id));
      await apiError(deleteReminder(alice, { reminder_id }), 'BAD_REQUEST', 404);
    });

    it('refuses a note over max_reminder_note_length when the limit is known', async function () {
      await refused(
        createReminder(offlineClient({ limits: { maxReminderNoteLength: 5 } }), {
          message_id: 1,
          scheduled_delivery_timestamp: inOneDay(),
          note: '123456',
        }),
        'note',
      );
      // Unknown limit: not checked here.
      await assert.rejects(
        createReminder(offlineClient(), { message_id: 1, scheduled_delivery_timestamp: inOneDay(), note: '123456' }),
        (e) => !(e instanceof ValidationError),
      );
    });

    it("validate(key, some, 'some') runs the rules on the parameters given without sending; those that need the server's version wait for it", function () {
      const throwsOn = (run: () => void, field: string | undefined, message: RegExp): void =>
        assert.throws(
          run,
          (e: unknown) => e instanceof ValidationError && e.field === field && message.test(e.message),
        );
      throwsOn(
        () =>
          offlineClient({ limits: { maxReminderNoteLength: 5 } }).validate(
            'POST /reminders',
            { note: '123456' },
            'some',
          ),
        'note',
        /5/,
      );
      offlineClient({ limits: { maxReminderNoteLength: 5 } }).validate('POST /reminders', { note: '12345' }, 'some');
      throwsOn(
        () => offlineClient({ featureLevel: 414 }).validate('POST /reminders', { note: 'n' }, 'some'),
        'note',
        /too old/,
      );
      throwsOn(() => offlineClient().validate('POST /saved_snippets', { title: '  ' }, 'some'), 'title', /title/);
      throwsOn(() => offlineClient().validate('POST /saved_snippets', { title: 7 } as never, 'some'), 'title', /./);
      throwsOn(
        () => offlineClient().validate('POST /saved_snippets', { titel: 'x' } as never, 'some'),
        'titel',
        /not a parameter/,
      );
      const unknownServer = offlineClient({ featureLevel: 414, limits: { maxSavedSnippetTitleLength: 3 } });
      unknownServer.server = undefined;
      unknownServer.validate('POST /reminders', { note: 'n' }, 'some');
      // A rule on the organisation's limits alone does not wait for the server's version.
      throwsOn(() => unknownServer.validate('POST /saved_snippets', { title: 'abcd' }, 'some'), 'title', /3/);
      unknownServer.validate('POST /saved_snippets', { title: 'abc' }, 'some');
    });

    it('explains that a server below FL.reminders / FL.reminderNote is too old', async function () {
      await refused(
        createReminder(offlineClient({ featureLevel: 380 }), {
          message_id: 1,
          scheduled_delivery_timestamp: inOneDay(),
        }),
        undefined,
        /too old/,
      );
      await refused(getReminders(offlineClient({ featureLevel: 380 })), undefined, /too old/);
      await refused(deleteReminder(offlineClient({ featureLevel: 380 }), { reminder_id: 1 }), undefined, /too old/);
      await refused(
        createReminder(offlineClient({ featureLevel: 414 }), {
          message_id: 1,
          scheduled_delivery_timestamp: inOneDay(),
          note: 'n',
        }),
        'note',
        /too old/,
      );
    });
  });
});

describe('API: personal items on older servers', function () {
  const servers = withServer({}, 'none');
  it('FL 414: reminders work without a note; FL 247: scheduled "channel" is sent as "stream"', async function () {
    const alice = (await servers.start({ featureLevel: 414 })).client(MEMBER);
    const { messages } = await getMessages(alice, { anchor: 'newest', num_before: 1, num_after: 0 });
    const { reminder_id } = await createReminder(alice, {
      message_id: messages[0].id,
      scheduled_delivery_timestamp: inOneDay(),
    });
    assert.ok((await getReminders(alice)).reminders.some((r) => r.reminder_id === reminder_id));
    await refused(
      createReminder(alice, { message_id: messages[0].id, scheduled_delivery_timestamp: inOneDay(), note: 'x' }),
      'note',
    );
    const bob = (await servers.start({ featureLevel: 247 })).client(MEMBER, 1);
    const eng = await channelId(bob, 'engineering');
    const { scheduled_message_id } = await createScheduledMessage(bob, {
      type: 'channel',
      to: eng,
      topic: 'old',
      content: 'Old names',
      scheduled_delivery_timestamp: inOneDay(),
    });
    await updateScheduledMessage(bob, { scheduled_message_id, type: 'channel', to: eng, topic: 'old again' });
    const m = (await getScheduledMessages(bob)).scheduled_messages.find(
      (x) => x.scheduled_message_id === scheduled_message_id,
    );
    assert.equal(m?.type, 'stream');
    assert.equal(m?.topic, 'old again');
    await refused(getReminders(bob), undefined, /too old/);
  });
});
