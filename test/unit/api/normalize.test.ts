// Pure helpers of the API client: body upgrades for older servers, form encoding, narrow builders,
// presence shapes, avatar URLs and upload sizes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { encodeParams, fillPath } from '../../../src/api/encode';
import { FL } from '../../../src/api/features';
import { normalizeAttachment, normalizeAttachments } from '../../../src/api/messages/attachment';
import * as narrow from '../../../src/api/messages/narrow';
import { formatSize, MIB, uploadSizeProblem } from '../../../src/api/messages/uploadSize';
import { renameKeys } from '../../../src/api/normalize';
import { avatarUrl } from '../../../src/api/users/avatar';
import { upgradePresenceEntry } from '../../../src/api/users/presence';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('normalizeAttachment: older attachment bodies', function () {
  const current = FL.attachmentMessageIds;

  it('passes values that are not objects through unchanged, for the parser to report', function () {
    assert.strictEqual(normalizeAttachment(null, current), null);
    assert.strictEqual(normalizeAttachment('file', current), 'file');
    assert.strictEqual(normalizeAttachment(7, 0), 7);
    const list = [1, 2];
    assert.strictEqual(normalizeAttachment(list, 0), list);
    assert.strictEqual(normalizeAttachments('nope', 0), 'nope');
  });

  it('keeps message_ids from a current server even when it also sends messages', function () {
    const out = normalizeAttachment({ id: 1, message_ids: [5], messages: [{ id: 9 }] }, current) as Record<
      string,
      unknown
    >;
    assert.deepStrictEqual(out.message_ids, [5]);
  });

  it('builds message_ids from messages on a current server that left them out', function () {
    const out = normalizeAttachment({ id: 1, messages: [{ id: 9, date_sent: 1 }] }, current) as Record<string, unknown>;
    assert.deepStrictEqual(out.message_ids, [9]);
  });

  it('replaces message_ids with the ids of messages below FL.attachmentMessageIds', function () {
    const out = normalizeAttachment({ id: 1, message_ids: [5], messages: [{ id: 9 }] }, current - 1) as Record<
      string,
      unknown
    >;
    assert.deepStrictEqual(out.message_ids, [9]);
  });

  it('keeps only numeric ids, skipping nulls, numbers and entries without an id', function () {
    const messages = [{ id: 1 }, null, 7, { date_sent: 3 }, { id: 'x' }, { id: 2 }];
    const out = normalizeAttachment({ id: 1, messages }, current - 1) as Record<string, unknown>;
    assert.deepStrictEqual(out.message_ids, [1, 2]);
  });

  it('leaves an old body without a messages list alone', function () {
    assert.deepStrictEqual(normalizeAttachment({ id: 1, message_ids: [3] }, 0), { id: 1, message_ids: [3] });
    assert.deepStrictEqual(normalizeAttachment({ id: 1, messages: 'none' }, 0), { id: 1, messages: 'none' });
  });

  it('turns millisecond create_time into seconds below FL.attachmentCreateTimeSeconds only', function () {
    const ms = { id: 1, message_ids: [], create_time: 1_700_000_000_999 };
    const old = normalizeAttachment(ms, FL.attachmentCreateTimeSeconds - 1) as Record<string, unknown>;
    assert.strictEqual(old.create_time, 1_700_000_000);
    const now = normalizeAttachment(ms, FL.attachmentCreateTimeSeconds) as Record<string, unknown>;
    assert.strictEqual(now.create_time, 1_700_000_000_999);
    const text = normalizeAttachment({ ...ms, create_time: 'soon' }, 0) as Record<string, unknown>;
    assert.strictEqual(text.create_time, 'soon');
  });
});

describe('encodeParams and fillPath', function () {
  it('joins fields with & and no leading separator', function () {
    assert.strictEqual(encodeParams({ a: 1 }), 'a=1');
    assert.strictEqual(
      encodeParams({ a: 1, b: true, c: 'x y', d: [1, 2], e: undefined }),
      'a=1&b=true&c=x%20y&d=%5B1%2C2%5D',
    );
    assert.strictEqual(encodeParams({ e: undefined, f: 'v' }), 'f=v');
  });

  it('returns the template and values for a path without placeholders', function () {
    const { path, rest } = fillPath('/users/me', { a: 1 }, 'GET /users/me');
    assert.strictEqual(path, '/users/me');
    assert.deepStrictEqual(rest, { a: 1 });
  });
});

describe('renameKeys', function () {
  it('adds nothing for a name that is absent', function () {
    assert.deepStrictEqual(renameKeys({ a: 1 }, { x: 'y' }), { a: 1 });
  });

  it('keeps a value already under the new name and drops the old one', function () {
    assert.deepStrictEqual(renameKeys({ old: 1, new: 2 }, { old: 'new' }), { new: 2 });
    assert.deepStrictEqual(renameKeys({ old: 1 }, { old: 'new' }), { new: 1 });
  });
});

describe('narrow term builders', function () {
  it('build each operator with its operand', function () {
    const ids = [3, 4];
    const dm = narrow.dm(ids);
    assert.deepStrictEqual(dm, { operator: 'dm', operand: [3, 4] });
    ids.push(5);
    assert.deepStrictEqual(dm.operand, [3, 4], 'the list is copied');
    assert.deepStrictEqual(narrow.dmIncluding(8), { operator: 'dm-including', operand: 8 });
    assert.deepStrictEqual(narrow.sender('a@x.test'), { operator: 'sender', operand: 'a@x.test' });
    assert.deepStrictEqual(narrow.has('link'), { operator: 'has', operand: 'link' });
    assert.deepStrictEqual(narrow.messageId(42), { operator: 'id', operand: 42 });
  });

  it('not() negates a term', function () {
    assert.deepStrictEqual(narrow.not(narrow.is('starred')), { operator: 'is', operand: 'starred', negated: true });
  });

  it('rejects a term without an operator with a message', function () {
    const parsed = narrow.NarrowTerm.safeParse({ operator: '', operand: 'x' });
    assert.strictEqual(parsed.success, false);
    assert.match(parsed.error!.issues[0]!.message, /operator/);
  });
});

describe('upgradePresenceEntry', function () {
  it('reads a slim entry with only an idle timestamp as idle', function () {
    const out = upgradePresenceEntry({ idle_timestamp: 50 }) as Record<string, Record<string, unknown>>;
    assert.deepStrictEqual(out.aggregated, { client: 'website', status: 'idle', timestamp: 50 });
  });

  it('fills aggregated from website when only website is given', function () {
    const website = { client: 'website', status: 'active', timestamp: 9 };
    const out = upgradePresenceEntry({ website }) as Record<string, unknown>;
    assert.deepStrictEqual(out.aggregated, website);
  });

  it('takes the most recent client report for website, whatever the key order', function () {
    const a = { status: 'idle', timestamp: 10 };
    const b = { status: 'active', timestamp: 30 };
    const c = { status: 'idle', timestamp: 20 };
    for (const entry of [
      { A: a, B: b, C: c },
      { C: c, B: b, A: a },
      { A: a, C: c, B: b },
    ]) {
      const out = upgradePresenceEntry(entry) as Record<string, Record<string, unknown>>;
      assert.deepStrictEqual(out.website, { status: 'active', timestamp: 30, client: 'website' });
    }
  });

  it('keeps the aggregated report of an old entry', function () {
    const aggregated = { client: 'website', status: 'idle', timestamp: 5 };
    const out = upgradePresenceEntry({ aggregated, ZulipMobile: { status: 'active', timestamp: 10 } }) as Record<
      string,
      unknown
    >;
    assert.deepStrictEqual(out.aggregated, aggregated);
    assert.deepStrictEqual(out.website, { status: 'active', timestamp: 10, client: 'website' });
  });
});

describe('avatarUrl', function () {
  const user = { email: 'a@x.test', delivery_email: null, avatar_version: 3 } as const;

  it('returns a given URL and nothing when the field is left out', function () {
    assert.strictEqual(avatarUrl({ ...user, avatar_url: 'https://x.test/a.png' }), 'https://x.test/a.png');
    assert.strictEqual(avatarUrl({ ...user, avatar_url: undefined }), undefined);
  });

  it('builds the Gravatar URL from the trimmed, lower-cased delivery email and version', function () {
    const url = avatarUrl({
      avatar_url: null,
      email: 'user5@x.test',
      delivery_email: ' Real@X.Test ',
      avatar_version: 3,
    });
    assert.strictEqual(url, `https://secure.gravatar.com/avatar/${md5('real@x.test')}?d=identicon&version=3`);
    const plain = avatarUrl({
      avatar_url: null,
      email: 'Only@X.test',
      delivery_email: null,
      avatar_version: undefined,
    });
    assert.strictEqual(plain, `https://secure.gravatar.com/avatar/${md5('only@x.test')}?d=identicon&version=1`);
  });
});

describe('formatSize and uploadSizeProblem at their limits', function () {
  it('switches units at exactly 1 KiB and 1 MiB', function () {
    assert.strictEqual(formatSize(1023), '1023 bytes');
    assert.strictEqual(formatSize(1024), '1 KiB');
    assert.strictEqual(formatSize(MIB), '1 MiB');
    assert.strictEqual(formatSize(MIB - 1), '1024 KiB');
  });

  it('accepts a file of exactly the limit and refuses one byte more', function () {
    assert.strictEqual(uploadSizeProblem('a.bin', 2 * MIB, 2), undefined);
    assert.match(uploadSizeProblem('a.bin', 2 * MIB + 1, 2) ?? '', /a\.bin.*2 MiB/);
    assert.strictEqual(uploadSizeProblem('a.bin', 10 * MIB, undefined), undefined);
  });
});
