/**
 * What the profile card shows, built in the extension host from the store (with the
 * organisation's custom profile fields) and the full user record (`GET /users/{email}` with
 * custom profile fields). Server HTML goes as it came: the card sanitises it (page/sanitize.ts).
 */
import * as l10n from '@vscode/l10n';
import { avatarUrl } from '../../api/users/avatar';
import { visibleEmail } from '../../api/users/email';
import type { CustomProfileField, User, UserStatus } from '../../api/users/models';
import { roleName } from '../../api/users/roles';
import type { PresenceState } from '../../store';
import { statusEmoji } from '../../emoji/status';
import type { ProfileField, ProfileModel } from './protocol';
import { safeUrl } from '../sanitize';

const FIELD_TYPE = { shortText: 1, longText: 2, choice: 3, date: 4, link: 5, user: 6, externalAccount: 7, pronouns: 8 };

const ROLE_LABEL: Record<string, () => string> = {
  owner: () => l10n.t('Organization owner'),
  administrator: () => l10n.t('Organization administrator'),
  moderator: () => l10n.t('Moderator'),
  member: () => l10n.t('Member'),
  guest: () => l10n.t('Guest'),
  unknown: () => l10n.t('Member'),
};

/** External-account URL patterns of the built-in subtypes. */
const EXTERNAL_ACCOUNTS: Record<string, string> = {
  github: 'https://github.com/%(username)s',
  twitter: 'https://twitter.com/%(username)s',
};

export interface ProfileInput {
  user: User;
  status: UserStatus | undefined;
  presence: PresenceState;
  ownUserId: number;
  realmUrl: string;
  /** The organisation's fields in its order (the store's); a value without one is shown by id. */
  fieldDefs: readonly CustomProfileField[];
  /** Names of other users (user-type fields). */
  userName: (userId: number) => string | undefined;
  warning?: string;
}

export function buildProfileModel(input: ProfileInput): ProfileModel {
  const { user, realmUrl } = input;
  const url = avatarUrl(user);
  const avatar = url ? safeUrl(url, realmUrl) : undefined;
  return {
    userId: user.user_id,
    name: user.full_name,
    avatarUrl: avatar && !avatar.startsWith('mailto:') ? avatar : undefined,
    initials: initials(user.full_name),
    role: user.is_bot ? l10n.t('Bot') : ROLE_LABEL[roleName(user.role)]!(),
    email: visibleEmail(user),
    timezone: user.timezone || undefined,
    dateJoined: user.date_joined || undefined,
    presence: input.presence,
    statusEmoji: statusEmoji(input.status),
    statusText: input.status?.status_text || undefined,
    isBot: user.is_bot,
    isActive: user.is_active,
    isOwnUser: user.user_id === input.ownUserId,
    fields: profileFields(input),
    realmUrl,
    warning: input.warning,
  };
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => [...p][0]?.toUpperCase() ?? '').join('') || '?';
}

function profileFields(input: ProfileInput): ProfileField[] {
  const data = input.user.profile_data ?? {};
  const defs = input.fieldDefs;
  const known = defs.map((d) => String(d.id)).filter((id) => id in data);
  // Values of fields the store does not know (yet) follow, by id.
  const unknown = Object.keys(data)
    .filter((id) => !known.includes(id))
    .sort((a, b) => Number(a) - Number(b));
  const fields: ProfileField[] = [];
  for (const id of [...known, ...unknown]) {
    const value = data[id];
    if (!value || value.value === '') continue;
    const def = defs.find((d) => String(d.id) === id);
    fields.push(fieldView(def, id, value.value, value.rendered_value, input));
  }
  return fields;
}

function fieldView(
  def: CustomProfileField | undefined,
  id: string,
  value: string,
  rendered: string | undefined,
  input: ProfileInput,
): ProfileField {
  const name = def?.name ?? l10n.t('Field {0}', id);
  if (rendered !== undefined) return { name, html: rendered, text: value };
  switch (def?.type) {
    case FIELD_TYPE.choice: {
      const choices = parseJson(def.field_data) as Record<string, { text?: string }> | undefined;
      return { name, text: choices?.[value]?.text ?? value };
    }
    case FIELD_TYPE.user: {
      const ids = parseJson(value);
      const names = Array.isArray(ids) ? ids.map((u) => input.userName(Number(u)) ?? l10n.t('User {0}', u)) : [value];
      return { name, text: names.join(', ') };
    }
    case FIELD_TYPE.link: {
      const href = safeUrl(value, input.realmUrl);
      return { name, text: value, href: href && /^https?:/.test(href) ? href : undefined };
    }
    case FIELD_TYPE.externalAccount: {
      const meta = parseJson(def.field_data) as { subtype?: string; url_pattern?: string } | undefined;
      const pattern = meta?.url_pattern ?? (meta?.subtype ? EXTERNAL_ACCOUNTS[meta.subtype] : undefined);
      const href = pattern
        ? safeUrl(pattern.replace('%(username)s', encodeURIComponent(value)), input.realmUrl)
        : undefined;
      return { name, text: value, href: href && /^https?:/.test(href) ? href : undefined };
    }
    default:
      return { name, text: value };
  }
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
