/**
 * Every ID the extension shares with package.json. `scripts/check-contributes.mjs` fails the build
 * when a command, view, view container or setting here and in package.json disagree.
 */

export const EXTENSION_NAME = 'Team Chat';

/** Command IDs (package.json `contributes.commands`). */
export const Commands = {
  showVersion: 'teamChat.showVersion',
  signIn: 'teamChat.signIn',
  signOut: 'teamChat.signOut',
  switchAccount: 'teamChat.switchAccount',
  importZuliprc: 'teamChat.importZuliprc',
  editMessage: 'teamChat.editMessage',
  sendEdit: 'teamChat.sendEdit',
  discardEdit: 'teamChat.discardEdit',
  scheduledMessages: 'teamChat.scheduledMessages',
  scheduleMessage: 'teamChat.scheduleMessage',
  // People (presence tree, profile card, statuses)
  showProfile: 'teamChat.showProfile',
  setStatus: 'teamChat.setStatus',
  clearStatus: 'teamChat.clearStatus',
  setUserStatus: 'teamChat.setUserStatus',
  refreshPeople: 'teamChat.refreshPeople',
  // Channels (subscriptions tree)
  refreshChannels: 'teamChat.refreshChannels',
  // Channels you are not in
  browseChannels: 'teamChat.browseChannels',
  previewChannel: 'teamChat.previewChannel',
  joinChannel: 'teamChat.joinChannel',
  createChannel: 'teamChat.createChannel',
  reconnect: 'teamChat.reconnect',
  showOutbox: 'teamChat.showOutbox',
  channelMute: 'teamChat.channel.mute',
  channelUnmute: 'teamChat.channel.unmute',
  channelPin: 'teamChat.channel.pin',
  channelUnpin: 'teamChat.channel.unpin',
  channelSetColor: 'teamChat.channel.setColor',
  channelNotifications: 'teamChat.channel.notifications',
  channelCopyEmail: 'teamChat.channel.copyEmail',
  channelUnsubscribe: 'teamChat.channel.unsubscribe',
  channelRemoveSubscribers: 'teamChat.channel.removeSubscribers',
  channelMarkRead: 'teamChat.channel.markRead',
  // Channel folders (administrators)
  createChannelFolder: 'teamChat.createChannelFolder',
  renameChannelFolder: 'teamChat.renameChannelFolder',
  archiveChannelFolder: 'teamChat.archiveChannelFolder',
  moveChannelFolderUp: 'teamChat.moveChannelFolderUp',
  moveChannelFolderDown: 'teamChat.moveChannelFolderDown',
  moveChannelToFolder: 'teamChat.channel.moveToFolder',
  // Topics tree
  refreshTopics: 'teamChat.refreshTopics',
  topicMute: 'teamChat.topic.mute',
  topicUnmute: 'teamChat.topic.unmute',
  topicFollow: 'teamChat.topic.follow',
  topicResetVisibility: 'teamChat.topic.resetVisibility',
  topicResolve: 'teamChat.topic.resolve',
  topicUnresolve: 'teamChat.topic.unresolve',
  topicMove: 'teamChat.topic.move',
  topicMarkRead: 'teamChat.topic.markRead',
  // Topic view (webview), sharing and search
  openTopic: 'teamChat.openTopic',
  openDirectMessage: 'teamChat.openDirectMessage',
  sendDirectMessage: 'teamChat.sendDirectMessage',
  shareSelection: 'teamChat.shareSelection',
  uploadFile: 'teamChat.uploadFile',
  shareFileToChat: 'teamChat.shareFileToChat',
  copyChatPermalink: 'teamChat.copyChatPermalink',
  discussSelection: 'teamChat.discussSelection',
  openCodeReference: 'teamChat.openCodeReference',
  codeBlockAction: 'teamChat.codeBlockAction',
  deleteMessage: 'teamChat.deleteMessage',
  reportMessage: 'teamChat.reportMessage',
  goToDate: 'teamChat.goToDate',
  discussionReply: 'teamChat.discussion.reply',
  discussionResolve: 'teamChat.discussion.resolve',
  discussionUnresolve: 'teamChat.discussion.unresolve',
  discussionShow: 'teamChat.discussion.show',
  discussionCompare: 'teamChat.discussion.compare',
  discussionStart: 'teamChat.discussion.start',
  askTeamAboutProblem: 'teamChat.askTeamAboutProblem',
  shareTerminalSelection: 'teamChat.shareTerminalSelection',
  searchTopic: 'teamChat.searchTopic',
  searchChannel: 'teamChat.searchChannel',
  // Reminders
  createReminder: 'teamChat.createReminder',
  listReminders: 'teamChat.listReminders',
  deleteReminder: 'teamChat.deleteReminder',
  // Saved snippets
  insertSnippet: 'teamChat.insertSnippet',
  insertSnippetIntoCompose: 'teamChat.insertSnippetIntoCompose',
  saveSelectionAsSnippet: 'teamChat.saveSelectionAsSnippet',
  editSnippet: 'teamChat.editSnippet',
  saveSnippetEdit: 'teamChat.saveSnippetEdit',
  editSnippetTitle: 'teamChat.editSnippetTitle',
  deleteSnippet: 'teamChat.deleteSnippet',
  // Compose drafts
  resumeDraft: 'teamChat.resumeDraft',
  deleteDraft: 'teamChat.deleteDraft',
  // Linkifiers (administrators edit)
  refreshLinkifiers: 'teamChat.refreshLinkifiers',
  addLinkifier: 'teamChat.addLinkifier',
  editLinkifier: 'teamChat.editLinkifier',
  deleteLinkifier: 'teamChat.deleteLinkifier',
  moveLinkifierUp: 'teamChat.moveLinkifierUp',
  moveLinkifierDown: 'teamChat.moveLinkifierDown',
  // Bot development: outgoing webhook receiver
  startWebhookReceiver: 'teamChat.startWebhookReceiver',
  stopWebhookReceiver: 'teamChat.stopWebhookReceiver',
  // Personal settings and server information
  openSettings: 'teamChat.openSettings',
  serverInfo: 'teamChat.serverInfo',
  // Notifications
  toggleDoNotDisturb: 'teamChat.toggleDoNotDisturb',
  // Inbox (unread and recent conversations)
  inboxMarkRead: 'teamChat.inbox.markRead',
  inboxShowRecent: 'teamChat.inbox.showRecent',
  inboxShowUnread: 'teamChat.inbox.showUnread',
  // Search across the organisation
  searchMessages: 'teamChat.searchMessages',
  clearSearchResults: 'teamChat.clearSearchResults',
} as const;

/** View containers (package.json `contributes.viewsContainers`). */
export const ViewContainers = {
  main: 'teamChat',
} as const;

/** Views (package.json `contributes.views`). */
export const Views = {
  subscriptions: 'teamChat.subscriptions',
  topics: 'teamChat.topics',
  presence: 'teamChat.presence',
  directMessages: 'teamChat.directMessages',
  snippets: 'teamChat.snippets',
  drafts: 'teamChat.drafts',
  linkifiers: 'teamChat.linkifiers',
  inbox: 'teamChat.inbox',
  mentions: 'teamChat.mentions',
  starred: 'teamChat.starred',
  searchResults: 'teamChat.searchResults',
} as const;

/** The trees with a "Collapse All" button (the shell creates every tree at activation, before the core). */
export const CollapsibleViews: readonly string[] = [Views.inbox, Views.presence, Views.searchResults];

/**
 * The views open the first time the side bar shows: every other view is contributed with
 * `"visibility": "collapsed"` (scripts/check-contributes.mjs checks both agree), so the three get
 * the room; VS Code remembers which views the user opens or collapses. Search Results, hidden until
 * a search runs, opens itself then (its `focus` command expands it).
 */
export const ExpandedViews: readonly string[] = [Views.inbox, Views.subscriptions, Views.topics];

/** Webview panel types (`createWebviewPanel` view types). */
export const WebviewPanels = {
  profileCard: 'teamChat.profileCard',
  topicView: 'teamChat.topicView',
  settings: 'teamChat.settings',
  serverInfo: 'teamChat.serverInfo',
  // Notifications
  toggleDoNotDisturb: 'teamChat.toggleDoNotDisturb',
} as const;

/** The comment controller of topic threads on code, and its threads' context values (`when` clauses). */
export const CommentIds = {
  controller: 'teamChat.discussions',
  unresolvedThread: 'teamChat.topic.unresolved',
  resolvedThread: 'teamChat.topic.resolved',
} as const;

/** `globalState` keys of the signed-in accounts (never secrets: the API keys are in SecretStorage). */
export const StateKeys = {
  /** The accounts' metadata (`Account[]`). */
  accounts: 'teamChat.accounts',
  /** The active account's ID. */
  activeAccount: 'teamChat.activeAccount',
} as const;

/** Context keys set with `setContext` and used in `when` clauses. */
export const ContextKeys = {
  signedIn: 'teamChat.signedIn',
  /**
   * Known to be signed out: the "Sign in" welcome's key. Not `!signedIn`, which also holds while
   * the window starts, before the extension has run: the welcome would flash for a signed-in user.
   */
  signedOut: 'teamChat.signedOut',
  /**
   * The shell has run (set at activation): until then the Channels view's welcome says "starting"
   * instead of VS Code's "no data provider". Views with an "empty" welcome use `<viewId>.empty`.
   */
  started: 'teamChat.started',
  /** A session is current and the tree has no rows (its "empty" welcome may show): one key per such view. */
  inboxEmpty: 'teamChat.inbox.empty',
  directMessagesEmpty: 'teamChat.directMessages.empty',
  snippetsEmpty: 'teamChat.snippets.empty',
  linkifiersEmpty: 'teamChat.linkifiers.empty',
  /** The own user is an organization administrator (or owner). */
  isAdmin: 'teamChat.isAdmin',
  /** The server can find messages by date (`anchor=date`, feature level 445): "Go to Date…" is offered. */
  canGoToDate: 'teamChat.canGoToDate',
  /** The server has channel folders (feature level 389). */
  channelFolders: 'teamChat.channelFolders',
  /** The active editor is a saved snippet being edited (its tab shows "Save Snippet"). */
  snippetEditorActive: 'teamChat.snippetEditorActive',
  /** The Inbox tree shows recent conversations (its title menu offers the unread ones back). */
  inboxRecent: 'teamChat.inboxRecent',
  /** Signed in and subscribed to no channel: the Channels view offers Browse and Create. */
  noSubscriptions: 'teamChat.noSubscriptions',
  /** A search ran: the Search Results view is shown (until "Clear"). */
  searchResultsShown: 'teamChat.searchResultsShown',
  /** The assistant's tools and `@teamchat` are offered (`teamChat.ai.enabled` on, `hide_ai_features` off). */
  aiEnabled: 'teamChat.aiEnabled',
} as const;

/** Setting IDs (package.json `contributes.configuration`). None yet; later features add theirs. */
export const Settings = {
  /** Port of the outgoing webhook receiver on 127.0.0.1 (0: any free port). */
  webhookReceiverPort: 'teamChat.webhookReceiver.port',
  /** `ask`: prompt for each payload's answer; `noResponse`: answer `response_not_required`. */
  webhookReceiverMode: 'teamChat.webhookReceiver.mode',
  /** Sign in to plain http:// servers (other than this machine) without asking. */
  allowUnencryptedHttp: 'teamChat.security.allowUnencryptedHttp',
  /** What the activity-bar badge counts: `dmsAndMentions` or `allUnreads`. */
  badgeCounts: 'teamChat.badge.counts',
  /** Repository (`host/owner/name`) → the channel "Discuss Selection…" suggests for it. */
  codeChannels: 'teamChat.code.channels',
  /** The language-model tools and the `@teamchat` chat participant (src/assistant/). */
  aiEnabled: 'teamChat.ai.enabled',
} as const;

/** The assistant's contributions (package.json `languageModelTools`, `chatParticipants`). */
export const Assistant = {
  participant: 'teamChat.teamchat',
  tools: {
    search: 'teamchat_search',
    readConversation: 'teamchat_read_conversation',
    unread: 'teamchat_unread',
    codeDiscussions: 'teamchat_code_discussions',
    people: 'teamchat_people',
    draftMessage: 'teamchat_draft_message',
  },
} as const;

/** The authentication provider (package.json `contributes.authentication`). */
export const AUTH_PROVIDER_ID = 'teamchat';
export const AUTH_PROVIDER_LABEL = EXTENSION_NAME;

/** Environment variable naming a zuliprc file to sign in with at activation (demo and tests). */
export const ENV_AUTO_SIGNIN = 'TEAM_CHAT_AUTO_SIGNIN';
