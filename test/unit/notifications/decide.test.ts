// Which new messages notify (Zulip's desktop-notification rules, mutes and overrides), the texts,
// the batching into one summary on a fake clock, and the reply loop that never loses the text.
import assert from 'node:assert/strict';
import {
  decideNotification,
  DEFAULT_SETTINGS,
  NotificationBatcher,
  notificationSettings,
  summaryText,
  type BatchTimers,
  type NotificationContext,
  type NotificationSettings,
  type NotifyReason,
} from '../../../src/notifications/decide';
import { replyLoop, replyProblem, type ReplyUi } from '../../../src/notifications/reply';
import { UnreadIndex } from '../../../src/store/unreads';
import { MAX_PREVIEW, notificationText, plainPreview } from '../../../src/notifications/text';

const ME = 1;
const BOB = 2;
const NONE = 0;
const MUTED = 1;
const UNMUTED = 2;
const FOLLOWED = 3;

interface Row {
  name: string;
  type?: 'stream' | 'private';
  sender?: number;
  flags?: string[];
  settings?: Partial<NotificationSettings>;
  channel?: Partial<NonNullable<NotificationContext['channel']>>;
  mutedUsers?: number[];
  expect: NotifyReason | undefined;
}

const rows: Row[] = [
  // Direct messages
  { name: 'a DM from someone else', type: 'private', expect: 'dm' },
  {
    name: 'a DM with DM notifications off',
    type: 'private',
    settings: { enable_desktop_notifications: false },
    expect: undefined,
  },
  { name: 'an own DM (sent from another device)', type: 'private', sender: ME, expect: undefined },
  { name: 'a DM already read', type: 'private', flags: ['read'], expect: undefined },
  { name: 'a DM from a muted user', type: 'private', mutedUsers: [BOB], expect: undefined },
  {
    name: 'a DM without content in notifications still notifies',
    type: 'private',
    settings: { pm_content_in_desktop_notifications: false },
    expect: 'dm',
  },
  // Channel messages, plain
  { name: 'a plain channel message (channel notifications off by default)', expect: undefined },
  {
    name: 'a plain message with channel notifications on globally',
    settings: { enable_stream_desktop_notifications: true },
    expect: 'channel',
  },
  {
    name: 'the subscription turns channel notifications on',
    channel: { desktopNotifications: true },
    expect: 'channel',
  },
  {
    name: 'the subscription turns them off despite the global setting',
    settings: { enable_stream_desktop_notifications: true },
    channel: { desktopNotifications: false },
    expect: undefined,
  },
  {
    name: 'channel notifications on are independent of enable_desktop_notifications',
    settings: { enable_desktop_notifications: false },
    channel: { desktopNotifications: true },
    expect: 'channel',
  },
  {
    name: 'a channel the user is not subscribed to',
    channel: { subscribed: false, desktopNotifications: true },
    flags: ['mentioned'],
    expect: undefined,
  },
  { name: 'an unknown message type', type: 'unknown' as 'stream', expect: undefined },
  // Personal and group mentions
  { name: 'a personal or group mention', flags: ['mentioned'], expect: 'mention' },
  {
    name: 'a mention with mention notifications off',
    flags: ['mentioned'],
    settings: { enable_desktop_notifications: false },
    expect: undefined,
  },
  {
    name: 'a mention in a muted channel still notifies',
    flags: ['mentioned'],
    channel: { muted: true },
    expect: 'mention',
  },
  {
    name: 'a mention in a muted topic still notifies',
    flags: ['mentioned'],
    channel: { topicPolicy: MUTED },
    expect: 'mention',
  },
  { name: 'a mention already read', flags: ['mentioned', 'read'], expect: undefined },
  { name: 'a mention by a muted user', flags: ['mentioned'], mutedUsers: [BOB], expect: undefined },
  {
    name: 'a mention in a channel with notifications on is labelled a mention',
    flags: ['mentioned'],
    channel: { desktopNotifications: true },
    expect: 'mention',
  },
  // Wildcard mentions
  {
    name: 'a channel wildcard mention (@all)',
    flags: ['stream_wildcard_mentioned', 'wildcard_mentioned'],
    expect: 'wildcard',
  },
  { name: 'a topic wildcard mention (@topic)', flags: ['topic_wildcard_mentioned'], expect: 'wildcard' },
  { name: 'the legacy wildcard_mentioned flag alone', flags: ['wildcard_mentioned'], expect: 'wildcard' },
  {
    name: 'a wildcard mention with wildcard_mentions_notify off',
    flags: ['stream_wildcard_mentioned'],
    settings: { wildcard_mentions_notify: false },
    expect: undefined,
  },
  {
    name: 'the subscription turns wildcard notifications on',
    flags: ['stream_wildcard_mentioned'],
    settings: { wildcard_mentions_notify: false },
    channel: { wildcardMentionsNotify: true },
    expect: 'wildcard',
  },
  {
    name: 'the subscription turns wildcard notifications off',
    flags: ['stream_wildcard_mentioned'],
    channel: { wildcardMentionsNotify: false },
    expect: undefined,
  },
  {
    name: 'a wildcard mention with mention notifications off',
    flags: ['stream_wildcard_mentioned'],
    settings: { enable_desktop_notifications: false },
    expect: undefined,
  },
  {
    name: 'a wildcard mention in a muted channel does not notify',
    flags: ['stream_wildcard_mentioned'],
    channel: { muted: true },
    expect: undefined,
  },
  {
    name: 'a wildcard mention in a muted topic does not notify',
    flags: ['topic_wildcard_mentioned'],
    channel: { topicPolicy: MUTED },
    expect: undefined,
  },
  // Followed topics
  { name: 'a message in a followed topic', channel: { topicPolicy: FOLLOWED }, expect: 'followed' },
  {
    name: 'a followed topic with followed-topic notifications off',
    channel: { topicPolicy: FOLLOWED },
    settings: { enable_followed_topic_desktop_notifications: false },
    expect: undefined,
  },
  {
    name: 'a followed topic in a muted channel notifies',
    channel: { topicPolicy: FOLLOWED, muted: true },
    expect: 'followed',
  },
  {
    name: 'a followed topic notifies even with enable_desktop_notifications off',
    channel: { topicPolicy: FOLLOWED },
    settings: { enable_desktop_notifications: false },
    expect: 'followed',
  },
  {
    name: 'a wildcard mention in a followed topic, wildcard_mentions_notify off, followed-topic wildcards on',
    flags: ['topic_wildcard_mentioned'],
    channel: { topicPolicy: FOLLOWED },
    settings: { wildcard_mentions_notify: false, enable_followed_topic_desktop_notifications: false },
    expect: 'wildcard',
  },
  {
    name: 'a wildcard mention in a followed topic with both wildcard settings off',
    flags: ['topic_wildcard_mentioned'],
    channel: { topicPolicy: FOLLOWED },
    settings: {
      wildcard_mentions_notify: false,
      enable_followed_topic_desktop_notifications: false,
      enable_followed_topic_wildcard_mentions_notify: false,
    },
    expect: undefined,
  },
  // Muting
  {
    name: 'a muted channel with notifications on',
    channel: { muted: true, desktopNotifications: true },
    expect: undefined,
  },
  {
    name: 'a muted topic in a channel with notifications on',
    channel: { topicPolicy: MUTED, desktopNotifications: true },
    expect: undefined,
  },
  {
    name: 'an unmuted topic in a muted channel with notifications on',
    channel: { muted: true, topicPolicy: UNMUTED, desktopNotifications: true },
    expect: 'channel',
  },
  {
    name: 'an unmuted topic in a muted channel, wildcard mention',
    flags: ['stream_wildcard_mentioned'],
    channel: { muted: true, topicPolicy: UNMUTED },
    expect: 'wildcard',
  },
  {
    name: 'a message of a muted user in a channel with notifications on',
    channel: { desktopNotifications: true },
    mutedUsers: [BOB],
    expect: undefined,
  },
  {
    name: 'an own message in a channel with notifications on',
    sender: ME,
    channel: { desktopNotifications: true },
    expect: undefined,
  },
];

describe('notifications: which messages notify', () => {
  for (const row of rows) {
    it(`${row.name} → ${row.expect ?? 'no notification'}`, () => {
      const type = row.type ?? 'stream';
      const ctx: NotificationContext = {
        ownUserId: ME,
        settings: { ...DEFAULT_SETTINGS, ...row.settings },
        mutedUserIds: new Set(row.mutedUsers ?? []),
        channel:
          type === 'private'
            ? undefined
            : {
                subscribed: true,
                muted: false,
                desktopNotifications: null,
                wildcardMentionsNotify: null,
                topicPolicy: NONE,
                ...row.channel,
              },
      };
      assert.equal(decideNotification({ type, senderId: row.sender ?? BOB, flags: row.flags ?? [] }, ctx), row.expect);
    });
  }

  it('reads the settings from user_settings, with Zulip defaults for missing or malformed values', () => {
    assert.deepEqual(notificationSettings({}), DEFAULT_SETTINGS);
    const s = notificationSettings({
      enable_desktop_notifications: false,
      wildcard_mentions_notify: 'yes',
      enable_stream_desktop_notifications: true,
      other: 1,
    });
    assert.deepEqual(s, {
      ...DEFAULT_SETTINGS,
      enable_desktop_notifications: false,
      enable_stream_desktop_notifications: true,
    });
    assert.equal(DEFAULT_SETTINGS.enable_stream_desktop_notifications, false);
    assert.equal(DEFAULT_SETTINGS.wildcard_mentions_notify, true);
  });
});

describe('notifications: texts', () => {
  it('shows sender, place and a one-line preview; DM content only when allowed', () => {
    assert.equal(notificationText('Bob Brown', 'dm', {}, 'hello'), 'Bob Brown: hello');
    assert.equal(
      notificationText('Bob Brown', 'dm', { groupWith: ['Carol'] }, 'hi all'),
      'Bob Brown (to you and Carol): hi all',
    );
    assert.equal(notificationText('Bob Brown', 'dm', {}, undefined), 'New direct message from Bob Brown');
    assert.equal(
      notificationText('Bob Brown', 'mention', { conversation: '#general › lunch' }, 'see @**Alice**'),
      'Bob Brown mentioned you in #general › lunch: see @**Alice**',
    );
    assert.equal(
      notificationText('Bob Brown', 'wildcard', { conversation: '#general › lunch' }, 'x'),
      'Bob Brown mentioned everyone in #general › lunch: x',
    );
    assert.equal(
      notificationText('Bob Brown', 'followed', { conversation: '#eng › build' }, ''),
      'Bob Brown in #eng › build',
    );
  });

  it('turns message HTML into plain text, cut at exactly MAX_PREVIEW characters', () => {
    assert.equal(
      plainPreview('<p>Hello <strong>there</strong> &amp; <a href="x">link</a></p><p>two&#39;s</p>'),
      "Hello there & link two's",
    );
    assert.equal(plainPreview('<script>alert(1)</script><p>safe</p>'), 'safe');
    // As the conversation view reads it (src/messageText): code intact, no space before punctuation, emoji glyphs.
    assert.equal(
      plainPreview(
        '<p>Is it <code>dict[str, int]</code>, <span class="user-mention" data-user-id="12">@Bob Brown</span>? <span class="emoji emoji-1f44d" title="+1">:+1:</span></p>',
      ),
      'Is it dict[str, int], @Bob Brown? 👍',
    );
    const exact = 'a'.repeat(MAX_PREVIEW);
    assert.equal(plainPreview(exact), exact);
    const cut = plainPreview('b'.repeat(MAX_PREVIEW + 1));
    assert.equal([...cut].length, MAX_PREVIEW);
    assert.ok(cut.endsWith('…'));
  });

  it('summarises by kind', () => {
    assert.equal(summaryText(['dm', 'dm', 'mention', 'dm', 'wildcard']), '5 new messages: 3 direct, 2 mentions');
    assert.equal(
      summaryText(['followed', 'channel', 'channel', 'mention']),
      '4 new messages: 1 mention, 1 in followed topics, 2 in channels',
    );
  });
});

/** A fake clock: timers run only when the test advances it. */
function fakeTimers(): BatchTimers & { advance(ms: number): void; count: () => number } {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout: (run, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
    advance(ms) {
      now += ms;
      for (const [id, t] of [...pending]) {
        if (t.at > now) continue;
        pending.delete(id);
        t.run();
      }
    },
    count: () => pending.size,
  };
}

describe('notifications: batching', () => {
  function setup() {
    const timers = fakeTimers();
    const singles: number[] = [];
    const summaries: number[][] = [];
    const batcher = new NotificationBatcher<number>({
      windowMs: 1000,
      maxSingle: 3,
      timers,
      single: (n) => singles.push(n),
      summary: (items) => summaries.push([...items]),
    });
    return { timers, singles, summaries, batcher };
  }

  it('shows up to three that arrive together one by one, after the window', () => {
    const { timers, singles, summaries, batcher } = setup();
    batcher.add(1);
    batcher.add(2);
    batcher.add(3);
    timers.advance(999);
    assert.deepEqual(singles, []);
    timers.advance(1);
    assert.deepEqual(singles, [1, 2, 3]);
    assert.deepEqual(summaries, []);
    assert.equal(timers.count(), 0);
  });

  it('shows one summary for four or more in one window, and starts afresh afterwards', () => {
    const { timers, singles, summaries, batcher } = setup();
    for (const n of [1, 2, 3, 4]) batcher.add(n);
    timers.advance(1000);
    assert.deepEqual(summaries, [[1, 2, 3, 4]]);
    assert.deepEqual(singles, []);
    batcher.add(5);
    timers.advance(1000);
    assert.deepEqual(singles, [5]);
  });

  it('one arriving after the window is its own batch; clear drops what was gathered', () => {
    const { timers, singles, summaries, batcher } = setup();
    batcher.add(1);
    timers.advance(1000);
    batcher.add(2);
    batcher.add(3);
    batcher.clear();
    assert.equal(batcher.pending, 0);
    timers.advance(5000);
    assert.deepEqual(singles, [1]);
    assert.deepEqual(summaries, []);
  });
});

describe('notifications: reply', () => {
  it('refuses an empty or too long reply with a clear message, the limit exactly', () => {
    assert.equal(replyProblem('', 10), 'The reply is empty.');
    assert.equal(replyProblem('  \n ', 10), 'The reply is empty.');
    assert.equal(replyProblem('x'.repeat(10), 10), undefined);
    assert.equal(replyProblem('x'.repeat(11), 10), 'The reply can be at most 10 characters; it has 11.');
    assert.equal(replyProblem('😀'.repeat(10), 10), undefined, 'counted in characters, not UTF-16 units');
  });

  function scripted(answers: (string | undefined)[], retries: boolean[]) {
    const shown: { value: string }[] = [];
    const failures: string[] = [];
    const ui: ReplyUi = {
      input: async ({ value }) => (shown.push({ value }), answers.shift()),
      failed: async (message) => (failures.push(message), retries.shift() ?? false),
    };
    return { ui, shown, failures };
  }

  it('a failed send shows the error and the retry starts from the same text', async () => {
    const { ui, shown, failures } = scripted(['my answer', 'my answer'], [true]);
    const sent: string[] = [];
    let calls = 0;
    const id = await replyLoop(
      'Reply to Bob',
      100,
      ui,
      async (text) => {
        sent.push(text);
        if (++calls === 1) throw new Error('offline');
        return { id: 42 };
      },
      (e) => `Could not send the reply: ${(e as Error).message}`,
    );
    assert.equal(id, 42);
    assert.deepEqual(failures, ['Could not send the reply: offline']);
    assert.deepEqual(
      shown.map((s) => s.value),
      ['', 'my answer'],
    );
    assert.deepEqual(sent, ['my answer', 'my answer']);
  });

  it('an invalid answer is never sent; cancelling sends nothing', async () => {
    const { ui, failures, shown } = scripted(['', undefined], [true]);
    let sends = 0;
    const id = await replyLoop('Reply', 100, ui, async () => ({ id: ++sends }), String);
    assert.equal(id, undefined);
    assert.equal(sends, 0);
    assert.deepEqual(failures, ['The reply is empty.']);
    assert.equal(shown.length, 2);
  });
});

describe('notifications: the DM-and-mention badge count', () => {
  it('counts channel mentions once, leaving mentions in direct messages to the DM count', () => {
    const unreads = new UnreadIndex(ME);
    unreads.addDm(10, [BOB], true);
    unreads.addDm(11, [BOB]);
    unreads.addStream(12, 1, 'a', true);
    unreads.addStream(13, 1, 'a');
    assert.equal(unreads.streamMentionCount, 1);
    assert.equal(unreads.dmTotal + unreads.streamMentionCount, 3);
    unreads.remove(12);
    assert.equal(unreads.streamMentionCount, 0);
  });
});
