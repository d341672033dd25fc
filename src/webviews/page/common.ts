/**
 * Browser code every Team Chat webview page shares (bundled into each page by esbuild.mjs): the
 * one VS Code API handle (acquireVsCodeApi may be called only once per page), typed requests with
 * replies, notifications by type, and links opened through the host. The message types come from
 * the host's own protocol modules, so a name or field the two sides disagree on fails the
 * type-check. Nothing starts on import: each page's start calls {@link startPage} first, which
 * takes the API handle and starts listening. The DOM is built with templates (./view.ts).
 */
import * as l10n from '@vscode/l10n';
import {
  OpenLinkRequest,
  ReadyCommand,
  type CommandType,
  type NotificationMessage,
  type NotificationType,
  type ReplyMessage,
  type RequestType,
} from '../protocol';

/** What VS Code gives a webview page (`acquireVsCodeApi`). */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

let api: VsCodeApi | undefined;

/** The VS Code API handle taken by {@link startPage}. */
function host(): VsCodeApi {
  if (!api) throw new Error('startPage() must run first');
  return api;
}

/**
 * Starts what every page shares, once, before anything else of the page: the VS Code API handle,
 * the translations, the listener for the host's messages, and the one for link clicks.
 */
export function startPage(): void {
  if (api) throw new Error('startPage() runs once');
  api = acquireVsCodeApi();
  // The translations the host put on <body> (webviews/html.ts); without them l10n.t gives the English.
  const bundle = document.body.dataset.l10n;
  if (bundle) l10n.config({ contents: bundle });
  window.addEventListener('message', onMessage);
  document.addEventListener('click', onLinkClick);
}

/** The page's saved state (getState), or undefined on first load; each page says its shape. */
export function savedState<S>(): Partial<S> | undefined {
  return (host().getState() as Partial<S> | null | undefined) ?? undefined;
}

/** Saves the page's state (setState): it comes back from {@link savedState} when the page is shown again. */
export function saveState(state: unknown): void {
  host().setState(state);
}

/** A user-facing text for a failed request or another error. */
export function errorText(e: unknown): string {
  return String(e && (e as { message?: unknown }).message ? (e as { message: unknown }).message : e);
}

let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

/** Asks the host; resolves with its result, rejects with its user-facing error. */
// The types come from `type` alone (NoInfer): a literal never widens them, so params, results
// and handlers must match what the protocol declares.
export function request<P, R>(type: RequestType<P, R>, params: NoInfer<P>): Promise<R> {
  const id = nextId++;
  return new Promise<R>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    host().postMessage(type.create(id, params ?? ({} as P)));
  });
}

/** Tells the host, expecting no answer. */
export function command<P>(type: CommandType<P>, params: NoInfer<P>): void {
  host().postMessage(type.create(params ?? ({} as P)));
}

const handlers = new Map<string, (params: unknown) => void>();

/** Handles the host's notifications of `type` (one handler per method). */
export function onNotification<P>(type: NotificationType<P>, handler: (params: NoInfer<P>) => void): void {
  handlers.set(type.method, handler as (params: unknown) => void);
}

// Only the host posts to the page; its messages are the protocol's replies and notifications.
function onMessage(event: MessageEvent<ReplyMessage<unknown> | NotificationMessage<unknown> | null>): void {
  const m = event.data;
  if (!m || typeof m !== 'object') return;
  if (m.kind === 'reply') {
    const waiter = pending.get(m.id);
    if (!waiter) return;
    pending.delete(m.id);
    if (m.error !== undefined) waiter.reject(new Error(m.error));
    else waiter.resolve(m.result);
  } else if (m.kind === 'notification' && m.params) {
    const handle = handlers.get(m.method);
    if (handle) handle(m.params);
  }
}

// Links open through the host, which allows http(s) and mailto only; in-page anchors scroll.
function onLinkClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!target) return;
  const href = target.getAttribute('href') || '';
  if (href.startsWith('#')) return;
  event.preventDefault();
  // VS Code's webview frame also listens (on the window) and opens http(s), mailto and vscode:
  // links itself: stopped here, the host's allowlist is the only way out and a link opens once.
  event.stopPropagation();
  request(OpenLinkRequest, { href }).catch(() => undefined);
}

/** The page listens: the host may post from now on. Call last, after registering handlers. */
export function ready(): void {
  command(ReadyCommand, undefined);
}
