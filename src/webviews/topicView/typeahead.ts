import * as l10n from '@vscode/l10n';
import { visibleEmail } from '../../api/users/email';
import { compareNames } from '../../store/keys';
import { shortcode } from '../../emoji/glyph';
/**
 * The compose box's completions, as the chat service's web app offers them: what the text before
 * the caret asks for (`@` people and groups, `@_` silent mentions, `#` channels, `#channel>`
 * topics, `:` emoji after two characters), the ranking (prefix, then word prefix, then anywhere)
 * and the Markdown each choice inserts. Pure, no `vscode`: the page parses the trigger with it,
 * the host ranks the store's data with it.
 */

/** What a completion completes. `silent` is an `@_` mention (no notification). */
export type TypeaheadKind = 'mention' | 'silent' | 'channel' | 'topic' | 'emoji';

/** The most choices the popup shows. */
export const TYPEAHEAD_LIMIT = 8;
/** Characters typed after `:` before emoji are offered (as the web app: `:a` is too short). */
export const EMOJI_MIN_QUERY = 2;
/** The longest query looked up (longer text is not a name being typed). */
const QUERY_MAX = 60;

/** The completion the text before the caret asks for: replace `start`..caret with a choice. */
export interface TypeaheadTrigger {
  readonly kind: TypeaheadKind;
  readonly query: string;
  /** Where the replaced token starts (its `@`, `#` or `:`). */
  readonly start: number;
  /** For `topic`: the channel named before `>`. */
  readonly channel?: string;
}

// A trigger starts the text or follows a space or an opening bracket (not `a@b`, `x:yz`, URLs).
const MENTION = /(?:^|[\s(])(@(_?)(?:\*\*?)?([^\s@*][^\n@*]*)?)$/;
const TOPIC = /(?:^|[\s(])(#(?:\*\*)?([^\s#*>][^\n#*>]*?)(?:\*\*)?>([^\n*]*))$/;
const CHANNEL = /(?:^|[\s(])(#(?:\*\*)?([^\s#*>][^\n#*>]*)?)$/;
const EMOJI = /(?:^|[\s(])(:([A-Za-z0-9_+-]+))$/;

/**
 * The completion `before` (the text up to the caret) asks for; undefined when none. When several
 * could apply (`#design team :ta`), the trigger nearest the caret wins.
 */
export function parseTrigger(before: string): TypeaheadTrigger | undefined {
  const found: TypeaheadTrigger[] = [];
  const at = (match: RegExpExecArray): number => before.length - match[1]!.length;
  let m = MENTION.exec(before);
  if (m && (m[3] ?? '').length <= QUERY_MAX)
    found.push({ kind: m[2] ? 'silent' : 'mention', query: m[3] ?? '', start: at(m) });
  m = TOPIC.exec(before);
  if (m && m[3]!.length <= QUERY_MAX) found.push({ kind: 'topic', query: m[3]!, channel: m[2]!, start: at(m) });
  else if ((m = CHANNEL.exec(before)) && (m[2] ?? '').length <= QUERY_MAX)
    found.push({ kind: 'channel', query: m[2] ?? '', start: at(m) });
  m = EMOJI.exec(before);
  if (m && m[2]!.length >= EMOJI_MIN_QUERY && m[2]!.length <= QUERY_MAX)
    found.push({ kind: 'emoji', query: m[2]!, start: at(m) });
  return found.reduce<TypeaheadTrigger | undefined>((best, t) => (!best || t.start > best.start ? t : best), undefined);
}

/**
 * How well `field` matches `query` (case-insensitive): 0 a prefix, 1 the prefix of a later word,
 * 2 anywhere else; undefined for no match. An empty query matches everything as a prefix.
 */
export function matchTier(field: string, query: string): number | undefined {
  const f = field.toLowerCase();
  const q = query.toLowerCase();
  if (f.startsWith(q)) return 0;
  const at = f.indexOf(q);
  if (at < 0) return undefined;
  // A later word: after a space, `_`, `-`, `.` or `@` (names, emoji names, emails).
  for (let i = at; i >= 0; i = f.indexOf(q, i + 1)) if (/[\s_.@-]/.test(f[i - 1]!)) return 1;
  return 2;
}

/**
 * The items matching `query` in any of their `fields`, best tier first; within a tier `after`
 * orders them (default: the order given), then the order given. At most `limit`.
 */
export function rank<T>(
  items: Iterable<T>,
  query: string,
  fields: (item: T) => readonly string[],
  options: { limit?: number; after?: (a: T, b: T) => number } = {},
): T[] {
  const found: { item: T; tier: number; index: number }[] = [];
  let index = 0;
  for (const item of items) {
    const tiers = fields(item).flatMap((f) => matchTier(f, query) ?? []);
    if (tiers.length > 0) found.push({ item, tier: Math.min(...tiers), index });
    index++;
  }
  found.sort((a, b) => a.tier - b.tier || (options.after?.(a.item, b.item) ?? 0) || a.index - b.index);
  return found.slice(0, options.limit ?? TYPEAHEAD_LIMIT).map((f) => f.item);
}

/** A choice as the popup shows it and what it inserts. */
export interface TypeaheadItem {
  /** Unique among the answer's items (the option's id). */
  readonly id: string;
  readonly label: string;
  /** Shown muted after the label: an email, "group", "custom emoji". */
  readonly detail?: string;
  /** A unicode emoji's glyph, shown before the label. */
  readonly glyph?: string;
  /** The Markdown that replaces the trigger (a space follows it). */
  readonly insert: string;
}

export interface PersonLike {
  readonly user_id: number;
  readonly full_name: string;
  /** The API email (a made-up address when the real one is hidden from the own user). */
  readonly email: string;
  /** The real email, when the organisation lets the own user see it. */
  readonly delivery_email?: string | null;
  readonly is_active: boolean;
  readonly is_bot?: boolean;
}

export interface GroupLike {
  readonly id: number;
  readonly name: string;
  readonly description?: string;
  readonly isSystem: boolean;
  readonly deactivated: boolean;
}

/**
 * `@**Full Name**`, or `@**Full Name|id**` when another user has the same name (as the web app,
 * which tells them apart by id); `@_…` for a silent mention.
 */
export function mentionText(
  user: Pick<PersonLike, 'user_id' | 'full_name'>,
  silent: boolean,
  sameName: boolean,
): string {
  return `@${silent ? '_' : ''}**${user.full_name}${sameName ? `|${user.user_id}` : ''}**`;
}

/**
 * People and groups for `@query`: active users by name or email (only a real one, visible to the
 * own user: never the made-up API address; the own user last), then the
 * organisation's own groups (not system groups, not deactivated) by name. Names shared by two
 * users (active or not) are told apart by id.
 */
export function mentionItems(
  users: readonly PersonLike[],
  groups: readonly GroupLike[],
  query: string,
  silent: boolean,
  ownUserId: number,
): TypeaheadItem[] {
  const nameCount = new Map<string, number>();
  for (const u of users) nameCount.set(u.full_name.toLowerCase(), (nameCount.get(u.full_name.toLowerCase()) ?? 0) + 1);
  type Entry =
    | { readonly user: PersonLike; readonly group?: undefined }
    | { readonly user?: undefined; readonly group: GroupLike };
  const entries: Entry[] = [
    ...users.filter((u) => u.is_active).map((user) => ({ user })),
    ...groups.filter((g) => !g.isSystem && !g.deactivated).map((group) => ({ group })),
  ];
  // Within a tier: people before groups, the own user last, then by name.
  const order = (e: Entry): number => (e.group ? 2 : e.user.user_id === ownUserId ? 1 : 0);
  const name = (e: Entry): string => (e.group ? e.group.name : e.user.full_name);
  const ranked = rank(
    entries,
    query,
    (e) => (e.group ? [e.group.name] : [e.user.full_name, visibleEmail(e.user) ?? '']),
    {
      after: (a, b) => order(a) - order(b) || compareNames(name(a), name(b)),
    },
  );
  return ranked.map((e): TypeaheadItem => {
    if (e.group) {
      const g = e.group;
      return {
        id: `group-${g.id}`,
        label: g.name,
        detail: g.description ? l10n.t('group · {0}', g.description) : l10n.t('group'),
        insert: `@${silent ? '_' : ''}*${g.name}*`,
      };
    }
    const u = e.user;
    return {
      id: `user-${u.user_id}`,
      label: u.full_name,
      detail: visibleEmail(u),
      insert: mentionText(u, silent, (nameCount.get(u.full_name.toLowerCase()) ?? 0) > 1),
    };
  });
}

export interface ChannelLike {
  readonly stream_id: number;
  readonly name: string;
  readonly is_archived?: boolean;
}

/** Channels for `#query` (archived ones left out): subscribed ones first within a tier, then by name. */
export function channelItems(
  channels: Iterable<ChannelLike>,
  query: string,
  subscribed: (streamId: number) => boolean,
): TypeaheadItem[] {
  const open = [...channels].filter((c) => c.is_archived !== true);
  return rank(open, query, (c) => [c.name], {
    after: (a, b) => Number(subscribed(b.stream_id)) - Number(subscribed(a.stream_id)) || compareNames(a.name, b.name),
  }).map((c) => ({
    id: `channel-${c.stream_id}`,
    label: c.name,
    detail: subscribed(c.stream_id) ? undefined : l10n.t('not subscribed'),
    insert: `#**${c.name}**`,
  }));
}

/** Topics of `channel` for `#channel>query`, in the order given (newest first); the empty topic by `emptyTopicName`. */
export function topicItems(
  channel: string,
  topics: readonly string[],
  query: string,
  emptyTopicName = l10n.t('general chat'),
): TypeaheadItem[] {
  const label = (t: string): string => (t === '' ? emptyTopicName : t);
  return rank(topics, query, (t) => [label(t)]).map((t, i) => ({
    id: `topic-${i}`,
    label: label(t),
    detail: channel,
    insert: `#**${channel}>${t}**`,
  }));
}

export interface EmojiLike {
  readonly name: string;
  /** Unicode code points (`1f44d`) or a custom emoji's id. */
  readonly code: string;
  readonly custom: boolean;
  readonly glyph?: string;
}

/** Emoji for `:query` (at least {@link EMOJI_MIN_QUERY} characters); a custom emoji hides a unicode one of its name. */
export function emojiItems(emoji: readonly EmojiLike[], query: string): TypeaheadItem[] {
  if (query.length < EMOJI_MIN_QUERY) return [];
  const custom = new Set(emoji.filter((e) => e.custom).map((e) => e.name));
  const usable = emoji.filter((e) => e.custom || !custom.has(e.name));
  return rank(usable, query, (e) => [e.name], { after: (a, b) => a.name.length - b.name.length }).map((e) => ({
    id: `emoji-${e.custom ? 'custom-' : ''}${e.name}`,
    label: shortcode(e.name),
    detail: e.custom ? l10n.t('custom emoji') : undefined,
    glyph: e.glyph,
    insert: shortcode(e.name),
  }));
}
