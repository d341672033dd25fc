/**
 * The settings page's pieces as templates: one row per setting, the banner, and the administrators'
 * section. Their controls name their action (`data-action`); the page delegates the events.
 */
import * as l10n from '@vscode/l10n';
import { live } from 'lit-html/directives/live.js';
import { html, nothing, type ActionHandler, type TemplateResult } from '../../page/view';
import type { SettingField, SettingValue, TargetUsersModel } from '../protocol';
import { buttons, isModified, page, persist, setValue, shown, state } from './state';

function integerOf(text: string): string | number {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

/**
 * The text just typed in an input (by id), while the page is drawn again for it: "007" stays "007"
 * while it means 7. Any other drawing writes the value out, as a page built anew did.
 */
const typed = new Map<string, string>();

/** What an input shows for `value`: the text typed for it, else the value written out. */
function inputText(f: SettingField, value: unknown): string {
  const text = typed.get(`f-${f.name}`);
  if (text !== undefined && (f.kind === 'integer' ? integerOf(text) : text) === value) return text;
  return value === undefined ? '' : String(value);
}

/** The field a control (`data-field`) belongs to. */
function fieldOf(element: HTMLElement): SettingField | undefined {
  const name = element.dataset.field;
  return page.model?.groups.flatMap((g) => g.fields).find((f) => f.name === name);
}

/** What the settings' controls do: checkboxes and radios on `change`, the other inputs on `input`. */
export const settingChangeActions: Readonly<Record<string, ActionHandler>> = {
  check: (element) => {
    const f = fieldOf(element);
    if (f) setValue(f, (element as HTMLInputElement).checked);
  },
  choose: (element) => {
    const f = fieldOf(element);
    const choice = f?.choices?.[Number(element.dataset.choice)];
    if (f && choice && (element as HTMLInputElement).checked) setValue(f, choice.value);
  },
  targetUsers: (element) => {
    state.target.userIds = [...(element as HTMLSelectElement).selectedOptions].map((o) => Number(o.value));
    persist();
    page.redraw();
  },
  targetSkip: (element) => {
    state.target.skip = (element as HTMLInputElement).checked;
    persist();
  },
};

export const settingInputActions: Readonly<Record<string, ActionHandler>> = {
  type: (element) => {
    const f = fieldOf(element);
    const text = (element as HTMLInputElement).value;
    typed.set(element.id, text);
    if (f) setValue(f, f.kind === 'integer' ? integerOf(text) : text);
    typed.clear();
  },
  targetGroups: (element) => {
    state.target.groupIds = (element as HTMLInputElement).value;
    persist();
    page.redraw();
  },
};

// The templates put no whitespace between elements (line breaks only inside tags): each element's
// text is exactly its parts' text, as when the page was built with createElement.
function checkbox(f: SettingField, value: unknown): TemplateResult {
  // prettier-ignore
  return html`<label class="check"
    ><input type="checkbox" id=${`f-${f.name}`} data-action="check" data-field=${f.name}
      .checked=${live(value === true)}
    /><span>${f.label}</span></label
  >`;
}

function choices(f: SettingField, value: unknown): TemplateResult {
  const all = f.choices ?? [];
  const id = `f-${f.name}`;
  const offered = value === undefined || all.some((c) => c.value === value);
  const now = offered
    ? nothing
    : html`<span class="muted">${l10n.t('(now {0}, which this editor does not offer)', String(value))}</span>`;
  // prettier-ignore
  const choice = (c: { value: SettingValue; label: string }, i: number): TemplateResult => html`<label class="choice"
    ><input type="radio" name=${id} id=${`${id}-${c.value}`} data-action="choose" data-field=${f.name}
      data-choice=${i} .checked=${live(value === c.value)}
    /><span>${c.label}</span></label
  >`;
  // prettier-ignore
  return html`<div class="choices" role="radiogroup" aria-labelledby=${`label-${f.name}`}
    >${all.map(choice)}${now}</div
  >`;
}

function textInput(f: SettingField, value: unknown): TemplateResult {
  const type =
    f.kind === 'integer' ? 'number' : f.kind === 'password' ? 'password' : f.name === 'email' ? 'email' : 'text';
  const plain = f.kind !== 'integer' && f.kind !== 'password';
  const autocomplete =
    f.kind !== 'password' ? undefined : f.name === 'old_password' ? 'current-password' : 'new-password';
  return html`<input
    id=${`f-${f.name}`}
    aria-labelledby=${`label-${f.name}`}
    type=${type}
    step=${f.kind === 'integer' ? '1' : nothing}
    autocomplete=${autocomplete ?? nothing}
    spellcheck=${plain ? 'false' : nothing}
    data-action="type"
    data-field=${f.name}
    .value=${live(inputText(f, value))}
  />`;
}

function control(f: SettingField): TemplateResult {
  const value = shown(f);
  if (f.kind === 'boolean') return checkbox(f, value);
  if (f.kind === 'choice') return choices(f, value);
  return textInput(f, value);
}

const emailNote = (): string =>
  l10n.t('The server sends a confirmation mail to the new address; the change happens when you click the link in it.');

export function settingRow(f: SettingField): TemplateResult {
  const label =
    f.kind === 'boolean' ? nothing : html`<div class="setting-label" id=${`label-${f.name}`}>${f.label}</div>`;
  const note = f.name === 'email' ? emailNote() : f.note;
  const noteLine = note ? html`<div class="setting-note muted">${note}</div>` : nothing;
  // prettier-ignore
  return html`<div class=${isModified(f.name) ? 'setting modified' : 'setting'} id=${`row-${f.name}`}
    >${label}${control(f)}${noteLine}<div class="field-error" role="alert">${state.fieldErrors[f.name] || ''}</div
  ></div>`;
}

export function banner(): TemplateResult {
  const b = state.banner;
  if (!b) return html`<div class="banner" id="banner" hidden></div>`;
  const lines = b.lines.map((line) => html`<p>${line}</p>`);
  return html`<div class=${`banner banner-${b.kind}`} id="banner">${lines}</div>`;
}

function usersRow(t: TargetUsersModel, disabled: boolean): TemplateResult {
  // prettier-ignore
  const option = (u: TargetUsersModel['users'][number]): TemplateResult => html`<option value=${String(u.id)}
    .selected=${live(state.target.userIds.includes(u.id))}>${u.email ? `${u.name} <${u.email}>` : u.name}</option>`;
  // prettier-ignore
  return html`<div class="setting"
    ><label class="setting-label" for="target-users">${l10n.t('Users')}</label
    ><select class="users" id="target-users" multiple size=${Math.min(8, Math.max(3, t.users.length))}
      ?disabled=${disabled} data-action="targetUsers">${t.users.map(option)}</select
  ></div>`;
}

function groupsRow(disabled: boolean): TemplateResult {
  // prettier-ignore
  return html`<div class="setting"
    ><label class="setting-label" for="target-groups">${l10n.t('User group ids (comma-separated)')}</label
    ><input id="target-groups" type="text" ?disabled=${disabled} placeholder=${l10n.t('e.g. 12, 15')}
      data-action="targetGroups" .value=${live(state.target.groupIds)}
  /></div>`;
}

function skipRow(disabled: boolean): TemplateResult {
  // prettier-ignore
  return html`<div class="setting"
    ><label class="check"
      ><input id="target-skip" type="checkbox" ?disabled=${disabled} data-action="targetSkip"
        .checked=${live(state.target.skip)}
      /><span>${l10n.t('Skip users who changed these settings themselves')}</span></label
    ><div class="field-error">${state.fieldErrors.target_users || ''}</div
  ></div>`;
}

/** "Apply to other users" (administrators): the changed preferences saved for them (`applyTarget`). */
export function targetSection(t: TargetUsersModel): TemplateResult {
  const disabled = !!t.disabledReason;
  const intro = l10n.t(
    'Administrators: apply the changed preferences (not account settings) to other users or user groups ' +
      'instead of yourself.',
  );
  const warning = disabled ? html`<p class="warning">${t.disabledReason}</p>` : nothing;
  // prettier-ignore
  return html`<section class=${disabled ? 'group target disabled' : 'group target'} id="group-target"
    ><h2>${l10n.t('Apply to other users')}</h2><p class="muted">${intro}</p>${warning}${usersRow(t, disabled)
    }${groupsRow(disabled)}${skipRow(disabled)}<button class="secondary" id="apply-target"
      ?disabled=${buttons().applyDisabled} data-action="applyTarget">${l10n.t('Apply changes to these users')}</button
  ></section>`;
}
