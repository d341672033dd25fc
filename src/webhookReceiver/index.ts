/**
 * The outgoing-webhook receiver as the developer sees it: the local server, a status bar item with
 * its URL, the "Team Chat Webhooks" log of payloads and answers, and the answer policy (an
 * automatic answer, no response, or asking the developer). The server, the payloads' parsing and
 * the prompt load with the first start().
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import type { OutgoingWebhookPayload, WebhookReply } from '../api/webhook/models';
import { Commands, Settings } from '../constants';
import type { Services } from '../services';
import { describePayload, excerpt } from './describe';
import type { WebhookReceiverServer } from './server';
import { Disposable } from '../base/lifecycle';

export type ReceiverMode = 'ask' | 'noResponse';

export interface ReceiverStartOptions {
  token: string;
  port: number;
  /** A fixed answer (tests): a string is a reply, null no response; undefined follows the mode. */
  autoReply?: string | null;
  mode: ReceiverMode;
}

export interface ReceivedPayload {
  readonly payload: OutgoingWebhookPayload;
  readonly receivedAt: number;
  reply?: WebhookReply;
}

export const WEBHOOK_LOG_NAME = 'Team Chat Webhooks';

export class WebhookReceiver extends Disposable {
  #server: WebhookReceiverServer | undefined;
  #options: ReceiverStartOptions | undefined;
  #log: vscode.LogOutputChannel | undefined;
  #statusItem: vscode.StatusBarItem | undefined;
  /** Prompts one at a time: each waits for the one before. */
  #promptChain: Promise<unknown> = Promise.resolve();
  /** The latest payloads, newest last. */
  readonly received: ReceivedPayload[] = [];
  readonly #onDidReceive = this._register(new Emitter<ReceivedPayload>());
  /** A verified payload arrived (fired again with `reply` set once answered). */
  readonly onDidReceive = this.#onDidReceive.event;
  readonly #onDidAnswer = this._register(new Emitter<ReceivedPayload>());
  readonly onDidAnswer = this.#onDidAnswer.event;

  constructor(private readonly services: Services) {
    super();
  }

  get running(): boolean {
    return this.#server !== undefined;
  }

  get url(): string | undefined {
    return this.#server?.url;
  }

  get port(): number | undefined {
    return this.#server?.port;
  }

  /** The log channel, created on first use and owned by the extension context. */
  get log(): vscode.LogOutputChannel {
    if (!this.#log) {
      this.#log = vscode.window.createOutputChannel(WEBHOOK_LOG_NAME, { log: true });
      this._register(this.#log);
    }
    return this.#log;
  }

  async start(options: ReceiverStartOptions): Promise<string> {
    await this.stop();
    const log = this.log;
    const { DEFAULT_ANSWER_TIMEOUT_MS, WebhookReceiverServer } = await import('./server');
    this.#options = options;
    this.#server = await WebhookReceiverServer.start({
      token: options.token,
      port: options.port,
      answerTimeoutMs: DEFAULT_ANSWER_TIMEOUT_MS,
      answer: (payload, signal) => this.#answer(payload, signal),
      onRejected: (r) =>
        log.warn(`Refused a request from ${r.remoteAddress ?? 'an unknown address'} (HTTP ${r.status}): ${r.reason}`),
      onAnswerFailed: (p, error) =>
        log.warn(
          `No answer for message ${p.message.id} (${error instanceof Error ? error.message : String(error)}); ` +
            `answered with no response.`,
        ),
    });
    log.info(
      `Receiver listening at ${this.#server.url} (answers: ` +
        `${options.autoReply !== undefined ? 'automatic' : options.mode}). Set it as the outgoing webhook bot's ` +
        `endpoint URL.`,
    );
    this.#showStatus(this.#server.url);
    return this.#server.url;
  }

  async stop(): Promise<boolean> {
    const server = this.#server;
    if (!server) return false;
    this.#server = undefined;
    this.#options = undefined;
    this.#statusItem?.hide();
    await server.close();
    this.#log?.info(`Receiver at ${server.url} stopped.`);
    return true;
  }

  showLog(): void {
    this.log.show(true);
  }

  async #answer(payload: OutgoingWebhookPayload, signal: AbortSignal): Promise<WebhookReply> {
    const entry: ReceivedPayload = { payload, receivedAt: Date.now() };
    this.received.push(entry);
    if (this.received.length > 50) this.received.shift();
    this.log.info(
      `${describePayload(payload)} [${payload.trigger}], message ${payload.message.id}: “${excerpt(payload.data)}”`,
    );
    this.#onDidReceive.fire(entry);

    // Loaded by start() already.
    const [{ webhookReply }, { askForAnswer }, { DEFAULT_ANSWER_TIMEOUT_MS }] = await Promise.all([
      import('../api/webhook/payload'),
      import('./prompt'),
      import('./server'),
    ]);
    const options = this.#options;
    const deadline = entry.receivedAt + DEFAULT_ANSWER_TIMEOUT_MS - 500;
    let reply: WebhookReply;
    if (options?.autoReply !== undefined) {
      reply =
        options.autoReply === null ? webhookReply({ noResponse: true }) : webhookReply({ content: options.autoReply });
    } else if (options?.mode === 'noResponse') {
      reply = webhookReply({ noResponse: true });
    } else {
      const turn = this.#promptChain.then(() => askForAnswer(payload, signal, deadline));
      this.#promptChain = turn.catch(() => undefined);
      reply = await turn;
    }
    entry.reply = reply;
    this.log.info('content' in reply ? `  → replied: “${excerpt(reply.content)}”` : '  → no response');
    this.#onDidAnswer.fire(entry);
    return reply;
  }

  #showStatus(url: string): void {
    if (!this.#statusItem) {
      this.#statusItem = vscode.window.createStatusBarItem(
        'teamChat.webhookReceiver',
        vscode.StatusBarAlignment.Left,
        40,
      );
      this._register(this.#statusItem);
      this.#statusItem.name = vscode.l10n.t('Team Chat Webhook Receiver');
      // Running again while it runs offers copy / show payloads / stop.
      this.#statusItem.command = Commands.startWebhookReceiver;
    }
    this.#statusItem.text = vscode.l10n.t('$(radio-tower) Webhook {0}', url.replace(/\/$/, ''));
    this.#statusItem.tooltip = vscode.l10n.t(
      'Outgoing webhook receiver at {0}: click to copy the URL, show payloads or stop it.',
      url,
    );
    this.#statusItem.show();
  }

  override dispose(): void {
    void this.stop();
    super.dispose();
  }
}

/** The receiver settings: port and mode. */
export function receiverSettings(): { port: number; mode: ReceiverMode } {
  const config = vscode.workspace.getConfiguration();
  const port = config.get<number>(Settings.webhookReceiverPort, 0);
  const mode = config.get<string>(Settings.webhookReceiverMode, 'ask');
  return {
    port: Number.isInteger(port) && port >= 0 && port <= 65535 ? port : 0,
    mode: mode === 'noResponse' ? 'noResponse' : 'ask',
  };
}
