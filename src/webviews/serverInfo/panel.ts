/**
 * Server information (docs/API.md operation 22, `GET /server_settings`): version, feature level,
 * authentication methods and the organisation's name, icon and description. Works before sign-in
 * (any server URL) and after (the active account's server, through its client).
 */
import * as vscode from 'vscode';
import { loadClient } from '../../api/load';
import { getServerSettings } from '../../api/server/routes';
import { WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import { SignInRequiredError } from '../../ui/errorMessage';
import { PanelHost } from '../host';
import { realmImageOrigins } from '../html';
import { buildServerInfoModel } from './model';
import { DidChangeServerInfoNotification, type ServerInfoModel } from './protocol';
import { escapeHtml } from '../sanitize';

const body = (): string =>
  `<main id="info" class="server-info" aria-live="polite">` +
  `<p class="muted">${escapeHtml(vscode.l10n.t('Loading…'))}</p></main>`;

/** Fetches the server settings of `realmUrl`, through the active session's client when it is that server. */
export async function fetchServerInfo(
  services: Services,
  realmUrl: string | undefined,
  signal?: AbortSignal,
): Promise<ServerInfoModel> {
  const current = services.sessions.current;
  if (current && (realmUrl === undefined || sameRealm(realmUrl, current.account.realmUrl))) {
    const settings = await getServerSettings(current.client, { signal });
    return buildServerInfoModel(
      settings,
      current.account.realmUrl,
      `${current.account.fullName} <${current.account.email}>`,
    );
  }
  if (realmUrl === undefined) throw new SignInRequiredError();
  // No credentials: `/server_settings` needs none, and none are sent.
  const { ChatClient } = await loadClient();
  const client = new ChatClient({ realmUrl, email: '', apiKey: '', maxRetries: 1, timeoutMs: 15_000 });
  try {
    const settings = await getServerSettings(client, { signal });
    return buildServerInfoModel(settings, realmUrl);
  } finally {
    await client.close();
  }
}

function sameRealm(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

export class ServerInfoPanel implements vscode.Disposable {
  static #current: ServerInfoPanel | undefined;

  readonly #view: PanelHost;
  #model: ServerInfoModel | undefined;
  /** The image origins the page was rendered with (undefined: not rendered yet). */
  #imageOrigins: string | undefined;

  /** Shows `model` (opening the panel if needed). */
  static show(services: Services, model: ServerInfoModel): ServerInfoPanel {
    const panel = (ServerInfoPanel.#current ??= new ServerInfoPanel(services));
    panel.#set(model);
    panel.#view.reveal();
    return panel;
  }

  /** What the open panel shows (tests). */
  static get currentModel(): ServerInfoModel | undefined {
    const panel = ServerInfoPanel.#current;
    return panel ? panel.#model : undefined;
  }

  private constructor(services: Services) {
    this.#view = PanelHost.create(
      services.context.extensionUri,
      services.log,
      WebviewPanels.serverInfo,
      vscode.l10n.t('Server Information'),
    );
    this.#view.own(this.#view.onDidDispose(() => this.dispose()));
    services.context.subscriptions.push(this);
  }

  #set(model: ServerInfoModel): void {
    this.#model = model;
    this.#view.panel.title = vscode.l10n.t('Server: {0}', model.realmName ?? new URL(model.realmUrl).host);
    // The CSP allows https images anyway; a plain-http realm's own origin is added explicitly.
    const imageOrigins = realmImageOrigins(model.realmUrl);
    if (imageOrigins.join(' ') !== this.#imageOrigins) {
      this.#imageOrigins = imageOrigins.join(' ');
      this.#view.render({
        title: vscode.l10n.t('Server Information'),
        styles: ['serverInfo.css'],
        script: 'serverInfo',
        body: body(),
        imageOrigins,
      });
    }
    this.#view.publish(DidChangeServerInfoNotification, model);
  }

  dispose(): void {
    if (ServerInfoPanel.#current === this) ServerInfoPanel.#current = undefined;
    this.#view.dispose();
  }
}
