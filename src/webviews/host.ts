/**
 * The host side of a webview's protocol: holds notifications until the webview says `ready`
 * (a post before that is lost), keeps only the latest of each notification method while waiting,
 * answers `openLink` (http, https and mailto only, opened through VS Code), and dispatches other
 * requests to handlers. {@link PanelHost} adds what every panel of ours shares: the options, no
 * retained context, the page's HTML, and its latest state posted again after each reload.
 */
import * as vscode from 'vscode';
import { renderHtml, webviewOptions, type PageSpec } from './html';
import { describeError } from '../ui/errorMessage';
import {
  OpenLinkRequest,
  ReadyCommand,
  type NotificationMessage,
  type NotificationType,
  type RequestType,
} from './protocol';
import { Disposable } from '../base/lifecycle';

const OPENABLE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True for the links a webview may ask the host to open. */
export function isOpenableLink(href: string): boolean {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(href, true);
  } catch {
    return false;
  }
  return OPENABLE_SCHEMES.has(uri.scheme.toLowerCase()) && !/[\u0000-\u001f]/.test(href);
}

type Handler = (message: unknown) => Promise<void> | void;

export class WebviewHost extends Disposable {
  #ready = false;
  readonly #pending = new Map<string, NotificationMessage<unknown>>();
  readonly #handlers: Handler[] = [];
  readonly #onDidBecomeReady = this._register(new vscode.EventEmitter<void>());
  /** The webview (re)loaded its script: post its state again. */
  readonly onDidBecomeReady = this.#onDidBecomeReady.event;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(webview.onDidReceiveMessage((m: unknown) => void this.#receive(m)));
    this.onRequest(OpenLinkRequest, async ({ href }) => {
      if (!isOpenableLink(href)) {
        this.log.warn(`A webview asked to open a link with a refused scheme: ${href.slice(0, 80)}`);
        return { opened: false };
      }
      return { opened: await vscode.env.openExternal(vscode.Uri.parse(href, true)) };
    });
  }

  get ready(): boolean {
    return this.#ready;
  }

  /** The page is about to be replaced (new HTML): wait for its `ready` again. */
  reset(): void {
    this.#ready = false;
  }

  /** Posts now if the webview is ready, else when it is (the latest per method). */
  notify<P>(type: NotificationType<P>, params: P): void {
    const message = type.create(params);
    if (!this.#ready) {
      this.#pending.set(type.method, message);
      return;
    }
    void this.webview.postMessage(message);
  }

  onRequest<P, R>(type: RequestType<P, R>, handler: (params: P) => Promise<R> | R): void {
    this.#handlers.push(async (m) => {
      if (!type.is(m)) return;
      try {
        const result = await handler(m.params);
        void this.webview.postMessage(type.reply(m.id, result));
      } catch (error) {
        void this.webview.postMessage(type.fail(m.id, describeError(error)));
      }
    });
  }

  async #receive(message: unknown): Promise<void> {
    if (ReadyCommand.is(message)) {
      this.#ready = true;
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const m of pending) void this.webview.postMessage(m);
      this.#onDidBecomeReady.fire();
      return;
    }
    for (const handle of this.#handlers) await handle(message);
  }
}

/**
 * A webview panel with its protocol host. Resources only from `media/`; no retained context, so a
 * hidden page is dropped and, shown again, reloads and says `ready`: the latest {@link publish}ed
 * state of each method is then posted again. Disposing the panel (the user closes it) disposes
 * this and everything handed to {@link own}.
 */
export class PanelHost extends Disposable {
  readonly host: WebviewHost;
  readonly #published = new Map<string, () => void>();
  readonly #onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.#onDidDispose.event;
  #disposing = false;

  /** A new panel in the active column. */
  static create(extensionUri: vscode.Uri, log: vscode.LogOutputChannel, viewType: string, title: string): PanelHost {
    const panel = vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, {
      ...webviewOptions(extensionUri),
      retainContextWhenHidden: false,
    });
    return new PanelHost(panel, extensionUri, log);
  }

  /** Adopts `panel` (also one VS Code restored after a reload). */
  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    log: vscode.LogOutputChannel,
  ) {
    super();
    panel.webview.options = webviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.svg');
    this.host = this._register(new WebviewHost(panel.webview, log));
    this._register(
      this.host.onDidBecomeReady(() => {
        for (const post of this.#published.values()) post();
      }),
    );
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) this.host.reset();
      }),
    );
  }

  get webview(): vscode.Webview {
    return this.panel.webview;
  }

  /** Loads the page (a fresh nonce each time); the host waits for its `ready` again. */
  render(page: PageSpec): void {
    this.host.reset();
    this.panel.webview.html = renderHtml(this.panel.webview, this.extensionUri, page);
  }

  /** Posts `params` now (or once the page is ready) and again after every reload of the page. */
  publish<P>(type: NotificationType<P>, params: P): void {
    const post = () => this.host.notify(type, params);
    this.#published.set(type.method, post);
    post();
  }

  /** Disposed with the panel. */
  own(...disposables: vscode.Disposable[]): void {
    for (const d of disposables) this._register(d);
  }

  reveal(): void {
    this.panel.reveal(vscode.ViewColumn.Active);
  }

  override dispose(): void {
    // Listeners may dispose again while hearing of it.
    if (this.#disposing) return;
    this.#disposing = true;
    // Owners hear of it before what they handed to `own()` goes.
    this.#onDidDispose.fire();
    this.#onDidDispose.dispose();
    super.dispose();
    this.panel.dispose();
  }
}
