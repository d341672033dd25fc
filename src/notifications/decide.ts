/**
 * Whether a new message notifies, as Zulip's web app decides (`message_is_notifiable` then
 * `should_send_desktop_notification` in web/src/message_notifications.ts), and the batching of
 * notifications that arrive together. No `vscode` import: unit tests run it in plain Node.
 */
import * as l10n from '@vscode/l10n';

/** The own user's settings that decide notifications (`user_settings` of `/register`). */
export interface NotificationSettings {
  /** Direct messages and mentions. */
  readonly enable_desktop_notifications: boolean;
  /** Every message of a channel, unless its subscription overrides it. */
  readonly enable_stream_desktop_notifications: boolean;
  /** Wildcard mentions (@all, @topic) count as mentions, unless the subscription overrides it. */
  readonly wildcard_mentions_notify: boolean;
  readonly enable_followed_topic_desktop_notifications: boolean;
  readonly enable_followed_topic_wildcard_mentions_notify: boolean;
  /** Show the text of direct messages in the notification. */
  readonly pm_content_in_desktop_notifications: boolean;
}

/** Zulip's defaults, for settings the server did not send. */
export const DEFAULT_SETTINGS: NotificationSettings = {
  enable_desktop_notifications: true,
  enable_stream_desktop_notifications: false,
  wildcard_mentions_notify: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  pm_content_in_desktop_notifications: true,
};

/** Reads the settings from the store's `user_settings` record (anything not a boolean: the default). */
export function notificationSettings(record: Readonly<Record<string, unknown>>): NotificationSettings {
  const out: Record<string, boolean> = { ...DEFAULT_SETTINGS };
  for (const name of Object.keys(DEFAULT_SETTINGS)) {
    const value = record[name];
    if (typeof value === 'boolean') out[name] = value;
  }
  return out as unknown as NotificationSettings;
}

/** The facts of one new message. */
export interface MessageFacts {
  readonly type: 'stream' | 'private' | 'unknown';
  readonly senderId: number;
  /** The receiving user's flags (`read`, `mentioned`, wildcard flags…). */
  readonly flags: readonly string[];
}

/** Where the message is, as the own user sees it. */
export interface NotificationContext {
  readonly ownUserId: number;
  readonly settings: NotificationSettings;
  readonly mutedUserIds: ReadonlySet<number>;
  /** For channel messages: the subscription's state. */
  readonly channel?: {
    readonly subscribed: boolean;
    readonly muted: boolean;
    /** The subscription's override; null: the user's global setting. */
    readonly desktopNotifications: boolean | null;
    readonly wildcardMentionsNotify: boolean | null;
    /** The topic's visibility policy: 0 none, 1 muted, 2 unmuted, 3 followed. */
    readonly topicPolicy: number;
  };
}

/** Why a message notifies (the summary counts by it). */
export type NotifyReason = 'dm' | 'mention' | 'wildcard' | 'followed' | 'channel';

const WILDCARD_FLAGS = ['wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];
const POLICY_MUTED = 1;
const POLICY_UNMUTED = 2;
const POLICY_FOLLOWED = 3;

/** The reason the message notifies, or undefined when it does not. */
export function decideNotification(message: MessageFacts, ctx: NotificationContext): NotifyReason | undefined {
  if (!isNotifiable(message, ctx)) return undefined;
  return shouldNotify(message, ctx);
}

/** Independent of settings: is there anything that rules the message out? */
function isNotifiable(message: MessageFacts, ctx: NotificationContext): boolean {
  if (message.senderId === ctx.ownUserId) return false;
  // Already read (read elsewhere, or by the server: messages of muted users arrive read).
  if (message.flags.includes('read')) return false;
  if (ctx.mutedUserIds.has(message.senderId)) return false;
  if (message.type === 'private') return true;
  if (message.type !== 'stream') return false;
  const channel = ctx.channel;
  if (!channel || !channel.subscribed) return false;
  // Personal and group mentions take precedence over muting; wildcard mentions do not.
  if (message.flags.includes('mentioned')) return true;
  // Followed topics take precedence over muting.
  if (channel.topicPolicy === POLICY_FOLLOWED) return true;
  // In a muted channel only unmuted topics notify.
  if (channel.muted && channel.topicPolicy !== POLICY_UNMUTED) return false;
  if (channel.topicPolicy === POLICY_MUTED) return false;
  return true;
}

/** The user's settings, in Zulip's order; the reason names the strongest cause for the summary. */
function shouldNotify(message: MessageFacts, ctx: NotificationContext): NotifyReason | undefined {
  const s = ctx.settings;
  const mentioned = message.flags.includes('mentioned');
  const wildcard = WILDCARD_FLAGS.some((f) => message.flags.includes(f));
  const channel = ctx.channel;
  const followed = channel?.topicPolicy === POLICY_FOLLOWED;
  // The reason shown: a mention (when mentions notify) says more than "a channel you follow".
  const label = (fallback: NotifyReason): NotifyReason =>
    s.enable_desktop_notifications && mentioned
      ? 'mention'
      : s.enable_desktop_notifications && wildcard && wildcardNotifies(ctx)
        ? 'wildcard'
        : fallback;
  if (message.type === 'stream' && channel) {
    if (channel.desktopNotifications ?? s.enable_stream_desktop_notifications) return label('channel');
    if (followed && s.enable_followed_topic_desktop_notifications) return label('followed');
  }
  if (!s.enable_desktop_notifications) return undefined;
  if (message.type === 'private') return 'dm';
  if (mentioned) return 'mention';
  if (wildcard && wildcardNotifies(ctx)) return 'wildcard';
  return undefined;
}

/** Wildcard mentions notify by the subscription's override, the global setting, or the followed-topic setting. */
function wildcardNotifies(ctx: NotificationContext): boolean {
  const channel = ctx.channel;
  if (!channel) return false;
  if (channel.wildcardMentionsNotify ?? ctx.settings.wildcard_mentions_notify) return true;
  return channel.topicPolicy === POLICY_FOLLOWED && ctx.settings.enable_followed_topic_wildcard_mentions_notify;
}

// ---- summary ------------------------------------------------------------------------------------

/** "5 new messages: 3 direct, 2 mentions" (parts in a fixed order, empty ones left out). */
export function summaryText(reasons: readonly NotifyReason[]): string {
  const count = (...r: NotifyReason[]) => reasons.filter((x) => r.includes(x)).length;
  const parts: string[] = [];
  const direct = count('dm');
  const mentions = count('mention', 'wildcard');
  const followed = count('followed');
  const channels = count('channel');
  if (direct) parts.push(l10n.t('{0} direct', direct));
  if (mentions) parts.push(mentions === 1 ? l10n.t('1 mention') : l10n.t('{0} mentions', mentions));
  if (followed) parts.push(l10n.t('{0} in followed topics', followed));
  if (channels) parts.push(l10n.t('{0} in channels', channels));
  return reasons.length === 1
    ? l10n.t('1 new message: {0}', parts.join(', '))
    : l10n.t('{0} new messages: {1}', reasons.length, parts.join(', '));
}

// ---- batching -----------------------------------------------------------------------------------

/** Timers the batcher uses (tests pass a fake clock). */
export interface BatchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realBatchTimers: BatchTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BatchOptions<T> {
  /** How long to gather after the first item of a batch, in ms. */
  readonly windowMs: number;
  /** More than this many in one window: one summary instead of one notification each. */
  readonly maxSingle: number;
  readonly timers: BatchTimers;
  readonly single: (item: T) => void;
  readonly summary: (items: readonly T[]) => void;
}

/**
 * Gathers notifications for `windowMs` after the first one; then shows each, or one summary
 * when more than `maxSingle` arrived.
 */
export class NotificationBatcher<T> {
  #items: T[] = [];
  #timer: unknown;
  /** Gathering time for the next batch, in ms. */
  windowMs: number;

  constructor(private readonly options: BatchOptions<T>) {
    this.windowMs = options.windowMs;
  }

  add(item: T): void {
    this.#items.push(item);
    if (this.#timer === undefined) this.#timer = this.options.timers.setTimeout(() => this.flush(), this.windowMs);
  }

  /** Delivers what was gathered now. */
  flush(): void {
    if (this.#timer !== undefined) this.options.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    const items = this.#items;
    this.#items = [];
    if (items.length === 0) return;
    if (items.length > this.options.maxSingle) this.options.summary(items);
    else for (const item of items) this.options.single(item);
  }

  /** Drops what was gathered (sign-out, Do Not Disturb switched on). */
  clear(): void {
    if (this.#timer !== undefined) this.options.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#items = [];
  }

  get pending(): number {
    return this.#items.length;
  }
}
