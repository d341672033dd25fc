/**
 * A date as people type it, for "Go to Date…" and the search box's `date:` (issue 27 item 8):
 * `YYYY-MM-DD`, `today`, `yesterday`, or `N days|weeks|months|years ago` (also `3d`, `2w`, `1m`,
 * `1y`). A date means that day from midnight in the user's own time zone; the server is sent that
 * moment in UTC ({@link anchorDateParam}), not the bare date it would read as midnight UTC.
 */

export type DateInputError =
  | { readonly kind: 'empty' }
  | { readonly kind: 'format'; readonly text: string }
  | { readonly kind: 'notADate'; readonly text: string }
  | { readonly kind: 'future'; readonly text: string };

export type DateInputResult =
  { readonly ok: true; readonly date: Date } | { readonly ok: false; readonly error: DateInputError };

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const RELATIVE = /^(\d{1,4})\s*(d|days?|w|weeks?|m|months?|y|years?)(?:\s+ago)?$/;

function midnight(year: number, month: number, day: number): Date {
  return new Date(year, month, day, 0, 0, 0, 0);
}

/** Parses what was typed, relative to `now`; a day after today is refused. */
export function parseDateInput(input: string, now: Date = new Date()): DateInputResult {
  const text = input.trim().toLowerCase();
  if (text === '') return { ok: false, error: { kind: 'empty' } };
  let date: Date | undefined;
  const iso = ISO_DAY.exec(text);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
    date = midnight(year, month, day);
    if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day)
      return { ok: false, error: { kind: 'notADate', text: input.trim() } };
  } else if (text === 'today') {
    date = midnight(now.getFullYear(), now.getMonth(), now.getDate());
  } else if (text === 'yesterday') {
    date = midnight(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  } else {
    const rel = RELATIVE.exec(text);
    if (!rel) return { ok: false, error: { kind: 'format', text: input.trim() } };
    const n = Number(rel[1]);
    const unit = rel[2]![0];
    const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
    if (unit === 'd') date = midnight(y, m, d - n);
    else if (unit === 'w') date = midnight(y, m, d - 7 * n);
    else if (unit === 'm') date = midnight(y, m - n, Math.min(d, daysIn(y, m - n)));
    else date = midnight(y - n, m, Math.min(d, daysIn(y - n, m)));
  }
  if (date.getTime() > now.getTime()) return { ok: false, error: { kind: 'future', text: input.trim() } };
  return { ok: true, date };
}

function daysIn(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** `anchor_date` for the server: the moment in UTC, to the second (`2026-11-19T23:00:00Z`). */
export function anchorDateParam(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `YYYY-MM-DD` of a date in the user's time zone (for messages). */
export function dayText(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
