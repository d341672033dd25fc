// When a message was sent (src/time/messageTime.ts): "Today at", "Yesterday at", else date and time,
// by local calendar day (not 24-hour spans), at the midnight boundaries and across daylight saving.
import assert from 'node:assert/strict';
import { formatMessageTime } from '../../../src/time/messageTime';

const time = (d: Date): string => new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(d);

function inZone<T>(tz: string, f: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = tz;
  try {
    return f();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('message times', () => {
  it('today and yesterday by name, with the time; before that the date', () => {
    inZone('UTC', () => {
      const now = new Date(2026, 10, 27, 10, 0);
      const at = (day: number, h: number, m: number): string =>
        formatMessageTime(new Date(2026, 10, day, h, m), now, 'en-US');
      assert.match(at(27, 8, 5), /^Today at 8:05\sAM$/u);
      assert.equal(at(27, 0, 0), `Today at ${time(new Date(2026, 10, 27, 0, 0))}`);
      assert.match(at(26, 23, 59), /^Yesterday at 11:59\sPM$/u);
      assert.match(at(26, 0, 0), /^Yesterday at 12:00\sAM$/u);
      assert.match(at(25, 23, 59), /^Nov 25, 2026, 11:59\sPM$/u);
      // Across a month and a year.
      assert.match(
        formatMessageTime(new Date(2025, 11, 31, 18, 0), new Date(2026, 0, 1, 9, 0), 'en-US'),
        /^Yesterday at 6:00\sPM$/u,
      );
      assert.match(
        formatMessageTime(new Date(2025, 11, 31, 18, 0), new Date(2026, 0, 2, 9, 0), 'en-US'),
        /^Dec 31, 2025, 6:00\sPM$/u,
      );
    });
  });

  it('yesterday is a calendar day, also when daylight saving made it 23 hours long', () => {
    inZone('Europe/Berlin', () => {
      // 29 March 2026 has 23 hours there; 24 hours before 00:30 on the 30th is still the 28th.
      const now = new Date(2026, 2, 30, 0, 30);
      // (The day only: the formats are made once per locale, in the zone of their time.)
      assert.match(formatMessageTime(new Date(2026, 2, 29, 0, 10), now, 'en-US'), /^Yesterday at /u);
      assert.match(formatMessageTime(new Date(2026, 2, 28, 23, 50), now, 'en-US'), /^Mar 28, 2026, /u);
    });
  });
});
