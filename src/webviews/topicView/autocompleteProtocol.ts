/**
 * The compose box's messages about completions and the Markdown preview (host ↔ page): the page
 * asks for the choices of what is being typed (the host answers from the store) and for the
 * server's rendering of the draft (sanitised in the host). Imported by both sides, like `./protocol`.
 */
import { RequestType } from '../protocol';
import { isRecord } from '../../guards';
import type { TypeaheadItem, TypeaheadKind } from './typeahead';

export type { TypeaheadItem, TypeaheadKind } from './typeahead';

const KINDS: readonly TypeaheadKind[] = ['mention', 'silent', 'channel', 'topic', 'emoji'];
const shortString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

export interface AutocompleteParams {
  readonly kind: TypeaheadKind;
  readonly query: string;
  /** For `topic`: the channel's name as typed before `>`. */
  readonly channel?: string;
}

/** The choices for what is being typed, ranked, at most `TYPEAHEAD_LIMIT`. */
export const AutocompleteRequest = new RequestType<AutocompleteParams, { items: TypeaheadItem[] }>(
  'topic/autocomplete',
  (p): p is AutocompleteParams =>
    isRecord(p) &&
    KINDS.includes(p.kind as TypeaheadKind) &&
    shortString(p.query, 200) &&
    (p.channel === undefined || shortString(p.channel, 200)),
);

/** The draft as the server renders it (`POST /messages/render`), sanitised HTML. */
export const PreviewRequest = new RequestType<{ content: string }, { html: string }>(
  'topic/preview',
  (p): p is { content: string } => isRecord(p) && shortString(p.content, 1_000_000),
);
