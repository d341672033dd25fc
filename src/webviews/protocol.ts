/**
 * The typed messages between the extension host and its webviews. Three shapes:
 * - command: fire-and-forget, webview → host (`ready`);
 * - request → reply: webview asks, host answers with the same `id` (`openLink`);
 * - notification: host → webview (e.g. `profile/didChange`).
 * Each message type has an `is()` guard; nothing is trusted without it. The pages
 * (`src/webviews/<page>/page/`, bundled for the browser) import this file and the per-page protocol
 * modules too, so both sides use the same names and types: nothing from `vscode` or Node here
 * (tsconfig.pages.json checks that).
 */
import { isRecord } from '../guards';

export interface CommandMessage<P> {
  readonly kind: 'command';
  readonly method: string;
  readonly params: P;
}
export interface RequestMessage<P> {
  readonly kind: 'request';
  readonly method: string;
  readonly id: number;
  readonly params: P;
}
export interface ReplyMessage<R> {
  readonly kind: 'reply';
  readonly method: string;
  readonly id: number;
  readonly result?: R;
  /** A user-facing message when the request failed. */
  readonly error?: string;
}
export interface NotificationMessage<P> {
  readonly kind: 'notification';
  readonly method: string;
  readonly params: P;
}

function hasShape(value: unknown, kind: string, method: string): value is Record<string, unknown> {
  return isRecord(value) && value.kind === kind && value.method === method;
}

export class CommandType<P> {
  constructor(
    readonly method: string,
    private readonly isParams: (p: unknown) => p is P,
  ) {}
  is(message: unknown): message is CommandMessage<P> {
    return hasShape(message, 'command', this.method) && this.isParams(message.params);
  }
  create(params: P): CommandMessage<P> {
    return { kind: 'command', method: this.method, params };
  }
}

export class RequestType<P, R> {
  constructor(
    readonly method: string,
    private readonly isParams: (p: unknown) => p is P,
  ) {}
  is(message: unknown): message is RequestMessage<P> {
    return (
      hasShape(message, 'request', this.method) &&
      typeof message.id === 'number' &&
      Number.isSafeInteger(message.id) &&
      this.isParams(message.params)
    );
  }
  create(id: number, params: P): RequestMessage<P> {
    return { kind: 'request', method: this.method, id, params };
  }
  reply(id: number, result: R): ReplyMessage<R> {
    return { kind: 'reply', method: this.method, id, result };
  }
  fail(id: number, error: string): ReplyMessage<R> {
    return { kind: 'reply', method: this.method, id, error };
  }
}

export class NotificationType<P> {
  constructor(readonly method: string) {}
  is(message: unknown): message is NotificationMessage<P> {
    return hasShape(message, 'notification', this.method) && 'params' in message;
  }
  create(params: P): NotificationMessage<P> {
    return { kind: 'notification', method: this.method, params };
  }
}

const noParams = (p: unknown): p is void =>
  p === undefined || p === null || (isRecord(p) && Object.keys(p).length === 0);

// ---- shared by every webview --------------------------------------------------------------

/** The webview has loaded its script and listens: the host may post from now on. */
export const ReadyCommand = new CommandType<void>('ready', noParams);

export interface OpenLinkParams {
  readonly href: string;
}
export interface OpenLinkResult {
  readonly opened: boolean;
}
/** A link was clicked; the host opens it through VS Code if its scheme is http(s) or mailto. */
export const OpenLinkRequest = new RequestType<OpenLinkParams, OpenLinkResult>(
  'openLink',
  (p): p is OpenLinkParams => isRecord(p) && typeof p.href === 'string' && p.href.length <= 8192,
);
