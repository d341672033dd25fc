import * as l10n from '@vscode/l10n';
/**
 * When a message was sent, as people say it: "Today at 14:05", "Yesterday at 09:12", else the date
 * and the time ("Nov 3, 2026, 14:05"). Local time; `now` decides which day is today. Pure (no DOM,
 * no `vscode`): the topic view's page shows these.
 */

const formats = new Map<string, { time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

function formatsFor(locale: string | undefined): { time: Intl.DateTimeFormat; full: Intl.DateTimeFormat } {
  const key = locale ?? '';
  let f = formats.get(key);
  if (!f) {
    f = {
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    };
    formats.set(key, f);
  }
  return f;
}

/** Whether `a` and `b` fall on the same local calendar day. */
function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function formatMessageTime(date: Date, now: Date, locale?: string): string {
  const f = formatsFor(locale);
  if (sameDay(date, now)) return l10n.t('Today at {0}', f.time.format(date));
  // The day before today's (a calendar day: 23 or 25 hours across a daylight-saving change).
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (sameDay(date, yesterday)) return l10n.t('Yesterday at {0}', f.time.format(date));
  return f.full.format(date);
}
