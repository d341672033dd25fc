// The Inbox, Mentions and Starred rows, built from a real store fed by the local server's demo
// organisation (Alice: a muted channel with one unmuted topic, a muted topic, unread mentions and
// starred messages).
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../../src/api';
import { registerQueue } from '../../../../src/api/events/routes';
import type { Message } from '../../../../src/api/messages/models';
import { getMessage, getMessages, sendMessage } from '../../../../src/api/messages/routes';
import { mentionedNarrow, starredNarrow } from '../../../../src/messageList/narrow';
import { ChatStore } from '../../../../src/store';
import { STORE_FETCH_EVENT_TYPES } from '../../../../src/store/session';
import { inboxOf, recentOf } from '../../../../src/views/inbox/rows';
import { messagePreview } from '../../../../src/messageText';
import { EXCERPT_LENGTH, messageRow, messageRows, type MessageRowContext } from '../../../../src/views/messages/rows';
import { byEmail, channelId, withServer } from '../../support/server';

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

async function newest(client: ChatClient, narrow: { operator: string; operand: unknown }[] = []): Promise<Message[]> {
  return (
    await getMessages(client, {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow,
      allow_empty_topic_name: true,
    } as never)
  ).messages;
}

function rowContext(store: ChatStore): MessageRowContext {
  return {
    ownUserId: store.ownUserId,
    userName: (id) => store.user(id)?.full_name,
    channelName: (id) => store.channelName(id),
    emptyTopicName: store.realm.emptyTopicDisplayName,
  };
}

describe('Inbox, Mentions and Starred rows', () => {
  const suite = withServer();
  let alice: ChatClient;
  let bob: ChatClient;
  let store: ChatStore;
  const sent: Record<string, number> = {};

  before(async () => {
    alice = suite.clientOf(byEmail(suite.server, 'alice'));
    bob = suite.clientOf(byEmail(suite.server, 'bob'));
    const general = await channelId(bob, 'general');
    const random = await channelId(bob, 'random');
    // Alice muted the topic general › crowd and the channel random (but unmuted random › coffee).
    sent.mutedTopic = (
      await sendMessage(bob, { type: 'stream', to: general, topic: 'crowd', content: 'In a muted topic.' })
    ).id;
    sent.mutedChannel = (
      await sendMessage(bob, { type: 'stream', to: random, topic: 'elsewhere', content: 'In a muted channel.' })
    ).id;
    sent.unmutedTopic = (
      await sendMessage(bob, {
        type: 'stream',
        to: random,
        topic: 'coffee',
        content: 'Unmuted topic of a muted channel.',
      })
    ).id;
    sent.dm = (
      await sendMessage(bob, {
        type: 'private',
        to: [byEmail(suite.server, 'alice').userId],
        content: 'A new direct message.',
      })
    ).id;
    store = await storeOf(alice);
  });

  it('groups unread conversations: direct ones first (newest first), channels in list order with their topics; muted ones left out', () => {
    const inbox = inboxOf(store);
    // Every unread direct conversation, with the store's counts; the newest first.
    assert.equal(inbox.dms.length, store.unreadDirectConversations().length);
    assert.ok(inbox.dms.length >= 2, 'the demo has unread direct conversations');
    for (let i = 1; i < inbox.dms.length; i++)
      assert.ok(inbox.dms[i - 1]!.lastId > inbox.dms[i]!.lastId, 'direct conversations newest first');
    assert.equal(inbox.dms[0]!.lastId, sent.dm, 'the conversation just written to is first');
    for (const d of inbox.dms) {
      assert.equal(d.count, store.unreadCount({ dmUserIds: [...d.userIds] }));
      assert.equal(d.firstUnread, Math.min(...store.unreads.dmIds(d.userIds)));
    }
    // Channels: in the channel list's order (pinned first, then by name).
    const order = store.subscriptions().map((s) => s.stream_id);
    const ids = inbox.channels.map((c) => c.streamId);
    assert.deepEqual(
      ids,
      order.filter((id) => ids.includes(id)),
    );
    for (const c of inbox.channels) {
      assert.equal(
        c.count,
        c.topics.reduce((n, t) => n + t.count, 0),
      );
      assert.equal(
        c.count,
        store.unreadCount({ streamId: c.streamId }, { excludeMuted: true }),
        `channel ${c.streamId} counts as the badge does`,
      );
      for (const t of c.topics) {
        assert.equal(t.count, store.unreadCount({ streamId: c.streamId, topic: t.topic }));
        assert.equal(
          t.firstUnread,
          Math.min(...store.unreadIdsOfTopic(c.streamId, t.topic)),
          'opens at the oldest unread',
        );
      }
      for (let i = 1; i < c.topics.length; i++)
        assert.ok(c.topics[i - 1]!.lastId > c.topics[i]!.lastId, 'topics newest first');
    }
    const topics = inbox.channels.flatMap((c) => c.topics.map((t) => `${store.channelName(c.streamId)} › ${t.topic}`));
    // The muted topic and the muted channel's other topic are unread, but not in the inbox.
    assert.ok(store.isUnread(sent.mutedTopic!) && store.isUnread(sent.mutedChannel!));
    assert.ok(!topics.includes('general › crowd'), 'a muted topic is left out');
    assert.ok(!topics.includes('random › elsewhere'), 'a muted channel is left out');
    assert.ok(topics.includes('random › coffee'), 'an unmuted topic of a muted channel stays');
    assert.ok(
      topics.includes('design › mockups') && topics.includes('announcements › all hands'),
      'the demo mentions are unread',
    );
  });

  it('recent conversations: read ones too, newest activity first, muted ones left out', async () => {
    const messages = await newest(alice);
    const rows = recentOf(store, messages);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1]!.lastId > rows[i]!.lastId, 'newest first');
    const name = (r: (typeof rows)[number]): string =>
      r.kind === 'topic' ? `${store.channelName(r.streamId)} › ${r.topic}` : `dm ${r.userIds.join(',')}`;
    const names = rows.map(name);
    assert.equal(new Set(names).size, names.length, 'each conversation once');
    // The last message of each conversation decides its place.
    const welcome = rows.find((r) => name(r) === 'general › welcome')!;
    assert.ok(welcome, 'a conversation with nothing unread is listed');
    assert.equal(welcome.count, 0);
    assert.equal(welcome.firstUnread, undefined);
    assert.equal(welcome.lastId, Math.max(...messages.filter((m) => m.subject === 'welcome').map((m) => m.id)));
    assert.ok(
      !names.includes('general › crowd') && !names.includes('random › elsewhere'),
      'muted conversations are left out',
    );
    assert.ok(names.includes('random › coffee'));
    assert.deepEqual(
      [name(rows[0]!), rows[0]!.lastId],
      [`dm ${byEmail(suite.server, 'bob').userId}`, sent.dm],
      'the newest message decides the first row',
    );
    const coffee = rows.find((r) => name(r) === 'random › coffee')!;
    assert.equal(
      coffee.count,
      store.unreadCount({ streamId: coffee.kind === 'topic' ? coffee.streamId : 0, topic: 'coffee' }),
    );
    assert.ok(
      store.unreadIdsOfTopic(coffee.kind === 'topic' ? coffee.streamId : 0, 'coffee').includes(sent.unmutedTopic!),
    );
    assert.equal(
      coffee.firstUnread,
      Math.min(...store.unreadIdsOfTopic(coffee.kind === 'topic' ? coffee.streamId : 0, 'coffee')),
    );
  });

  it('mention rows: "sender — excerpt", the conversation as description, newest first, a personal and a wildcard mention', async () => {
    const mentioned = await newest(alice, [...mentionedNarrow().terms]);
    const rows = messageRows(mentioned, rowContext(store));
    assert.deepEqual(
      rows.map((r) => r.id),
      mentioned.map((m) => m.id).sort((a, b) => b - a),
    );
    const personal = rows.find((r) => r.label.startsWith('Carol Chen — '))!;
    assert.equal(personal.label, 'Carol Chen — @Alice Anders could you check the dark theme colours?');
    assert.equal(personal.description, '#design › mockups');
    assert.deepEqual(personal.target, { kind: 'topic', streamId: await channelId(alice, 'design'), topic: 'mockups' });
    assert.equal(personal.unread, true);
    const wildcard = rows.find((r) => r.label === 'Adam Admin — @all the agenda is in the wiki.');
    assert.ok(wildcard, rows.map((r) => r.label).join('\n'));
    assert.equal(wildcard.description, '#announcements › all hands');
  });

  it("starred rows: the demo's starred messages, newest first; direct messages name the conversation", async () => {
    const starred = await newest(alice, [...starredNarrow().terms]);
    const rows = messageRows(starred, rowContext(store));
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Bob Brown — Sushi! @Alice Anders what do you think?', 'You — Tagging v1.0 today.'],
    );
    assert.ok(rows.every((r) => r.starred));
    const dm = (await newest(alice, [{ operator: 'dm', operand: [byEmail(suite.server, 'bob').userId] }])).at(-1)!;
    const row = messageRow(dm, rowContext(store));
    assert.equal(row.description, 'DM with Bob Brown');
    assert.deepEqual(row.target, { kind: 'dm', userIds: [byEmail(suite.server, 'bob').userId] });
  });

  it("local server: @topic flags the topic's participants (senders and reactors) only, @all every subscriber", async () => {
    const carol = suite.clientOf(byEmail(suite.server, 'carol'));
    const eng = await channelId(bob, 'engineering');
    const topic = `participants ${Date.now()}`;
    await sendMessage(carol, { type: 'stream', to: eng, topic, content: 'Carol was here first.' });
    const ping = (await sendMessage(bob, { type: 'stream', to: eng, topic, content: '@**topic** ping' })).id;
    const flags = async (c: ChatClient, id: number) => (await getMessage(c, { message_id: id })).message.flags ?? [];
    assert.ok((await flags(carol, ping)).includes('wildcard_mentioned'), 'a participant is mentioned');
    assert.ok(!(await flags(alice, ping)).includes('wildcard_mentioned'), 'a subscriber who took no part is not');
    const all = (await sendMessage(bob, { type: 'stream', to: eng, topic, content: '@**all** ping' })).id;
    assert.ok((await flags(alice, all)).includes('wildcard_mentioned'));
    const mentioned = (await newest(alice, [...mentionedNarrow().terms])).map((m) => m.id);
    assert.ok(mentioned.includes(all) && !mentioned.includes(ping));
  });

  it('excerpts: tags dropped, entities decoded, emoji as glyphs, one line, cut at exactly the limit', () => {
    const ctx: MessageRowContext = {
      ownUserId: 1,
      userName: () => 'Bob',
      channelName: () => 'general',
      emptyTopicName: 'general chat',
    };
    const message = (content: string) =>
      ({
        id: 1,
        type: 'stream',
        stream_id: 3,
        subject: 't',
        sender_id: 2,
        sender_full_name: 'Bob',
        timestamp: 0,
        content,
        flags: [],
      }) as unknown as Message;
    const excerptOf = (html: string): string => messageRow(message(html), ctx).label.slice('Bob — '.length);
    assert.equal(
      excerptOf(
        '<p>a &amp; b &lt;c&gt; <code>dict[str, int]</code>, <span class="emoji emoji-1f44d">:+1:</span></p>\n<p>&#39;d&#39;</p>',
      ),
      "a & b <c> dict[str, int], 👍 'd'",
    );
    const exact = 'x'.repeat(EXCERPT_LENGTH);
    assert.equal(excerptOf(`<p>${exact}</p>`), exact);
    assert.equal(messagePreview(`<p>${exact}</p>`, EXCERPT_LENGTH), exact);
    const cut = excerptOf(`<p>${exact}y</p>`);
    assert.equal([...cut].length, EXCERPT_LENGTH);
    assert.ok(cut.endsWith('…'));
  });
});
