/**
 * The emoji picker for reactions: common unicode emoji by their service names and code points,
 * then the organisation's custom emoji.
 */
import * as vscode from 'vscode';
import type { RealmEmoji } from '../../api/messages/models';
import { unicodeGlyph } from './model';

export interface EmojiChoice {
  readonly name: string;
  /** Hex code points joined by '-' for unicode emoji; the custom emoji's id for realm emoji. */
  readonly code: string;
  readonly type?: 'unicode_emoji' | 'realm_emoji';
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

/** The picker's entries: {@link COMMON_EMOJI}, then the usable custom emoji of the organisation. */
export function emojiChoices(realmEmoji: readonly RealmEmoji[]): (vscode.QuickPickItem & { emoji: EmojiChoice })[] {
  return [
    ...COMMON_EMOJI.map((e) => ({ label: `${unicodeGlyph(e.code) ?? ''}  :${e.name}:`, description: e.code, emoji: { ...e, type: 'unicode_emoji' as const } })),
    ...realmEmoji.map((e) => ({ label: `:${e.name}:`, description: vscode.l10n.t('custom emoji'), emoji: { name: e.name, code: e.id, type: 'realm_emoji' as const } })),
  ];
}

/** A quick pick of {@link emojiChoices}; undefined when dismissed. */
export async function pickEmoji(realmEmoji: readonly RealmEmoji[]): Promise<EmojiChoice | undefined> {
  const picked = await vscode.window.showQuickPick(emojiChoices(realmEmoji), {
    title: vscode.l10n.t('Add a reaction'),
    placeHolder: vscode.l10n.t('Choose an emoji'),
    matchOnDescription: true,
  });
  return picked?.emoji;
}
