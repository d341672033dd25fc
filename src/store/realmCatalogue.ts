/**
 * The organisation's catalogue: what the realm defines for everyone (linkifiers, custom emoji, code
 * playgrounds, custom profile fields, channel folders), beside the own user's items (./personal.ts).
 * Rebuilt from the snapshot, kept current by the realm reducers. No `vscode`.
 */
import type { RegisterSnapshot } from '../api/events/register';
import type { RealmEmoji } from '../api/messages/models';
import type { Linkifier, RealmPlayground } from '../api/realm/models';
import type { CustomProfileField } from '../api/users/models';
import { ChannelFolderIndex } from './channelFolders';
import { compareNames } from './keys';

export class RealmCatalogue {
  /** In the realm's order (the order matters: the first matching linkifier wins). */
  linkifiers: readonly Linkifier[] = [];
  /** In the realm's `order`. */
  customProfileFields: readonly CustomProfileField[] = [];
  /** The organisation's custom emoji that can be used (not deactivated), by name. */
  realmEmoji: readonly RealmEmoji[] = [];
  /** The organisation's code playgrounds, in its order. */
  playgrounds: readonly RealmPlayground[] = [];
  /** The organisation's channel folders (feature level 389). */
  readonly channelFolders = new ChannelFolderIndex();

  reset(snapshot: RegisterSnapshot): void {
    this.linkifiers = snapshot.realm_linkifiers ?? [];
    this.realmEmoji = activeRealmEmoji(snapshot.realm_emoji ?? {});
    this.playgrounds = snapshot.realm_playgrounds ?? [];
    this.channelFolders.reset(snapshot.channel_folders ?? []);
    this.customProfileFields = orderProfileFields(snapshot.custom_profile_fields ?? []);
  }
}

/** The custom emoji that can be used, by name. */
export function activeRealmEmoji(all: Readonly<Record<string, RealmEmoji>>): RealmEmoji[] {
  return Object.values(all)
    .filter((e) => !e.deactivated)
    .sort((a, b) => compareNames(a.name, b.name));
}

/** Custom profile fields in the realm's order (`order`, else id). */
export function orderProfileFields(fields: readonly CustomProfileField[]): CustomProfileField[] {
  return [...fields].sort((a, b) => (a.order ?? a.id) - (b.order ?? b.id));
}
