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
} as const;

/** Context keys set with `setContext` and used in `when` clauses. */
export const ContextKeys = {
  signedIn: 'teamChat.signedIn',
} as const;

/** Setting IDs (package.json `contributes.configuration`). None yet; later features add theirs. */
export const Settings = {} as const;

/** The authentication provider (package.json `contributes.authentication`). */
export const AUTH_PROVIDER_ID = 'teamchat';
export const AUTH_PROVIDER_LABEL = EXTENSION_NAME;

/** Environment variable naming a zuliprc file to sign in with at activation (demo and tests). */
export const ENV_AUTO_SIGNIN = 'TEAM_CHAT_AUTO_SIGNIN';
