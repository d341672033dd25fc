import * as l10n from '@vscode/l10n';
/**
 * "When?" for reminders and scheduled messages: the preset times and a strict parser for a custom
 * date and time, all in the local time zone. Pure (no `vscode`): the picker in
 * src/commands/reminders/whenPicker.ts shows these.
 */

export interface WhenPreset {
  /** Stable key (tests pick by it). */
  readonly id: 'in20m' | 'in1h' | 'in3h' | 'tomorrow9' | 'nextMonday9';
  readonly label: string;
  readonly date: Date;
}

export type WhenParse = { ok: true; date: Date } | { ok: false; error: string };

const MINUTE = 60_000;

/** The presets, computed from `now` in local time: +20 min, +1 h, +3 h, tomorrow 9:00, next Monday 9:00. */
export function whenPresets(now: Date): WhenPreset[] {
  const at = (ms: number): Date => new Date(now.getTime() + ms);
  const tomorrow9 = localAt(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  // Next Monday: the coming one; on a Monday, the one a week later.
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  const monday9 = localAt(now.getFullYear(), now.getMonth(), now.getDate() + daysToMonday, 9, 0);
  return [
    { id: 'in20m', label: l10n.t('In 20 minutes'), date: at(20 * MINUTE) },
    { id: 'in1h', label: l10n.t('In 1 hour'), date: at(60 * MINUTE) },
    { id: 'in3h', label: l10n.t('In 3 hours'), date: at(180 * MINUTE) },
    { id: 'tomorrow9', label: l10n.t('Tomorrow at 9:00'), date: tomorrow9 },
    { id: 'nextMonday9', label: l10n.t('Next Monday at 9:00'), date: monday9 },
  ];
}

/** Local wall-clock time; `Date` normalises overflowing days/months (e.g. Jan 32 → Feb 1). */
function localAt(year: number, month: number, day: number, hour: number, minute: number): Date {
  return new Date(year, month, day, hour, minute, 0, 0);
}

const ABSOLUTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/;
const RELATIVE = /^\+\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/i;
/** A reminder more than ten years out is almost certainly a typo. */
const MAX_AHEAD_MS = 10 * 366 * 24 * 60 * MINUTE;

/** A function, not a constant: the translation is read when it is shown. */
export function whenFormatHint(): string {
  return l10n.t('YYYY-MM-DD HH:MM (local time), or relative: +20m, +2h, +1d, +1h30m');
}

/**
 * Parses `YYYY-MM-DD HH:MM` (local time, 24-hour clock) or a relative `+2h` / `+1d3h` / `+45m`.
 * Strict: no other formats, no out-of-range fields, no times skipped by a daylight-saving change,
 * and the result must lie in the future (after `now`).
 */
export function parseWhen(input: string, now: Date): WhenParse {
  const text = input.trim();
  if (text === '') return { ok: false, error: l10n.t('Enter a date and time: {0}.', whenFormatHint()) };

  if (text.startsWith('+')) {
    const m = RELATIVE.exec(text);
    if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) {
      return { ok: false, error: l10n.t('"{0}" is not a relative time. Use e.g. +20m, +2h, +1d or +1h30m.', text) };
    }
    const [d, h, min] = [m[1], m[2], m[3]].map((v) => (v === undefined ? 0 : Number(v)));
    const ms = ((d * 24 + h) * 60 + min) * MINUTE;
    if (ms <= 0) return { ok: false, error: l10n.t('The time must be in the future: use at least +1m.') };
    if (ms > MAX_AHEAD_MS) return { ok: false, error: l10n.t('That is more than ten years away.') };
    return { ok: true, date: new Date(now.getTime() + ms) };
  }

  const m = ABSOLUTE.exec(text);
  if (!m) return { ok: false, error: l10n.t('"{0}" is not a date and time. Use {1}.', text, whenFormatHint()) };
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  if (month < 1 || month > 12) return { ok: false, error: l10n.t('Month {0} does not exist (01–12).', m[2]) };
  const daysInMonth = new Date(year, month, 0).getDate();
  if (day < 1 || day > daysInMonth) {
    return {
      ok: false,
      error: l10n.t('Day {0} does not exist in {1} (it has {2} days).', m[3], `${year}-${m[2]}`, daysInMonth),
    };
  }
  if (hour > 23) return { ok: false, error: l10n.t('Hour {0} does not exist (00–23).', m[4]) };
  if (minute > 59) return { ok: false, error: l10n.t('Minute {0} does not exist (00–59).', m[5]) };
  const date = localAt(year, month - 1, day, hour, minute);
  if (date.getHours() !== hour || date.getMinutes() !== minute || date.getDate() !== day) {
    return {
      ok: false,
      error: l10n.t('{0} does not exist in your time zone (the clocks skip it for daylight saving time).', text),
    };
  }
  if (date.getTime() <= now.getTime()) {
    return { ok: false, error: l10n.t('{0} is in the past. It is now {1}.', text, formatLocal(now)) };
  }
  if (date.getTime() - now.getTime() > MAX_AHEAD_MS)
    return { ok: false, error: l10n.t('That is more than ten years away.') };
  return { ok: true, date };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM` in local time (the format `parseWhen` accepts). */
export function formatLocal(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Short weekday names, Sunday first (a function: translated when used). */
const weekdays = (): string[] => [
  l10n.t('Sun'),
  l10n.t('Mon'),
  l10n.t('Tue'),
  l10n.t('Wed'),
  l10n.t('Thu'),
  l10n.t('Fri'),
  l10n.t('Sat'),
];

/** "Mon 2025-11-24 09:00 (in 2 days)" — for picker descriptions and reminder lists. */
export function describeWhen(date: Date, now: Date): string {
  return l10n.t(
    '{0} {1} ({2})',
    weekdays()[date.getDay()],
    formatLocal(date),
    relative(date.getTime() - now.getTime()),
  );
}

/** "in 20 minutes", "in 3 hours", "in 2 days", "5 minutes ago". */
export function relative(ms: number): string {
  const past = ms < 0;
  const abs = Math.abs(ms);
  const minutes = Math.round(abs / MINUTE);
  let text: string;
  if (minutes < 1) text = l10n.t('less than a minute');
  else if (minutes < 60) text = minutesText(minutes);
  else if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const rest = minutes % 60;
    text =
      rest === 0 || h >= 10 ? hoursText(Math.round(minutes / 60)) : l10n.t('{0} {1}', hoursText(h), minutesText(rest));
  } else text = daysText(Math.round(minutes / (24 * 60)));
  return past ? l10n.t('{0} ago', text) : l10n.t('in {0}', text);
}

// One string per unit and number form, so a translation has whole phrases.
const minutesText = (n: number): string => (n === 1 ? l10n.t('1 minute') : l10n.t('{0} minutes', n));
const hoursText = (n: number): string => (n === 1 ? l10n.t('1 hour') : l10n.t('{0} hours', n));
const daysText = (n: number): string => (n === 1 ? l10n.t('1 day') : l10n.t('{0} days', n));

/** Unix seconds (what the API takes), rounded up so a preset never lands a fraction in the past. */
export function toUnixSeconds(date: Date): number {
  return Math.ceil(date.getTime() / 1000);
}

/** The `Date` of Unix seconds from the API (e.g. a scheduled message's delivery time). */
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
