// The local server's start-up seed of a long conversation (ServerOptions.seedTopic): the messages
// come through the real GET /messages like any others, paged by anchor, read but for the newest
// `unread`, and the server's API surface is unchanged (no new route or field).
import assert from 'node:assert/strict';
import { getMessages } from '../../../src/api/messages/routes';
import { MEMBER, withServer } from '../support/server';

describe('local server: seeded long conversation', function () {
  this.timeout(60_000);
  const topic = 'long conversation';
  const s = withServer({ seedTopic: { topic, count: 2500, unread: 3 } });
  const narrow = [
    { operator: 'channel', operand: 1 },
    { operator: 'topic', operand: topic },
  ];

  it('holds every message, in id and time order, paged from the newest', async () => {
    const alice = s.client(MEMBER, 0);
    const newest = await getMessages(alice, {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow,
      apply_markdown: true,
    });
    assert.equal(newest.messages.length, 100);
    assert.equal(newest.found_newest, true);
    assert.equal(newest.found_oldest, false);
    assert.match(newest.messages[99]!.content, /\(2500 of 2500\)/);
    let ids = newest.messages.map((m) => m.id);
    let oldestFound = false;
    while (!oldestFound) {
      const page = await getMessages(alice, {
        anchor: ids[0]!,
        include_anchor: false,
        num_before: 1000,
        num_after: 0,
        narrow,
        apply_markdown: true,
      });
      ids = [...page.messages.map((m) => m.id), ...ids];
      oldestFound = page.found_oldest === true;
    }
    assert.equal(ids.length, 2500);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    // Read, but for the newest three (those the reader did not send themselves).
    const unread = newest.messages.filter((m) => !(m.flags ?? []).includes('read')).map((m) => m.id);
    assert.ok(
      unread.length > 0 && unread.every((id) => newest.messages.slice(-3).some((m) => m.id === id)),
      JSON.stringify(unread),
    );
    const times = newest.messages.map((m) => m.timestamp);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
  });

  it('seeds messages shaped as any other (no new field), and the API has no seeding route', async () => {
    const alice = s.client(MEMBER, 0);
    const seeded = (
      await getMessages(alice, { anchor: 'newest', num_before: 1, num_after: 0, narrow, apply_markdown: true })
    ).messages[0]!;
    const welcome = narrow.slice(0, 1).concat({ operator: 'topic', operand: 'welcome' });
    const fixture = (
      await getMessages(alice, { anchor: 'newest', num_before: 1, num_after: 0, narrow: welcome, apply_markdown: true })
    ).messages[0]!;
    assert.deepEqual(Object.keys(seeded).sort(), Object.keys(fixture).sort());
    assert.match(seeded.content, /^<p>/);
    const res = await fetch(`${s.server.url}/api/v1/seed`, { method: 'POST' });
    assert.equal(res.status, 404);
  });
});
