// Anchors that move with the code: the lines a reference named are found again after the file
// changed — moved, copied, edited a little — or not at all (outdated).
import * as assert from 'assert';
import { anchorOf, hashLines, holdsAt, lineSimilarity, locate, splitLines } from '../../../src/codeRefs/anchors';

const FILE = [
  'import { x } from "./x";',
  '',
  'export function greet(name: string): string {',
  '  const greeting = `Hello, ${name}!`;',
  '  return greeting;',
  '}',
  '',
  'export function greetAll(names: string[]): string[] {',
  '  return names.map(greet);',
  '}',
];
const at = { commit: 'abc', path: 'src/greeter.ts' };
const filler = (n: number, tag = 'filler') => Array.from({ length: n }, (_, i) => `// ${tag} ${i}`);

describe('code anchors', () => {
  it('keeps the lines, a hash, up to three lines of context, the commit and path', () => {
    const a = anchorOf(FILE, { start: 3, end: 6 }, at)!;
    assert.deepEqual(a.text, FILE.slice(2, 6));
    assert.deepEqual(a.before, FILE.slice(0, 2));
    assert.deepEqual(a.after, FILE.slice(6, 9));
    assert.equal(a.commit, 'abc');
    assert.equal(a.path, 'src/greeter.ts');
    assert.equal(a.hash, hashLines(FILE.slice(2, 6)));
    assert.match(a.hash, /^[0-9a-f]{8}$/);
    assert.notEqual(a.hash, hashLines(FILE.slice(3, 7)));
    // Trailing white space is not a difference.
    assert.equal(hashLines(['a  ', 'b']), hashLines(['a', 'b\t']));
    assert.equal(anchorOf(FILE, { start: 9, end: 11 }, at), undefined);
    assert.equal(anchorOf(FILE, { start: 0, end: 1 }, at), undefined);
  });

  it('splits \\n and \\r\\n lines alike', () => {
    assert.deepEqual(splitLines('a\r\nb\nc'), ['a', 'b', 'c']);
  });

  it('finds the lines where they are', () => {
    const a = anchorOf(FILE, { start: 3, end: 6 }, at)!;
    assert.deepEqual(locate(a, FILE), { lines: { start: 3, end: 6 }, how: 'exact' });
    assert.ok(holdsAt(a, FILE, { start: 3, end: 6 }));
    assert.ok(!holdsAt(a, FILE, { start: 4, end: 7 }));
    assert.ok(!holdsAt(a, FILE, { start: 3, end: 5 }));
  });

  it('follows the lines moved down by lines inserted above, and 30 lines down with the function', () => {
    const a = anchorOf(FILE, { start: 8, end: 10 }, at)!;
    const inserted = [...filler(10), ...FILE];
    assert.deepEqual(locate(a, inserted), { lines: { start: 18, end: 20 }, how: 'exact' });
    const moved = [...FILE.slice(0, 7), ...filler(30), ...FILE.slice(7)];
    assert.deepEqual(locate(a, moved), { lines: { start: 38, end: 40 }, how: 'exact' });
    const up = [...FILE.slice(7), ...FILE.slice(0, 7)];
    assert.deepEqual(locate(a, up), { lines: { start: 1, end: 3 }, how: 'exact' });
  });

  it('of several copies, takes the one among the same context, else the nearest to the hint', () => {
    const block = ['  if (!ok) {', '    throw new Error("bad");', '  }'];
    const file = ['function a() {', ...block, '}', ...filler(20), 'function b() {', ...block, '}'];
    const second = anchorOf(file, { start: 27, end: 29 }, at)!;
    assert.deepEqual(locate(second, file)?.lines, { start: 27, end: 29 });
    // Another function inserted on top with the same block: the context of `b` still wins.
    const more = ['function c() {', ...block, '}', ...file];
    assert.deepEqual(locate(second, more)?.lines, { start: 32, end: 34 });
    // Without context to tell them apart, the copy nearest the hint.
    const bare = { ...second, before: [], after: [] };
    assert.deepEqual(locate(bare, file, 3)?.lines, { start: 2, end: 4 });
    assert.deepEqual(locate(bare, file, 25)?.lines, { start: 27, end: 29 });
  });

  it('finds lines edited a little (fuzzy), and says so', () => {
    const a = anchorOf(FILE, { start: 3, end: 6 }, at)!;
    const edited = [...filler(5), ...FILE.slice(0, 3), '  const greeting = `Hello there, ${name}!`;', ...FILE.slice(4)];
    assert.deepEqual(locate(a, edited), { lines: { start: 8, end: 11 }, how: 'fuzzy' });
    assert.ok(lineSimilarity('return greeting;', 'return  greeting;') === 1);
    assert.ok(lineSimilarity('return greeting;', 'throw new Error();') < 0.3);
  });

  it('is outdated when the lines are gone or rewritten', () => {
    const a = anchorOf(FILE, { start: 8, end: 10 }, at)!;
    assert.equal(locate(a, FILE.slice(0, 7)), undefined);
    const rewritten = [
      ...FILE.slice(0, 7),
      'export const everyone = (xs: readonly string[]) => xs.map((x) => `Hi ${x}`);',
    ];
    assert.equal(locate(a, rewritten), undefined);
    assert.equal(locate(a, []), undefined);
  });

  it('finds short, common lines only exactly', () => {
    const closing = anchorOf(FILE, { start: 6, end: 6 }, at)!;
    assert.equal(locate(closing, ['  };', 'x']), undefined);
    assert.deepEqual(locate(closing, ['x', '}'])?.lines, { start: 2, end: 2 });
  });
});
