// Counts that agree (issue 25): the status bar's number is the Inbox's (the sum of its rows), the
// activity-bar badge counts direct messages and mentions (or the same as the Inbox with
// `teamChat.badge.counts: allUnreads`), and each says what it counts, naming the other number when
// it differs. Built from a real store of the local server's demo organisation (Alice: a muted
// channel with an unmuted topic, a muted topic, unread direct messages and mentions).
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../src/api';
import { registerQueue } from '../../../src/api/events/routes';
import { sendMessage } from '../../../src/api/messages/routes';
import { ChatStore } from '../../../src/store';
import { STORE_FETCH_EVENT_TYPES } from '../../../src/store/session';
import { inboxOf } from '../../../src/views/inbox/rows';
import { badgeOf, statusBarCount, unreadCounts } from '../../../src/views/unreadCounts';
import { byEmail, channelId, withServer } from '../support/server';

async function storeOf(client: ChatClient): Promise<ChatStore> {
  const snapshot = await registerQueue(client, {
    fetch_event_types: STORE_FETCH_EVENT_TYPES,
    event_types: ['message'],
  });
  await client.call('DELETE /events', { queue_id: snapshot.queue_id });
  const store = new ChatStore();
  store.reset(snapshot);
  return store;
}

/** What the Inbox lists: the sum of its direct and channel rows. */
function inboxTotal(store: ChatStore): number {
  const inbox = inboxOf(store);
  return inbox.dms.reduce((n, d) => n + d.count, 0) + inbox.channels.reduce((n, c) => n + c.count, 0);
}

describe('unread counts: the Inbox, the status bar and the badge', () => {
  const suite = withServer();
  let store: ChatStore;

  before(async () => {
    const alice = suite.clientOf(byEmail(suite.server, 'alice'));
    const bob = suite.clientOf(byEmail(suite.server, 'bob'));
    const general = await channelId(bob, 'general');
    const random = await channelId(bob, 'random');
    // Unread in a muted topic and a muted channel (left out of the Inbox), in the muted channel's
    // unmuted topic (kept), and a direct message.
    await sendMessage(bob, { type: 'stream', to: general, topic: 'crowd', content: 'In a muted topic.' });
    await sendMessage(bob, { type: 'stream', to: random, topic: 'elsewhere', content: 'In a muted channel.' });
    await sendMessage(bob, {
      type: 'stream',
      to: random,
      topic: 'coffee',
      content: 'Unmuted topic of a muted channel.',
    });
    await sendMessage(bob, {
      type: 'private',
      to: [byEmail(suite.server, 'alice').userId],
      content: 'A new direct message.',
    });
    store = await storeOf(alice);
  });

  it('the status bar counts what the Inbox lists, muted conversations left out as there', () => {
    const counts = unreadCounts(store);
    assert.equal(counts.all, inboxTotal(store));
    const everything =
      store.unreadDirectConversations().reduce((n, c) => n + c.count, 0) +
      store.subscriptions().reduce((n, sub) => n + store.unreadCount({ streamId: sub.stream_id }), 0);
    assert.ok(counts.all < everything, 'the muted topic and channel are not counted');
    assert.equal(counts.dmsAndMentions, store.unreads.dmsAndMentions);
    assert.ok(
      counts.dmsAndMentions > 0 && counts.dmsAndMentions !== counts.all,
      'the demo has both numbers, and they differ',
    );
    const bar = statusBarCount(counts, 'dmsAndMentions');
    assert.equal(bar.text, ` · ${counts.all} unread`);
    assert.equal(
      bar.tooltip,
      `${counts.all} unread messages in the Inbox\nThe activity bar badge counts ${counts.dmsAndMentions} direct messages and mentions.`,
    );
  });

  it('the badge counts direct messages and mentions and says so, naming the Inbox’s number', () => {
    const counts = unreadCounts(store);
    assert.deepEqual(badgeOf(counts, 'dmsAndMentions'), {
      value: counts.dmsAndMentions,
      tooltip: `${counts.dmsAndMentions} unread direct messages and mentions (${counts.all} unread messages in the Inbox)`,
    });
  });

  it('with allUnreads the badge shows the Inbox’s number, and the status bar names no other', () => {
    const counts = unreadCounts(store);
    assert.deepEqual(badgeOf(counts, 'allUnreads'), {
      value: inboxTotal(store),
      tooltip: `${counts.all} unread messages in the Inbox`,
    });
    assert.equal(statusBarCount(counts, 'allUnreads').tooltip, `${counts.all} unread messages in the Inbox`);
  });

  it('one and none: singular words; no badge and no number when nothing is unread', () => {
    assert.deepEqual(badgeOf({ all: 1, dmsAndMentions: 1 }, 'dmsAndMentions'), {
      value: 1,
      tooltip: '1 unread direct message or mention',
    });
    assert.deepEqual(badgeOf({ all: 3, dmsAndMentions: 1 }, 'dmsAndMentions'), {
      value: 1,
      tooltip: '1 unread direct message or mention (3 unread messages in the Inbox)',
    });
    assert.deepEqual(badgeOf({ all: 1, dmsAndMentions: 0 }, 'allUnreads'), {
      value: 1,
      tooltip: '1 unread message in the Inbox',
    });
    assert.equal(badgeOf({ all: 4, dmsAndMentions: 0 }, 'dmsAndMentions'), undefined);
    assert.deepEqual(statusBarCount({ all: 4, dmsAndMentions: 1 }, 'dmsAndMentions'), {
      text: ' · 4 unread',
      tooltip: '4 unread messages in the Inbox\nThe activity bar badge counts 1 direct message or mention.',
    });
    // No badge: nothing to explain beside the Inbox's number.
    assert.deepEqual(statusBarCount({ all: 4, dmsAndMentions: 0 }, 'dmsAndMentions'), {
      text: ' · 4 unread',
      tooltip: '4 unread messages in the Inbox',
    });
    assert.deepEqual(statusBarCount({ all: 0, dmsAndMentions: 0 }, 'dmsAndMentions'), {
      text: '',
      tooltip: '0 unread messages in the Inbox',
    });
  });
});
