/**
 * A local HTTP endpoint for an outgoing-webhook bot (docs/API.md operation 21): the chat service POSTs
 * each payload here and posts the answer (`{content}` or `{response_not_required: true}`). The
 * token is checked in constant time before the payload is read. No `vscode` import.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseOutgoingWebhookPayload, verifyWebhookToken, webhookReply } from '../api/webhook/payload';
import type { OutgoingWebhookPayload, WebhookReply } from '../api/webhook/models';

/** The service waits about 10 s for an answer; answer before that. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 8_000;
const MAX_BODY_BYTES = 1024 * 1024;

export interface Rejection {
  status: number;
  /** For the log; never contains the token. */
  reason: string;
  remoteAddress: string | undefined;
}

export interface ReceiverServerOptions {
  /** The bot's token (from its configuration). */
  token: string;
  /** 0: any free port. */
  port: number;
  host?: string;
  /** How long `answer` may take; then the receiver answers with no response. */
  answerTimeoutMs?: number;
  /** The bot's answer to a verified payload; `signal` aborts when the time is up. */
  answer(payload: OutgoingWebhookPayload, signal: AbortSignal): Promise<WebhookReply>;
  /** A request that was refused (bad token, not JSON, not a payload, wrong method). */
  onRejected?(rejection: Rejection): void;
  /** An `answer` that threw or timed out (no response was sent). */
  onAnswerFailed?(payload: OutgoingWebhookPayload, error: unknown): void;
}

export class WebhookReceiverServer {
  private constructor(
    private readonly server: http.Server,
    readonly host: string,
    readonly port: number,
  ) {}

  /** Listens on `host:port` (127.0.0.1 by default). Rejects when the port is taken. */
  static async start(options: ReceiverServerOptions): Promise<WebhookReceiverServer> {
    if (!options.token) throw new Error('The bot token is empty.');
    const host = options.host ?? '127.0.0.1';
    const server = http.createServer((req, res) => void handle(options, req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new WebhookReceiverServer(server, host, (server.address() as AddressInfo).port);
  }

  get url(): string {
    return `http://${this.host}:${this.port}/`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

async function handle(
  options: ReceiverServerOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const refuse = (status: number, reason: string, headers: Record<string, string> = {}): void => {
    options.onRejected?.({ status, reason, remoteAddress: req.socket.remoteAddress });
    send(res, status, { result: 'error', msg: reason }, headers);
  };
  if (req.method !== 'POST')
    return refuse(405, `Method ${req.method} not allowed; the service POSTs payloads.`, { Allow: 'POST' });
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch {
    return refuse(413, 'The request body is too large for a webhook payload.');
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(400, 'The request body is not JSON.');
  }
  if (!verifyWebhookToken(json as { token?: unknown }, options.token))
    return refuse(401, 'The payload does not carry the bot’s token.');
  let payload: OutgoingWebhookPayload;
  try {
    payload = parseOutgoingWebhookPayload(json);
  } catch (error) {
    return refuse(400, error instanceof Error ? error.message : String(error));
  }

  const timeout = AbortSignal.timeout(options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS);
  let reply: WebhookReply;
  try {
    reply = await Promise.race([
      options.answer(payload, timeout),
      new Promise<never>((_, reject) =>
        timeout.addEventListener('abort', () => reject(new Error('No answer in time.')), { once: true }),
      ),
    ]);
  } catch (error) {
    options.onAnswerFailed?.(payload, error);
    reply = webhookReply({ noResponse: true });
  }
  send(res, 200, reply);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
