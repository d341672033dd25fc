// Emoji as text (src/emoji/glyph.ts, search.ts): a reaction's glyph only for unicode emoji, `:name:`
// otherwise, and the bundled names the compose box completes (aliases included, each with its glyph).
import assert from 'node:assert/strict';
import { reactionGlyph, shortcode } from '../../../src/emoji/glyph';
import { UNICODE_EMOJI_NAMES } from '../../../src/emoji/names';
import { unicodeEmojiNames } from '../../../src/emoji/search';

describe('emoji as text', () => {
  it('a reaction has a glyph when it is a unicode emoji with a valid code', () => {
    assert.equal(reactionGlyph('unicode_emoji', '1f44d'), '👍');
    assert.equal(reactionGlyph('unicode_emoji', '1f468-200d-1f4bb'), '👨‍💻');
    assert.equal(reactionGlyph('unicode_emoji', 'not-hex'), undefined);
    assert.equal(reactionGlyph('realm_emoji', '1f44d'), undefined);
    assert.equal(reactionGlyph('zulip_extra_emoji', 'zulip'), undefined);
  });

  it('a name without a glyph is written between colons', () => {
    assert.equal(shortcode('octopus'), ':octopus:');
    assert.equal(shortcode('+1'), ':+1:');
  });

  it('lists every bundled name once, aliases included, with its code and glyph', () => {
    const names = unicodeEmojiNames();
    assert.equal(names.length, Object.keys(UNICODE_EMOJI_NAMES).length);
    assert.deepEqual(
      names.filter((e) => e.code === '1f44d').map((e) => e.name),
      Object.keys(UNICODE_EMOJI_NAMES).filter((n) => UNICODE_EMOJI_NAMES[n] === '1f44d'),
    );
    assert.deepEqual(
      names.find((e) => e.name === 'octopus'),
      { name: 'octopus', code: '1f419', glyph: '🐙' },
    );
    assert.equal(
      names
        .filter((e) => !e.glyph)
        .map((e) => e.name)
        .join(','),
      '',
    );
    assert.equal(unicodeEmojiNames(), names, 'built once');
  });
});
