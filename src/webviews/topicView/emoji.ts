/** The emoji picker for reactions: common unicode emoji by their service names and code points. */
import * as vscode from 'vscode';
import { unicodeGlyph } from './model';

export interface EmojiChoice {
  readonly name: string;
  /** Hex code points joined by '-' (the `emoji_code` of a `unicode_emoji` reaction). */
  readonly code: string;
}

export const COMMON_EMOJI: readonly EmojiChoice[] = [
  { name: '+1', code: '1f44d' },
  { name: '-1', code: '1f44e' },
  { name: 'smile', code: '1f604' },
  { name: 'slight_smile', code: '1f642' },
  { name: 'laughing', code: '1f606' },
  { name: 'heart', code: '2764' },
  { name: 'tada', code: '1f389' },
  { name: 'rocket', code: '1f680' },
  { name: 'eyes', code: '1f440' },
  { name: 'thinking', code: '1f914' },
  { name: 'fire', code: '1f525' },
  { name: 'clap', code: '1f44f' },
  { name: 'pray', code: '1f64f' },
  { name: 'check', code: '2705' },
  { name: 'working_on_it', code: '1f6e0' },
  { name: 'wave', code: '1f44b' },
  { name: 'coffee', code: '2615' },
  { name: 'star', code: '2b50' },
  { name: 'question', code: '2753' },
  { name: 'octopus', code: '1f419' },
];

/** A quick pick of {@link COMMON_EMOJI}; undefined when dismissed. */
export async function pickEmoji(): Promise<EmojiChoice | undefined> {
  const items = COMMON_EMOJI.map((e) => ({ label: `${unicodeGlyph(e.code) ?? ''}  :${e.name}:`, description: e.code, emoji: e }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Add a reaction', placeHolder: 'Choose an emoji', matchOnDescription: true });
  return picked?.emoji;
}
