// Emoji by name or alias (src/emoji/): the reaction picker finds 👍 for "thumbs", "thumbs_up" and
// "like" though its canonical name is "+1"; custom emoji by name; the glyphs of emoji codes.
import assert from 'node:assert/strict';
import { unicodeEmoji } from '../../../src/emoji/glyph';
import { UNICODE_EMOJI_NAMES } from '../../../src/emoji/names';
import { emojiEntries, emojiQuery, POPULAR_EMOJI, searchEmoji, unicodeEmojiEntries } from '../../../src/emoji/search';

const names = (found: readonly { name: string }[], n = 3): string[] => found.slice(0, n).map((e) => e.name);

describe('emoji search', () => {
  const custom = [
    { id: '7', name: 'octopus' },
    { id: '8', name: 'party_parrot' },
    { id: '9', name: 'gone', deactivated: true },
  ];
  const entries = emojiEntries(custom);

  it('one entry per code: the first name of the table is canonical, the others aliases', () => {
    const thumbs = unicodeEmojiEntries().find((e) => e.code === '1f44d')!;
    assert.deepEqual(thumbs, {
      name: '+1',
      aliases: ['thumbs_up', 'like'],
      code: '1f44d',
      type: 'unicode_emoji',
      glyph: '👍',
    });
    assert.equal(unicodeEmojiEntries().length, new Set(Object.values(UNICODE_EMOJI_NAMES)).size);
  });

  it('finds 👍 by its aliases and its canonical name, and answers with the canonical name', () => {
    for (const typed of ['thumbs', 'thumbs_up', 'Thumbs up', ':thumbs_up:', 'like', '+1']) {
      const first = searchEmoji(entries, typed)[0];
      assert.deepEqual([first?.name, first?.code, first?.glyph], ['+1', '1f44d', '👍'], typed);
    }
    assert.deepEqual(names(searchEmoji(entries, 'thumbs'), 2), ['+1', '-1'], 'thumbs up, then thumbs down');
  });

  it('ranks an exact name first, then names that start with the query, then a later word, then anywhere', () => {
    assert.deepEqual(names(searchEmoji(entries, 'heart'), 4), ['heart', 'heart_eyes', 'kissing_heart', 'orange_heart']);
    assert.deepEqual(names(searchEmoji(entries, 'arty')), ['partying_face', 'party_parrot']);
    assert.deepEqual(searchEmoji(entries, 'no such emoji at all'), []);
  });

  it('custom emoji by name; a deactivated one never; a custom one hides the unicode one of its name', () => {
    assert.deepEqual(
      searchEmoji(entries, 'parrot').map((e) => [e.name, e.type, e.code]),
      [['party_parrot', 'realm_emoji', '8']],
    );
    assert.deepEqual(searchEmoji(entries, 'gone'), []);
    assert.deepEqual(
      searchEmoji(entries, 'octopus').map((e) => [e.name, e.type]),
      [['octopus', 'realm_emoji']],
    );
  });

  it('nothing typed: the popular emoji first, in order, then the rest', () => {
    const all = searchEmoji(emojiEntries([]), '');
    assert.deepEqual(names(all, POPULAR_EMOJI.length), [...POPULAR_EMOJI]);
    assert.equal(all.length, unicodeEmojiEntries().length);
    assert.equal(emojiQuery('  :Thumbs  Up: '), 'thumbs_up');
  });

  it('glyphs of codes; anything else is no emoji', () => {
    assert.equal(unicodeEmoji('1f468-200d-1f4bb'), '👨‍💻');
    assert.equal(unicodeEmoji('zzz'), undefined);
    assert.equal(unicodeEmoji('110000'), undefined);
  });
});
