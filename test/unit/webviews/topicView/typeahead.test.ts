// The compose box's completions (src/webviews/topicView/typeahead.ts): what the text before the
// caret asks for, the ranking, and the Markdown each choice inserts, at their exact boundaries.
import assert from 'node:assert/strict';
import {
  channelItems,
  EMOJI_MIN_QUERY,
  emojiItems,
  matchTier,
  mentionItems,
  mentionText,
  parseTrigger,
  rank,
  topicItems,
  TYPEAHEAD_LIMIT,
  type GroupLike,
  type PersonLike,
} from '../../../../src/webviews/topicView/typeahead';

const person = (user_id: number, full_name: string, extra: Partial<PersonLike> = {}): PersonLike => {
  const email = `${full_name.split(' ')[0]!.toLowerCase()}${user_id}@example.com`;
  return { user_id, full_name, email, delivery_email: email, is_active: true, ...extra };
};
const group = (id: number, name: string, extra: Partial<GroupLike> = {}): GroupLike => ({
  id,
  name,
  isSystem: false,
  deactivated: false,
  ...extra,
});

describe('compose typeahead', () => {
  describe('parseTrigger', () => {
    it('@ and @_ mentions, at the start, after a space or a bracket; not inside a word', () => {
      assert.deepEqual(parseTrigger('@al'), { kind: 'mention', query: 'al', start: 0 });
      assert.deepEqual(parseTrigger('hi @al'), { kind: 'mention', query: 'al', start: 3 });
      assert.deepEqual(parseTrigger('(@Alice An'), { kind: 'mention', query: 'Alice An', start: 1 });
      assert.deepEqual(parseTrigger('hi @'), { kind: 'mention', query: '', start: 3 });
      assert.deepEqual(parseTrigger('hi @_bo'), { kind: 'silent', query: 'bo', start: 3 });
      assert.deepEqual(parseTrigger('@_'), { kind: 'silent', query: '', start: 0 });
      assert.deepEqual(parseTrigger('@**Bo'), { kind: 'mention', query: 'Bo', start: 0 });
      assert.equal(parseTrigger('mail me@al'), undefined);
      assert.equal(parseTrigger('@ al'), undefined, 'a space right after @ is not a query');
      assert.equal(parseTrigger('@**Bob Brown** '), undefined, 'a finished mention asks for nothing');
      assert.equal(parseTrigger('@al\nnext'), undefined);
    });

    it('# channels and #channel> topics (with or without the ** of a finished link)', () => {
      assert.deepEqual(parseTrigger('see #gen'), { kind: 'channel', query: 'gen', start: 4 });
      assert.deepEqual(parseTrigger('#'), { kind: 'channel', query: '', start: 0 });
      assert.deepEqual(parseTrigger('#general>'), { kind: 'topic', query: '', channel: 'general', start: 0 });
      assert.deepEqual(parseTrigger('x #general>wel'), { kind: 'topic', query: 'wel', channel: 'general', start: 2 });
      assert.deepEqual(parseTrigger('#**design team>new lo'), {
        kind: 'topic',
        query: 'new lo',
        channel: 'design team',
        start: 0,
      });
      assert.deepEqual(parseTrigger('#**general**>'), { kind: 'topic', query: '', channel: 'general', start: 0 });
      assert.equal(parseTrigger('issue#12'), undefined);
      assert.equal(parseTrigger('#**general** '), undefined);
    });

    it(`: emoji need ${EMOJI_MIN_QUERY} characters, after a space or at the start; not in a URL or a time`, () => {
      assert.equal(EMOJI_MIN_QUERY, 2);
      assert.equal(parseTrigger(':'), undefined);
      assert.equal(parseTrigger('ok :t'), undefined, 'one character is too few');
      assert.deepEqual(parseTrigger('ok :ta'), { kind: 'emoji', query: 'ta', start: 3 });
      assert.deepEqual(parseTrigger(':+1'), { kind: 'emoji', query: '+1', start: 0 });
      assert.equal(parseTrigger('at 10:30'), undefined);
      assert.equal(parseTrigger('https://example'), undefined);
      assert.equal(parseTrigger(':tada: '), undefined);
    });

    it('the trigger nearest the caret wins', () => {
      assert.deepEqual(parseTrigger('see #gen :ta'), { kind: 'emoji', query: 'ta', start: 9 });
      assert.deepEqual(parseTrigger('@bob and #des'), { kind: 'channel', query: 'des', start: 9 });
      assert.deepEqual(parseTrigger('#design team @ca'), { kind: 'mention', query: 'ca', start: 13 });
      assert.deepEqual(parseTrigger(':tada: @al'), { kind: 'mention', query: 'al', start: 7 });
    });

    it('a query over 60 characters asks for nothing', () => {
      assert.equal(parseTrigger(`@${'a'.repeat(60)}`)?.query.length, 60);
      assert.equal(parseTrigger(`@${'a'.repeat(61)}`), undefined);
      assert.equal(parseTrigger(`#${'a'.repeat(61)}`), undefined);
    });
  });

  describe('ranking', () => {
    it('prefix, then the prefix of a later word, then anywhere (case-insensitive)', () => {
      assert.equal(matchTier('Alice Anders', 'al'), 0);
      assert.equal(matchTier('Sam Alvarez', 'AL'), 1);
      assert.equal(matchTier('thumbs_up', 'up'), 1);
      assert.equal(matchTier('dora@example.com', 'ex'), 1);
      assert.equal(matchTier('Hal Jordan', 'al'), 2);
      assert.equal(matchTier('Bob', 'al'), undefined);
      assert.equal(matchTier('Bob', ''), 0);
      const names = ['Hal Jordan', 'Sam Alvarez', 'Bob', 'Alice Anders', 'Walter'];
      assert.deepEqual(
        rank(names, 'al', (n) => [n]),
        ['Alice Anders', 'Sam Alvarez', 'Hal Jordan', 'Walter'],
      );
    });

    it(`at most ${TYPEAHEAD_LIMIT} results`, () => {
      assert.equal(TYPEAHEAD_LIMIT, 8);
      const many = Array.from({ length: 20 }, (_, i) => `name${i}`);
      assert.equal(rank(many, 'name', (n) => [n]).length, 8);
      assert.equal(rank(many.slice(0, 8), 'name', (n) => [n]).length, 8);
      assert.equal(rank(many.slice(0, 7), 'name', (n) => [n]).length, 7);
    });
  });

  describe('mentions', () => {
    const me = person(1, 'Alex Me');
    const users = [
      me,
      person(2, 'Alice Anders'),
      person(3, 'Bob Brown'),
      person(4, 'Alice Anders'),
      person(5, 'Dora Departed', { is_active: false }),
      person(6, 'Sally Mae'),
    ];
    const groups = [
      group(10, 'alpha team', { description: 'The first' }),
      group(11, 'role:everyone', { isSystem: true }),
      group(12, 'alumni', { deactivated: true }),
    ];

    it('active people by name or email, the own user last; groups that are not system or deactivated', () => {
      const items = mentionItems(users, groups, 'al', false, me.user_id);
      assert.deepEqual(
        items.map((i) => i.id),
        ['user-2', 'user-4', 'user-1', 'group-10', 'user-6'],
      );
      assert.deepEqual(mentionItems(users, groups, 'dora', false, 1), [], 'deactivated users are left out');
      assert.deepEqual(mentionItems(users, groups, 'alu', false, 1), [], 'deactivated groups are left out');
      assert.deepEqual(mentionItems(users, groups, 'role', false, 1), [], 'system groups are left out');
      assert.deepEqual(
        mentionItems(users, groups, 'bob3@', false, 1).map((i) => i.id),
        ['user-3'],
        'by email',
      );
      const hidden = [
        person(30, 'Zed Z', { email: 'user30@example.com', delivery_email: 'zed@corp.example' }),
        person(31, 'Quinn Q', { email: 'user31@example.com', delivery_email: null }),
      ];
      assert.deepEqual(
        mentionItems(hidden, [], 'corp', false, 1).map((i) => [i.id, i.detail]),
        [['user-30', 'zed@corp.example']],
        'the real email when visible',
      );
      // A hidden address: the made-up API one is neither shown nor searched.
      assert.deepEqual(mentionItems(hidden, [], 'user3', false, 1), [], 'not found by the made-up address');
      assert.deepEqual(
        mentionItems(hidden, [], 'quinn', false, 1).map((i) => [i.id, i.detail]),
        [['user-31', undefined]],
        'no address shown',
      );
    });

    it('inserts @**Full Name**, @**Full Name|id** when two users share the name, @_ when silent, @*group*', () => {
      const byId = (silent: boolean) =>
        new Map(mentionItems(users, groups, '', silent, 1).map((i) => [i.id, i.insert]));
      assert.equal(byId(false).get('user-3'), '@**Bob Brown**');
      assert.equal(byId(false).get('user-2'), '@**Alice Anders|2**');
      assert.equal(byId(false).get('user-4'), '@**Alice Anders|4**');
      assert.equal(byId(true).get('user-3'), '@_**Bob Brown**');
      assert.equal(byId(true).get('user-4'), '@_**Alice Anders|4**');
      assert.equal(byId(false).get('group-10'), '@*alpha team*');
      assert.equal(byId(true).get('group-10'), '@_*alpha team*');
      // A deactivated namesake still makes the name ambiguous (the server resolves by name).
      const withGhost = [person(20, 'Dora Departed'), person(5, 'Dora Departed', { is_active: false })];
      assert.deepEqual(
        mentionItems(withGhost, [], 'dora', false, 1).map((i) => i.insert),
        ['@**Dora Departed|20**'],
      );
      assert.equal(mentionText({ user_id: 7, full_name: 'X' }, false, false), '@**X**');
    });
  });

  it('channels: archived ones left out, subscribed first within a tier; #**name**', () => {
    const channels = [
      { stream_id: 1, name: 'general' },
      { stream_id: 2, name: 'gen-archive', is_archived: true },
      { stream_id: 3, name: 'genealogy' },
      { stream_id: 4, name: 'design general' },
    ];
    const items = channelItems(channels, 'gen', (id) => id !== 3);
    assert.deepEqual(
      items.map((i) => i.label),
      ['general', 'genealogy', 'design general'],
    );
    assert.equal(items[0]!.insert, '#**general**');
    assert.equal(items[1]!.detail, 'not subscribed');
    assert.deepEqual(
      channelItems(channels, 'genea', () => true).map((i) => i.id),
      ['channel-3'],
    );
  });

  it('topics of a channel: #**channel>topic**, newest first within a tier, the empty topic by its display name', () => {
    const items = topicItems('general', ['lunch plans', 'welcome', '', 'plans for lunch'], 'lu', 'general chat');
    assert.deepEqual(
      items.map((i) => i.insert),
      ['#**general>lunch plans**', '#**general>plans for lunch**'],
    );
    const all = topicItems('general', ['welcome', ''], '', 'general chat');
    assert.deepEqual(
      all.map((i) => [i.label, i.insert]),
      [
        ['welcome', '#**general>welcome**'],
        ['general chat', '#**general>**'],
      ],
    );
  });

  it('emoji: unicode and custom by name (a custom one hides the unicode one of its name); :name:', () => {
    const emoji = [
      { name: 'tada', code: '1f389', custom: false, glyph: '🎉' },
      { name: 'taco', code: '1f32e', custom: false },
      { name: 'potato', code: '1f954', custom: false },
      { name: 'octopus', code: '1f419', custom: false },
      { name: 'octopus', code: '7', custom: true },
    ];
    assert.deepEqual(emojiItems(emoji, 't'), [], 'one character is too few');
    const ta = emojiItems(emoji, 'ta');
    assert.deepEqual(
      ta.map((i) => i.insert),
      [':tada:', ':taco:', ':potato:'],
      'prefix first, shorter names first, then as given',
    );
    assert.equal(ta.find((i) => i.insert === ':tada:')!.glyph, '🎉');
    const octo = emojiItems(emoji, 'oct');
    assert.deepEqual(
      octo.map((i) => [i.id, i.detail]),
      [['emoji-custom-octopus', 'custom emoji']],
    );
  });
});
