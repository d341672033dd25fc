/**
 * The one webview contract, host side. {@link WebviewHost} speaks a page's protocol: it holds
 * notifications until the page says `ready` (a post before that is lost), keeping only the latest of
 * each method while waiting; it answers `openLink` (http, https and mailto only, opened through VS
 * Code); and it dispatches the page's commands and requests to the one handler registered for each
 * (disposable). {@link definePanel} declares a kind of panel once (view type, title, page, styles,
 * singleton or keyed, restored after a reload or not); every panel is created or restored through
 * it, as a {@link PanelHost}: the options, no retained context, the page's HTML, and its latest
 * state posted again after each reload. This is the only file that creates panels or listens to a
 * webview's messages (a lint rule).
 */
import * as vscode from 'vscode';
import { Disposable, toDisposable, type IDisposable } from '../base/lifecycle';
import { Emitter, type Event } from '../base/event';
import { isRecord } from '../guards';
import type { Services } from '../services';
import { renderHtml, webviewOptions } from './html';
import type { WebviewPage } from './pages';
import { describeError } from '../ui/errorMessage';
import {
  OpenLinkRequest,
  ReadyCommand,
  type CommandType,
  type NotificationMessage,
  type NotificationType,
  type RequestType,
} from './protocol';

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

type Handler = (message: unknown) => void;

export class WebviewHost extends Disposable {
  #ready = false;
  readonly #pending = new Map<string, NotificationMessage<unknown>>();
  /** One handler per method: a command or request handled twice is a mistake. */
  readonly #handlers = new Map<string, Handler>();
  readonly #onDidBecomeReady = this._register(new Emitter<void>());
  /** The webview (re)loaded its script: post its state again. */
  readonly onDidBecomeReady = this.#onDidBecomeReady.event;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(webview.onDidReceiveMessage((m: unknown) => this.#receive(m)));
    this._register(
      this.onRequest(OpenLinkRequest, async ({ href }) => {
        if (!isOpenableLink(href)) {
          this.log.warn(`A webview asked to open a link with a refused scheme: ${href.slice(0, 80)}`);
          return { opened: false };
        }
        return { opened: await vscode.env.openExternal(vscode.Uri.parse(href, true)) };
      }),
    );
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

  /**
   * Handles the page's `type` commands (fire and forget: a handler's failure is logged) until the
   * returned disposable is disposed.
   */
  onCommand<P>(type: CommandType<P>, handler: (params: P) => unknown): IDisposable {
    return this.#handle(type.method, (m) => {
      if (!type.is(m)) return;
      try {
        const done = handler(m.params);
        if (done instanceof Promise) done.catch((error: unknown) => this.#failed(type.method, error));
      } catch (error) {
        this.#failed(type.method, error);
      }
    });
  }

  /**
   * Answers the page's `type` requests with the handler's result, or its error's user-facing text,
   * until the returned disposable is disposed.
   */
  onRequest<P, R>(type: RequestType<P, R>, handler: (params: P) => Promise<R> | R): IDisposable {
    return this.#handle(type.method, (m) => {
      if (!type.is(m)) return;
      void (async () => {
        try {
          const result = await handler(m.params);
          void this.webview.postMessage(type.reply(m.id, result));
        } catch (error) {
          void this.webview.postMessage(type.fail(m.id, describeError(error)));
        }
      })();
    });
  }

  #handle(method: string, handler: Handler): IDisposable {
    if (this.#handlers.has(method)) throw new Error(`The webview message ${method} is already handled`);
    this.#handlers.set(method, handler);
    return toDisposable(() => {
      if (this.#handlers.get(method) === handler) this.#handlers.delete(method);
    });
  }

  #failed(method: string, error: unknown): void {
    this.log.warn(`Webview command ${method} failed: ${describeError(error)}`);
  }

  #receive(message: unknown): void {
    if (ReadyCommand.is(message)) {
      this.#ready = true;
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const m of pending) void this.webview.postMessage(m);
      this.#onDidBecomeReady.fire();
      return;
    }
    if (isRecord(message) && typeof message.method === 'string') this.#handlers.get(message.method)?.(message);
  }
}

// ---- panels --------------------------------------------------------------------------------

/** What every open panel of ours offers its kind. */
export interface OpenPanel extends IDisposable {
  /** The panel was closed or disposed. */
  readonly onDidDispose: Event<void>;
}

/** A kind of panel, declared once with {@link definePanel}. */
export interface PanelSpec<T extends OpenPanel, K> {
  /** Also the type of its serializer (package.json's `onWebviewPanel:` activation event). */
  readonly viewType: string;
  /** The tab's title until the content names it, and the page's `<title>`. */
  readonly title: () => string;
  /** The page's bundle (src/webviews/<script>/page/). */
  readonly script: WebviewPage;
  /** Stylesheets under `media/` (the shared `webview-base.css` comes first anyway). */
  readonly styles: readonly string[];
  /** Static markup of the page (no server content: that arrives by message, sanitised). */
  readonly body: () => string;
  /** One panel at a time, or one per key (`keyString` names a key). */
  readonly mode: 'singleton' | 'keyed';
  readonly keyString?: (key: K) => string;
  /**
   * Brings a panel back after a window reload: the key its page's saved state names (undefined:
   * nothing to show, the restored panel is closed). Without it the panel is not restored.
   */
  readonly restore?: (state: unknown) => K | undefined;
  /** The panel's object over its host (the kind, and the extension's disposables, hold it until it is disposed). */
  readonly create: (services: Services, view: PanelHost, key: K) => T;
}

/** Declares a kind of panel: every panel of ours is created or restored through the result. */
export function definePanel<T extends OpenPanel, K = void>(spec: PanelSpec<T, K>): PanelKind<T, K> {
  return new PanelKind(spec);
}

export class PanelKind<T extends OpenPanel, K> {
  readonly #open = new Map<string, T>();
  readonly #onDidOpen = new Emitter<T>();
  /** A panel of this kind was created or restored. */
  readonly onDidOpen = this.#onDidOpen.event;

  constructor(readonly spec: PanelSpec<T, K>) {
    if (spec.mode === 'keyed' && !spec.keyString) throw new Error(`${spec.viewType}: a keyed panel names its keys`);
  }

  /** The open panel of `key` (the one, for a singleton). */
  find(key: K): T | undefined {
    return this.#open.get(this.#id(key));
  }

  /** The open panels, oldest first. */
  get open(): readonly T[] {
    return [...this.#open.values()];
  }

  /** The open panel of `key`, else a new one in the active column (titled `title`). */
  show(services: Services, key: K, title = this.spec.title()): T {
    const existing = this.find(key);
    if (existing) return existing;
    const panel = vscode.window.createWebviewPanel(this.spec.viewType, title, vscode.ViewColumn.Active, {
      ...webviewOptions(services.context.extensionUri),
      retainContextWhenHidden: false,
    });
    return this.#adopt(services, panel, key);
  }

  /** Brings back this kind's panels after a reload (a kind with `restore`); one already open is closed. */
  registerRestore(services: Services): IDisposable {
    const restore = this.spec.restore;
    if (!restore) throw new Error(`${this.spec.viewType} is not restored`);
    return services.host.registerWebviewPanelSerializer(this.spec.viewType, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const key = restore(state);
        if (key === undefined || this.find(key)) panel.dispose();
        else this.#adopt(services, panel, key);
      },
    });
  }

  #id(key: K): string {
    return this.spec.mode === 'singleton' ? '' : this.spec.keyString!(key);
  }

  #adopt(services: Services, panel: vscode.WebviewPanel, key: K): T {
    const view = new PanelHost(panel, services, this.spec);
    let opened: T;
    try {
      opened = this.spec.create(services, view, key);
    } catch (error) {
      view.dispose();
      throw error;
    }
    const id = this.#id(key);
    this.#open.set(id, opened);
    // Owned by the extension while open (closed with it); forgotten once the user closes it.
    services.disposables.add(opened);
    opened.onDidDispose(() => {
      if (this.#open.get(id) === opened) this.#open.delete(id);
      services.disposables.deleteAndLeak(opened);
    });
    this.#onDidOpen.fire(opened);
    return opened;
  }
}

/**
 * The base of our panels' objects: owns its {@link PanelHost} (closing the panel when disposed)
 * and is disposed when the user closes the panel.
 */
export abstract class HostedPanel extends Disposable implements OpenPanel {
  readonly onDidDispose: Event<void>;

  constructor(protected readonly view: PanelHost) {
    super();
    this._register(view);
    this.onDidDispose = view.onDidDispose;
    this._register(view.onDidDispose(() => this.dispose()));
  }
}

/**
 * A webview panel with its protocol host. Resources only from `media/`; no retained context, so a
 * hidden page is dropped and, shown again, reloads and says `ready`: the latest {@link publish}ed
 * state of each method is then posted again. The user closing the panel disposes this (its owner
 * hears {@link onDidDispose} first); disposing this closes the panel.
 */
export class PanelHost extends Disposable {
  readonly host: WebviewHost;
  readonly #published = new Map<string, () => void>();
  readonly #onDidDispose = new Emitter<void>();
  readonly onDidDispose = this.#onDidDispose.event;
  #disposing = false;

  /** Adopts `panel` (also one VS Code restored after a reload); use a {@link PanelKind}. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly services: Pick<Services, 'context' | 'log'>,
    private readonly spec: Pick<PanelSpec<OpenPanel, unknown>, 'title' | 'script' | 'styles' | 'body'>,
  ) {
    super();
    const extensionUri = services.context.extensionUri;
    panel.webview.options = webviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.svg');
    this.host = this._register(new WebviewHost(panel.webview, services.log));
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

  /**
   * Loads the page (a fresh nonce each time); the host waits for its `ready` again. `imageOrigins`:
   * image origins beyond https and data: (a realm served over plain http).
   */
  render(options: { title?: string; imageOrigins?: readonly string[] } = {}): void {
    this.host.reset();
    this.panel.webview.html = renderHtml(this.panel.webview, this.services.context.extensionUri, {
      title: options.title ?? this.spec.title(),
      styles: this.spec.styles,
      script: this.spec.script,
      body: this.spec.body(),
      imageOrigins: options.imageOrigins,
    });
  }

  /** Posts `params` now (or once the page is ready) and again after every reload of the page. */
  publish<P>(type: NotificationType<P>, params: P): void {
    const post = () => this.host.notify(type, params);
    this.#published.set(type.method, post);
    post();
  }

  reveal(): void {
    this.panel.reveal(vscode.ViewColumn.Active);
  }

  override dispose(): void {
    // Listeners may dispose again while hearing of it.
    if (this.#disposing) return;
    this.#disposing = true;
    // The owner hears of it before the host goes.
    this.#onDidDispose.fire();
    this.#onDidDispose.dispose();
    super.dispose();
    this.panel.dispose();
  }
}
