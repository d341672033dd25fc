/**
 * The settings editor's messages (host ↔ the page in `./page/`, which imports this file), built
 * on the shared typed-message classes of `../protocol`. Everything is plain text or JSON values;
 * the webview inserts text with `textContent` only.
 */
import { NotificationType, RequestType } from '../protocol';
import { isRecord } from '../../guards';

export type SettingValue = string | number | boolean;

/** Settings that change the account, not a preference: never sent with `target_users`. */
export const ACCOUNT_SETTINGS: ReadonlySet<string> = new Set(['full_name', 'email', 'old_password', 'new_password']);

export interface SettingField {
  readonly name: string;
  /** `boolean` → checkbox, `choice` → radios/select, `integer` → number input, `string`/`password` → text. */
  readonly kind: 'boolean' | 'choice' | 'integer' | 'string' | 'password';
  readonly label: string;
  readonly note?: string;
  readonly choices?: readonly { readonly value: string | number; readonly label: string }[];
  /** The current value (the store's), `undefined` when the server did not report it. */
  readonly value?: SettingValue;
}

export interface SettingGroupModel {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly SettingField[];
}

export interface TargetUsersModel {
  /** The own user is an administrator: the section is shown. */
  readonly visible: boolean;
  /** Why the section is disabled (an older server); undefined when it can be used. */
  readonly disabledReason?: string;
  /** Active human users other than the own one, by name. */
  /** `email`: only an address the admin may see (never the made-up API one). */
  readonly users: readonly { readonly id: number; readonly name: string; readonly email?: string }[];
}

export interface SettingsModel {
  readonly realmName: string;
  readonly email: string;
  readonly featureLevel: number;
  readonly groups: readonly SettingGroupModel[];
  readonly target: TargetUsersModel;
}

/** The editor's content, after `ready` and whenever the own settings change. */
export const DidChangeSettingsNotification = new NotificationType<SettingsModel>('settings/didChange');

export interface SaveSettingsParams {
  /** Only the values the user changed. Passwords travel only here, never in webview state. */
  readonly changes: Readonly<Record<string, SettingValue>>;
  /** Apply the changes to these users instead of oneself (administrators). */
  readonly target?: {
    readonly userIds: readonly number[];
    /** As typed: comma-separated group ids (checked in the host). */
    readonly groupIds: string;
    readonly skipIfAlreadyEdited: boolean;
  };
}

export interface SaveSettingsResult {
  readonly ok: boolean;
  /** Messages per field (setting name, or `target_users`); nothing was sent when any is set. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** A message for the whole form (the server refused, no connection, …). */
  readonly error?: string;
  /** What the server accepted (the names sent). */
  readonly saved: readonly string[];
  /** `ignored_parameters_unsupported` of the answer. */
  readonly ignored: readonly string[];
  /** Notes for the user (email confirmation, applied to N users). */
  readonly notes: readonly string[];
}

const isValue = (v: unknown): v is SettingValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function isSaveParams(p: unknown): p is SaveSettingsParams {
  if (!isRecord(p) || !isRecord(p.changes)) return false;
  if (!Object.values(p.changes).every(isValue)) return false;
  if (p.target === undefined) return true;
  const t = p.target;
  return (
    isRecord(t) &&
    Array.isArray(t.userIds) &&
    t.userIds.every((id) => typeof id === 'number' && Number.isSafeInteger(id)) &&
    typeof t.groupIds === 'string' &&
    typeof t.skipIfAlreadyEdited === 'boolean'
  );
}

/** "Save changes" (own settings) or "Apply to these users" (administrators). */
export const SaveSettingsRequest = new RequestType<SaveSettingsParams, SaveSettingsResult>(
  'settings/save',
  isSaveParams,
);
