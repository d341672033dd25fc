/** `anchor` of the message-range operations, and `anchor_date` (feature level 445). */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';

function anchorSchema<const N extends readonly [string, ...string[]]>(names: N, error: () => string) {
  return z.union(
    [
      z.number({ error }).int({ error }).nonnegative({ error }),
      z.enum(names),
      z.string().regex(/^\d+$/).transform(Number),
    ],
    { error },
  );
}
/** `anchor`: a message ID or `newest` / `oldest` / `first_unread` (digits in a string are read as an ID). */
export const Anchor = anchorSchema(['newest', 'oldest', 'first_unread'], () =>
  l10n.t('The anchor must be a message ID or one of "newest", "oldest", "first_unread".'),
);
/** `GET /messages` also takes `date` (FL.anchorDate), with `anchor_date`. */
export const FetchAnchor = anchorSchema(['newest', 'oldest', 'first_unread', 'date'], () =>
  l10n.t('The anchor must be a message ID or one of "newest", "oldest", "first_unread", "date".'),
);
/** An ISO 8601 date or date and time (a date alone: midnight UTC; no zone: UTC), as the server reads it. */
const ANCHOR_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const AnchorDate = z.string().regex(ANCHOR_DATE, {
  error: () => l10n.t('The anchor date must be an ISO 8601 date, such as 2026-11-20 or 2026-11-20T09:30:00Z.'),
});
