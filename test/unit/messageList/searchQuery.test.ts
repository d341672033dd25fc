// The search box's language → a narrow: every operator and its aliases, quoting, negation, `me`,
// name resolution against a directory, and each error (returned before anything could be sent).
import assert from 'node:assert/strict';
import { narrowOf } from '../../../src/messageList/narrow';
import {
  parseSearchQuery,
  type SearchDirectory,
  type SearchQuery,
  type SearchQueryError,
} from '../../../src/messageList/searchQuery';

const CHANNELS: Record<string, number> = { general: 1, engineering: 2, 'general chat': 10 };
const USERS = [
  { id: 11, email: 'alice@example.com', fullName: 'Alice Anders', visibleEmail: 'alice@example.com' },
  { id: 12, email: 'bob@example.com', fullName: 'Bob Brown', visibleEmail: 'bob@example.com' },
  { id: 13, email: 'carol@example.com', fullName: 'Carol Chen', visibleEmail: 'carol@example.com' },
  { id: 14, email: 'sam1@example.com', fullName: 'Sam Smith', visibleEmail: 'sam1@example.com' },
  { id: 15, email: 'sam2@example.com', fullName: 'Sam Smith', visibleEmail: 'sam2@example.com' },
  { id: 16, email: 'user16@example.com', fullName: 'Bobby Tables' },
  { id: 17, email: 'user17@example.com', fullName: 'José Núñez' },
  { id: 18, email: 'dana@example.com', fullName: 'Dana Brown', visibleEmail: 'dana@example.com' },
];
const directory: SearchDirectory = {
  ownUserId: 11,
  channelId: (name) => CHANNELS[name.toLowerCase()],
  userByEmail: (email) => USERS.find((u) => u.email === email.toLowerCase()),
  people: () => USERS,
};

function ok(input: string): SearchQuery {
  const result = parseSearchQuery(input, directory);
  assert.ok(result.ok, `${input}: ${JSON.stringify(result)}`);
  return result.query;
}
function fails(input: string): SearchQueryError {
  const result = parseSearchQuery(input, directory);
  assert.ok(!result.ok, `${input} should fail: ${JSON.stringify(result)}`);
  return result.error;
}
function terms(input: string): unknown {
  return ok(input).narrow.terms;
}

describe('Search query parser', () => {
  it('plain words are one search term; a quoted phrase keeps its quotes', () => {
    assert.deepEqual(terms('deploy  staging'), [{ operator: 'search', operand: 'deploy staging' }]);
    assert.deepEqual(terms('"code review" now'), [{ operator: 'search', operand: '"code review" now' }]);
    assert.equal(ok('deploy').words, 'deploy');
    assert.equal(ok('channel:general').words, undefined);
  });

  it('channel: and stream: resolve the name (any case, # or quotes) to the id', () => {
    for (const q of ['channel:general', 'stream:general', 'channel:General', 'channel:#general', 'CHANNEL:general']) {
      assert.deepEqual(terms(q), [{ operator: 'channel', operand: 1 }], q);
    }
    assert.deepEqual(terms('channel:"general chat" lunch'), [
      { operator: 'channel', operand: 10 },
      { operator: 'search', operand: 'lunch' },
    ]);
  });

  it('topic: and subject:, quoted, and the empty topic', () => {
    assert.deepEqual(terms('channel:engineering topic:"code review #42"'), [
      { operator: 'channel', operand: 2 },
      { operator: 'topic', operand: 'code review #42' },
    ]);
    assert.deepEqual(terms('subject:lunch'), [{ operator: 'topic', operand: 'lunch' }]);
    assert.deepEqual(terms('topic:""'), [{ operator: 'topic', operand: '' }]);
  });

  it('sender: and from: take an email, a full name (quoted) or me', () => {
    assert.deepEqual(terms('sender:"bob brown"'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('sender:sam2@example.com'), [{ operator: 'sender', operand: 15 }]);
    assert.deepEqual(terms('sender:bob@example.com'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('from:BOB@example.com'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('sender:me'), [{ operator: 'sender', operand: 11 }]);
    assert.deepEqual(terms('from:Me'), [{ operator: 'sender', operand: 11 }]);
  });

  it('sender: takes a first name or the start of a name, any case, as the web app', () => {
    // A whole first name wins over a longer name it starts (Bob, not Bobby).
    assert.deepEqual(terms('sender:bob'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('sender:BOB'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('sender:bobby'), [{ operator: 'sender', operand: 16 }]);
    assert.deepEqual(terms('sender:bobb'), [{ operator: 'sender', operand: 16 }]);
    assert.deepEqual(terms('sender:car'), [{ operator: 'sender', operand: 13 }]);
    assert.deepEqual(terms('sender:chen'), [{ operator: 'sender', operand: 13 }]);
    // Each typed word starts a word of the name.
    assert.deepEqual(terms('sender:"bo br"'), [{ operator: 'sender', operand: 12 }]);
    assert.deepEqual(terms('sender:"d brown"'), [{ operator: 'sender', operand: 18 }]);
    // An ASCII query finds accented names; an accented one matches as typed.
    assert.deepEqual(terms('sender:jose'), [{ operator: 'sender', operand: 17 }]);
    assert.deepEqual(terms('sender:nunez'), [{ operator: 'sender', operand: 17 }]);
    assert.deepEqual(terms('sender:José'), [{ operator: 'sender', operand: 17 }]);
    assert.deepEqual(terms('dm-including:alice'), [{ operator: 'dm-including', operand: 11 }]);
    assert.deepEqual(terms('dm:carol,bob'), [{ operator: 'dm', operand: [12, 13] }]);
    // A made-up API address still finds its user (the URL of a narrow carries it).
    assert.deepEqual(terms('sender:user16@example.com'), [{ operator: 'sender', operand: 16 }]);
  });

  it('sender: an ambiguous name fails before anything is sent, listing every candidate', () => {
    const brown = fails('sender:brown');
    assert.equal(brown.kind, 'ambiguousUser');
    assert.deepEqual(brown.kind === 'ambiguousUser' && brown.candidates.map((p) => p.id), [12, 18]);
    const b = fails('sender:b');
    assert.deepEqual(b.kind === 'ambiguousUser' && b.candidates.map((p) => p.id), [12, 16, 18]);
    const sam = fails('from:sam');
    assert.deepEqual(sam.kind === 'ambiguousUser' && sam.candidates.map((p) => p.id), [14, 15]);
    assert.deepEqual(fails('sender:"bob z"'), { kind: 'unknownUser', name: 'bob z' });
    assert.deepEqual(
      fails('sender:ob'),
      { kind: 'unknownUser', name: 'ob' },
      'a name is matched from the start of its words',
    );
  });

  it('dm: (pm-with:) takes a comma list, dm-including: one person', () => {
    assert.deepEqual(terms('dm:carol@example.com,bob@example.com'), [{ operator: 'dm', operand: [12, 13] }]);
    assert.deepEqual(terms('dm:"Carol Chen,bob@example.com"'), [{ operator: 'dm', operand: [12, 13] }]);
    assert.deepEqual(terms('pm-with:bob@example.com'), [{ operator: 'dm', operand: [12] }]);
    assert.deepEqual(terms('dm:me'), [{ operator: 'dm', operand: [11] }]);
    assert.deepEqual(terms('dm-including:carol@example.com'), [{ operator: 'dm-including', operand: 13 }]);
  });

  it('every is: and has: value; is:private is is:dm; has: takes plurals', () => {
    for (const v of ['dm', 'starred', 'mentioned', 'unread', 'resolved', 'followed', 'alerted', 'muted']) {
      assert.deepEqual(terms(`is:${v}`), [{ operator: 'is', operand: v }]);
    }
    assert.deepEqual(terms('is:private'), [{ operator: 'is', operand: 'dm' }]);
    for (const v of ['link', 'attachment', 'image', 'reaction']) {
      assert.deepEqual(terms(`has:${v}`), [{ operator: 'has', operand: v }]);
      assert.deepEqual(terms(`has:${v}s`), [{ operator: 'has', operand: v }]);
    }
  });

  it('channels:public (streams:), id:, near: as the anchor', () => {
    assert.deepEqual(terms('channels:public'), [{ operator: 'channels', operand: 'public' }]);
    assert.deepEqual(terms('streams:web-public'), [{ operator: 'channels', operand: 'web-public' }]);
    assert.deepEqual(terms('id:42'), [{ operator: 'id', operand: 42 }]);
    const near = ok('channel:general near:77');
    assert.equal(near.near, 77);
    assert.deepEqual(near.narrow.terms, [{ operator: 'channel', operand: 1 }], 'near: filters nothing');
  });

  it('- negates an operator; a lone - word is searched', () => {
    assert.deepEqual(terms('-is:starred deploy'), [
      { operator: 'is', operand: 'starred', negated: true },
      { operator: 'search', operand: 'deploy' },
    ]);
    assert.deepEqual(terms('-channel:general -sender:me'), [
      { operator: 'channel', operand: 1, negated: true },
      { operator: 'sender', operand: 11, negated: true },
    ]);
    assert.deepEqual(terms('-foo'), [{ operator: 'search', operand: '-foo' }]);
  });

  it('a URL is a search word, not an operator', () => {
    assert.deepEqual(terms('https://example.com/handbook'), [
      { operator: 'search', operand: 'https://example.com/handbook' },
    ]);
  });

  it('the narrow is canonical: the order of the terms does not matter', () => {
    const a = ok('deploy sender:me channel:general has:link').narrow;
    const b = ok('has:link channel:general deploy from:me').narrow;
    assert.equal(a.key, b.key);
    assert.equal(
      a.key,
      narrowOf([
        { operator: 'channel', operand: 1 },
        { operator: 'sender', operand: 11 },
        { operator: 'has', operand: 'link' },
        { operator: 'search', operand: 'deploy' },
      ]).key,
    );
  });

  it('errors: empty, unclosed quote, unknown operator, missing operand', () => {
    assert.deepEqual(fails(''), { kind: 'empty' });
    assert.deepEqual(fails('   '), { kind: 'empty' });
    assert.deepEqual(fails('""'), { kind: 'empty' });
    assert.deepEqual(fails('topic:"code review'), { kind: 'unclosedQuote' });
    assert.deepEqual(fails('"code review'), { kind: 'unclosedQuote' });
    assert.deepEqual(fails('todo: fix'), { kind: 'unknownOperator', operator: 'todo' });
    assert.deepEqual(fails('in:home'), { kind: 'unknownOperator', operator: 'in' });
    assert.deepEqual(fails('channel: general'), { kind: 'missingOperand', operator: 'channel' });
    assert.deepEqual(fails('topic:'), { kind: 'missingOperand', operator: 'topic' });
    assert.deepEqual(fails('dm:,'), { kind: 'missingOperand', operator: 'dm' });
  });

  it('errors: unknown channel, unknown or ambiguous user (each spelling), bad is:/has:/channels:/id:/near:', () => {
    assert.deepEqual(fails('channel:nowhere deploy'), { kind: 'unknownChannel', name: 'nowhere' });
    assert.deepEqual(fails('channel:"general  chat"'), { kind: 'unknownChannel', name: 'general  chat' });
    assert.deepEqual(fails('sender:zed@example.com'), { kind: 'unknownUser', name: 'zed@example.com' });
    assert.deepEqual(fails('dm:bob@example.com,zed@example.com'), { kind: 'unknownUser', name: 'zed@example.com' });
    assert.deepEqual(fails('dm-including:Zed'), { kind: 'unknownUser', name: 'Zed' });
    assert.deepEqual(fails('sender:"Sam Smith"'), {
      kind: 'ambiguousUser',
      name: 'Sam Smith',
      candidates: [USERS[3], USERS[4]],
    });
    assert.deepEqual(fails('is:read'), { kind: 'badIs', operand: 'read' });
    assert.deepEqual(fails('has:emoji'), { kind: 'badHas', operand: 'emoji' });
    assert.deepEqual(fails('channels:private'), { kind: 'badChannels', operand: 'private' });
    assert.deepEqual(fails('id:abc'), { kind: 'badId', operator: 'id', operand: 'abc' });
    assert.deepEqual(fails('near:-1'), { kind: 'badId', operator: 'near', operand: '-1' });
    assert.deepEqual(fails('-near:5'), { kind: 'negatedNear' });
  });

  it('errors: a channel and a direct conversation at once (negated terms do not count)', () => {
    assert.deepEqual(fails('channel:general is:dm'), { kind: 'channelAndDm' });
    assert.deepEqual(fails('topic:lunch dm:bob@example.com'), { kind: 'channelAndDm' });
    assert.deepEqual(fails('channels:public dm-including:me'), { kind: 'channelAndDm' });
    assert.deepEqual(terms('-channel:general is:dm'), [
      { operator: 'channel', operand: 1, negated: true },
      { operator: 'is', operand: 'dm' },
    ]);
  });
});
