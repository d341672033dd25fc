/**
 * Server information (SPEC.md operation 22, `GET /server_settings`): version, feature level,
 * authentication methods and the organisation's name, icon and description. Works before sign-in
 * (any server URL) and after (the active account's server, through its client).
 */
import * as vscode from 'vscode';
import { ChatClient } from '../../api/client';
import { getServerSettings } from '../../api/routes/server';
import { WebviewPanels } from '../../constants';
import type { Services } from '../../services';
import { WebviewHost } from '../host';
import { renderHtml, webviewOptions } from '../html';
import { buildServerInfoModel } from './model';
import { DidChangeServerInfoNotification, type ServerInfoModel } from './protocol';

const BODY = `<main id="info" class="server-info" aria-live="polite"><p class="muted">Loading…</p></main>`;

/** Fetches the server settings of `realmUrl`, through the active session's client when it is that server. */
export async function fetchServerInfo(services: Services, realmUrl: string | undefined, token?: vscode.CancellationToken): Promise<ServerInfoModel> {
  const controller = new AbortController();
  const sub = token?.onCancellationRequested(() => controller.abort());
  const current = services.sessions.current;
  try {
    if (current && (realmUrl === undefined || sameRealm(realmUrl, current.account.realmUrl))) {
      const settings = await getServerSettings(current.client, { signal: controller.signal });
      return buildServerInfoModel(settings, current.account.realmUrl, `${current.account.fullName} <${current.account.email}>`);
    }
    if (realmUrl === undefined) throw new Error('Enter a server URL, or sign in first.');
    // No credentials: `/server_settings` needs none, and none are sent.
    const client = new ChatClient({ realmUrl, email: '', apiKey: '', maxRetries: 1, timeoutMs: 15_000 });
    try {
      const settings = await getServerSettings(client, { signal: controller.signal });
      return buildServerInfoModel(settings, realmUrl);
    } finally {
      await client.close();
    }
  } finally {
    sub?.dispose();
  }
}

function sameRealm(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

export class ServerInfoPanel implements vscode.Disposable {
  static #current: ServerInfoPanel | undefined;

  readonly #panel: vscode.WebviewPanel;
  readonly #host: WebviewHost;
  readonly #disposables: vscode.Disposable[] = [];
  #model: ServerInfoModel | undefined;
  #imageOrigin: string | undefined;

  /** Shows `model` (opening the panel if needed). */
  static show(services: Services, model: ServerInfoModel): ServerInfoPanel {
    const panel = (ServerInfoPanel.#current ??= new ServerInfoPanel(services));
    panel.#set(model);
    panel.#panel.reveal(vscode.ViewColumn.Active);
    return panel;
  }

  /** What the open panel shows (tests). */
  static get currentModel(): ServerInfoModel | undefined {
    const panel = ServerInfoPanel.#current;
    return panel ? panel.#model : undefined;
  }

  private constructor(private readonly services: Services) {
    this.#panel = vscode.window.createWebviewPanel(WebviewPanels.serverInfo, 'Server Information', vscode.ViewColumn.Active, {
      ...webviewOptions(services.context.extensionUri),
      retainContextWhenHidden: false,
    });
    this.#host = new WebviewHost(this.#panel.webview, services.log);
    this.#disposables.push(
      this.#host,
      this.#host.onDidBecomeReady(() => this.#post()),
      this.#panel.onDidDispose(() => this.dispose()),
      this.#panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.#host.reset();
      }),
    );
    services.context.subscriptions.push(this);
  }

  #set(model: ServerInfoModel): void {
    this.#model = model;
    this.#panel.title = `Server: ${model.realmName ?? new URL(model.realmUrl).host}`;
    // The CSP allows https images anyway; a plain-http realm's own origin is added explicitly.
    const origin = new URL(model.realmUrl).origin;
    const imageOrigin = origin.startsWith('http:') ? origin : undefined;
    if (this.#panel.webview.html === '' || imageOrigin !== this.#imageOrigin) {
      this.#imageOrigin = imageOrigin;
      this.#host.reset();
      this.#panel.webview.html = renderHtml(this.#panel.webview, this.services.context.extensionUri, {
        title: 'Server Information',
        styles: ['serverInfo.css'],
        scripts: ['serverInfo.js'],
        body: BODY,
        imageOrigins: imageOrigin ? [imageOrigin] : [],
      });
    }
    this.#post();
  }

  #post(): void {
    if (this.#model) this.#host.notify(DidChangeServerInfoNotification, this.#model);
  }

  dispose(): void {
    if (ServerInfoPanel.#current === this) ServerInfoPanel.#current = undefined;
    const disposables = this.#disposables.splice(0);
    for (const d of disposables) d.dispose();
    this.#panel.dispose();
  }
}
