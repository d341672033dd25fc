// Insert Snippet as Comment computes the commented text itself (so the insertion is one edit):
// language configuration files (JSON with comments) and lines commented like VS Code does.
import { strict as assert } from 'node:assert';
import { commentLines, commentSyntaxOf, parseJsonc } from '../../../../src/commands/snippets/commentSyntax';

describe('snippet comments: language configuration and commented lines', () => {
  it('reads JSON with comments and trailing commas, keeping // and /* inside strings', () => {
    const text = `{
      // Symbols used for commenting
      "comments": { "lineComment": "//", "blockComment": [ "/*", "*/" ], },
      /* brackets */ "url": "http://x/*y*/", "quote": "a \\" // b",
    }`;
    assert.deepEqual(parseJsonc(text), {
      comments: { lineComment: '//', blockComment: ['/*', '*/'] },
      url: 'http://x/*y*/',
      quote: 'a " // b',
    });
  });

  it('takes lineComment as a string or { comment }, and blockComment as a pair', () => {
    assert.deepEqual(commentSyntaxOf({ comments: { lineComment: '#' } }), { line: '#', block: undefined });
    assert.deepEqual(
      commentSyntaxOf({ comments: { lineComment: { comment: '//', noIndent: false }, blockComment: ['/*', '*/'] } }),
      { line: '//', block: ['/*', '*/'] },
    );
    assert.deepEqual(commentSyntaxOf({ comments: { blockComment: ['<!--', '-->'] } }), {
      line: undefined,
      block: ['<!--', '-->'],
    });
    assert.equal(commentSyntaxOf({ comments: {} }), undefined);
    assert.equal(commentSyntaxOf({ brackets: [] }), undefined);
    assert.equal(commentSyntaxOf(null), undefined);
  });

  it('line comments go after the common indentation; blank lines stay empty', () => {
    assert.deepEqual(commentLines(['  a', '', '    b'], { line: '//' }), {
      lines: ['  // a', '', '  //   b'],
      commented: 'line',
    });
    assert.deepEqual(commentLines(['x'], { line: '#', block: ['"""', '"""'] }), { lines: ['# x'], commented: 'line' });
  });

  it('without line comments one block goes around the lines; with neither they stay as they are', () => {
    assert.deepEqual(commentLines(['  a', '  b'], { block: ['<!--', '-->'] }), {
      lines: ['  <!-- a', '  b -->'],
      commented: 'block',
    });
    assert.deepEqual(commentLines(['a'], undefined), { lines: ['a'], commented: 'none' });
  });
});
