// Search Results rows without VS Code: the server's highlights become label ranges (an excerpt that
// starts near the first match when it would not fit), and rows group by conversation, newest first.
import assert from 'node:assert/strict';
import type { Message } from '../../../../src/api/messages/models';
import { groupByConversation } from '../../../../src/views/messages/groups';
import {
  EXCERPT_LENGTH,
  highlightedExcerpt,
  messageRows,
  type MessageRowContext,
} from '../../../../src/views/messages/rows';

const H = (w: string): string => `<span class="highlight">${w}</span>`;
const marked = (r: { text: string; ranges: readonly (readonly [number, number])[] }): string[] =>
  r.ranges.map(([a, b]) => r.text.slice(a, b));

describe('Search Results rows', () => {
  it('highlighted excerpts: the marked words as ranges, entities decoded, tags dropped', () => {
    const r = highlightedExcerpt(
      `<p>Run ${H('deploy')} &amp; <strong>${H('Deploy')}ing</strong> now</p>`,
      EXCERPT_LENGTH,
    );
    assert.equal(r.text, 'Run deploy & Deploying now');
    assert.deepEqual(r.ranges, [
      [4, 10],
      [13, 19],
    ]);
    assert.deepEqual(marked(r), ['deploy', 'Deploy']);
    assert.deepEqual(highlightedExcerpt('<p>no match</p>', EXCERPT_LENGTH), { text: 'no match', ranges: [] });
  });

  it('a match beyond the limit: the excerpt starts shortly before it, after "…", at exactly the limit', () => {
    const long = `<p>${'word '.repeat(40)}${H('needle')} and ${'more '.repeat(40)}</p>`;
    const r = highlightedExcerpt(long, EXCERPT_LENGTH);
    assert.equal([...r.text].length, EXCERPT_LENGTH);
    assert.ok(r.text.startsWith('…') && r.text.endsWith('…'), r.text);
    assert.deepEqual(marked(r), ['needle']);
    // A match that fits is kept where it is.
    const early = highlightedExcerpt(`<p>${H('needle')} ${'more '.repeat(40)}</p>`, EXCERPT_LENGTH);
    assert.ok(early.text.startsWith('needle') && [...early.text].length === EXCERPT_LENGTH);
    // A match the end would cut: the excerpt moves just enough to show it whole.
    const end = highlightedExcerpt(`<p>${'x'.repeat(EXCERPT_LENGTH - 3)}${H('abcdef')}</p>`, EXCERPT_LENGTH);
    assert.ok(
      end.text.startsWith('…x') && end.text.endsWith('abcdef') && [...end.text].length === EXCERPT_LENGTH,
      end.text,
    );
    assert.deepEqual(marked(end), ['abcdef']);
  });

  it('ranges count UTF-16 units after emoji (what VS Code highlights)', () => {
    const r = highlightedExcerpt(`<p>☕🚀 ${H('coffee')}</p>`, EXCERPT_LENGTH);
    assert.deepEqual(marked(r), ['coffee']);
  });

  const NAMES: Record<number, string> = { 1: 'Alice', 2: 'Bob', 3: 'Carol' };
  const CHANNELS: Record<number, string> = { 10: 'general', 20: 'engineering' };
  const ctx: MessageRowContext = {
    ownUserId: 1,
    userName: (id) => NAMES[id],
    channelName: (id) => CHANNELS[id],
    emptyTopicName: 'general chat',
    highlight: (id) => (id === 5 ? { content: `<p>new ${H('thing')}</p>`, subject: '' } : undefined),
  };
  const stream = (id: number, streamId: number, topic: string, sender = 2): Message =>
    ({
      id,
      type: 'stream',
      stream_id: streamId,
      subject: topic,
      sender_id: sender,
      sender_full_name: '',
      content: `<p>m${id}</p>`,
      timestamp: 1000 + id,
      display_recipient: '',
      flags: ['read'],
    }) as unknown as Message;
  const dm = (id: number, users: number[]): Message =>
    ({
      id,
      type: 'private',
      subject: '',
      sender_id: 2,
      sender_full_name: '',
      content: `<p>m${id}</p>`,
      timestamp: 1000 + id,
      display_recipient: users.map((u) => ({ id: u, full_name: '', email: '' })),
      flags: [],
    }) as unknown as Message;

  it('groups by conversation: newest conversation first, rows newest first, topics compare case-insensitively', () => {
    const rows = messageRows(
      [
        stream(1, 20, 'Deploys'),
        dm(2, [1, 2]),
        stream(3, 10, 'lunch'),
        stream(4, 20, 'deploys'),
        stream(5, 10, ''),
        dm(6, [1, 2]),
      ],
      ctx,
    );
    const groups = groupByConversation(rows);
    assert.deepEqual(
      groups.map((g) => [g.label, g.rows.map((r) => r.id)]),
      [
        ['DM with Bob', [6, 2]],
        ['#general › general chat', [5]],
        ['#engineering › deploys', [4, 1]],
        ['#general › lunch', [3]],
      ],
    );
    assert.deepEqual(groups[0]!.target, { kind: 'dm', userIds: [2] });
    const highlighted = groups[1]!.rows[0]!;
    assert.equal(highlighted.label, 'Bob — new thing');
    assert.deepEqual(highlighted.highlights, [['Bob — new '.length, 'Bob — new thing'.length]]);
    assert.equal(highlighted.timestamp, 1005);
    assert.deepEqual(groups[3]!.rows[0]!.highlights, [], 'no highlight without a search');
  });
});
