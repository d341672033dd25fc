/**
 * The conversation view's messages about message content (host ↔ page): images loaded through
 * the host with the account's credentials, widget actions (polls, to-do lists), links to other
 * conversations and user mentions. Imported by both sides, like `./protocol`.
 */
import { CommandType, RequestType } from '../protocol';
import { isRecord } from '../../guards';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const shortString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** A poll or to-do list as the page shows it (built in the host from the message's submessages). */
export type WidgetModel =
  | {
      readonly kind: 'poll';
      readonly question: string;
      readonly options: readonly {
        readonly key: string;
        readonly text: string;
        readonly count: number;
        readonly voters: readonly string[];
        readonly mine: boolean;
      }[];
    }
  | {
      readonly kind: 'todo';
      readonly title: string;
      readonly tasks: readonly {
        readonly key: string;
        readonly task: string;
        readonly desc: string;
        readonly completed: boolean;
      }[];
    };

/** The most an image the host loads for the page may weigh. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An image of the organisation (an upload, a custom emoji, an avatar): the host loads it with the
 * account's credentials (from the realm's own origin only) and answers a `data:` URI.
 */
export const ImageRequest = new RequestType<{ url: string }, { dataUri: string }>(
  'topic/image',
  (p): p is { url: string } => isRecord(p) && shortString(p.url, 4000) && /^https?:\/\//i.test(p.url),
);

export type WidgetActionParams =
  | { readonly messageId: number; readonly kind: 'vote' | 'strike'; readonly key: string }
  | { readonly messageId: number; readonly kind: 'newOption'; readonly text: string }
  | { readonly messageId: number; readonly kind: 'newTask'; readonly task: string; readonly desc: string };

function isWidgetAction(p: unknown): p is WidgetActionParams {
  if (!isRecord(p) || !isId(p.messageId)) return false;
  switch (p.kind) {
    case 'vote':
    case 'strike':
      return shortString(p.key, 100);
    case 'newOption':
      return shortString(p.text, 10_000);
    case 'newTask':
      return shortString(p.task, 10_000) && shortString(p.desc, 10_000);
    default:
      return false;
  }
}

/** A vote, a new poll option, a new task or a (un)checked task: sent as a submessage. */
export const WidgetRequest = new RequestType<WidgetActionParams, void>('topic/widget', isWidgetAction);

/** A link in a message to a conversation of the organisation (`#narrow/…`): opened in the extension. */
export const OpenNarrowCommand = new CommandType<{ href: string }>(
  'topic/openNarrow',
  (p): p is { href: string } => isRecord(p) && shortString(p.href, 4000),
);

/** A line reference (`{path, lines}`) or a git-host permalink (`{url}`) in a message was clicked: open the code. */
export type OpenCodeParams =
  | { readonly path: string; readonly lines: { readonly start: number; readonly end: number } }
  | { readonly url: string };
export const OpenCodeCommand = new CommandType<OpenCodeParams>('topic/openCode', (p): p is OpenCodeParams => {
  if (!isRecord(p)) return false;
  if ('url' in p) return shortString(p.url, 4000);
  const lines = p.lines;
  return (
    shortString(p.path, 4000) &&
    isRecord(lines) &&
    Number.isSafeInteger(lines.start) &&
    Number.isSafeInteger(lines.end) &&
    (lines.start as number) >= 1 &&
    (lines.end as number) >= (lines.start as number)
  );
});

/** A user mention was clicked: the profile card. */
export const ShowUserCommand = new CommandType<{ userId: number }>(
  'topic/showUser',
  (p): p is { userId: number } => isRecord(p) && isId(p.userId),
);
