/**
 * What the settings editor shows, built from the API layer's description table
 * (`SETTINGS_DESCRIPTION`) and the store; and the checks run before anything is sent. No `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { FL } from '../../api/features';
import { visibleEmail } from '../../api/users/email';
import { SETTINGS_DESCRIPTION, SettingsChanges, type SettingGroup } from '../../api/personal/settings';
import { formatZodError } from '../../api/validation';
import type { ChatStore } from '../../store/store';
import {
  ACCOUNT_SETTINGS,
  type SettingField,
  type SettingGroupModel,
  type SettingsModel,
  type SettingValue,
} from './protocol';

const GROUP_TITLES: Record<SettingGroup, () => string> = {
  account: () => l10n.t('Account'),
  preferences: () => l10n.t('Preferences'),
  appearance: () => l10n.t('Appearance'),
  navigation: () => l10n.t('Navigation'),
  sidebar: () => l10n.t('Sidebar'),
  notifications: () => l10n.t('Notifications'),
};

export { ACCOUNT_SETTINGS } from './protocol';

const KNOWN = new Set<string>(SETTINGS_DESCRIPTION.map((d) => d.name));

function currentValue(store: ChatStore, name: string): SettingValue | undefined {
  switch (name) {
    case 'full_name':
      return store.ownUser?.full_name;
    case 'email':
      return store.ownUser?.delivery_email ?? store.ownEmail;
    case 'old_password':
    case 'new_password':
      return '';
  }
  const v = store.userSettings[name];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

/**
 * The editor's model. `overrides` are values just saved whose confirming `user_settings` events
 * have not arrived yet (so a saved field does not flicker back).
 */
export function buildSettingsModel(
  store: ChatStore,
  realmName: string,
  overrides: ReadonlyMap<string, SettingValue> = new Map(),
): SettingsModel {
  const groups = new Map<SettingGroup, SettingField[]>();
  for (const d of SETTINGS_DESCRIPTION) {
    const value = overrides.has(d.name) ? overrides.get(d.name) : currentValue(store, d.name);
    const kind: SettingField['kind'] = d.choices ? 'choice' : d.type;
    const field: SettingField = {
      name: d.name,
      kind,
      label: d.label,
      ...(d.note ? { note: d.note } : {}),
      ...(d.choices ? { choices: d.choices.map((c) => ({ value: c.value, label: c.label })) } : {}),
      ...(value !== undefined ? { value } : {}),
    };
    let list = groups.get(d.group);
    if (!list) groups.set(d.group, (list = []));
    list.push(field);
  }
  const groupModels: SettingGroupModel[] = [...groups].map(([id, fields]) => ({
    id,
    title: GROUP_TITLES[id](),
    fields,
  }));
  const role = store.ownUser?.role ?? 400;
  const isAdmin = role <= 200;
  const featureLevel = store.featureLevel;
  return {
    realmName,
    email: store.ownEmail,
    featureLevel,
    groups: groupModels,
    target: {
      visible: isAdmin,
      ...(featureLevel < FL.settingsTargetUsers
        ? {
            disabledReason: l10n.t(
              "This server (feature level {0}) cannot change other users' settings; feature level {1} or later " +
                'is needed.',
              featureLevel,
              FL.settingsTargetUsers,
            ),
          }
        : {}),
      users: isAdmin
        ? store
            .users()
            .filter((u) => u.is_active && !u.is_bot && u.user_id !== store.ownUserId)
            .map((u) => ({ id: u.user_id, name: u.full_name, email: visibleEmail(u) }))
        : [],
    },
  };
}

/**
 * Checks each changed value against the API layer's own schema, so every wrong field gets its
 * message at once (the client call stops at the first). Empty result: all values are acceptable.
 */
export function checkChanges(changes: Readonly<Record<string, unknown>>, forOthers: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const shape = SettingsChanges.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; error?: unknown } }
  >;
  for (const [name, value] of Object.entries(changes)) {
    if (!KNOWN.has(name)) {
      errors[name] = l10n.t('"{0}" is not a setting.', name);
      continue;
    }
    if (forOthers && ACCOUNT_SETTINGS.has(name)) {
      errors[name] = l10n.t('Account settings (name, email, password) cannot be changed for other users.');
      continue;
    }
    const result = shape[name]!.safeParse(value);
    if (!result.success) errors[name] = formatZodError(result.error as Parameters<typeof formatZodError>[0]).message;
  }
  if (changes.new_password !== undefined && !changes.old_password) {
    errors.old_password ??= l10n.t('Enter your current password to set a new one.');
  }
  return errors;
}

/** Group ids typed as "11, 12": the numbers, or a message. */
export function parseGroupIds(text: string): number[] | string {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(Number(p)) || Number(p) <= 0)
      return l10n.t('"{0}" is not a group id (a positive whole number).', p);
    ids.push(Number(p));
  }
  return ids;
}
