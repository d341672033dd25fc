/**
 * The profile card: one webview panel, reused for whichever user is shown. Content is built in
 * the host (sanitised) and posted after the webview says `ready`; it follows the store while open.
 */
import * as vscode from 'vscode';
import type { User } from '../../api/users/models';
import { getUserByEmail } from '../../api/users/routes';
import { Commands, WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { definePanel, HostedPanel, type PanelHost } from '../host';
import { loadingBody, realmImageOrigins } from '../html';
import { buildProfileModel } from './model';
import { requireSession } from '../../ui/session';
import { describeError } from '../../ui/errorMessage';
import { DidChangeProfileNotification, SendDirectMessageCommand, type ProfileModel } from './protocol';

export class ProfileCardPanel extends HostedPanel {
  static readonly kind = definePanel({
    viewType: WebviewPanels.profileCard,
    title: () => vscode.l10n.t('Profile'),
    script: 'profileCard',
    styles: ['profileCard.css'],
    body: () => loadingBody('card', 'profile-card'),
    mode: 'singleton',
    create: (services, view) => new ProfileCardPanel(services, view),
  });

  #userId = 0;
  #full: { userId: number; user: User; warning?: string } | undefined;
  #model: ProfileModel | undefined;
  #loading: AbortController | undefined;

  /** Shows `userId` in the card (opening it if needed); resolves with what the card shows. */
  static async show(services: Services, userId: number): Promise<ProfileModel> {
    const current = requireSession(services);
    if (!current.store.user(userId))
      throw new Error(vscode.l10n.t('No user with id {0} in this organization.', userId));
    const card = ProfileCardPanel.kind.show(services);
    card.view.reveal();
    return card.#load(current, userId);
  }

  /** The model the open card shows (tests). */
  static get currentModel(): ProfileModel | undefined {
    const open = ProfileCardPanel.kind.find();
    return open ? open.#model : undefined;
  }

  private constructor(
    private readonly services: Services,
    view: PanelHost,
  ) {
    super(view);
    this._register(
      services.sessions.onDidChangeStore((change) => {
        if (change.full || change.userIds.has(this.#userId) || change.areas.has('customProfileFields')) this.#refresh();
      }),
    );
    this._register(
      services.sessions.onDidChange((current) => {
        if (!current) this.dispose();
      }),
    );
    // Only the user the card shows: a stale page cannot pick someone else.
    this._register(
      view.host.onCommand(SendDirectMessageCommand, ({ userId }) => {
        if (userId === this.#userId) void vscode.commands.executeCommand(Commands.sendDirectMessage, userId);
      }),
    );
    this._register({ dispose: () => this.#loading?.abort() });
    view.render({ imageOrigins: realmImageOrigins(services.sessions.current?.account.realmUrl) });
  }

  async #load(current: CurrentSession, userId: number): Promise<ProfileModel> {
    this.#loading?.abort();
    const loading = new AbortController();
    this.#loading = loading;
    this.#userId = userId;
    this.#full = undefined;
    const stored = current.store.user(userId)!;
    this.view.panel.title = stored.full_name;
    this.#refresh();
    let warning: string | undefined;
    let user = stored;
    try {
      user = (
        await getUserByEmail(
          current.client,
          { email: stored.email, include_custom_profile_fields: true, client_gravatar: false },
          { signal: loading.signal },
        )
      ).user;
    } catch (error) {
      warning = vscode.l10n.t('Could not load the full profile: {0}', describeError(error));
    }
    if (loading.signal.aborted) return this.#model!;
    this.#full = { userId, user, warning };
    this.#refresh();
    return this.#model!;
  }

  /** Rebuilds the model from the store (live presence and status) and the loaded record. */
  #refresh(): void {
    const current = this.services.sessions.current;
    if (!current) return;
    const { store } = current;
    const full = this.#full?.userId === this.#userId ? this.#full : undefined;
    const stored = store.user(this.#userId);
    const user =
      full && stored
        ? { ...full.user, ...withoutProfile(stored), profile_data: full.user.profile_data ?? stored.profile_data }
        : (stored ?? full?.user);
    if (!user) return;
    this.#model = buildProfileModel({
      user,
      status: store.status(this.#userId),
      presence: store.presence(this.#userId),
      ownUserId: store.ownUserId,
      realmUrl: current.account.realmUrl,
      fieldDefs: store.customProfileFields(),
      userName: (id) => store.user(id)?.full_name,
      warning: full?.warning,
    });
    this.view.panel.title = user.full_name;
    this.view.publish(DidChangeProfileNotification, this.#model);
  }
}

function withoutProfile<T extends { profile_data?: unknown }>(user: T): Omit<T, 'profile_data'> {
  const { profile_data: _ignored, ...rest } = user;
  return rest;
}
