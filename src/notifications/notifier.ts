/**
 * Message notifications: every new message of the current session is judged by
 * `decideNotification` (the user's Zulip settings and mutes), left out while Do Not Disturb is on
 * or when its conversation is the one on screen, gathered for a moment, and shown as a
 * notification with "Open" and "Reply" (or, when many arrive together, one summary).
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import type { ChatEvent } from '../api/events/models';
import type { Message } from '../api/messages/models';
import { updateMessageFlags } from '../api/messages/routes';
import { Commands } from '../constants';
import { Disposable, MutableDisposable } from '../base/lifecycle';
import type { Services } from '../services';
import type { CurrentSession } from '../session/manager';
import type { OutboxDestination } from '../session/outbox';
import type { ChatStore } from '../store';
import { describeError } from '../ui/errorMessage';
import { showQueued } from '../ui/queued';
import type { TopicViews } from '../webviews/topicView/manager';
import type { TopicViewKey } from '../webviews/topicView/protocol';
import {
  decideNotification,
  NotificationBatcher,
  notificationSettings,
  realBatchTimers,
  summaryText,
  type BatchTimers,
  type NotifyReason,
} from './decide';
import type { DoNotDisturb } from './dnd';
import { replyLoop, type ReplyUi } from './reply';
import { notificationText, plainPreview } from './text';
import { askText } from '../ui/quickInput';
import { offerAgain } from '../ui/report';
import type { ConversationTarget } from '../store';

/** The conversation a notification is about. */
export type { ConversationTarget };

/** One message that notifies. */
export interface PendingNotification {
  readonly messageId: number;
  readonly reason: NotifyReason;
  readonly text: string;
  readonly target: ConversationTarget;
  /** The conversation's name, for the reply box's title. */
  readonly title: string;
}

/** What was shown (tests read it through `TeamChatApi`). */
export interface ShownNotification {
  readonly kind: 'message' | 'summary';
  readonly text: string;
  readonly actions: readonly string[];
  /** The messages it stands for. */
  readonly messageIds: readonly number[];
  readonly target: ConversationTarget;
}

export const OPEN = vscode.l10n.t('Open');
export const REPLY = vscode.l10n.t('Reply');
export const OPEN_LATEST = vscode.l10n.t('Open Latest');

export interface NotifierOptions {
  readonly timers?: BatchTimers;
  /** Whether the VS Code window has focus (default: `vscode.window.state.focused`). */
  readonly windowFocused?: () => boolean;
}

export class Notifier extends Disposable {
  readonly #batcher: NotificationBatcher<PendingNotification>;
  readonly #listener = this._register(new MutableDisposable());
  readonly #onDidNotify = this._register(new Emitter<ShownNotification>());
  /** Fired for every notification shown. */
  readonly onDidNotify = this.#onDidNotify.event;
  readonly #onDidReply = this._register(new Emitter<{ messageId: number; target: ConversationTarget }>());
  /** Fired when a reply from a notification was sent. */
  readonly onDidReply = this.#onDidReply.event;
  /** Whether the VS Code window has focus (tests replace it: a headless window may never have it). */
  windowFocused: () => boolean;

  constructor(
    private readonly services: Services,
    private readonly views: TopicViews,
    private readonly dnd: DoNotDisturb,
    options: NotifierOptions = {},
  ) {
    super();
    this.windowFocused = options.windowFocused ?? (() => vscode.window.state.focused);
    this.#batcher = new NotificationBatcher<PendingNotification>({
      windowMs: 1500,
      maxSingle: 3,
      timers: options.timers ?? realBatchTimers,
      single: (n) => void this.#showOne(n),
      summary: (items) => void this.#showSummary(items),
    });
    this._register(services.sessions.onDidChange((current) => this.#follow(current)));
    this._register(dnd.onDidChange((on) => on && this.#batcher.clear()));
    this._register({ dispose: () => this.#batcher.clear() });
    this.#follow(services.sessions.current);
  }

  /** How long notifications are gathered before they are shown, in ms. */
  get windowMs(): number {
    return this.#batcher.windowMs;
  }
  set windowMs(ms: number) {
    this.#batcher.windowMs = ms;
  }

  #follow(current: CurrentSession | undefined): void {
    this.#listener.clear();
    this.#batcher.clear();
    if (!current) return;
    this.#listener.value = current.store.onDidApplyEvents((events) => this.#onEvents(current, events));
  }

  #onEvents(current: CurrentSession, events: readonly ChatEvent[]): void {
    if (this.dnd.on) return;
    for (const event of events) {
      if (event.type !== 'message') continue;
      const pending = this.#judge(current.store, event.message, event.flags);
      if (pending && !this.#onScreen(pending.target)) this.#batcher.add(pending);
    }
  }

  #judge(store: ChatStore, message: Message, flags: readonly string[]): PendingNotification | undefined {
    const settings = notificationSettings(store.userSettings);
    const streamId = message.stream_id;
    const sub = streamId === undefined ? undefined : store.subscription(streamId);
    const reason = decideNotification(
      {
        type: message.type === 'stream' || message.type === 'private' ? message.type : 'unknown',
        senderId: message.sender_id,
        flags,
      },
      {
        ownUserId: store.ownUserId,
        settings,
        mutedUserIds: NO_MUTED_USERS,
        channel:
          streamId === undefined
            ? undefined
            : {
                subscribed: sub !== undefined,
                muted: sub?.is_muted ?? false,
                desktopNotifications: sub?.desktop_notifications ?? null,
                wildcardMentionsNotify: sub?.wildcard_mentions_notify ?? null,
                topicPolicy: store.topicPolicy(streamId, message.subject),
              },
      },
    );
    if (!reason) return undefined;
    const sender = store.user(message.sender_id)?.full_name ?? message.sender_full_name;
    if (message.type === 'private') {
      const others = Array.isArray(message.display_recipient)
        ? message.display_recipient.filter((u) => u.id !== store.ownUserId)
        : [];
      const userIds = others.map((u) => u.id).sort((a, b) => a - b);
      const groupWith = others.filter((u) => u.id !== message.sender_id).map((u) => u.full_name);
      const preview = settings.pm_content_in_desktop_notifications ? plainPreview(message.content) : undefined;
      return {
        messageId: message.id,
        reason,
        text: notificationText(sender, reason, { groupWith }, preview),
        target: { kind: 'dm', userIds },
        title: others.map((u) => u.full_name).join(', '),
      };
    }
    const channel =
      store.channelName(streamId!) ??
      (typeof message.display_recipient === 'string'
        ? message.display_recipient
        : vscode.l10n.t('channel {0}', String(streamId)));
    const conversation =
      `#${channel} › ` + `${message.subject === '' ? store.realm.emptyTopicDisplayName : message.subject}`;
    return {
      messageId: message.id,
      reason,
      text: notificationText(sender, reason, { conversation }, plainPreview(message.content)),
      target: { kind: 'topic', streamId: streamId!, topic: message.subject },
      title: conversation,
    };
  }

  /** The conversation's panel is the active one, and the window has focus: the user sees the message. */
  #onScreen(target: ConversationTarget): boolean {
    const view = this.views.find(viewKey(target));
    return view !== undefined && view.panel.active && view.panel.visible && this.windowFocused();
  }

  async #showOne(n: PendingNotification): Promise<void> {
    const actions = [OPEN, REPLY];
    const choice = vscode.window.showInformationMessage(n.text, ...actions);
    this.#onDidNotify.fire({ kind: 'message', text: n.text, actions, messageIds: [n.messageId], target: n.target });
    const picked = await choice;
    if (picked === OPEN) await open(n.target);
    else if (picked === REPLY) await this.reply(n.target, n.title);
  }

  async #showSummary(items: readonly PendingNotification[]): Promise<void> {
    const text = summaryText(items.map((i) => i.reason));
    const latest = items[items.length - 1]!;
    const actions = [OPEN_LATEST];
    const choice = vscode.window.showInformationMessage(text, ...actions);
    this.#onDidNotify.fire({
      kind: 'summary',
      text,
      actions,
      messageIds: items.map((i) => i.messageId),
      target: latest.target,
    });
    if ((await choice) === OPEN_LATEST) await open(latest.target);
  }

  /** Asks for a reply and sends it to `target`; resolves to the sent message's id (undefined: cancelled). */
  async reply(target: ConversationTarget, title: string): Promise<number | undefined> {
    const current = this.services.sessions.current;
    if (!current) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Sign in to Team Chat first.'));
      return undefined;
    }
    const ui: ReplyUi = {
      input: ({ title: boxTitle, value, validate }) =>
        askText({ title: boxTitle, value, validateInput: validate, ignoreFocusOut: true }),
      failed: (message) => offerAgain(this.services.log, new Error(message), undefined, vscode.l10n.t('Retry')),
    };
    const max = current.client.limits?.maxMessageLength ?? 10_000;
    const send = async (content: string): Promise<{ id?: number }> => {
      // Through the outbox: a reply that cannot go now is kept and sent when the connection is back.
      const result = await this.services.outbox.sendAndWait(destination(current, target), content, REPLY_WAIT_MS);
      if (result.id === undefined) showQueued();
      else void vscode.window.showInformationMessage(vscode.l10n.t('Sent to {0}.', title));
      return result;
    };
    const id = await replyLoop(vscode.l10n.t('Reply to {0}', title), max, ui, send, (e) =>
      vscode.l10n.t('Could not send the reply: {0}', describeError(e)),
    );
    if (id === undefined) return undefined;
    await this.#markAnswered(current, target, id);
    this.#onDidReply.fire({ messageId: id, target });
    return id;
  }

  /**
   * Answering reads the conversation, as in Zulip's apps, where a reply from a notification opens
   * the conversation (which marks what it shows read): its unread messages older than the reply
   * are marked read, and the Inbox, the badge and the status bar follow the server's flag event.
   */
  async #markAnswered(current: CurrentSession, target: ConversationTarget, replyId: number): Promise<void> {
    const store = current.store;
    const unread =
      target.kind === 'topic'
        ? store.unreadIdsOfTopic(target.streamId, target.topic)
        : store.unreads.dmIds(target.userIds);
    const ids = unread.filter((id) => id < replyId);
    if (ids.length === 0) return;
    try {
      await updateMessageFlags(current.client, { messages: ids, op: 'add', flag: 'read' });
    } catch (error) {
      this.services.log.warn(
        `Notifications: could not mark the answered conversation as read: ${describeError(error)}`,
      );
    }
  }
}

function viewKey(target: ConversationTarget): TopicViewKey {
  return target.kind === 'dm'
    ? { mode: 'dm', userIds: target.userIds }
    : { mode: 'topic', streamId: target.streamId, topic: target.topic };
}

function open(target: ConversationTarget): Thenable<unknown> {
  return target.kind === 'dm'
    ? vscode.commands.executeCommand(Commands.openDirectMessage, { userIds: target.userIds })
    : vscode.commands.executeCommand(Commands.openTopic, { streamId: target.streamId, topic: target.topic });
}

/** How long a reply waits for the server before it is reported as queued. */
const REPLY_WAIT_MS = 15_000;

function destination(current: CurrentSession, target: ConversationTarget): OutboxDestination {
  if (target.kind === 'dm')
    return { type: 'private', userIds: target.userIds.length === 0 ? [current.store.ownUserId] : [...target.userIds] };
  return { type: 'stream', streamId: target.streamId, topic: target.topic };
}

/**
 * The store does not follow `muted_users` yet; a real server marks the messages of muted users
 * read as they arrive, so the `read` flag leaves them out already.
 */
const NO_MUTED_USERS: ReadonlySet<number> = new Set();
