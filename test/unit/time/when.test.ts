// The "when?" presets and the strict date/time parser of reminders and scheduled messages (local
// time, daylight saving), and the reminder note built from an editor selection.
import * as assert from 'assert';
import { buildNote, buildTruncatedNote, codePoints, ELLIPSIS } from '../../../src/commands/reminders/note';
import { formatLineReference } from '../../../src/codeRefs/references';
import {
  describeWhen,
  formatLocal,
  fromUnixSeconds,
  parseWhen,
  relative,
  toUnixSeconds,
  whenPresets,
} from '../../../src/time/when';

/** Runs `fn` with the process in time zone `tz` (Node re-reads TZ on assignment). */
function inZone<T>(tz: string, fn: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = tz;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('when: presets', () => {
  it('computes relative presets from now and the 9:00 ones in local time', () => {
    inZone('Europe/Berlin', () => {
      const now = new Date(2025, 10, 19, 14, 7); // Wed 2025-11-19 14:07 local
      const p = Object.fromEntries(whenPresets(now).map((x) => [x.id, x.date]));
      assert.equal(p.in20m.getTime() - now.getTime(), 20 * 60_000);
      assert.equal(p.in1h.getTime() - now.getTime(), 3600_000);
      assert.equal(p.in3h.getTime() - now.getTime(), 3 * 3600_000);
      assert.equal(formatLocal(p.tomorrow9), '2025-11-20 09:00');
      assert.equal(formatLocal(p.nextMonday9), '2025-11-24 09:00');
      assert.equal(p.nextMonday9.getDay(), 1);
    });
  });

  it('next Monday on a Monday is a week later; tomorrow crosses months and years', () => {
    inZone('America/New_York', () => {
      const monday = new Date(2025, 10, 24, 8, 0);
      const p = Object.fromEntries(whenPresets(monday).map((x) => [x.id, x.date]));
      assert.equal(formatLocal(p.nextMonday9), '2025-12-01 09:00');
      const nye = new Date(2025, 11, 31, 23, 50);
      const q = Object.fromEntries(whenPresets(nye).map((x) => [x.id, x.date]));
      assert.equal(formatLocal(q.tomorrow9), '2026-01-01 09:00');
      assert.equal(formatLocal(q.in20m), '2026-01-01 00:10');
      assert.equal(formatLocal(q.nextMonday9), '2026-01-05 09:00');
    });
  });

  it('tomorrow 9:00 is 9:00 on the clock across a daylight-saving change', () => {
    inZone('Europe/Berlin', () => {
      const now = new Date(2025, 2, 29, 20, 0); // Sat before the spring change (Sun 30 March)
      const p = Object.fromEntries(whenPresets(now).map((x) => [x.id, x.date]));
      assert.equal(formatLocal(p.tomorrow9), '2025-03-30 09:00');
      assert.equal(p.tomorrow9.getTime() - now.getTime(), 12 * 3600_000); // 13 clock hours, 12 real ones
    });
  });
});

describe('when: parsing a custom date and time', () => {
  const now = new Date(2025, 10, 19, 14, 7);

  it('accepts YYYY-MM-DD HH:MM in local time (and a T separator)', () => {
    inZone('Asia/Tokyo', () => {
      const n = new Date(2025, 10, 19, 14, 7);
      const r = parseWhen('2025-11-20 08:30', n);
      assert.ok(r.ok);
      assert.equal(formatLocal(r.date), '2025-11-20 08:30');
      assert.equal(r.date.getTime(), Date.UTC(2025, 10, 19, 23, 30)); // Tokyo is UTC+9
      const t = parseWhen(' 2025-11-20T8:05 ', n);
      assert.ok(t.ok && formatLocal(t.date) === '2025-11-20 08:05');
    });
  });

  it('accepts relative +20m, +2h, +1d, +1h30m, +1d2h', () => {
    const cases: [string, number][] = [
      ['+20m', 20],
      ['+2h', 120],
      ['+1d', 1440],
      ['+1h30m', 90],
      ['+1d2h', 1560],
      ['+ 45 min', 45],
    ];
    for (const [text, minutes] of cases) {
      const r = parseWhen(text, now);
      assert.ok(r.ok, text);
      assert.equal(r.date.getTime() - now.getTime(), minutes * 60_000, text);
    }
  });

  it('refuses other formats with a message naming the format', () => {
    for (const text of [
      'tomorrow',
      '2025-11-20',
      '20.11.2025 10:00',
      '2025/11/20 10:00',
      '2025-11-20 10:00:00',
      '2025-11-20 10h',
      '+',
      '+2x',
      '+h',
      '10:00',
    ]) {
      const r = parseWhen(text, now);
      assert.ok(!r.ok, text);
      assert.match(r.error, /YYYY-MM-DD HH:MM|relative time/, text);
    }
    const empty = parseWhen('  ', now);
    assert.ok(!empty.ok && /Enter a date/.test(empty.error));
  });

  it('refuses out-of-range fields, naming the field', () => {
    const bad: [string, RegExp][] = [
      ['2025-13-01 10:00', /Month 13/],
      ['2025-00-01 10:00', /Month 00/],
      ['2025-11-31 10:00', /Day 31 .* 30 days/],
      ['2026-02-29 10:00', /Day 29 .* 28 days/],
      ['2025-11-20 24:00', /Hour 24/],
      ['2025-11-20 10:60', /Minute 60/],
    ];
    for (const [text, re] of bad) {
      const r = parseWhen(text, now);
      assert.ok(!r.ok, text);
      assert.match(r.error, re, text);
    }
    assert.ok(parseWhen('2028-02-29 10:00', now).ok, 'leap day');
  });

  it('refuses the past, now itself, +0m and more than ten years ahead', () => {
    const past = parseWhen('2025-11-19 14:07', now);
    assert.ok(!past.ok && /in the past/.test(past.error) && past.error.includes('2025-11-19 14:07'));
    assert.ok(!parseWhen('2020-01-01 00:00', now).ok);
    const zero = parseWhen('+0m', now);
    assert.ok(!zero.ok && /future/.test(zero.error));
    assert.ok(!parseWhen('2040-01-01 00:00', now).ok);
    assert.ok(!parseWhen('+5000d', now).ok);
    assert.ok(parseWhen('2025-11-19 14:08', now).ok);
  });

  it('refuses a wall-clock time skipped by daylight saving time', () => {
    inZone('Europe/Berlin', () => {
      const n = new Date(2025, 2, 1, 12, 0);
      const r = parseWhen('2025-03-30 02:30', n);
      assert.ok(!r.ok && /daylight saving/.test(r.error), JSON.stringify(r));
      assert.ok(parseWhen('2025-03-30 03:30', n).ok);
    });
  });
});

describe('when: scheduled-message delivery times', () => {
  const now = new Date(2030, 0, 15, 10, 0); // a Tuesday, 10:00 local

  it('parses YYYY-MM-DD HH:MM strictly, in local time; Unix seconds round-trip', () => {
    const r = parseWhen('2030-01-31 09:30', now);
    assert.ok(r.ok);
    assert.equal(formatLocal(fromUnixSeconds(toUnixSeconds(r.date))), '2030-01-31 09:30');
    assert.ok(parseWhen('2030-01-31T9:05', now).ok);
  });

  it('refuses malformed, impossible and past times with a clear message', () => {
    for (const bad of ['tomorrow', '31/01/2030 09:30', '2030-1-31 09:30', '2030-01-31', '2030-01-31 9:5']) {
      const r = parseWhen(bad, now);
      assert.ok(!r.ok && /YYYY-MM-DD HH:MM/.test(r.error), bad);
    }
    const feb30 = parseWhen('2030-02-30 10:00', now);
    assert.ok(!feb30.ok && /does not exist/.test(feb30.error));
    const hour25 = parseWhen('2030-02-01 25:00', now);
    assert.ok(!hour25.ok && /Hour 25 does not exist/.test(hour25.error));
    const past = parseWhen('2030-01-15 09:59', now);
    assert.ok(!past.ok && /in the past/.test(past.error));
  });

  it('offers presets in the future', () => {
    const presets = whenPresets(now);
    for (const p of presets) assert.ok(toUnixSeconds(p.date) * 1000 > now.getTime(), p.id);
    assert.equal(formatLocal(presets.find((p) => p.id === 'nextMonday9')!.date), '2030-01-21 09:00');
  });
});

describe('when: display', () => {
  it('describes a time with weekday and relative distance', () => {
    const now = new Date(2025, 10, 19, 14, 7);
    assert.equal(describeWhen(new Date(2025, 10, 24, 9, 0), now), 'Mon 2025-11-24 09:00 (in 5 days)');
    assert.equal(relative(20 * 60_000), 'in 20 minutes');
    assert.equal(relative(60 * 60_000), 'in 1 hour');
    assert.equal(relative(90 * 60_000), 'in 1 hour 30 minutes');
    assert.equal(relative(-5 * 60_000), '5 minutes ago');
    assert.equal(relative(10_000), 'in less than a minute');
    assert.equal(toUnixSeconds(new Date(1_700_000_000_001)), 1_700_000_001);
  });
});

describe('reminder note from a selection', () => {
  const parts = {
    remark: '',
    path: 'src/app.ts',
    startLine: 3,
    endLine: 5,
    language: 'typescript',
    text: 'const a = 1;\nconst b = 2;\n',
  };

  it('holds the path:line-range and the text in a fenced block', () => {
    assert.equal(formatLineReference('a/b.py', { start: 7, end: 7 }), 'a/b.py:7');
    assert.equal(buildNote(parts), 'src/app.ts:3-5\n```typescript\nconst a = 1;\nconst b = 2;\n```');
    assert.equal(buildNote({ ...parts, remark: ' check this ' }).split('\n')[0], 'check this');
    // Backticks in the code get a longer fence.
    assert.ok(buildNote({ ...parts, text: 'x = ```y```' }).includes('````typescript\n'));
  });

  it('truncates only the selected text, by code points, with an ellipsis', () => {
    const emoji = '😀'.repeat(500);
    const long = { ...parts, text: emoji };
    assert.equal(buildTruncatedNote(parts, 1000), buildNote(parts));
    const note = buildTruncatedNote(long, 100)!;
    assert.equal(codePoints(note), 100);
    assert.ok(note.startsWith('src/app.ts:3-5\n```typescript\n😀'));
    assert.ok(note.endsWith(`😀${ELLIPSIS}\n\`\`\``));
    assert.equal(buildTruncatedNote(long, 10), undefined);
  });
});
