import * as vscode from 'vscode';
import * as auth from './auth';
import * as showVersion from './commands/showVersion';
import { createServices, type Services } from './services';

/** What `activate` returns: integration tests reach the extension's state through it. */
export interface TeamChatApi {
  services: Services;
  /** The Accounts-menu provider (its sessions are what other extensions would see). */
  authProvider: vscode.AuthenticationProvider;
  /** Settles once the `TEAM_CHAT_AUTO_SIGNIN` import (if any) has finished. */
  autoSignIn: Promise<void>;
}

export async function activate(context: vscode.ExtensionContext): Promise<TeamChatApi> {
  const services = createServices(context);
  showVersion.register(services);
  const { provider } = auth.register(services);
  await services.accounts.initialize();
  return { services, authProvider: provider, autoSignIn: auth.autoSignIn(services) };
}

export function deactivate(): void {
  // Nothing to release: everything is owned by context.subscriptions.
}
