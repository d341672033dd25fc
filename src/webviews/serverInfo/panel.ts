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
import { requireSession } from '../../ui/session';
import { definePanel, HostedPanel, type PanelHost } from '../host';
import { loadingBody, realmImageOrigins } from '../html';
import { buildServerInfoModel } from './model';
import { DidChangeServerInfoNotification, type ServerInfoModel } from './protocol';

/** Fetches the server settings of `realmUrl`, through the active session's client when it is that server. */
export async function fetchServerInfo(
  services: Services,
  realmUrl: string | undefined,
  signal?: AbortSignal,
): Promise<ServerInfoModel> {
  const current = services.sessions.current;
  // Without a server asked for, the live session's (else the kit's "sign in first").
  realmUrl ??= requireSession(services).account.realmUrl;
  if (current && sameRealm(realmUrl, current.account.realmUrl)) {
    const settings = await getServerSettings(current.client, { signal });
    return buildServerInfoModel(
      settings,
      current.account.realmUrl,
      `${current.account.fullName} <${current.account.email}>`,
    );
  }
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

export class ServerInfoPanel extends HostedPanel {
  static readonly kind = definePanel({
    viewType: WebviewPanels.serverInfo,
    title: () => vscode.l10n.t('Server Information'),
    script: 'serverInfo',
    styles: ['serverInfo.css'],
    body: () => loadingBody('info', 'server-info'),
    mode: 'singleton',
    create: (_services, view) => new ServerInfoPanel(view),
  });

  #model: ServerInfoModel | undefined;
  /** The image origins the page was rendered with (undefined: not rendered yet). */
  #imageOrigins: string | undefined;

  /** Shows `model` (opening the panel if needed). */
  static show(services: Services, model: ServerInfoModel): ServerInfoPanel {
    const panel = ServerInfoPanel.kind.show(services);
    panel.#set(model);
    panel.view.reveal();
    return panel;
  }

  /** What the open panel shows (tests). */
  static get currentModel(): ServerInfoModel | undefined {
    const open = ServerInfoPanel.kind.find();
    return open ? open.#model : undefined;
  }

  private constructor(view: PanelHost) {
    super(view);
  }

  #set(model: ServerInfoModel): void {
    this.#model = model;
    this.view.panel.title = vscode.l10n.t('Server: {0}', model.realmName ?? new URL(model.realmUrl).host);
    // The CSP allows https images anyway; a plain-http realm's own origin is added explicitly.
    const imageOrigins = realmImageOrigins(model.realmUrl);
    if (imageOrigins.join(' ') !== this.#imageOrigins) {
      this.#imageOrigins = imageOrigins.join(' ');
      this.view.render({ imageOrigins });
    }
    this.view.publish(DidChangeServerInfoNotification, model);
  }
}
