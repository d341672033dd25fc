/** The settings page's pieces: one row per setting, the banner, and the administrators' section. */
import * as l10n from '@vscode/l10n';
import { el } from '../../page/common';
import type { SettingField, TargetUsersModel } from '../protocol';
import { isModified, persist, setValue, shown, state, updateButtons } from './state';

function integerOf(text: string): string | number {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

function control(f: SettingField): HTMLElement {
  const id = `f-${f.name}`;
  const value = shown(f);
  if (f.kind === 'boolean') {
    const label = el('label', 'check');
    const input = el('input');
    input.type = 'checkbox';
    input.id = id;
    input.checked = value === true;
    input.addEventListener('change', () => setValue(f, input.checked));
    label.append(input, el('span', undefined, f.label));
    return label;
  }
  if (f.kind === 'choice') {
    const choices = f.choices ?? [];
    const set = el('div', 'choices');
    set.setAttribute('role', 'radiogroup');
    set.setAttribute('aria-labelledby', `label-${f.name}`);
    for (const c of choices) {
      const label = el('label', 'choice');
      const input = el('input');
      input.type = 'radio';
      input.name = id;
      input.id = `${id}-${c.value}`;
      input.checked = value === c.value;
      input.addEventListener('change', () => input.checked && setValue(f, c.value));
      label.append(input, el('span', undefined, c.label));
      set.append(label);
    }
    if (value !== undefined && !choices.some((c) => c.value === value)) {
      set.append(el('span', 'muted', l10n.t('(now {0}, which this editor does not offer)', String(value))));
    }
    return set;
  }
  const input = el('input');
  input.id = id;
  input.setAttribute('aria-labelledby', `label-${f.name}`);
  if (f.kind === 'integer') {
    input.type = 'number';
    input.step = '1';
  } else if (f.kind === 'password') {
    input.type = 'password';
    input.autocomplete = f.name === 'old_password' ? 'current-password' : 'new-password';
  } else {
    input.type = f.name === 'email' ? 'email' : 'text';
    input.spellcheck = false;
  }
  input.value = value === undefined ? '' : String(value);
  input.addEventListener('input', () => setValue(f, f.kind === 'integer' ? integerOf(input.value) : input.value));
  return input;
}

export function settingRow(f: SettingField): HTMLElement {
  const r = el('div', 'setting');
  r.id = `row-${f.name}`;
  if (isModified(f.name)) r.classList.add('modified');
  if (f.kind !== 'boolean') {
    const label = el('div', 'setting-label', f.label);
    label.id = `label-${f.name}`;
    r.append(label);
  }
  r.append(control(f));
  if (f.note && f.name !== 'email') r.append(el('div', 'setting-note muted', f.note));
  if (f.name === 'email') {
    r.append(
      el(
        'div',
        'setting-note muted',
        l10n.t(
          'The server sends a confirmation mail to the new address; the change happens when you click the link in it.',
        ),
      ),
    );
  }
  const err = el('div', 'field-error', state.fieldErrors[f.name] || '');
  err.setAttribute('role', 'alert');
  r.append(err);
  return r;
}

export function banner(): HTMLElement {
  const b = el('div', 'banner');
  b.id = 'banner';
  if (!state.banner) {
    b.hidden = true;
    return b;
  }
  b.classList.add(`banner-${state.banner.kind}`);
  for (const line of state.banner.lines) b.append(el('p', undefined, line));
  return b;
}

/** "Apply to other users" (administrators); `onApply` saves the changed preferences for them. */
/** An input of the target-users section, disabled with it. */
function targetInput(id: string, type: string, disabled: boolean): HTMLInputElement {
  const input = el('input');
  input.id = id;
  input.type = type;
  input.disabled = disabled;
  return input;
}

export function targetSection(t: TargetUsersModel, onApply: () => void): HTMLElement {
  const section = el('section', 'group target');
  section.id = 'group-target';
  section.append(el('h2', undefined, l10n.t('Apply to other users')));
  section.append(
    el(
      'p',
      'muted',
      l10n.t(
        'Administrators: apply the changed preferences (not account settings) to other users or user groups ' +
          'instead of yourself.',
      ),
    ),
  );
  if (t.disabledReason) {
    section.classList.add('disabled');
    section.append(el('p', 'warning', t.disabledReason));
  }
  const disabled = !!t.disabledReason;

  const usersRow = el('div', 'setting');
  const usersLabel = el('label', 'setting-label', l10n.t('Users'));
  usersRow.append(usersLabel);
  const select = el('select', 'users');
  select.id = 'target-users';
  select.multiple = true;
  select.size = Math.min(8, Math.max(3, t.users.length));
  select.disabled = disabled;
  usersLabel.htmlFor = 'target-users';
  for (const u of t.users) {
    const o = el('option', undefined, u.email ? `${u.name} <${u.email}>` : u.name);
    o.value = String(u.id);
    o.selected = state.target.userIds.includes(u.id);
    select.append(o);
  }
  select.addEventListener('change', () => {
    state.target.userIds = [...select.selectedOptions].map((o) => Number(o.value));
    persist();
    updateButtons();
  });
  usersRow.append(select);
  section.append(usersRow);

  const groupsRow = el('div', 'setting');
  const gl = el('label', 'setting-label', l10n.t('User group ids (comma-separated)'));
  gl.htmlFor = 'target-groups';
  const groups = targetInput('target-groups', 'text', disabled);
  groups.placeholder = l10n.t('e.g. 12, 15');
  groups.value = state.target.groupIds;
  groups.addEventListener('input', () => {
    state.target.groupIds = groups.value;
    persist();
    updateButtons();
  });
  groupsRow.append(gl, groups);
  section.append(groupsRow);

  const skipRow = el('div', 'setting');
  const skipLabel = el('label', 'check');
  const skip = targetInput('target-skip', 'checkbox', disabled);
  skip.checked = state.target.skip;
  skip.addEventListener('change', () => {
    state.target.skip = skip.checked;
    persist();
  });
  skipLabel.append(skip, el('span', undefined, l10n.t('Skip users who changed these settings themselves')));
  skipRow.append(skipLabel);
  skipRow.append(el('div', 'field-error', state.fieldErrors.target_users || ''));
  section.append(skipRow);

  const apply = el('button', 'secondary', l10n.t('Apply changes to these users'));
  apply.id = 'apply-target';
  apply.disabled = disabled;
  apply.addEventListener('click', onApply);
  section.append(apply);
  return section;
}
