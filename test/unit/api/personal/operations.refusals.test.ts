// What the user reads when a saved snippet, scheduled message, reminder, draft or typing call is
// refused before anything is sent (an offline client: a ValidationError proves nothing was sent).
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { createDrafts, deleteDraft, editDraft } from '../../../../src/api/drafts/routes';
import { FL } from '../../../../src/api/features';
import {
  createReminder,
  deleteReminder,
  deleteSavedSnippet,
  deleteScheduledMessage,
  updateSavedSnippet,
  updateScheduledMessage,
} from '../../../../src/api/personal/routes';
import { setTypingStatus } from '../../../../src/api/typing/routes';
import { refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

const draft = { type: 'stream' as const, to: [3], topic: 'deploys', content: 'Rolling out' };

/** Each refused call: the parameter at fault and the exact sentence shown. */
const cases: { what: string; call: (c: ChatClient) => Promise<unknown>; field: string; message: string }[] = [
  {
    what: 'editing a saved snippet with a bad id',
    call: (c) => updateSavedSnippet(c, { saved_snippet_id: 0, title: 'Greeting' }),
    field: 'saved_snippet_id',
    message: '"saved_snippet_id" must be a positive whole-number ID.',
  },
  {
    what: 'deleting a saved snippet with a bad id',
    call: (c) => deleteSavedSnippet(c, { saved_snippet_id: -2 }),
    field: 'saved_snippet_id',
    message: '"saved_snippet_id" must be a positive whole-number ID.',
  },
  {
    what: 'editing a scheduled message with a bad id',
    call: (c) => updateScheduledMessage(c, { scheduled_message_id: 0, content: 'Later' }),
    field: 'scheduled_message_id',
    message: '"scheduled_message_id" must be a positive whole-number ID.',
  },
  {
    what: 'deleting a scheduled message with a bad id',
    call: (c) => deleteScheduledMessage(c, { scheduled_message_id: 1.5 }),
    field: 'scheduled_message_id',
    message: '"scheduled_message_id" must be a positive whole-number ID.',
  },
  {
    what: 'a reminder about a bad message id',
    call: (c) => createReminder(c, { message_id: 0, scheduled_delivery_timestamp: 1900000000 }),
    field: 'message_id',
    message: '"message_id" must be a positive whole-number ID.',
  },
  {
    what: 'deleting a reminder with a bad id',
    call: (c) => deleteReminder(c, { reminder_id: 0 }),
    field: 'reminder_id',
    message: '"reminder_id" must be a positive whole-number ID.',
  },
  {
    what: 'a draft of an unknown type',
    call: (c) => createDrafts(c, { drafts: [{ ...draft, type: 'channel' as never }] }),
    field: 'drafts',
    message: 'The draft type must be "stream", "private" or "".',
  },
  {
    what: 'a draft to a recipient id 0',
    call: (c) => createDrafts(c, { drafts: [{ ...draft, type: 'private', to: [4, 0], topic: '' }] }),
    field: 'drafts',
    message: 'Recipients are positive whole-number IDs.',
  },
  {
    what: 'editing a draft with a bad id',
    call: (c) => editDraft(c, { draft_id: 0, draft }),
    field: 'draft_id',
    message: '"draft_id" must be a positive whole-number ID.',
  },
  {
    what: 'editing a draft into an empty one',
    call: (c) => editDraft(c, { draft_id: 7, draft: { ...draft, content: ' \n ' } }),
    field: 'draft',
    message: 'A draft cannot be empty.',
  },
  {
    what: 'editing a channel draft to two channels',
    call: (c) => editDraft(c, { draft_id: 7, draft: { ...draft, to: [3, 4] } }),
    field: 'draft',
    message: 'A channel draft names exactly one channel.',
  },
  {
    what: 'deleting a draft with a bad id',
    call: (c) => deleteDraft(c, { draft_id: -1 }),
    field: 'draft_id',
    message: '"draft_id" must be a positive whole-number ID.',
  },
  {
    what: 'typing in an unknown kind of conversation',
    call: (c) => setTypingStatus(c, { op: 'start', type: 'private' as never, to: [4] }),
    field: 'type',
    message: 'The conversation type must be "direct" or "stream".',
  },
  {
    what: 'typing with an unknown operation',
    call: (c) => setTypingStatus(c, { op: 'pause' as never, type: 'direct', to: [4] }),
    field: 'op',
    message: 'The typing operation must be "start" or "stop".',
  },
  {
    what: 'typing to a recipient id 0',
    call: (c) => setTypingStatus(c, { op: 'start', type: 'direct', to: [4, 0] }),
    field: 'to',
    message: '"to" must be a positive whole-number ID.',
  },
  {
    what: 'typing in a channel id 0',
    call: (c) => setTypingStatus(c, { op: 'stop', type: 'stream', stream_id: 0, topic: 'deploys' }),
    field: 'stream_id',
    message: '"stream_id" must be a positive whole-number ID.',
  },
];

describe('API: refusals of personal items, drafts and typing, as the user reads them', () => {
  const client = offlineClient({ featureLevel: FL.reminders });

  for (const c of cases) {
    it(`refuses ${c.what}`, async () => {
      const error = await refused(c.call(client), c.field);
      assert.equal(error.message, c.message);
    });
  }

  it('accepts a draft with the smallest valid recipient and timestamp (refused only after the check, by the offline server)', async () => {
    // Recipient 1 and timestamp 0 pass the schema; the call then fails on the network, not as a refusal.
    await assert.rejects(
      createDrafts(client, { drafts: [{ type: 'private', to: [1], topic: '', content: 'Hi', timestamp: 0 }] }),
      (e: unknown) => !(e instanceof Error && e.name === 'ValidationError'),
    );
  });
});
