/**
 * What the settings page holds: the model the host sent, and what the user changed. The changes
 * live in webview state (getState/setState) so nothing typed is lost when the panel is hidden or a
 * save fails, EXCEPT passwords: they stay in memory only and are posted only inside a save.
 */
import * as l10n from '@vscode/l10n';
import { savedState, saveState } from '../../page/common';
import { ACCOUNT_SETTINGS, type SettingField, type SettingsModel, type SettingValue } from '../protocol';

export interface Banner {
  kind: 'info' | 'warning' | 'error';
  lines: string[];
}

interface State {
  dirty: Record<string, SettingValue>;
  target: { userIds: number[]; groupIds: string; skip: boolean };
  fieldErrors: Record<string, string>;
  banner?: Banner;
}

export const state: State = {
  dirty: {},
  target: { userIds: [], groupIds: '', skip: false },
  fieldErrors: {},
  banner: undefined,
};

/** Takes back what was saved when the page was shown last (called by the page's start). */
export function loadState(): void {
  Object.assign(state, savedState<State>());
}

type SecretName = 'old_password' | 'new_password';
/** Passwords: never in state, never posted except inside a save request. */
export const secrets: Record<SecretName, string> = { old_password: '', new_password: '' };

/**
 * The host's latest model (undefined until the first `settings/didChange`), whether a save runs, and
 * how the page draws itself again after a change (set by the page's start).
 */
export const page: { model?: SettingsModel; saving: boolean; redraw: () => void } = {
  saving: false,
  redraw: () => undefined,
};

export const isSecret = (name: string): name is SecretName => name === 'old_password' || name === 'new_password';

export function persist(): void {
  saveState({ dirty: state.dirty, target: state.target, fieldErrors: state.fieldErrors, banner: state.banner });
}

function fields(): SettingField[] {
  return page.model ? page.model.groups.flatMap((g) => g.fields) : [];
}

const has = (o: object, name: string): boolean => Object.prototype.hasOwnProperty.call(o, name);

/** The values to send: what differs from the model, and the passwords typed. */
export function changes(): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const f of fields()) {
    if (isSecret(f.name)) {
      if (secrets[f.name]) out[f.name] = secrets[f.name];
    } else if (has(state.dirty, f.name) && state.dirty[f.name] !== f.value) {
      out[f.name] = state.dirty[f.name]!;
    }
  }
  return out;
}

/** What a field's control shows: the user's change, else the model's value. */
export function shown(f: SettingField): SettingValue | undefined {
  if (isSecret(f.name)) return secrets[f.name];
  return has(state.dirty, f.name) ? state.dirty[f.name] : f.value;
}

export function isModified(name: string): boolean {
  return has(changes(), name);
}

/** Records a value the user set (an unchanged value is not a change), then draws the page again. */
export function setValue(f: SettingField, value: SettingValue): void {
  if (isSecret(f.name)) secrets[f.name] = String(value);
  else if (value === f.value) delete state.dirty[f.name];
  else state.dirty[f.name] = value;
  delete state.fieldErrors[f.name];
  persist();
  page.redraw();
}

/** The toolbar's and the target section's buttons: their labels and whether they are enabled. */
export function buttons(): { save: string; saveDisabled: boolean; discardDisabled: boolean; applyDisabled: boolean } {
  const count = Object.keys(changes()).length;
  const preferences = Object.keys(changes()).filter((n) => !ACCOUNT_SETTINGS.has(n)).length;
  const noTarget = state.target.userIds.length === 0 && state.target.groupIds.trim() === '';
  return {
    save: page.saving ? l10n.t('Saving…') : count > 1 ? l10n.t('Save {0} changes', count) : l10n.t('Save changes'),
    saveDisabled: page.saving || count === 0,
    discardDisabled: page.saving || count === 0,
    applyDisabled: !!page.model?.target.disabledReason || page.saving || preferences === 0 || noTarget,
  };
}
