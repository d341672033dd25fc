import * as vscode from 'vscode';
import * as auth from './auth';
import * as messages from './commands/messages';
import { registerPeopleCommands } from './commands/people';
import * as showVersion from './commands/showVersion';
import { createServices, type Services } from './services';
import { registerPeopleView, type PeopleView } from './views/presence';

/** What `activate` returns: integration tests reach the extension's state through it. */
export interface TeamChatApi {
  services: Services;
  /** The Accounts-menu provider (its sessions are what other extensions would see). */
  authProvider: vscode.AuthenticationProvider;
  /** Settles once the `TEAM_CHAT_AUTO_SIGNIN` import (if any) has finished. */
  autoSignIn: Promise<void>;
  /** The People view (its model lets tests see what the tree shows). */
  people: PeopleView;
}

export async function activate(context: vscode.ExtensionContext): Promise<TeamChatApi> {
  const services = createServices(context);
  showVersion.register(services);
  messages.register(services);
  const people = registerPeopleView(services);
  registerPeopleCommands(services);
  const { provider } = auth.register(services);
  await services.accounts.initialize();
  return { services, authProvider: provider, autoSignIn: auth.autoSignIn(services), people };
}

export function deactivate(): void {
  // Nothing to release: everything is owned by context.subscriptions.
}
