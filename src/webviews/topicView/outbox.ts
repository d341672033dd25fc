/**
 * The host side of a conversation view's sending: the compose box's messages go into the outbox
 * (src/session/outbox.ts), and this conversation's entries are shown below the messages
 * ("sending…", or "not sent — <reason>" with Retry, Edit and Delete; see ./outboxProtocol.ts).
 */
import * as vscode from 'vscode';
import type { OutboxDestination, OutboxEntry } from '../../session/outbox';
import { DELIVERY_WAIT_MS } from '../../session/outbox';
import type { WebviewHost } from '../host';
import { Disposable } from '../../base/lifecycle';
import type { TopicContext } from './context';
import { OutboxActionCommand, OutboxNotification, type OutboxEntryModel } from './outboxProtocol';
import type { TopicViewKey } from './protocol';

/** What sending needs from the view. */
export type ViewOutboxContext = Pick<TopicContext, 'key' | 'services' | 'session' | 'insertIntoCompose' | 'log'>;

/** Where a view's messages go; throws for a view without a compose target. */
export function viewDestination(key: TopicViewKey, ownUserId: number): OutboxDestination {
  if (key.mode === 'dm') return { type: 'private', userIds: key.userIds.length === 0 ? [ownUserId] : [...key.userIds] };
  if (key.mode !== 'topic' || key.topic === undefined)
    throw new Error(vscode.l10n.t('Open a topic to send a message.'));
  return { type: 'stream', streamId: key.streamId, topic: key.topic };
}

/** The same conversation (a direct one named with or without oneself). */
export function sameDestination(a: OutboxDestination, b: OutboxDestination, ownUserId: number): boolean {
  if (a.type === 'stream' || b.type === 'stream')
    return a.type === 'stream' && b.type === 'stream' && a.streamId === b.streamId && a.topic === b.topic;
  const others = (ids: readonly number[]): string =>
    [...new Set(ids)]
      .filter((id) => id !== ownUserId)
      .sort((m, n) => m - n)
      .join(',');
  return others(a.userIds) === others(b.userIds);
}

export function entryModel(e: OutboxEntry): OutboxEntryModel {
  const state = e.state === 'refused' ? 'refused' : e.state === 'failed' ? 'failed' : 'sending';
  return state === 'sending'
    ? { localId: e.localId, content: e.content, state }
    : { localId: e.localId, content: e.content, state, reason: e.error?.message ?? '' };
}

export class ViewOutbox extends Disposable {
  #shown: readonly OutboxEntryModel[] = [];

  constructor(
    private readonly host: WebviewHost,
    private readonly ctx: ViewOutboxContext,
  ) {
    super();
    this._register(ctx.services.outbox.onDidChange(() => this.#post()));
    this._register(host.onDidBecomeReady(() => this.#post()));
    this._register(host.onCommand(OutboxActionCommand, ({ localId, action }) => this.#act(localId, action)));
  }

  /** This conversation's entries, in sending order. */
  entries(): OutboxEntry[] {
    let to: OutboxDestination;
    let ownUserId: number;
    try {
      ownUserId = this.ctx.session().store.ownUserId;
      to = viewDestination(this.ctx.key, ownUserId);
    } catch {
      return []; // signed out, or a view without a compose box
    }
    return this.ctx.services.outbox.entries().filter((e) => sameDestination(e.to, to, ownUserId));
  }

  /** The compose box's send: into the outbox (a `ValidationError` keeps the text in the box). */
  enqueue(content: string): Promise<{ localId: string }> {
    const current = this.ctx.session();
    return this.ctx.services.outbox.send(viewDestination(this.ctx.key, current.store.ownUserId), content);
  }

  /** Sends and waits for the new message's id (tests); throws when it is refused or waits for the connection. */
  async send(content: string): Promise<{ id: number }> {
    const { localId } = await this.enqueue(content);
    const id = await this.ctx.services.outbox.delivered(localId, DELIVERY_WAIT_MS);
    if (id !== undefined) return { id };
    const entry = this.ctx.services.outbox.entry(localId);
    throw new Error(entry?.error?.message ?? vscode.l10n.t('Queued: will be sent when the connection is back.'));
  }

  async #act(localId: string, action: 'retry' | 'edit' | 'delete'): Promise<void> {
    const entry = this.entries().find((e) => e.localId === localId);
    if (!entry) return;
    try {
      if (action === 'retry') await this.ctx.services.outbox.retry(localId);
      else if ((await this.ctx.services.outbox.remove(localId)) && action === 'edit')
        this.ctx.insertIntoCompose(entry.content);
    } catch (error) {
      this.ctx.log.warn(`Topic view: ${action} of an unsent message failed: ${String(error)}`);
    }
  }

  /** What the page was last told to show below the messages (tests). */
  get shown(): readonly OutboxEntryModel[] {
    return this.#shown;
  }

  #post(): void {
    this.#shown = this.entries().map(entryModel);
    this.host.notify(OutboxNotification, { entries: this.#shown });
  }
}
