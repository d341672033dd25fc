/**
 * The personal settings page (host: ../panel.ts). Sends `settings/save`; receives
 * `settings/didChange`. All text goes in through textContent.
 */
import * as l10n from '@vscode/l10n';
import { el, onNotification, ready, request } from '../../page/common';
import {
  ACCOUNT_SETTINGS,
  DidChangeSettingsNotification,
  SaveSettingsRequest,
  type SaveSettingsResult,
} from '../protocol';
import { banner, settingRow, targetSection } from './controls';
import { changes, isSecret, page, persist, secrets, state, updateButtons, type Banner } from './state';

const root = document.getElementById('settings') as HTMLElement;

function render(): void {
  const model = page.model!;
  const active = document.activeElement;
  const focusId = active && active.id ? active.id : undefined;
  const caret =
    active instanceof HTMLInputElement && active.type !== 'number' && active.type !== 'email'
      ? active.selectionStart
      : null;

  const header = el('header', 'toolbar');
  const titles = el('div');
  titles.append(
    el('h1', undefined, l10n.t('Personal Settings')),
    el('div', 'muted', `${model.email} · ${model.realmName}`),
  );
  const buttons = el('div', 'buttons');
  const saveButton = el('button', 'primary', l10n.t('Save changes'));
  saveButton.id = 'save';
  saveButton.addEventListener('click', () => void save(false));
  const discard = el('button', 'secondary', l10n.t('Discard'));
  discard.id = 'discard';
  discard.addEventListener('click', () => {
    state.dirty = {};
    state.fieldErrors = {};
    state.banner = undefined;
    secrets.old_password = '';
    secrets.new_password = '';
    persist();
    render();
  });
  buttons.append(saveButton, discard);
  header.append(titles, buttons);

  const nav = el('nav', 'groups-nav');
  const groups: HTMLElement[] = [];
  for (const g of model.groups) {
    const a = el('a', undefined, g.title);
    a.href = `#group-${g.id}`;
    nav.append(a);
    const section = el('section', 'group');
    section.id = `group-${g.id}`;
    section.append(el('h2', undefined, g.title));
    for (const f of g.fields) section.append(settingRow(f));
    groups.push(section);
  }
  if (model.target.visible) {
    const a = el('a', undefined, l10n.t('Other users'));
    a.href = '#group-target';
    nav.append(a);
    groups.push(targetSection(model.target, () => void save(true)));
  }
  root.replaceChildren(header, banner(), nav, ...groups);
  updateButtons();

  if (focusId) {
    const again = document.getElementById(focusId);
    if (again) {
      again.focus();
      if (caret !== null && again instanceof HTMLInputElement) again.setSelectionRange(caret, caret);
    }
  }
}

/** Saves the changes (for oneself, or the preferences for the chosen users), then shows the outcome. */
async function save(forOthers: boolean): Promise<void> {
  if (page.saving) return;
  let sent = changes();
  if (forOthers) sent = Object.fromEntries(Object.entries(sent).filter(([n]) => !ACCOUNT_SETTINGS.has(n)));
  page.saving = true;
  state.banner = undefined;
  updateButtons();
  let r: SaveSettingsResult | undefined;
  let failure: string | undefined;
  try {
    r = await request(SaveSettingsRequest, {
      changes: sent,
      ...(forOthers
        ? {
            target: {
              userIds: state.target.userIds,
              groupIds: state.target.groupIds,
              skipIfAlreadyEdited: state.target.skip,
            },
          }
        : {}),
    });
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  }
  page.saving = false;
  if (failure !== undefined || !r) {
    state.banner = {
      kind: 'error',
      lines: [failure || l10n.t('The settings could not be saved.'), l10n.t('Your changes are kept.')],
    };
  } else {
    state.fieldErrors = { ...r.fieldErrors };
    const lines: string[] = [];
    let kind: Banner['kind'] = 'info';
    if (r.ok) {
      for (const n of [...r.saved, ...r.ignored]) {
        delete state.dirty[n];
        if (isSecret(n)) secrets[n] = '';
      }
      if (r.saved.includes('new_password')) secrets.old_password = '';
      lines.push(
        r.saved.length === 0
          ? l10n.t('Nothing was saved.')
          : r.saved.length === 1
            ? l10n.t('Saved: 1 setting.')
            : l10n.t('Saved: {0} settings.', r.saved.length),
      );
      lines.push(...r.notes);
      if (r.ignored.length) {
        kind = 'warning';
        lines.push(l10n.t('The server ignored: {0} — it may be too old for these settings.', r.ignored.join(', ')));
      }
    } else {
      kind = 'error';
      lines.push(
        r.error || l10n.t('Some values were not accepted; see the messages next to the fields. Nothing was sent.'),
      );
    }
    state.banner = { kind, lines };
  }
  persist();
  render();
  const first = Object.keys(state.fieldErrors)[0];
  const target = first
    ? document.getElementById(first === 'target_users' ? 'target-users' : `row-${first}`)
    : document.getElementById('banner');
  if (target && target.scrollIntoView) target.scrollIntoView({ block: 'nearest' });
}

onNotification(DidChangeSettingsNotification, (params) => {
  page.model = params;
  render();
});
ready();
