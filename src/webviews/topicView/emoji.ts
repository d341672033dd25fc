/**
 * The emoji picker for reactions: the popular unicode emoji first, then the others and the
 * organisation's custom emoji, found by name or alias as the user types (../../emoji/search.ts).
 */
import * as vscode from 'vscode';
import type { RealmEmoji } from '../../api/messages/models';
import { shortcode } from '../../emoji/glyph';
import { emojiEntries, searchEmoji, type EmojiEntry } from '../../emoji/search';
import { showQuickInput } from '../../ui/quickInput';

export interface EmojiChoice {
  readonly name: string;
  /** Hex code points joined by '-' for unicode emoji; the custom emoji's id for realm emoji. */
  readonly code: string;
  readonly type?: 'unicode_emoji' | 'realm_emoji';
}

type EmojiItem = vscode.QuickPickItem & { emoji: EmojiChoice };

function itemOf(e: EmojiEntry): EmojiItem {
  const emoji = { name: e.name, code: e.code, type: e.type };
  if (e.type === 'realm_emoji')
    return { label: shortcode(e.name), description: vscode.l10n.t('custom emoji'), alwaysShow: true, emoji };
  const aliases = e.aliases.map(shortcode).join(' ');
  return {
    label: `${e.glyph ?? ''}  ${shortcode(e.name)}`,
    description: aliases || undefined,
    alwaysShow: true,
    emoji,
  };
}

/** The picker's entries for what is typed (everything, popular first, when nothing is). */
export function emojiChoices(realmEmoji: readonly RealmEmoji[], typed = ''): EmojiItem[] {
  return searchEmoji(emojiEntries(realmEmoji), typed).map(itemOf);
}

/** A quick pick of {@link emojiChoices}, searched by names and aliases; undefined when dismissed. */
export function pickEmoji(realmEmoji: readonly RealmEmoji[]): Promise<EmojiChoice | undefined> {
  const entries = emojiEntries(realmEmoji);
  return showQuickInput<EmojiChoice, EmojiItem>({
    kind: 'pick',
    setup(pick, flow) {
      pick.title = vscode.l10n.t('Add a reaction');
      pick.placeholder = vscode.l10n.t('Choose an emoji (type a name, e.g. thumbs_up)');
      pick.matchOnDescription = true;
      pick.items = searchEmoji(entries, '').map(itemOf);
      pick.onDidChangeValue((typed) => (pick.items = searchEmoji(entries, typed).map(itemOf)));
      pick.onDidAccept(() => flow.done(pick.selectedItems[0]?.emoji));
    },
  });
}
