/**
 * The conversation view's messages about compose drafts (host ↔ page). Imported by both sides,
 * like `./protocol`. What the box holds reaches the host through `topic/composeText`.
 */
import { RequestType } from '../protocol';
import { isRecord } from '../../guards';

/**
 * The page starts with an empty compose box (a new view, or one closed and opened again): the
 * conversation's saved draft, if any, to put in it. Empty text: none.
 */
export const DraftRequest = new RequestType<Record<string, never>, { text: string }>(
  'topic/draft',
  (p): p is Record<string, never> => p === undefined || p === null || isRecord(p),
);
