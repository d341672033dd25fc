/** The message list's options and values (see `messageList.ts`). */
import type { ChatClient } from '../api/client';
import type { ChatStore } from '../store/store';

/** The account a list belongs to: its client and the store whose events it follows. */
export interface MessageListSource {
  readonly client: ChatClient;
  readonly store: Pick<ChatStore, 'ownUserId' | 'onDidApplyEvents' | 'onDidChange'>;
  /** A background request failed (a live check, a fetch by id, a reload); default: console. */
  readonly onError?: (error: unknown, what: string) => void;
}

/** A search narrow's highlighted HTML, as the server sent it (sanitise before showing). */
export interface Highlight {
  readonly content: string;
  readonly subject: string;
}

export interface PageRequest {
  readonly anchor?: number | 'newest' | 'oldest' | 'first_unread';
  readonly before?: number;
  readonly after?: number;
}

/** The first page's size; older and newer pages are {@link MAX_PAGE} (the API notes ask for ≤ 1000). */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 100;
