import * as vscode from 'vscode';
import { ENV_AUTO_SIGNIN } from '../constants';
import type { Services } from '../services';
import { describe } from './accounts';
import { describeError } from '../ui/errorMessage';
import { importZuliprcFile } from './signIn';

/**
 * Demo and test hook: when `TEAM_CHAT_AUTO_SIGNIN` names a zuliprc file, imports it at activation
 * (the same checks as the import command) and makes it active, silently. Failures are logged.
 */
export async function autoSignIn(services: Services, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = env[ENV_AUTO_SIGNIN];
  if (!file) return;
  services.log.info(`${ENV_AUTO_SIGNIN}: signing in with ${file}…`);
  try {
    const account = await importZuliprcFile(services, vscode.Uri.file(file), { silent: true });
    services.log.info(`${ENV_AUTO_SIGNIN}: active account is ${describe(account)}.`);
  } catch (error) {
    services.log.error(`${ENV_AUTO_SIGNIN}: ${describeError(error)}`);
  }
}
