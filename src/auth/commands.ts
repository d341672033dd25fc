/**
 * The account commands. Each accepts optional arguments that skip the UI (for tests and other
 * commands); with arguments, the kit throws failures instead of showing them.
 */
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Services } from '../services';
import type { Account } from './accounts';
import { registerCommands } from '../ui/commands';
import { importZuliprcFile, runSignInFlow, signInWith, type Credentials } from './signIn';
import { pickOne } from '../ui/quickInput';
import { offerAgain } from '../ui/report';

/** An account as the user reads it (accounts.ts's `describe` is the log's English form). */
const describe = (account: Account): string => vscode.l10n.t('{0} on {1}', account.email, account.realmUrl);

export function registerAccountCommands(services: Services): void {
  registerCommands(services, [
    {
      id: Commands.signIn,
      failure: vscode.l10n.t('Could not sign in'),
      run: (_, args?: Credentials) => signIn(services, args),
    },
    {
      id: Commands.importZuliprc,
      failure: vscode.l10n.t('Could not sign in'),
      run: (_, file?: vscode.Uri | string) => importZuliprc(services, file),
    },
    {
      id: Commands.signOut,
      failure: vscode.l10n.t('Could not sign out'),
      run: (_, id?: string) => signOut(services, id),
    },
    {
      id: Commands.switchAccount,
      failure: vscode.l10n.t('Could not switch the account'),
      run: (_, id?: string) => switchAccount(services, id),
    },
  ]);
}

/** `teamChat.signIn`: with `{realmUrl, email, apiKey}` signs in directly, else asks. */
export async function signIn(services: Services, args?: Credentials): Promise<Account | undefined> {
  if (args) return signInWith(services, args);
  const result = await runSignInFlow(services);
  if (result === 'import') return importZuliprc(services);
  if (result) announce(result);
  return result;
}

/** `teamChat.importZuliprc`: with a file (URI or path) imports it directly, else asks for one. */
async function importZuliprc(services: Services, file?: vscode.Uri | string): Promise<Account | undefined> {
  if (file !== undefined) return importZuliprcFile(services, typeof file === 'string' ? vscode.Uri.file(file) : file);
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Import a zuliprc file'),
    openLabel: vscode.l10n.t('Sign In'),
    canSelectMany: false,
    defaultUri: vscode.Uri.file(path.join(os.homedir(), '.zuliprc')),
  });
  if (!picked?.[0]) return undefined;
  try {
    const account = await importZuliprcFile(services, picked[0], { unencrypted: 'ask' });
    announce(account);
    return account;
  } catch (error) {
    const again = vscode.l10n.t('Choose Another File');
    const retry = await offerAgain(services.log, error, vscode.l10n.t('Could not sign in'), again);
    return retry ? importZuliprc(services) : undefined;
  }
}

/** `teamChat.signOut`: signs out of the account `id`, the only one, or one the user picks. */
async function signOut(services: Services, id?: string): Promise<void> {
  const { accounts } = services;
  let account = id !== undefined ? accounts.get(id) : undefined;
  if (id === undefined) {
    const all = accounts.list();
    account = all.length <= 1 ? all[0] : await pickAccount(services, vscode.l10n.t('Sign out of which account?'));
    if (!account) return;
  }
  if (!account) throw new Error(`No such account: ${id}`);
  await accounts.remove(account.id);
  if (id === undefined)
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed out of {0}.', describe(account)));
}

/** `teamChat.switchAccount`: makes `id` (or a picked account) active; offers to add one. */
async function switchAccount(services: Services, id?: string): Promise<Account | undefined> {
  if (id !== undefined) {
    await services.accounts.setActive(id);
    return services.accounts.active;
  }
  const picked = await pickAccount(services, vscode.l10n.t('Switch to which account?'), true);
  if (picked === 'new') return signIn(services);
  if (!picked) return undefined;
  await services.accounts.setActive(picked.id);
  return picked;
}

type AccountItem = vscode.QuickPickItem & { account?: Account };

function pickAccount(services: Services, title: string): Promise<Account | undefined>;
function pickAccount(services: Services, title: string, offerNew: true): Promise<Account | 'new' | undefined>;
async function pickAccount(services: Services, title: string, offerNew = false): Promise<Account | 'new' | undefined> {
  const active = services.accounts.active;
  const items: AccountItem[] = services.accounts.list().map((account) => ({
    label: `${account.id === active?.id ? '$(check) ' : ''}${account.fullName}`,
    description: account.email,
    detail: `${account.realmName} · ${account.realmUrl}`,
    account,
  }));
  if (offerNew) items.push({ label: vscode.l10n.t('$(add) Sign in to another account…') });
  const picked = await pickOne(items, {
    title,
    placeHolder: active ? vscode.l10n.t('Active: {0}', describe(active)) : undefined,
  });
  if (!picked) return undefined;
  return picked.account ?? 'new';
}

function announce(account: Account): void {
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Signed in to {0} as {1} ({2}).', account.realmName, account.fullName, account.email),
  );
}
