/**
 * What "Browse Channels…" and "Create Channel…" decide, without vscode so it can be unit-tested:
 * the rows of the channel browser (access, subscriber count, description as text) and which
 * kinds of channel the own user may create, with the reason when not.
 */
import * as l10n from '@vscode/l10n';
import type { Channel } from '../../api/channels/models';
import type { GroupSetting, RealmState } from '../../store/realm';
import { descriptionText } from '../topic/channelChoices';
import { compareNames } from '../../store/keys';

export type ChannelAccess = 'subscribed' | 'public' | 'web-public' | 'private';

export interface BrowseRow {
  readonly streamId: number;
  readonly name: string;
  readonly subscribed: boolean;
  /** The channel's privacy: public, web-public or private. */
  readonly privacy: Exclude<ChannelAccess, 'subscribed'>;
  /** Undefined when the server sends no `subscriber_count` and the store holds no subscriber list. */
  readonly subscriberCount: number | undefined;
  /** The description as one line of plain text. */
  readonly description: string;
  /** The quick pick's label, description and detail. */
  readonly label: string;
  readonly summary: string;
  readonly detail: string;
}

const ICON: Record<BrowseRow['privacy'], string> = {
  public: '$(symbol-number)',
  'web-public': '$(globe)',
  private: '$(lock)',
};
/** A row's privacy, alone or after "Subscribed" (functions: translated when shown; whole phrases for each case). */
const privacyText = (): Record<BrowseRow['privacy'], string> => ({
  public: l10n.t('Public'),
  'web-public': l10n.t('Web-public'),
  private: l10n.t('Private'),
});
const subscribedPrivacyText = (): Record<BrowseRow['privacy'], string> => ({
  public: l10n.t('Subscribed · public'),
  'web-public': l10n.t('Subscribed · web-public'),
  private: l10n.t('Subscribed · private'),
});

/** Whom a count speaks of: "1 subscriber", "12 subscribers". */
export function subscribersText(count: number): string {
  return count === 1 ? l10n.t('1 subscriber') : l10n.t('{0} subscribers', count);
}

/**
 * The browser's rows: archived channels left out, by name. `subscribers` gives a subscribed
 * channel's subscriber list when the store holds one (the fallback for servers before
 * `subscriber_count`).
 */
export function browseRows(
  channels: readonly Channel[],
  isSubscribed: (streamId: number) => boolean,
  subscribers: (streamId: number) => readonly number[] | undefined,
): BrowseRow[] {
  return channels
    .filter((c) => c.is_archived !== true)
    .sort((a, b) => compareNames(a.name, b.name))
    .map((c) => {
      const privacy: BrowseRow['privacy'] = c.invite_only ? 'private' : c.is_web_public ? 'web-public' : 'public';
      const subscribed = isSubscribed(c.stream_id);
      const subscriberCount = c.subscriber_count ?? subscribers(c.stream_id)?.length;
      const description = descriptionText(c);
      const parts = [subscribed ? subscribedPrivacyText()[privacy] : privacyText()[privacy]];
      if (subscriberCount !== undefined) parts.push(subscribersText(subscriberCount));
      return {
        streamId: c.stream_id,
        name: c.name,
        subscribed,
        privacy,
        subscriberCount,
        description,
        label: `${ICON[privacy]} ${c.name}`,
        summary: parts.join(' · '),
        detail: description || l10n.t('No description.'),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Creating channels

export type ChannelPrivacy = 'public' | 'web-public' | 'private-shared' | 'private-protected';

export interface PrivacyOption {
  readonly privacy: ChannelPrivacy;
  readonly label: string;
  readonly description: string;
  /** Why the own user may not create this kind; undefined when allowed. */
  readonly refusal: string | undefined;
}

/** Who a group setting names, for a sentence: "administrators", "the Design group". */
export function groupText(realm: Pick<RealmState, 'groupName'>, setting: unknown): string {
  if (typeof setting === 'number') {
    const name = realm.groupName(setting);
    if (name === undefined) return l10n.t('some users');
    const system: Record<string, string> = {
      'role:internet': l10n.t('everyone'),
      'role:everyone': l10n.t('everyone'),
      'role:members': l10n.t('members'),
      'role:fullmembers': l10n.t('full members'),
      'role:moderators': l10n.t('moderators and administrators'),
      'role:administrators': l10n.t('administrators'),
      'role:owners': l10n.t('owners'),
      'role:nobody': l10n.t('nobody'),
    };
    return system[name] ?? l10n.t('members of the "{0}" group', name);
  }
  const anon = setting as Exclude<GroupSetting, number> | undefined;
  if (anon && (anon.direct_members?.length ?? 0) === 0 && (anon.direct_subgroups?.length ?? 0) === 1)
    return groupText(realm, anon.direct_subgroups![0]);
  return l10n.t('selected users and groups');
}

/** Legacy `create_*_stream_policy` codes as sentences (a function: translated when used). */
const POLICY_TEXT = (): Record<number, string> => ({
  1: l10n.t('members'),
  2: l10n.t('administrators'),
  3: l10n.t('full members'),
  4: l10n.t('moderators and administrators'),
  5: l10n.t('everyone'),
  6: l10n.t('nobody'),
  7: l10n.t('owners'),
});

function whoMay(realm: Pick<RealmState, 'groupName' | 'settings'>, groupKey: string, policyKey: string): string {
  if (groupKey in realm.settings) return groupText(realm, realm.settings[groupKey]);
  const policy = realm.settings[policyKey];
  return (typeof policy === 'number' && POLICY_TEXT()[policy]) || l10n.t('some users');
}

/** The four kinds of channel, each with the reason the own user may not create it (if so). */
export function privacyOptions(realm: Pick<RealmState, 'channelCreation' | 'groupName' | 'settings'>): PrivacyOption[] {
  const may = realm.channelCreation();
  // One whole sentence per kind of channel, so a translation need not assemble it.
  const sentences = {
    public: (who: string) => l10n.t('In this organisation only {0} may create public channels.', who),
    private: (who: string) => l10n.t('In this organisation only {0} may create private channels.', who),
    'web-public': (who: string) => l10n.t('In this organisation only {0} may create web-public channels.', who),
  };
  const refusal = (
    allowed: boolean,
    kind: keyof typeof sentences,
    groupKey: string,
    policyKey: string,
  ): string | undefined => (allowed ? undefined : sentences[kind](whoMay(realm, groupKey, policyKey)));
  const publicRefusal = refusal(may.public, 'public', 'can_create_public_channel_group', 'create_public_stream_policy');
  const privateRefusal = refusal(
    may.private,
    'private',
    'can_create_private_channel_group',
    'create_private_stream_policy',
  );
  const webRefusal = !may.webPublicEnabled
    ? l10n.t('This organisation does not allow web-public channels (readable without an account).')
    : refusal(may.webPublic, 'web-public', 'can_create_web_public_channel_group', 'create_web_public_stream_policy');
  return [
    {
      privacy: 'public',
      label: l10n.t('$(symbol-number) Public'),
      description: l10n.t('Anyone in the organisation can join and read the history'),
      refusal: publicRefusal,
    },
    {
      privacy: 'web-public',
      label: l10n.t('$(globe) Web-public'),
      description: l10n.t('Public, and readable on the web without an account'),
      refusal: webRefusal,
    },
    {
      privacy: 'private-shared',
      label: l10n.t('$(lock) Private, shared history'),
      description: l10n.t('Only by invitation; new subscribers see all messages'),
      refusal: privateRefusal,
    },
    {
      privacy: 'private-protected',
      label: l10n.t('$(lock) Private, protected history'),
      description: l10n.t('Only by invitation; new subscribers see only new messages'),
      refusal: privateRefusal,
    },
  ];
}

/** The `POST /users/me/subscriptions` flags of a privacy. */
export function privacyParams(privacy: ChannelPrivacy): {
  invite_only: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers: boolean;
} {
  switch (privacy) {
    case 'public':
      return { invite_only: false, history_public_to_subscribers: true };
    case 'web-public':
      return { invite_only: false, is_web_public: true, history_public_to_subscribers: true };
    case 'private-shared':
      return { invite_only: true, history_public_to_subscribers: true };
    case 'private-protected':
      return { invite_only: true, history_public_to_subscribers: false };
  }
}

/** Why a new channel's name is refused (undefined: fine). `taken` holds the known names, lower case. */
export function channelNameProblem(name: string, maxLength: number, taken: ReadonlySet<string>): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return l10n.t('Enter a channel name.');
  const length = [...trimmed].length;
  if (length > maxLength)
    return l10n.t('A channel name can be at most {0} characters (this one has {1}).', maxLength, length);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return l10n.t('A channel name cannot contain control characters.');
  if (taken.has(trimmed.toLowerCase())) return l10n.t('A channel named "{0}" already exists.', trimmed);
  return undefined;
}

export function channelDescriptionProblem(description: string, maxLength: number): string | undefined {
  const length = [...description].length;
  return length > maxLength
    ? l10n.t('A channel description can be at most {0} characters (this one has {1}).', maxLength, length)
    : undefined;
}
