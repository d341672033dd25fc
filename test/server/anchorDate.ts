/**
 * `anchor=date` with `anchor_date` (feature level 445) for `GET /messages` and
 * `POST /messages/flags/narrow`: the anchor is the first message of the narrow sent on or after
 * that moment; when there is none, the newest (as `first_unread` without unread messages). The
 * date is ISO 8601: a date alone means midnight UTC, a time without a zone is UTC.
 */
import { badRequest } from './errors';
import type { ChatServer } from './core';
import { LARGER_THAN_MAX_MESSAGE_ID, type Filter } from './narrow';

export const ANCHOR_DATE_FL = 445;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Seconds since the epoch of an `anchor_date`, or undefined when it is not ISO 8601. */
export function parseAnchorDate(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(ms);
  // 2026-02-30 and 25:00 are not dates.
  if (
    back.getUTCDate() !== Number(d) ||
    back.getUTCMonth() !== Number(mo) - 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return undefined;
  let offset = 0;
  if (zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  }
  return Math.floor((ms - offset) / 1000);
}

/**
 * The anchor parameter as `rangeQuery` takes it: `date` becomes the id of the first message of the
 * narrow at or after `anchor_date` (the newest sentinel when there is none); others pass through.
 */
export function resolveDateAnchor(
  srv: ChatServer,
  candidates: number[],
  filter: Filter,
  anchor: string,
  anchorDate: string | undefined,
): string {
  if (anchor !== 'date') return anchor;
  if (srv.fl < ANCHOR_DATE_FL) throw badRequest('Invalid anchor', 'BAD_REQUEST');
  if (anchorDate === undefined)
    throw badRequest("Missing 'anchor_date' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'anchor_date' });
  const at = parseAnchorDate(anchorDate);
  if (at === undefined) throw badRequest('Invalid anchor_date', 'BAD_REQUEST');
  const st = srv.state;
  const first = candidates.find((id) => {
    const m = st.messages.get(id)!;
    return m.timestamp >= at && filter.test(m);
  });
  return String(first ?? LARGER_THAN_MAX_MESSAGE_ID);
}
