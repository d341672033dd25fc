/**
 * The profile card: one webview panel, reused for whichever user is shown. Content is built in
 * the host (sanitised) and posted after the webview says `ready`; it follows the store while open.
 */
import * as vscode from 'vscode';
import type { User } from '../api/models/user';
import { getUserByEmail } from '../api/routes/users';
import { WebviewPanels } from '../constants';
import type { Services } from '../services';
import type { CurrentSession } from '../session/manager';
import { WebviewHost } from './host';
import { renderHtml, webviewOptions } from './html';
import { buildProfileModel, loadProfileFieldDefs, type ProfileFieldDef } from './profileModel';
import { DidChangeProfileNotification, type ProfileModel } from './protocol';

const BODY = `<main id="card" class="profile-card" aria-live="polite"><p class="muted">Loading…</p></main>`;

export class ProfileCardPanel implements vscode.Disposable {
  static #current: ProfileCardPanel | undefined;

  readonly #panel: vscode.WebviewPanel;
  readonly #host: WebviewHost;
  readonly #disposables: vscode.Disposable[] = [];
  #userId = 0;
  #full: { userId: number; user: User; fieldDefs?: ProfileFieldDef[]; warning?: string } | undefined;
  #model: ProfileModel | undefined;
  #loading: AbortController | undefined;

  /** Shows `userId` in the card (opening it if needed); resolves with what the card shows. */
  static async show(services: Services, userId: number): Promise<ProfileModel> {
    const current = services.sessions.current;
    if (!current) throw new Error('Sign in to see profiles.');
    if (!current.store.user(userId)) throw new Error(`No user with id ${userId} in this organization.`);
    const card = (ProfileCardPanel.#current ??= new ProfileCardPanel(services));
    card.#panel.reveal(vscode.ViewColumn.Active);
    return card.#load(current, userId);
  }

  /** The model the open card shows (tests). */
  static get currentModel(): ProfileModel | undefined {
    const card = ProfileCardPanel.#current;
    return card ? card.#model : undefined;
  }

  private constructor(private readonly services: Services) {
    const { extensionUri } = services.context;
    this.#panel = vscode.window.createWebviewPanel(WebviewPanels.profileCard, 'Profile', vscode.ViewColumn.Active, {
      ...webviewOptions(extensionUri),
      retainContextWhenHidden: false,
    });
    this.#host = new WebviewHost(this.#panel.webview, services.log);
    this.#disposables.push(
      this.#host,
      this.#host.onDidBecomeReady(() => this.#post()),
      this.#panel.onDidDispose(() => this.dispose()),
      // A hidden panel without retained context reloads its page (and says `ready`) when shown again.
      this.#panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.#host.reset();
      }),
      services.sessions.onDidChangeStore((change) => {
        if (change.full || change.userIds.has(this.#userId)) this.#refresh();
      }),
      services.sessions.onDidChange((current) => {
        if (!current) this.#panel.dispose();
      }),
    );
    services.context.subscriptions.push(this);
    this.#render();
  }

  #render(): void {
    const realmUrl = this.services.sessions.current?.account.realmUrl;
    const origin = realmUrl ? new URL(realmUrl).origin : undefined;
    this.#host.reset();
    this.#panel.webview.html = renderHtml(this.#panel.webview, this.services.context.extensionUri, {
      title: 'Profile',
      styles: ['profileCard.css'],
      scripts: ['profileCard.js'],
      body: BODY,
      imageOrigins: origin?.startsWith('http:') ? [origin] : [],
    });
  }

  async #load(current: CurrentSession, userId: number): Promise<ProfileModel> {
    this.#loading?.abort();
    const loading = new AbortController();
    this.#loading = loading;
    this.#userId = userId;
    this.#full = undefined;
    const stored = current.store.user(userId)!;
    this.#panel.title = stored.full_name;
    this.#refresh();
    let warning: string | undefined;
    let user = stored;
    let fieldDefs: ProfileFieldDef[] | undefined;
    const [full, defs] = await Promise.allSettled([
      getUserByEmail(current.client, { email: stored.email, include_custom_profile_fields: true, client_gravatar: false }, { signal: loading.signal }),
      loadProfileFieldDefs(current.client, loading.signal),
    ]);
    if (loading.signal.aborted) return this.#model!;
    if (full.status === 'fulfilled') user = full.value.user;
    else warning = `Could not load the full profile: ${messageOf(full.reason)}`;
    if (defs.status === 'fulfilled') fieldDefs = defs.value;
    else warning ??= `Could not load the profile field names: ${messageOf(defs.reason)}`;
    this.#full = { userId, user, fieldDefs, warning };
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
    const user = full && stored ? { ...full.user, ...withoutProfile(stored), profile_data: full.user.profile_data ?? stored.profile_data } : (stored ?? full?.user);
    if (!user) return;
    this.#model = buildProfileModel({
      user,
      status: store.status(this.#userId),
      presence: store.presence(this.#userId),
      ownUserId: store.ownUserId,
      realmUrl: current.account.realmUrl,
      fieldDefs: full?.fieldDefs,
      userName: (id) => store.user(id)?.full_name,
      warning: full?.warning,
    });
    this.#panel.title = user.full_name;
    this.#post();
  }

  #post(): void {
    if (this.#model) this.#host.notify(DidChangeProfileNotification, this.#model);
  }

  dispose(): void {
    if (ProfileCardPanel.#current === this) ProfileCardPanel.#current = undefined;
    this.#loading?.abort();
    const disposables = this.#disposables.splice(0);
    for (const d of disposables) d.dispose();
    this.#panel.dispose();
  }
}

function withoutProfile<T extends { profile_data?: unknown }>(user: T): Omit<T, 'profile_data'> {
  const { profile_data: _ignored, ...rest } = user;
  return rest;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
