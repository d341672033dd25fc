// The order of the own user's saved snippets, scheduled messages, reminders and server drafts, ties
// included, and lookups by id (PersonalItems, hand-made items, no server).
import assert from 'node:assert/strict';
import type { ServerDraft } from '../../../src/api/drafts/models';
import type { Reminder, SavedSnippet, ScheduledMessage } from '../../../src/api/personal/models';
import { PersonalItems } from '../../../src/store/personal';

const snippet = (id: number, title: string) => ({ id, title, content: `c${id}`, date_created: 0 }) as SavedSnippet;
const scheduled = (id: number, at: number) =>
  ({ scheduled_message_id: id, scheduled_delivery_timestamp: at }) as ScheduledMessage;
const reminder = (id: number, at: number) => ({ reminder_id: id, scheduled_delivery_timestamp: at }) as Reminder;
const draft = (id: number, timestamp: number) =>
  ({ id, timestamp, type: 'stream', to: [1], topic: 't', content: 'x' }) as ServerDraft;

describe('PersonalItems order', () => {
  it('snippets by title, the same title by id', () => {
    const p = new PersonalItems();
    p.snippets.reset([
      [3, snippet(3, 'b')],
      [5, snippet(5, 'a')],
      [1, snippet(1, 'b')],
      [2, snippet(2, 'b')],
    ]);
    assert.deepEqual(
      p.snippets.list().map((s) => s.id),
      [5, 1, 2, 3],
    );
    assert.equal(p.snippets.get(2)?.content, 'c2');
    assert.equal(p.snippets.get(4), undefined);
  });

  it('scheduled messages earliest first, the same time by id', () => {
    const p = new PersonalItems();
    p.scheduled.reset([
      [4, scheduled(4, 200)],
      [3, scheduled(3, 100)],
      [1, scheduled(1, 100)],
      [2, scheduled(2, 100)],
    ]);
    assert.deepEqual(
      p.scheduled.list().map((s) => s.scheduled_message_id),
      [1, 2, 3, 4],
    );
  });

  it('reminders earliest first, the same time by id', () => {
    const p = new PersonalItems();
    p.reminders.reset([
      [1, reminder(1, 300)],
      [4, reminder(4, 100)],
      [3, reminder(3, 200)],
      [2, reminder(2, 200)],
    ]);
    assert.deepEqual(
      p.reminders.list().map((r) => r.reminder_id),
      [4, 2, 3, 1],
    );
  });

  it('drafts newest edit first, the same time by the higher id', () => {
    const p = new PersonalItems();
    p.drafts.reset([
      [1, draft(1, 500)],
      [2, draft(2, 100)],
      [3, draft(3, 300)],
      [5, draft(5, 300)],
      [4, draft(4, 300)],
    ]);
    assert.deepEqual(
      p.drafts.list().map((d) => d.id),
      [1, 5, 4, 3, 2],
    );
  });
});
