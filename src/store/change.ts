/** The areas of the store one change can touch; tree providers refresh only the ones they show. */
export type StoreArea =
  | 'subscriptions'
  | 'unreads'
  | 'topics'
  | 'userTopics'
  | 'users'
  | 'presence'
  | 'statuses'
  | 'savedSnippets'
  | 'scheduledMessages'
  | 'reminders'
  | 'drafts'
  | 'linkifiers'
  | 'realmEmoji'
  | 'playgrounds'
  | 'channelFolders'
  | 'customProfileFields'
  | 'realm'
  | 'userSettings'
  | 'messages'
  | 'directMessages';

export const ALL_AREAS: readonly StoreArea[] = [
  'subscriptions',
  'unreads',
  'topics',
  'userTopics',
  'users',
  'presence',
  'statuses',
  'savedSnippets',
  'scheduledMessages',
  'reminders',
  'drafts',
  'linkifiers',
  'realmEmoji',
  'playgrounds',
  'channelFolders',
  'customProfileFields',
  'realm',
  'userSettings',
  'messages',
  'directMessages',
];

/**
 * What one batch of events (or a rebuild) changed. Fired once per `apply` call.
 * `full` is true after `reset` (a first build or a resync): every view should reload.
 */
export interface StoreChange {
  readonly full: boolean;
  readonly areas: ReadonlySet<StoreArea>;
  /** Channels whose topic lists or per-topic counts changed (subset of `topics` / `unreads`). */
  readonly streamIds: ReadonlySet<number>;
  /** Messages edited, moved, deleted, reacted to or re-flagged (for open topic views). */
  readonly messageIds: ReadonlySet<number>;
  /** Users whose record, presence or status changed. */
  readonly userIds: ReadonlySet<number>;
}

/** Collects the effects of one batch; `build()` returns undefined when nothing changed. */
export class ChangeBuilder {
  readonly areas = new Set<StoreArea>();
  readonly streamIds = new Set<number>();
  readonly messageIds = new Set<number>();
  readonly userIds = new Set<number>();

  add(area: StoreArea): this {
    this.areas.add(area);
    return this;
  }

  stream(area: 'topics' | 'unreads' | 'subscriptions' | 'userTopics', streamId: number | undefined): this {
    this.areas.add(area);
    if (streamId !== undefined) this.streamIds.add(streamId);
    return this;
  }

  message(id: number): this {
    this.areas.add('messages');
    this.messageIds.add(id);
    return this;
  }

  messages(ids: Iterable<number>): this {
    this.areas.add('messages');
    for (const id of ids) this.messageIds.add(id);
    return this;
  }

  user(area: 'users' | 'presence' | 'statuses', userId: number): this {
    this.areas.add(area);
    this.userIds.add(userId);
    return this;
  }

  build(): StoreChange | undefined {
    if (this.areas.size === 0) return undefined;
    return {
      full: false,
      areas: this.areas,
      streamIds: this.streamIds,
      messageIds: this.messageIds,
      userIds: this.userIds,
    };
  }
}

export function fullChange(): StoreChange {
  return { full: true, areas: new Set(ALL_AREAS), streamIds: new Set(), messageIds: new Set(), userIds: new Set() };
}
