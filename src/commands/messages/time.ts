/**
 * Delivery times for scheduled messages: presets and a strict parser for "YYYY-MM-DD HH:MM"
 * (local time). Pure logic, unit-tested.
 */

export interface TimePreset {
  label: string;
  /** UNIX seconds. */
  at: number;
}

/** In one hour, this evening / tomorrow morning at 9:00, next Monday at 9:00. */
export function timePresets(now: Date = new Date()): TimePreset[] {
  const at = (d: Date) => Math.floor(d.getTime() / 1000);
  const hour = new Date(now.getTime() + 3600_000);
  const tomorrow9 = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0);
  const toMonday = ((8 - now.getDay()) % 7) || 7;
  const monday9 = new Date(now.getFullYear(), now.getMonth(), now.getDate() + toMonday, 9, 0, 0);
  const presets: TimePreset[] = [{ label: 'In 1 hour', at: at(hour) }];
  const today17 = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 17, 0, 0);
  if (today17.getTime() - now.getTime() > 15 * 60_000) presets.push({ label: 'Today at 17:00', at: at(today17) });
  presets.push({ label: 'Tomorrow at 9:00', at: at(tomorrow9) }, { label: 'Monday at 9:00', at: at(monday9) });
  return presets;
}

export type ParsedTime = { ok: true; at: number } | { ok: false; error: string };

const FORMAT_HINT = 'Write the date and time as YYYY-MM-DD HH:MM, for example 2030-01-31 09:30 (your local time).';

/** Parses "YYYY-MM-DD HH:MM" (or with a `T`) in local time; refuses impossible dates and the past. */
export function parseDateTime(text: string, now: Date = new Date()): ParsedTime {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return { ok: false, error: FORMAT_HINT };
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return { ok: false, error: `"${text.trim()}" is not a valid date and time. ${FORMAT_HINT}` };
  const date = new Date(y, mo - 1, d, h, mi, 0);
  // Rejects 2030-02-30 and the like, which Date would roll over into the next month.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) {
    return { ok: false, error: `${text.trim()}: that day does not exist. ${FORMAT_HINT}` };
  }
  if (date.getTime() <= now.getTime()) return { ok: false, error: 'That time has already passed: choose a time in the future.' };
  return { ok: true, at: Math.floor(date.getTime() / 1000) };
}

/** "2030-01-31 09:30" in local time. */
export function formatDateTime(at: number): string {
  const d = new Date(at * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
