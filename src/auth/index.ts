import type { Services } from '../services';
import { registerAccountCommands } from './commands';
import { registerAuthenticationProvider, type TeamChatAuthenticationProvider } from './provider';

export { autoSignIn } from './autoSignIn';
export type { Account, WillSignOutEvent } from './accounts';

/** Accounts: sign-in/out/switch/import commands and the Accounts-menu provider. */
export function register(services: Services): { provider: TeamChatAuthenticationProvider } {
  registerAccountCommands(services);
  return { provider: registerAuthenticationProvider(services) };
}
