/**
 * The personal settings editor (docs/API.md operation 2): one webview panel showing every setting of
 * `SETTINGS_DESCRIPTION`, grouped, with the store's current values. "Save changes" sends only the
 * changed values; administrators can apply them to other users (`target_users`).
 */
import * as vscode from 'vscode';
import { ApiError, ChatError, ValidationError } from '../../api/errors';
import type { SettingsChanges, TargetUsers } from '../../api/personal/settings';
import { updateSettings } from '../../api/personal/routes';
import { WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import { definePanel, HostedPanel, type PanelHost } from '../host';
import { loadingBody } from '../html';
import { ACCOUNT_SETTINGS, buildSettingsModel, checkChanges, parseGroupIds } from './model';
import { describeError, SIGN_IN_FIRST } from '../../ui/errorMessage';
import { requireSession } from '../../ui/session';
import {
  DidChangeSettingsNotification,
  SaveSettingsRequest,
  type SaveSettingsParams,
  type SaveSettingsResult,
  type SettingsModel,
  type SettingValue,
} from './protocol';

export class SettingsPanel extends HostedPanel {
  static readonly kind = definePanel({
    viewType: WebviewPanels.settings,
    title: () => vscode.l10n.t('Personal Settings'),
    script: 'settings',
    styles: ['settings.css'],
    body: () => loadingBody('settings', 'settings'),
    mode: 'singleton',
    create: (services, view) => new SettingsPanel(services, view),
  });

  /** Values just saved, until the store's `user_settings` events confirm them. */
  readonly #overrides = new Map<string, SettingValue>();
  #model: SettingsModel | undefined;
  #saving: AbortController | undefined;

  /** Opens (or reveals) the editor for the active account. */
  static show(services: Services): SettingsPanel {
    requireSession(services);
    const panel = SettingsPanel.kind.show(services);
    panel.view.reveal();
    panel.#refresh();
    return panel;
  }

  /** The open editor (tests drive it through `save`, as the webview does). */
  static get current(): SettingsPanel | undefined {
    return SettingsPanel.kind.find();
  }

  get model(): SettingsModel | undefined {
    return this.#model;
  }

  private constructor(
    private readonly services: Services,
    view: PanelHost,
  ) {
    super(view);
    this._register(view.host.onRequest(SaveSettingsRequest, (params) => this.save(params)));
    this._register(
      services.sessions.onDidChangeStore((change) => {
        const ownUser = change.userIds.has(services.sessions.current?.store.ownUserId ?? -1);
        if (change.full || ownUser || change.areas.has('userSettings') || change.areas.has('realm')) this.#refresh();
      }),
    );
    this._register(
      services.sessions.onDidChange((current) => {
        if (!current) this.dispose();
        else this.#refresh();
      }),
    );
    this._register({ dispose: () => this.#saving?.abort() });
    view.render();
  }

  #refresh(): void {
    const current = this.services.sessions.current;
    if (!current) return;
    const { store } = current;
    for (const [name, value] of this.#overrides) if (store.userSettings[name] === value) this.#overrides.delete(name);
    const realmName = current.account.realmName || current.account.realmUrl;
    this.#model = buildSettingsModel(store, realmName, this.#overrides);
    this.view.panel.title = vscode.l10n.t('Personal Settings — {0}', realmName);
    this.view.publish(DidChangeSettingsNotification, this.#model);
  }

  /**
   * Checks the changed values, then sends them in one `PATCH /settings`. Nothing is sent when a
   * value is refused; the answer says which field was wrong and what the server ignored.
   */
  async save(params: SaveSettingsParams): Promise<SaveSettingsResult> {
    const current = this.services.sessions.current;
    const empty = { ok: false, fieldErrors: {}, saved: [], ignored: [], notes: [] };
    if (!current) return { ...empty, error: SIGN_IN_FIRST };
    const changes: Record<string, SettingValue> = {};
    for (const [name, value] of Object.entries(params.changes)) {
      // An empty password field is "no change", not an empty password.
      if (ACCOUNT_SETTINGS.has(name) && name.endsWith('password') && value === '') continue;
      changes[name] = value;
    }
    const forOthers = params.target !== undefined;
    const fieldErrors = checkChanges(changes, forOthers);
    let target: TargetUsers | undefined;
    if (params.target) {
      const groupIds = parseGroupIds(params.target.groupIds);
      if (typeof groupIds === 'string') fieldErrors.target_users = groupIds;
      else if (params.target.userIds.length === 0 && groupIds.length === 0)
        fieldErrors.target_users = vscode.l10n.t('Choose the users or groups whose settings to change.');
      else {
        target = {
          ...(params.target.userIds.length ? { user_ids: [...params.target.userIds] } : {}),
          ...(groupIds.length ? { group_ids: groupIds } : {}),
          skip_if_already_edited: params.target.skipIfAlreadyEdited,
        };
      }
    }
    if (Object.keys(fieldErrors).length > 0) return { ...empty, fieldErrors };
    const names = Object.keys(changes);
    if (names.length === 0) return { ...empty, error: vscode.l10n.t('Nothing to save: no setting was changed.') };

    this.#saving?.abort();
    const saving = new AbortController();
    this.#saving = saving;
    // Never log values: they may hold passwords.
    this.services.log.info(
      `Saving settings${forOthers ? ' for other users' : ''}: ` +
        `${names.filter((n) => !n.endsWith('password')).join(', ') || '(password)'}`,
    );
    try {
      const answer = await updateSettings(
        current.client,
        { ...(changes as SettingsChanges), ...(target ? { target_users: target } : {}) },
        { signal: saving.signal, maxRetries: 0 },
      );
      const ignored = answer.ignored_parameters_unsupported ?? [];
      const saved = names.filter((n) => !ignored.includes(n));
      const notes: string[] = [];
      if (forOthers) {
        notes.push(
          params.target?.skipIfAlreadyEdited
            ? vscode.l10n.t('Applied to the chosen users, except those who had changed these settings themselves.')
            : vscode.l10n.t('Applied to the chosen users.'),
        );
      } else {
        for (const n of saved) if (!ACCOUNT_SETTINGS.has(n)) this.#overrides.set(n, changes[n]!);
        if (saved.includes('email')) {
          notes.push(
            vscode.l10n.t(
              'A confirmation mail was sent to {0}. Your address changes when you click the link in it.',
              String(changes.email),
            ),
          );
        }
        if (saved.includes('new_password')) notes.push(vscode.l10n.t('Your password was changed.'));
        this.#refresh();
      }
      return { ok: true, fieldErrors: {}, saved, ignored, notes };
    } catch (error) {
      // Shown in the page, beside the field at fault when there is one: the kit's wording.
      const reason =
        error instanceof ApiError
          ? vscode.l10n.t('The server refused the change: {0}', describeError(error))
          : describeError(error);
      const field =
        error instanceof ValidationError
          ? error.field
          : error instanceof ApiError && typeof error.data.var_name === 'string'
            ? error.data.var_name
            : undefined;
      if (field) return { ...empty, fieldErrors: { [field]: reason } };
      if (error instanceof ValidationError || error instanceof ApiError) return { ...empty, error: reason };
      if (error instanceof ChatError)
        return { ...empty, error: vscode.l10n.t('{0} Your changes are kept; try again.', reason) };
      throw error;
    } finally {
      if (this.#saving === saving) this.#saving = undefined;
    }
  }
}
