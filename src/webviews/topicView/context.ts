/**
 * What the parts of one conversation view share: one object per view, made by the panel
 * (./panel.ts) and handed to each part (actions, content, uploads, outbox, drafts, typing,
 * completions), which registers its own handlers with the view's host.
 */
import type * as vscode from 'vscode';
import type { Message } from '../../api/messages/models';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import type { PanelHost } from '../host';
import type { TopicViewKey } from './protocol';

export interface TopicContext {
  readonly key: TopicViewKey;
  readonly services: Services;
  /** The view's panel and the page's protocol host (`view.host`). */
  readonly view: PanelHost;
  /** Where a failed action's detail is logged (an error the user should see is shown to them). */
  readonly log: vscode.LogOutputChannel;
  /** The current session (throws the user-facing "sign in" error when there is none). */
  session(): CurrentSession;
  /** A message of the view's live list. */
  message(id: number): Message | undefined;
  /** Refetches one message (its copy was stale). */
  refetch(id: number): Promise<void>;
  /** Reveals the view and puts text at the compose box's caret (false: the view has no compose box). */
  insertIntoCompose(text: string): boolean;
  /** Stops marking what the page shows as read (after "mark as unread", until the view is closed). */
  suspendReads(): void;
}
