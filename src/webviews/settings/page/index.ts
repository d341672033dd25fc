/**
 * The personal settings page (host: ../panel.ts). Sends `settings/save`; receives
 * `settings/didChange`. Drawn with lit-html templates (text escaped), drawn again after every change.
 */
import * as l10n from '@vscode/l10n';
import { onNotification, ready, request, startPage } from '../../page/common';
import { delegate, html, nothing, renderInto, type TemplateResult } from '../../page/view';
import {
  ACCOUNT_SETTINGS,
  DidChangeSettingsNotification,
  SaveSettingsRequest,
  type SaveSettingsResult,
  type SettingsModel,
} from '../protocol';
import { banner, settingChangeActions, settingInputActions, settingRow, targetSection } from './controls';
import { buttons, changes, isSecret, loadState, page, persist, secrets, state, type Banner } from './state';

const root = document.getElementById('settings') as HTMLElement;

// The templates put no whitespace between elements (line breaks only inside tags): each element's
// text is exactly its parts' text, as when the page was built with createElement.
function header(model: SettingsModel): TemplateResult {
  const b = buttons();
  // prettier-ignore
  return html`<header class="toolbar"
    ><div><h1>${l10n.t('Personal Settings')}</h1><div class="muted">${`${model.email} · ${model.realmName}`}</div></div
    ><div class="buttons"
      ><button class="primary" id="save" ?disabled=${b.saveDisabled} data-action="save">${b.save}</button
      ><button class="secondary" id="discard" ?disabled=${b.discardDisabled} data-action="discard"
        >${l10n.t('Discard')}</button
    ></div
  ></header>`;
}

function groups(model: SettingsModel): TemplateResult {
  const target = model.target.visible;
  const link = (id: string, title: string): TemplateResult => html`<a href=${`#group-${id}`}>${title}</a>`;
  const other = target ? link('target', l10n.t('Other users')) : nothing;
  // prettier-ignore
  return html`<nav class="groups-nav">${model.groups.map((g) => link(g.id, g.title))}${other}</nav
    >${model.groups.map((g) => html`<section class="group" id=${`group-${g.id}`}
      ><h2>${g.title}</h2>${g.fields.map(settingRow)}</section
    >`)}${target ? targetSection(model.target) : nothing}`;
}

function render(): void {
  const model = page.model;
  if (!model) return;
  const active = document.activeElement;
  const focusId = active && active.id ? active.id : undefined;
  const caret =
    active instanceof HTMLInputElement && active.type !== 'number' && active.type !== 'email'
      ? active.selectionStart
      : null;

  renderInto(html`${header(model)}${banner()}${groups(model)}`, root);

  // Drawn again, a control keeps its element; one that was drawn anew gets the focus and caret back.
  const again = focusId ? document.getElementById(focusId) : null;
  if (again && again !== document.activeElement) {
    again.focus();
    if (caret !== null && again instanceof HTMLInputElement) again.setSelectionRange(caret, caret);
  }
}

function discard(): void {
  state.dirty = {};
  state.fieldErrors = {};
  state.banner = undefined;
  secrets.old_password = '';
  secrets.new_password = '';
  persist();
  render();
}

/** Saves the changes (for oneself, or the preferences for the chosen users), then shows the outcome. */
async function save(forOthers: boolean): Promise<void> {
  if (page.saving) return;
  let sent = changes();
  if (forOthers) sent = Object.fromEntries(Object.entries(sent).filter(([n]) => !ACCOUNT_SETTINGS.has(n)));
  page.saving = true;
  state.banner = undefined;
  render();
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

/** The settings page: the shared start, the saved changes, the controls' actions, then the host's model. */
class SettingsPage {
  start(): void {
    startPage();
    loadState();
    page.redraw = render;
    delegate(root, {
      save: () => void save(false),
      discard,
      applyTarget: () => void save(true),
    });
    delegate(root, settingChangeActions, 'change');
    delegate(root, settingInputActions, 'input');
    onNotification(DidChangeSettingsNotification, (params) => {
      page.model = params;
      render();
    });
    ready();
  }
}

new SettingsPage().start();
