// Go to a date (issue 27 item 8): what may be typed (dateInput), the search box's date:, the local
// server's anchor=date as the real one (feature level 445), and firstMessageAt, which the
// conversation view's "Go to Date…" and Search Messages use.
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api';
import { getMessages, sendMessage } from '../../../src/api/messages/routes';
import { getOwnUser } from '../../../src/api/users/routes';
import { anchorDateParam, dayText, parseDateInput } from '../../../src/messageList/dateInput';
import { findsByDate, firstMessageAt } from '../../../src/messageList/goToDate';
import { parseSearchQuery } from '../../../src/messageList/searchQuery';
import type { RunningServer } from '../support/server';
import { byEmail, clientFor, withServer } from '../support/server';
import { refused } from '../support/errors';
import { offlineClient } from '../support/offline';

const NOW = new Date(2026, 10, 27, 15, 30); // 27 November 2026, 15:30 local time
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const parsed = (text: string, now = NOW): number => {
  const r = parseDateInput(text, now);
  assert.ok(r.ok, `${text}: ${JSON.stringify(r)}`);
  return r.date.getTime();
};
const failed = (text: string, now = NOW): string => {
  const r = parseDateInput(text, now);
  assert.ok(!r.ok, text);
  return r.error.kind;
};

describe('go to a date', function () {
  this.timeout(30_000);

  describe('what may be typed', () => {
    it('a day, today, yesterday: that day from local midnight', () => {
      assert.equal(parsed('2026-11-20'), day(2026, 11, 20));
      assert.equal(parsed(' 2026-1-5 '), day(2026, 1, 5));
      assert.equal(parsed('today'), day(2026, 11, 27));
      assert.equal(parsed('Yesterday'), day(2026, 11, 26));
      assert.equal(parsed('2026-11-27'), day(2026, 11, 27), 'today is not the future');
    });

    it('relative: days, weeks, months (clamped to the month), years, long or short', () => {
      assert.equal(parsed('3 days ago'), day(2026, 11, 24));
      assert.equal(parsed('1 day'), day(2026, 11, 26));
      assert.equal(parsed('3d'), day(2026, 11, 24));
      assert.equal(parsed('2 weeks ago'), day(2026, 11, 13));
      assert.equal(parsed('2w'), day(2026, 11, 13));
      assert.equal(parsed('1 month ago'), day(2026, 10, 27));
      assert.equal(parsed('1m', new Date(2026, 2, 31, 12)), day(2026, 2, 28), '31 March minus a month is 28 February');
      assert.equal(
        parsed('1 year ago', new Date(2028, 1, 29, 12)),
        day(2027, 2, 28),
        '29 February minus a year is 28 February',
      );
      assert.equal(parsed('0 days ago'), day(2026, 11, 27));
    });

    it('refuses what is not a date, a day the calendar lacks, and the future', () => {
      assert.equal(failed(''), 'empty');
      assert.equal(failed('   '), 'empty');
      for (const text of [
        'next week',
        '20-11-2026',
        '2026/11/20',
        'days ago',
        '3 fortnights ago',
        '-3d',
        '2026-11-20T10:00',
      ])
        assert.equal(failed(text), 'format', text);
      assert.equal(failed('2026-02-29'), 'notADate');
      assert.equal(failed('2026-13-01'), 'notADate');
      assert.equal(failed('2026-11-00'), 'notADate');
      assert.equal(parsed('2028-02-29', new Date(2028, 5, 1)), day(2028, 2, 29), 'a leap day');
      assert.equal(failed('2026-11-28'), 'future');
    });

    it('the server is sent the moment in UTC, to the second; messages name the local day', () => {
      const date = new Date(Date.UTC(2026, 10, 19, 23, 0, 0, 500));
      assert.equal(anchorDateParam(date), '2026-11-19T23:00:00Z');
      assert.equal(dayText(new Date(2026, 0, 5)), '2026-01-05');
    });
  });

  describe("the search box's date:", () => {
    const directory = {
      ownUserId: 1,
      channelId: (n: string) => (n === 'general' ? 1 : undefined),
      userByEmail: () => undefined,
      people: () => [],
    };

    it('is not a filter: the narrow stays, the date is returned to list around', () => {
      const r = parseSearchQuery('channel:general date:2026-11-20 deploy', directory);
      assert.ok(r.ok);
      assert.deepEqual(r.query.narrow.terms, [
        { operator: 'channel', operand: 1 },
        { operator: 'search', operand: 'deploy' },
      ]);
      assert.equal(r.query.date?.getTime(), day(2026, 11, 20));
      const alone = parseSearchQuery('date:"3 days ago"', directory);
      assert.ok(alone.ok, 'a date alone lists everything from that day');
      assert.deepEqual(alone.query.narrow.terms, []);
    });

    it('refuses a bad date, a negated one, and near: with date:', () => {
      const error = (q: string) => {
        const r = parseSearchQuery(q, directory);
        assert.ok(!r.ok, q);
        return r.error;
      };
      assert.deepEqual(error('date:soon'), { kind: 'badDate', error: { kind: 'format', text: 'soon' } });
      assert.deepEqual(error('date:2026-02-30'), { kind: 'badDate', error: { kind: 'notADate', text: '2026-02-30' } });
      assert.equal(error('-date:today').kind, 'badDate');
      assert.deepEqual(error('near:12 date:today'), { kind: 'nearAndDate' });
      assert.deepEqual(error('date:'), { kind: 'missingOperand', operator: 'date' });
    });
  });

  describe('the local server and firstMessageAt (feature level 482)', () => {
    const s = withServer();
    let alice: ChatClient;
    const GENERAL = [{ operator: 'channel', operand: 1 }];
    /** The channel's messages in id order, with distinct timestamps from their predecessors. */
    const generalMessages = () =>
      [...s.server.state.messages.values()].filter((m) => m.streamId === 1).sort((a, b) => a.id - b.id);

    before(() => {
      alice = s.clientOf(byEmail(s.server, 'alice'));
    });

    it('anchors at the first message of the narrow on or after the date', async () => {
      const all = generalMessages();
      const i = all.findIndex((m, k) => k > 2 && m.timestamp > all[k - 1]!.timestamp + 1);
      const target = all[i]!;
      const at = new Date(target.timestamp * 1000);
      assert.equal((await firstMessageAt(alice, GENERAL, at))?.id, target.id, 'exactly its second');
      assert.equal(
        (await firstMessageAt(alice, GENERAL, new Date((all[i - 1]!.timestamp + 1) * 1000)))?.id,
        target.id,
        'just after the one before',
      );
      const page = await getMessages(alice, {
        anchor: 'date',
        anchor_date: anchorDateParam(at),
        num_before: 1,
        num_after: 1,
        narrow: GENERAL,
      });
      assert.equal(page.anchor, target.id);
      assert.equal(page.found_anchor, true);
      assert.deepEqual(
        page.messages.map((m) => m.id),
        [all[i - 1]!.id, target.id, all[i + 1]!.id],
      );
    });

    it('before the first message: the first; after the newest: none (the server anchors at the newest)', async () => {
      const all = generalMessages();
      assert.equal((await firstMessageAt(alice, GENERAL, new Date(2000, 0, 1)))?.id, all[0]!.id);
      const later = new Date((all[all.length - 1]!.timestamp + 60) * 1000);
      assert.equal(await firstMessageAt(alice, GENERAL, later), undefined);
      const page = await getMessages(alice, {
        anchor: 'date',
        anchor_date: anchorDateParam(later),
        num_before: 2,
        num_after: 0,
        narrow: GENERAL,
      });
      assert.equal(page.found_newest, true);
      assert.deepEqual(
        page.messages.map((m) => m.id),
        all.slice(-2).map((m) => m.id),
        'the newest, as for first_unread without unread messages',
      );
    });

    it('reads ISO 8601 as the real server: a date alone is midnight UTC, a time without a zone is UTC, offsets', async () => {
      const topic = `dates ${Date.now()}`;
      const { id } = await sendMessage(alice, { type: 'stream', to: 1, topic, content: 'now' });
      const narrow = [...GENERAL, { operator: 'topic', operand: topic }];
      const sent = s.server.state.messages.get(id)!.timestamp;
      const iso = new Date(sent * 1000).toISOString();
      const anchorFor = async (anchor_date: string) =>
        (await getMessages(alice, { anchor: 'date', anchor_date, num_before: 0, num_after: 0, narrow })).anchor;
      assert.equal(await anchorFor(iso.slice(0, 10)), id, 'the day, from midnight UTC');
      assert.equal(await anchorFor(iso.slice(0, 19)), id, 'no zone: UTC');
      assert.equal(await anchorFor(iso.slice(0, 19) + '+00:00'), id);
      // One hour east of UTC, an hour later on the clock: the same moment.
      const plusOne = new Date((sent + 3600) * 1000).toISOString().slice(0, 19) + '+01:00';
      assert.equal(await anchorFor(plusOne), id);
      const secondLater = new Date((sent + 1) * 1000).toISOString().slice(0, 19) + 'Z';
      assert.equal(
        await anchorFor(secondLater),
        10_000_000_000_000_000,
        'a second later: nothing, the newest sentinel',
      );
    });

    it('refuses, as the real server, a missing or bad anchor_date (raw requests); the client refuses them before sending', async () => {
      const account = byEmail(s.server, 'alice');
      const raw = async (query: string) => {
        const res = await fetch(`${s.server.url}/api/v1/messages?${query}&num_before=0&num_after=0`, {
          headers: { Authorization: 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64') },
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      assert.deepEqual((await raw('anchor=date')).body, {
        result: 'error',
        msg: "Missing 'anchor_date' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'anchor_date',
      });
      const bad = await raw('anchor=date&anchor_date=yesterday');
      assert.deepEqual([bad.status, bad.body.code, bad.body.msg], [400, 'BAD_REQUEST', 'Invalid anchor_date']);
      const client = offlineClient({ featureLevel: 482 });
      await refused(getMessages(client, { anchor: 'date', num_before: 0, num_after: 1 }), 'anchor_date', /anchor_date/);
      await refused(
        getMessages(client, { anchor: 'date', anchor_date: 'yesterday', num_before: 0, num_after: 1 }),
        'anchor_date',
        /ISO 8601/,
      );
      await refused(
        getMessages(client, { anchor: 'date', anchor_date: '2026-11-20T25', num_before: 0, num_after: 1 }),
        'anchor_date',
      );
      await refused(
        getMessages(client, { anchor: 'newest', anchor_date: '2026-11-20', num_before: 0, num_after: 1 }),
        'anchor_date',
        /goes with the anchor "date"/,
      );
      await client.close();
    });
  });

  describe('feature levels 444 and 445', () => {
    const servers = withServer({}, 'none');
    async function at(
      featureLevel: number,
      test: (server: RunningServer, client: ChatClient) => Promise<void>,
    ): Promise<void> {
      const server = (await servers.start({ featureLevel })).server;
      const client = clientFor(server, byEmail(server, 'alice'));
      try {
        await getOwnUser(client); // the client learns the level
        await test(server, client);
      } finally {
        await client.close();
      }
    }

    it('"Go to Date…" is offered from 445 on', () => {
      assert.equal(findsByDate(444), false);
      assert.equal(findsByDate(445), true);
    });

    it('444: the client refuses before sending, and the server knows no date anchor', async () => {
      await at(444, async (server, client) => {
        const sent = server.server.credentialedRequests;
        await refused(firstMessageAt(client, [], new Date(2026, 0, 1)), 'anchor', /feature level 445/);
        assert.equal(server.server.credentialedRequests, sent, 'nothing sent');
        const account = byEmail(server, 'alice');
        const res = await fetch(`${server.url}/api/v1/messages?anchor=date&num_before=0&num_after=0`, {
          headers: { Authorization: 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64') },
        });
        assert.deepEqual(await res.json(), { result: 'error', msg: 'Invalid anchor', code: 'BAD_REQUEST' });
      });
    });

    it('445: it works', async () => {
      await at(445, async (server, client) => {
        const first = [...server.state.messages.values()]
          .filter((m) => m.streamId === 1)
          .sort((a, b) => a.id - b.id)[0]!;
        assert.equal(
          (await firstMessageAt(client, [{ operator: 'channel', operand: 1 }], new Date(2000, 0, 1)))?.id,
          first.id,
        );
      });
    });
  });
});
