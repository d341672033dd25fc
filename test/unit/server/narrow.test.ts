// The local server's narrow operators as "Search Messages…" uses them, over real HTTP on the demo
// organisation (as Alice): has:link/attachment/image/reaction (the real server's has_* rules),
// is:resolved/followed/alerted/muted, dm-including, sender and channel by id, negation, quoted
// phrases with highlights, and the real server's BAD_NARROW errors.
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api';
import { getMessages } from '../../../src/api/messages/routes';
import type { NarrowTerm } from '../../../src/api/messages/narrow';
import { ADMIN, byEmail, channelId, MEMBER, withServer } from '../support/server';
import { apiError } from '../support/errors';

describe('local server: search operators', function () {
  this.timeout(60_000);
  const s = withServer();
  let alice: ChatClient;
  let eng: number;
  let general: number;
  const ids = (m: { id: number }[]): number[] => m.map((x) => x.id);
  const find = async (narrow: NarrowTerm[]) =>
    (await getMessages(alice, { anchor: 'newest', num_before: 200, num_after: 0, narrow, apply_markdown: true }))
      .messages;
  const contents = async (narrow: NarrowTerm[]): Promise<string[]> =>
    (await find(narrow)).map((m) => m.content.replace(/<[^>]*>/g, ''));

  before(async () => {
    alice = s.client(MEMBER, 0);
    eng = await channelId(alice, 'engineering');
    general = await channelId(alice, 'general');
  });

  it('has:attachment, has:image and has:link follow the Markdown source as the real server does', async () => {
    const attach = await contents([
      { operator: 'channel', operand: eng },
      { operator: 'has', operand: 'attachment' },
    ]);
    assert.deepEqual(attach.map((c) => c.split(':')[0]).sort(), ['CI is red again, log', 'My notes', 'The new mockup']);
    const image = await contents([{ operator: 'has', operand: 'image' }]);
    assert.equal(image.length, 2, 'only uploaded image files count');
    assert.match(image[0]!, /^The new mockup: design\.png/);
    assert.match(image[1]!, /^Release party .*gradient\.png/s);
    const link = await find([
      { operator: 'channel', operand: eng },
      { operator: 'has', operand: 'link' },
    ]);
    // The three uploads and the permalink (https://); "#42" in plain text is no link in the source.
    assert.equal(link.length, 4, JSON.stringify(link.map((m) => m.content)));
  });

  it('has:reaction, and its negation', async () => {
    const reacted = await contents([{ operator: 'has', operand: 'reaction' }]);
    assert.deepEqual(reacted.map((c) => c.split(' ')[0]).sort(), ['Sushi!', 'Tagging']);
    const all = await find([
      { operator: 'channel', operand: eng },
      { operator: 'topic', operand: 'release 1.0' },
    ]);
    const not = await find([
      { operator: 'channel', operand: eng },
      { operator: 'topic', operand: 'release 1.0' },
      { operator: 'has', operand: 'reaction', negated: true },
    ]);
    assert.equal(not.length, all.length - 1);
  });

  it('is:resolved, is:followed, is:muted, is:alerted', async () => {
    const resolved = await find([{ operator: 'is', operand: 'resolved' }]);
    assert.deepEqual([...new Set(resolved.map((m) => m.subject))], ['\u2714 deploy freeze']);
    const followed = await find([{ operator: 'is', operand: 'followed' }]);
    assert.deepEqual([...new Set(followed.map((m) => m.subject))], ['release 1.0']);
    const muted = await find([{ operator: 'is', operand: 'muted' }]);
    // general › crowd is a muted topic; #random is muted for Alice but its topic coffee is unmuted.
    assert.deepEqual(
      [...new Set(muted.map((m) => `${m.display_recipient as string}>${m.subject}`))],
      ['general>crowd'],
    );
    assert.deepEqual(await find([{ operator: 'is', operand: 'alerted' }]), [], 'Alice has no alert words');
  });

  it('sender and channel by id, dm-including, negated channel', async () => {
    const bob = byEmail(s.server, 'bob').userId;
    const fromBob = await find([
      { operator: 'sender', operand: bob },
      { operator: 'channel', operand: general },
    ]);
    assert.ok(fromBob.length >= 3 && fromBob.every((m) => m.sender_id === bob && m.stream_id === general));
    const carol = byEmail(s.server, 'carol').userId;
    const withCarol = await find([{ operator: 'dm-including', operand: carol }]);
    assert.ok(withCarol.length >= 2);
    assert.ok(
      withCarol.every(
        (m) => m.type === 'private' && (m.display_recipient as { id: number }[]).some((r) => r.id === carol),
      ),
    );
    const notGeneral = await find([
      { operator: 'channel', operand: general, negated: true },
      { operator: 'search', operand: 'deploy' },
    ]);
    assert.ok(notGeneral.length > 0 && notGeneral.every((m) => m.stream_id !== general));
  });

  it('history: a channel or channels:public reach messages sent before joining; is: terms keep to own messages', async () => {
    const sandbox = await channelId(s.client(ADMIN), 'sandbox');
    const words: NarrowTerm = { operator: 'search', operand: 'sandbox message' };
    assert.deepEqual(await find([words]), [], 'Alice never received it');
    assert.equal((await find([{ operator: 'channels', operand: 'public' }, words])).length, 1);
    assert.equal((await find([{ operator: 'channel', operand: sandbox }, words])).length, 1);
    assert.deepEqual(
      await find([
        { operator: 'channel', operand: sandbox },
        { operator: 'is', operand: 'starred', negated: true },
      ]),
      [],
    );
    assert.equal(
      (
        await find([
          { operator: 'channel', operand: sandbox },
          { operator: 'is', operand: 'resolved', negated: true },
        ])
      ).length,
      1,
    );
  });

  it('search: words match the content or the topic, a quoted phrase as it is; both highlighted', async () => {
    const words = await find([{ operator: 'search', operand: 'review approved' }]);
    assert.equal(ids(words).length, 1);
    assert.match(words[0]!.match_content!, /^<p>Looks good, <span class="highlight">approved<\/span> /);
    assert.equal(words[0]!.match_subject, 'code <span class="highlight">review</span> #42');
    const phrase = await find([{ operator: 'search', operand: '"freeze lifted"' }]);
    assert.equal(phrase.length, 1);
    assert.match(
      phrase[0]!.match_content!,
      /<span class="highlight">Freeze<\/span> <span class="highlight">lifted<\/span>/,
    );
    assert.deepEqual(
      await find([{ operator: 'search', operand: '"lifted freeze"' }]),
      [],
      'the words in another order are no phrase',
    );
  });

  it('BAD_NARROW errors name what is unknown, as the real server does', async () => {
    const bad = async (narrow: NarrowTerm[], message: string): Promise<void> => {
      const e = await apiError(find(narrow), 'BAD_NARROW', 400);
      assert.equal(e.message, message);
    };
    await bad([{ operator: 'bogus', operand: 'x' }], 'Invalid narrow operator: unknown operator bogus');
    await bad([{ operator: 'channel', operand: 'nowhere' }], 'Invalid narrow operator: unknown channel nowhere');
    await bad(
      [{ operator: 'sender', operand: 'zed@example.com' }],
      'Invalid narrow operator: unknown user zed@example.com',
    );
    await bad([{ operator: 'dm-including', operand: 99999 }], 'Invalid narrow operator: unknown user 99999');
    await bad([{ operator: 'is', operand: 'read' }], "Invalid narrow operator: unknown 'is' operand read");
    await bad([{ operator: 'has', operand: 'emoji' }], "Invalid narrow operator: unknown 'has' operand emoji");
    await bad(
      [{ operator: 'channels', operand: 'private' }],
      'Invalid narrow operator: unknown channels operand private',
    );
    await bad([{ operator: 'id', operand: 'abc' }], 'Invalid narrow operator: Invalid message ID');
    await bad(
      [
        { operator: 'channel', operand: general },
        { operator: 'is', operand: 'dm' },
      ],
      'Invalid narrow operator: No message can be both a channel message and direct message',
    );
    // Negated terms do not conflict.
    assert.ok(
      (
        await find([
          { operator: 'channel', operand: general, negated: true },
          { operator: 'is', operand: 'dm' },
        ])
      ).length > 0,
    );
  });
});
