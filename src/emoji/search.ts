/**
 * Finding an emoji by what a user types: its canonical name or any alias (`thumbs`, `thumbs_up`
 * and `like` find 👍, whose canonical name is `+1`), unicode ones from the bundled table
 * (./names.ts) and the organisation's custom ones. Pure: no `vscode`, no DOM.
 */
import { unicodeEmoji } from './glyph';
import { UNICODE_EMOJI_NAMES } from './names';

export interface EmojiEntry {
  /** The name a reaction is sent with: a unicode emoji's canonical (first) name, a custom emoji's name. */
  readonly name: string;
  /** The unicode emoji's other names. */
  readonly aliases: readonly string[];
  /** Hex code points joined by '-' for unicode emoji; the custom emoji's id for realm emoji. */
  readonly code: string;
  readonly type: 'unicode_emoji' | 'realm_emoji';
  /** The characters of a unicode emoji. */
  readonly glyph?: string;
}

/** A custom emoji of the organisation, as the server lists it. */
export interface CustomEmojiLike {
  readonly id: string;
  readonly name: string;
  readonly deactivated?: boolean;
}

/** Offered first when nothing is typed, in this order (canonical names). */
export const POPULAR_EMOJI: readonly string[] = [
  '+1',
  '-1',
  'smile',
  'slight_smile',
  'laughing',
  'heart',
  'tada',
  'rocket',
  'eyes',
  'thinking',
  'fire',
  'clap',
  'pray',
  'check',
  'working_on_it',
  'wave',
  'coffee',
  'star',
  'question',
  'octopus',
];

/** A bundled name (canonical or alias) with its code points and glyph. */
export interface UnicodeEmojiName {
  readonly name: string;
  readonly code: string;
  readonly glyph?: string;
}

let unicodeNames: readonly UnicodeEmojiName[] | undefined;

/** Every bundled name, aliases included, in the table's order (built once): what `:name` completes. */
export function unicodeEmojiNames(): readonly UnicodeEmojiName[] {
  unicodeNames ??= Object.entries(UNICODE_EMOJI_NAMES).map(([name, code]) => ({
    name,
    code,
    glyph: unicodeEmoji(code),
  }));
  return unicodeNames;
}

let unicodeEntries: readonly EmojiEntry[] | undefined;

/** The bundled unicode emoji, one entry per code: the first name is canonical, the others aliases. */
export function unicodeEmojiEntries(): readonly EmojiEntry[] {
  if (unicodeEntries) return unicodeEntries;
  const byCode = new Map<string, string[]>();
  for (const [name, code] of Object.entries(UNICODE_EMOJI_NAMES)) {
    const names = byCode.get(code);
    if (names) names.push(name);
    else byCode.set(code, [name]);
  }
  unicodeEntries = [...byCode].map(([code, [name, ...aliases]]) => ({
    name: name!,
    aliases,
    code,
    type: 'unicode_emoji',
    glyph: unicodeEmoji(code),
  }));
  return unicodeEntries;
}

/**
 * Every emoji a user may pick: the popular ones first, then the other unicode ones, then the
 * organisation's active custom emoji (a custom emoji hides the unicode one of its name, as on the server).
 */
export function emojiEntries(custom: readonly CustomEmojiLike[]): EmojiEntry[] {
  const active = custom.filter((e) => !e.deactivated);
  const customNames = new Set(active.map((e) => e.name));
  const unicode = unicodeEmojiEntries().filter((e) => !customNames.has(e.name));
  const popular = POPULAR_EMOJI.flatMap((name) => unicode.find((e) => e.name === name) ?? []);
  return [
    ...popular,
    ...unicode.filter((e) => !popular.includes(e)),
    ...active.map((e): EmojiEntry => ({ name: e.name, aliases: [], code: e.id, type: 'realm_emoji' })),
  ];
}

/** What is typed, as a name: without colons, lower case, spaces as `_`. */
export function emojiQuery(typed: string): string {
  return typed
    .trim()
    .replace(/^:+|:+$/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}

/** 0: the name starts with the query; 1: a later word of it does (after `_` or `-`); 2: it contains it. */
function tier(name: string, query: string): number | undefined {
  const n = name.toLowerCase();
  if (n.startsWith(query)) return 0;
  for (let at = n.indexOf(query); at > 0; at = n.indexOf(query, at + 1))
    if (n[at - 1] === '_' || n[at - 1] === '-') return 1;
  return n.includes(query) ? 2 : undefined;
}

/**
 * The entries whose name or an alias matches `typed` (see {@link emojiQuery}), best first: an
 * exact name, then a name or alias that starts with it, then one with a word that does, then one
 * that contains it; the order of `entries` within each. Everything, in order, for an empty query.
 */
export function searchEmoji(entries: readonly EmojiEntry[], typed: string): EmojiEntry[] {
  const query = emojiQuery(typed);
  if (query === '') return [...entries];
  const found: { entry: EmojiEntry; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const names = [entry.name, ...entry.aliases];
    const ranks = names.flatMap((n) => (n.toLowerCase() === query ? [-1] : (tier(n, query) ?? [])));
    if (ranks.length > 0) found.push({ entry, rank: Math.min(...ranks), index });
  });
  return found.sort((a, b) => a.rank - b.rank || a.index - b.index).map((f) => f.entry);
}
