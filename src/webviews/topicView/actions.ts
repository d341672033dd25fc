/**
 * What the topic view does to messages on the user's behalf: reactions, edit history, the
 * message actions, and marking what the page shows as read (batched). Kept apart from the panel
 * so each file reads in one sitting.
 */
import * as vscode from 'vscode';
import { ApiError } from '../../api/errors';
import type { Message } from '../../api/messages/models';
import {
  addReaction,
  getMessage,
  removeReaction,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
} from '../../api/messages/routes';
import { topicNarrow } from '../../messageList/narrow';
import { baseNarrow } from './key';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import { reportError } from '../../ui/report';
import { UserFacingError } from '../../ui/errorMessage';
import { archivedRefusal } from '../../store/channelPolicy';
import { historyItems, messageLink, modelContextOf, quoteText } from './model';
import type { TopicContext } from './context';
import { Disposable } from '../../base/lifecycle';
import { Emitter } from '../../base/event';
import { showReadReceipts } from './readReceipts';
import type { MessageAction } from './protocol';

/** What the actions need from the view. */
export type ActionContext = Pick<
  TopicContext,
  'session' | 'message' | 'refetch' | 'key' | 'log' | 'insertIntoCompose' | 'suspendReads'
>;

export interface EmojiParams {
  emojiName: string;
  emojiCode?: string;
  reactionType?: string;
}

/**
 * Adds or removes the user's reaction (`op` undefined: toggle by whether the user has it).
 * A reaction that is already gone (or already there) refreshes that message quietly.
 */
export async function toggleReaction(
  ctx: ActionContext,
  messageId: number,
  emoji: EmojiParams,
  op?: 'add' | 'remove',
): Promise<void> {
  const current = ctx.session();
  const message = ctx.message(messageId);
  refuseArchived(current, message);
  const reactionType = (emoji.reactionType ?? 'unicode_emoji') as 'unicode_emoji';
  const mine = message?.reactions.some(
    (r) =>
      r.user_id === current.store.ownUserId &&
      r.reaction_type === reactionType &&
      (emoji.emojiCode === undefined || r.emoji_code === emoji.emojiCode) &&
      r.emoji_name === emoji.emojiName,
  );
  const action = op ?? (mine ? 'remove' : 'add');
  const params = {
    message_id: messageId,
    emoji_name: emoji.emojiName,
    emoji_code: emoji.emojiCode,
    reaction_type: reactionType,
  };
  try {
    if (action === 'add') await addReaction(current.client, params);
    else await removeReaction(current.client, params);
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === 'REACTION_DOES_NOT_EXIST' || error.code === 'REACTION_ALREADY_EXISTS')
    ) {
      await ctx.refetch(messageId);
      return;
    }
    throw error;
  }
}

/** Edit history (operation 7), sanitised, most recent first. */
export async function editHistory(ctx: ActionContext, messageId: number): Promise<ReturnType<typeof historyItems>> {
  const current = ctx.session();
  const { message } = await getMessage(current.client, { message_id: messageId, apply_markdown: true });
  if (!message.edit_history || message.edit_history.length === 0) {
    throw new Error(vscode.l10n.t('The organization does not show the edit history of this message, or it has none.'));
  }
  return historyItems(message.edit_history, modelContextOf(current));
}

/**
 * Refuses, with the reason, a change to a message of an archived channel (the server would answer "Invalid
 * message(s)").
 */
function refuseArchived(current: CurrentSession, message: Message | undefined): void {
  const refusal =
    message?.type === 'stream' && message.stream_id !== undefined
      ? archivedRefusal(current.store.channel(message.stream_id))
      : undefined;
  if (refusal) throw new UserFacingError(refusal);
}

export async function runAction(ctx: ActionContext, messageId: number, action: MessageAction): Promise<void> {
  try {
    if (action === 'edit' || action === 'delete' || action === 'quote')
      refuseArchived(ctx.session(), ctx.message(messageId));
    switch (action) {
      case 'edit':
        // Built by the message-editing feature; the topic view only hands over the id.
        await vscode.commands.executeCommand(Commands.editMessage, { messageId });
        break;
      case 'remind':
        await vscode.commands.executeCommand(Commands.createReminder, { messageId });
        break;
      case 'readBy':
        await showReadReceipts(ctx.session(), messageId);
        break;
      case 'report':
        await vscode.commands.executeCommand(Commands.reportMessage, { messageId });
        break;
      case 'copyLink': {
        const current = ctx.session();
        const message = ctx.message(messageId);
        if (!message) throw new Error(vscode.l10n.t('That message is no longer in this view.'));
        await vscode.env.clipboard.writeText(
          messageLink(current.account.realmUrl, message, current.store, current.client.server?.featureLevel ?? 0),
        );
        vscode.window.setStatusBarMessage(vscode.l10n.t('Team Chat: message link copied.'), 3000);
        break;
      }
      case 'star': {
        const current = ctx.session();
        const message = ctx.message(messageId);
        if (!message) throw new Error(vscode.l10n.t('That message is no longer in this view.'));
        // The `update_message_flags` event updates the list (and the page) for every client.
        const op = message.flags?.includes('starred') ? 'remove' : 'add';
        await updateMessageFlags(current.client, { messages: [messageId], op, flag: 'starred' });
        break;
      }
      case 'quote':
        await quoteMessage(ctx, messageId);
        break;
      case 'delete':
        await vscode.commands.executeCommand(Commands.deleteMessage, { messageId });
        break;
      case 'markUnread':
        await markUnreadFrom(ctx, messageId);
        break;
      case 'openTopic': {
        const message = ctx.message(messageId);
        if (message?.type === 'stream' && message.stream_id !== undefined) {
          await vscode.commands.executeCommand(Commands.openTopic, {
            streamId: message.stream_id,
            topic: message.subject,
          });
        }
        break;
      }
    }
  } catch (error) {
    reportError(ctx.log, error, vscode.l10n.t('Team Chat'));
  }
}

/** Quote and reply: in this view's compose box, or (from a search) in the message's topic. */
async function quoteMessage(ctx: ActionContext, messageId: number): Promise<void> {
  const current = ctx.session();
  const { message, raw_content } = await getMessage(current.client, { message_id: messageId, apply_markdown: false });
  const text = quoteText(
    message.sender_full_name,
    message.sender_id,
    messageLink(current.account.realmUrl, message, current.store, current.client.server?.featureLevel ?? 0),
    raw_content ?? message.content,
  );
  if (ctx.insertIntoCompose(text)) return;
  if (message.type !== 'stream' || message.stream_id === undefined)
    throw new Error(vscode.l10n.t('This view has no compose box.'));
  const panel = await vscode.commands.executeCommand<{ insertIntoCompose(text: string): boolean } | undefined>(
    Commands.openTopic,
    { streamId: message.stream_id, topic: message.subject },
  );
  panel?.insertIntoCompose(text);
}

/**
 * Mark as unread from here: this message and every later one of its conversation (as the chat
 * service's app does), page by page; the view stops marking what it shows as read.
 */
async function markUnreadFrom(ctx: ActionContext, messageId: number): Promise<number> {
  const current = ctx.session();
  const message = ctx.message(messageId);
  if (!message) throw new Error(vscode.l10n.t('That message is no longer in this view.'));
  ctx.suspendReads();
  const narrow =
    message.type === 'stream' && message.stream_id !== undefined
      ? topicNarrow(message.stream_id, message.subject)
      : baseNarrow(ctx.key, current.store.ownUserId);
  let anchor = messageId;
  let includeAnchor = true;
  let updated = 0;
  for (;;) {
    const r = await updateMessageFlagsForNarrow(current.client, {
      anchor,
      include_anchor: includeAnchor,
      num_before: 0,
      num_after: 1000,
      narrow: [...narrow.terms],
      op: 'remove',
      flag: 'read',
    });
    updated += r.updated_count;
    if (r.found_newest || r.last_processed_id === null) return updated;
    anchor = r.last_processed_id;
    includeAnchor = false;
  }
}

const READ_BATCH_DELAY_MS = 400;

/** Marks the messages the page reports on screen as read, in batches; each once. */
export class ReadMarker extends Disposable {
  readonly #queue = new Set<number>();
  readonly #requested = new Set<number>();
  #timer: NodeJS.Timeout | undefined;
  #disposed = false;
  #suspended = false;
  readonly #onDidMarkRead = new Emitter<readonly number[]>();
  readonly onDidMarkRead = this.#onDidMarkRead.event;

  constructor(
    private readonly ctx: Pick<ActionContext, 'message'> & { current(): CurrentSession | undefined },
    private readonly log: { warn(message: string): void },
  ) {
    super();
  }

  /** Stops marking messages as read (until the view is closed). */
  suspend(): void {
    this.#suspended = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue.clear();
  }

  markVisible(ids: readonly number[]): void {
    if (this.#suspended) return;
    for (const id of ids) {
      const m = this.ctx.message(id);
      if (!m || this.#requested.has(id)) continue;
      if (m.flags !== undefined && m.flags.includes('read')) continue;
      if (m.flags === undefined && !this.ctx.current()?.store.isUnread(id)) continue;
      this.#queue.add(id);
    }
    if (this.#queue.size > 0 && !this.#timer) this.#timer = setTimeout(() => void this.#flush(), READ_BATCH_DELAY_MS);
  }

  async #flush(): Promise<void> {
    this.#timer = undefined;
    const ids = [...this.#queue];
    this.#queue.clear();
    const current = this.ctx.current();
    if (ids.length === 0 || this.#disposed || !current) return;
    for (const id of ids) this.#requested.add(id);
    try {
      await updateMessageFlags(current.client, { messages: ids, op: 'add', flag: 'read' });
      this.#onDidMarkRead.fire(ids);
    } catch (error) {
      for (const id of ids) this.#requested.delete(id);
      this.log.warn(`Marking messages as read failed: ${String(error)}`);
    }
  }

  /** Sends what is still queued, then stops. */
  override dispose(): void {
    if (this.#disposed) return;
    if (this.#timer) clearTimeout(this.#timer);
    void this.#flush();
    this.#disposed = true;
    this.#onDidMarkRead.dispose();
    super.dispose();
  }
}
