/**
 * Signing in: the interactive flow (server URL → email → API key), the programmatic one used by
 * commands with arguments and tests, and the zuliprc import. Every path checks the server, then the
 * credentials, before anything is stored.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { Account } from './accounts';
import { checkCredentials, checkServer, normalizeRealmUrl, type CheckedAccount, type ServerCheck } from './check';
import { inputStep } from '../ui/quickInput';
import { confirmUnencrypted, type UnencryptedConsent } from './plainHttp';
import { parseZuliprc, ZuliprcError } from './zuliprc';
import { describeError } from '../ui/errorMessage';
import { withNotification } from '../ui/progress';

export interface Credentials {
  realmUrl: string;
  email: string;
  apiKey: string;
  /** Consent to send the key over plain http:// (see plainHttp.ts); without it such servers are refused. */
  allowUnencrypted?: boolean;
}

export interface SignInOptions {
  silent?: boolean;
  /** How consent for a plain http:// server is obtained (default: `credentials.allowUnencrypted`). */
  unencrypted?: UnencryptedConsent;
}

const TITLE = vscode.l10n.t('Team Chat: Sign In');
const IMPORT_BUTTON: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('file-symlink-file'),
  tooltip: vscode.l10n.t('Import a zuliprc file instead…'),
};

/** Checks `credentials` (with a cancellable progress notification unless `silent`) and stores the account as active. */
export async function signInWith(
  services: Services,
  credentials: Credentials,
  options: SignInOptions = {},
): Promise<Account> {
  const { realmUrl, email, apiKey } = credentials;
  // Before any request carries the key.
  await confirmUnencrypted(
    services.context.globalState,
    normalizeRealmUrl(realmUrl),
    options.unencrypted ?? credentials.allowUnencrypted,
  );
  const checked = options.silent
    ? await checkCredentials(realmUrl, email, apiKey)
    : await withNotification(vscode.l10n.t('Signing in to {0}…', realmUrl), (signal) =>
        checkCredentials(realmUrl, email, apiKey, { signal }),
      );
  return store(services, checked, apiKey.trim());
}

/** The interactive flow; resolves undefined when the user cancels. */
export async function runSignInFlow(services: Services): Promise<Account | 'import' | undefined> {
  let server: ServerCheck | undefined;
  const url = await inputStep({
    title: TITLE,
    step: 1,
    totalSteps: 3,
    prompt: vscode.l10n.t('The address of your chat server (the organization URL you open in a browser).'),
    placeholder: vscode.l10n.t('https://chat.example.com'),
    buttons: [IMPORT_BUTTON],
    validate: (v) => messageOf(() => normalizeRealmUrl(v)),
    accept: async (v, signal) => {
      try {
        server = await withNotification(vscode.l10n.t('Checking {0}…', v.trim()), (s) =>
          checkServer(v, { signal: AbortSignal.any([s, signal]) }),
        );
        return undefined;
      } catch (error) {
        return describeError(error);
      }
    },
  });
  if (url && 'button' in url) return 'import';
  if (!url || !server) return undefined;
  const realm: ServerCheck = server;
  // Asked before the key is even typed; the server check above sent no credentials.
  await confirmUnencrypted(services.context.globalState, realm.realmUrl, 'ask');

  const needsEmail = realm.requireEmailFormatUsernames;
  const email = await inputStep({
    title: vscode.l10n.t('Team Chat: Sign In to {0}', realm.realmName),
    step: 2,
    totalSteps: 3,
    prompt: needsEmail
      ? vscode.l10n.t('Your email address on this server.')
      : vscode.l10n.t('Your user name or email address on this server.'),
    placeholder: vscode.l10n.t('you@example.com'),
    validate: (v) =>
      v.trim() === ''
        ? vscode.l10n.t('Enter your email address.')
        : needsEmail && !v.includes('@')
          ? vscode.l10n.t('Enter an email address (name@domain).')
          : undefined,
  });
  if (!email || !('value' in email)) return undefined;

  let checked: CheckedAccount | undefined;
  let apiKey = '';
  const key = await inputStep({
    title: vscode.l10n.t('Team Chat: Sign In to {0}', realm.realmName),
    step: 3,
    totalSteps: 3,
    prompt: vscode.l10n.t(
      'Your API key: in the web app, Personal settings → Account & privacy → API key. It is kept in the system ' +
        'keychain.',
    ),
    password: true,
    validate: (v) => (v.trim() === '' ? vscode.l10n.t('Enter your API key.') : undefined),
    accept: async (v, signal) => {
      try {
        checked = await withNotification(vscode.l10n.t('Checking your credentials…'), (s) =>
          checkCredentials(realm.realmUrl, email.value, v, { signal: AbortSignal.any([s, signal]) }),
        );
        apiKey = v.trim();
        return undefined;
      } catch (error) {
        return describeError(error);
      }
    },
  });
  if (!key || !checked) return undefined;
  return store(services, checked, apiKey);
}

/** Reads, checks and stores the account of a zuliprc file. Throws `ZuliprcError` or `SignInError`. */
export async function importZuliprcFile(
  services: Services,
  file: vscode.Uri,
  options: SignInOptions = {},
): Promise<Account> {
  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  } catch (error) {
    throw new ZuliprcError(
      vscode.l10n.t('Could not read {0}: {1}', file.fsPath, error instanceof Error ? error.message : String(error)),
    );
  }
  const rc = parseZuliprc(text);
  return signInWith(services, { realmUrl: rc.site, email: rc.email, apiKey: rc.apiKey }, options);
}

async function store(services: Services, checked: CheckedAccount, apiKey: string): Promise<Account> {
  const { realmUrl, email, fullName, userId, realmName } = checked;
  return services.accounts.add({ realmUrl, email, fullName, userId, realmName }, apiKey);
}

function messageOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}
