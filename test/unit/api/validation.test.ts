import { strict as assert } from 'node:assert';
import * as z from 'zod';
import { hexColor } from '../../../src/api/params';
import { formatZodError } from '../../../src/api/validation';

function errorWith(message: string, path: Array<string | number>): z.ZodError {
  return new z.ZodError([{ code: 'custom', message, path, input: undefined }]);
}

describe('formatZodError (a zod error as one sentence for the user)', () => {
  it('says "Invalid input." when the error has no issue', () => {
    assert.deepEqual(formatZodError(new z.ZodError([])), { message: 'Invalid input.', field: undefined });
  });

  it('keeps a user-written sentence as it is and names the first path segment as the field', () => {
    assert.deepEqual(formatZodError(errorWith('Topic is too long.', ['topic'])), {
      message: 'Topic is too long.',
      field: 'topic',
    });
    assert.deepEqual(formatZodError(errorWith('"x" is not allowed!', ['name'])), {
      message: '"x" is not allowed!',
      field: 'name',
    });
    assert.equal(formatZodError(errorWith('Is it right?', ['a'])).message, 'Is it right?');
  });

  it('prefixes a library message with the full dotted path of the field', () => {
    assert.deepEqual(formatZodError(errorWith('expected number, received string', ['to', 0, 'id'])), {
      message: '"to.0.id": expected number, received string',
      field: 'to',
    });
  });

  it('treats only a sentence that starts with a capital or quote and ends with punctuation as user-written', () => {
    // Starts lower-case, though a capital follows.
    assert.equal(formatZodError(errorWith('the Value is wrong.', ['v'])).message, '"v": the Value is wrong.');
    // Ends without punctuation, though a full stop comes earlier.
    assert.equal(formatZodError(errorWith('Bad value. try again', ['v'])).message, '"v": Bad value. try again');
    // A two-character sentence still counts.
    assert.equal(formatZodError(errorWith('No.', ['v'])).message, 'No.');
    assert.equal(formatZodError(errorWith('Ok', ['v'])).message, '"v": Ok');
  });

  it('keeps a library message unprefixed when no field is at fault', () => {
    assert.deepEqual(formatZodError(errorWith('invalid input', [])), { message: 'invalid input', field: undefined });
  });
});

describe('hexColor', () => {
  it('accepts #rrggbb in either case and refuses other forms with a sentence for the user', () => {
    assert.equal(hexColor.safeParse('#a0B1c2').success, true);
    for (const bad of ['#abc', 'a0b1c2', '#a0b1c2f', '#g0b1c2']) {
      const result = hexColor.safeParse(bad);
      assert.equal(result.success, false, bad);
      assert.equal(formatZodError(result.error!).message, 'Colour must be of the form #rrggbb.');
    }
  });
});
