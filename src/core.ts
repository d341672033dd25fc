/**
 * The core: everything the extension does, loaded by the shell (extension.ts) after activation or
 * on the first command, as its own bundle (dist/core.js). Its commands and panel serializers go
 * through the shell's `ShellHost`, whose forwarders VS Code already knows.
 *
 * Ready in two turns of the event loop: first what the side bar shows (the trees, the status bar,
 * the accounts), then every command and feature. What none of that needs at start-up is loaded
 * after: the client's code (the operations' zod schemas, undici: src/api/load.ts) and the live
 * session's, a part at a time; a few pages and commands load their own code when first used.
 * test/unit/core.test.ts checks that nothing this module imports pulls those in.
 */
import * as vscode from 'vscode';
import type { Event } from './base/event';
import './localize';
import type { IDisposable } from './base/lifecycle';
import * as auth from './auth';
import * as messages from './commands/messages';
import { registerPeopleCommands } from './commands/people';
import * as channelCommands from './commands/channels';
import * as linkifierCommands from './commands/linkifiers';
import * as webhookCommands from './commands/webhook';
import * as reminderCommands from './commands/reminders';
import * as settingsCommands from './commands/settings';
import * as showVersion from './commands/showVersion';
import * as snippetCommands from './commands/snippets';
import * as topicCommands from './commands/topics';
import * as topicView from './commands/topic';
import * as codeCommands from './commands/code';
import type { Discussions } from './commands/code/discussions';
import type { FileReminders } from './commands/reminders/fileReminders';
import type { TopicViews } from './webviews/topicView/manager';
import { createServices, type Services } from './services';
import type { ShellHost } from './shell/forwarders';
import * as session from './session';
import { registerStatusBar } from './views/statusBar';
import * as outboxCommands from './commands/outbox';
import * as subscriptionsView from './views/subscriptions';
import * as topicsView from './views/topics';
import * as inboxView from './views/inbox';
import * as messagesViews from './views/messages';
import * as inboxCommands from './commands/inbox';
import * as linkifiersView from './views/linkifiers';
import * as draftsView from './views/drafts';
import * as draftCommands from './commands/drafts';
import type * as snippetsView from './views/snippets';
import type { ErrorMessage } from './ui/errorMessage';
import { onDidReportError } from './ui/report';
import { nextTurn } from './api/load';
import { loadChatSession } from './store/load';
import type { WebhookReceiver } from './webhookReceiver';
import { registerPeopleView, type PeopleView } from './views/presence';
import * as notifications from './notifications';
import * as directMessagesView from './views/directMessages';
import * as uploadCommands from './commands/upload';
import * as goToDateCommand from './commands/goToDate';
import * as searchView from './views/search';
import * as searchCommands from './commands/search';
import * as assistant from './assistant';

/**
 * What `activateCore` resolves to (the shell's `ready()`): integration tests reach the extension's state through it.
 */
export interface TeamChatApi {
  services: Services;
  /** The Accounts-menu provider (its sessions are what other extensions would see). */
  authProvider: vscode.AuthenticationProvider;
  /** Settles once the `TEAM_CHAT_AUTO_SIGNIN` import (if any) has finished. */
  autoSignIn: Promise<void>;
  /** The People view (its model lets tests see what the tree shows). */
  people: PeopleView;
  /** The Direct Messages tree (tests read its rows). */
  directMessages: directMessagesView.DirectMessagesView;
  /** The channels and topics trees (their models let tests see what the trees show). */
  channels: subscriptionsView.ChannelsView;
  topics: topicsView.TopicsView;
  /** The Inbox, Mentions and Starred trees (their models let tests see what the trees show). */
  inbox: inboxView.InboxView;
  mentions: messagesViews.MessagesView;
  starred: messagesViews.MessagesView;
  /** The Search Results tree ("Search Messages…"; tests read its groups). */
  searchResults: searchView.SearchResultsView;
  /** The open topic views (tests read what they loaded). */
  topicViews: TopicViews;
  /** The Saved Snippets tree (its provider lets tests see its rows). */
  snippets: snippetsView.SnippetsView;
  /** The Drafts tree (compose drafts; tests read its rows). */
  drafts: draftsView.DraftsView;
  /** The Linkifiers tree (its model lets tests see the order it shows). */
  linkifiers: linkifiersView.LinkifiersView;
  /** Topics shown as comment threads on the lines they discuss (tests read the threads). */
  discussions: Discussions;
  /** Reminders that arrive the next time a file is opened. */
  fileReminders: FileReminders;
  /** The outgoing webhook receiver (tests see the payloads it got). */
  webhookReceiver: WebhookReceiver;
  /** Message notifications (tests read what was shown, switch Do Not Disturb). */
  notifications: notifications.Notifications;
  /** The language-model tools and `@teamchat` (tests drive the participant's handler). */
  assistant: assistant.AssistantApi;
  /** The Team Chat status-bar item (tests read its text). */
  statusBar: vscode.StatusBarItem;
  /** Every error notification the command kit shows (tests read the text users see). */
  onDidReportError: Event<ErrorMessage>;
  /** How long `activateCore()` took, in ms (reported by `npm run bench`). */
  activationMs: number;
  /**
   * Settles once the code loaded after activation (the client's and the live session's) is loaded:
   * the shell then saves the code cache, which so holds that code compiled too.
   */
  loaded: Promise<void>;
}

/** `own` takes what the core owns (one store, released when the extension deactivates). */
export async function activateCore(
  context: vscode.ExtensionContext,
  host: ShellHost,
  own: (disposable: IDisposable) => void,
): Promise<TeamChatApi> {
  const started = performance.now();
  // What the side bar shows: the accounts, the status bar and the trees.
  const services = createServices(context, host, own);
  // The trees' first rows wait for the saved snapshot (at most FIRST_ROWS_HOLD_MS).
  host.holdFirstRows(session.startShown(services));
  const { provider } = auth.register(services);
  session.register(services);
  const statusBar = registerStatusBar(services);
  const directMessages = directMessagesView.register(services);
  const people = registerPeopleView(services);
  const channels = subscriptionsView.register(services);
  const topics = topicsView.register(services, channels);
  const inbox = inboxView.register(services);
  const { mentions, starred } = messagesViews.register(services);
  const searchResults = searchView.register(services);
  const drafts = draftsView.register(services);
  const linkifiers = linkifiersView.register(services);
  // The host's other work (and other extensions') runs before the rest.
  await nextTurn();
  showVersion.register(services);
  outboxCommands.register(services);
  messages.register(services);
  registerPeopleCommands(services);
  channelCommands.register(services);
  topicCommands.register(services, topics);
  const topicViews = topicView.register(services);
  uploadCommands.register(services, topicViews);
  goToDateCommand.register(services, topicViews);
  const notes = notifications.register(services, topicViews);
  const discussions = codeCommands.register(services);
  inboxCommands.register(services, inbox);
  searchCommands.register(services, searchResults);
  const fileReminders = reminderCommands.register(services);
  const snippets = snippetCommands.register(services, { compose: topicViews });
  settingsCommands.register(services);
  draftCommands.register(services, drafts.model, topicViews);
  linkifierCommands.register(services, linkifiers.model);
  const webhookReceiver = webhookCommands.register(services);
  const assistantApi = assistant.register(services, topicViews);
  // The session of the active account first: reading its key and snapshot is what the side bar
  // waits for. The check of every account's key (a round trip to the workbench each, slow while
  // it starts) runs beside it; an account it forgets switches the session as a sign-out does.
  void session.start(services);
  await services.accounts.initialize();
  const autoSignIn = auth.autoSignIn(services);
  const loaded = loadChatSession().then(
    () => undefined,
    (error: unknown) =>
      services.log.error(
        `Team Chat could not load its client: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
  return {
    services,
    authProvider: provider,
    autoSignIn,
    inbox,
    mentions,
    starred,
    searchResults,
    people,
    directMessages,
    channels,
    topics,
    topicViews,
    snippets,
    linkifiers,
    drafts,
    webhookReceiver,
    notifications: notes,
    discussions,
    fileReminders,
    assistant: assistantApi,
    onDidReportError,
    statusBar,
    activationMs: performance.now() - started,
    loaded,
  };
}

export function deactivateCore(): void {
  // Nothing to release here: the shell's root store (in context.subscriptions) owns the core's.
}
