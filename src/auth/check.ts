/**
 * Checks a server and a set of credentials before they are stored: first `GET /server_settings`
 * (reachable, a chat server, compatible), then an authenticated `GET /users/me`. Imports nothing
 * from `vscode`, so plain-Node tests run it against the local chat server.
 */
import * as l10n from '@vscode/l10n';
import type { ChatClient } from '../api/client';
import {
  ApiError,
  ChatError,
  MalformedResponseError,
  NetworkError,
  RedirectError,
  ValidationError,
} from '../api/errors';
import { loadClient } from '../api/load';
import { credentialSecrets, scrubError, scrubText } from '../api/scrub';
import { getServerSettings } from '../api/server/routes';
import { getOwnUser } from '../api/users/routes';

/**
 * The oldest server feature level the extension supports (Zulip 4.0 and compatible servers).
 * Older servers lack the API the extension is built on.
 */
export const MIN_FEATURE_LEVEL = 65;

/** Sign-in checks are interactive: fail fast rather than retry for long. */
const CHECK_TIMEOUT_MS = 15_000;

export type SignInErrorKind =
  | 'badUrl'
  | 'unreachable'
  | 'tls'
  | 'notChatServer'
  | 'incompatible'
  | 'badKey'
  | 'deactivated'
  | 'realmDeactivated'
  | 'redirect'
  /** A plain http:// server the user did not agree to send the key to. */
  | 'insecure'
  | 'other';

/** A sign-in failure; `message` is written for the user and says what to do. Never holds the key. */
export class SignInError extends Error {
  constructor(
    readonly kind: SignInErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SignInError';
  }
}

/** What the server says about itself. */
export interface ServerCheck {
  realmUrl: string;
  realmName: string;
  featureLevel: number;
  version: string | undefined;
  /** False when the server signs in with directory user names rather than email addresses. */
  requireEmailFormatUsernames: boolean;
}

/** A verified account: everything needed to store it (apart from the key). */
export interface CheckedAccount extends ServerCheck {
  email: string;
  userId: number;
  fullName: string;
}

export interface CheckOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Turns what the user typed into a server URL: trims, adds `https://` when no scheme is given,
 * drops a trailing slash. Throws `SignInError('badUrl')` for anything that cannot be a server.
 */
export function normalizeRealmUrl(input: string): string {
  const text = input.trim();
  if (text === '') throw badUrl(l10n.t('Enter the server URL, e.g. https://chat.example.com.'));
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw badUrl(l10n.t('"{0}" is not a valid server URL. Enter an address like https://chat.example.com.', text));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badUrl(l10n.t('The server URL must start with https:// (or http:// for a local server).'));
  }
  if (url.username || url.password) throw badUrl(l10n.t('The server URL must not contain a user name or password.'));
  if (url.search || url.hash) throw badUrl(l10n.t('The server URL must not contain a query (?…) or fragment (#…).'));
  if (!isPlausibleHost(url.hostname)) {
    throw badUrl(
      l10n.t('"{0}" is not a valid server name. Enter an address like https://chat.example.com.', url.hostname),
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function isPlausibleHost(host: string): boolean {
  if (host.startsWith('[')) return true; // IPv6, already validated by URL
  const label = '[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?';
  return new RegExp(`^${label}(?:\\.${label})*\\.?$`, 'i').test(host);
}

function badUrl(message: string): SignInError {
  return new SignInError('badUrl', message);
}

/** Checks that `realmUrl` is a reachable, compatible chat server. */
export async function checkServer(realmUrl: string, options: CheckOptions = {}): Promise<ServerCheck> {
  const url = normalizeRealmUrl(realmUrl);
  const client = await makeClient(url, '', '', options);
  try {
    return await readServer(client, url, options);
  } finally {
    await client.close();
  }
}

/**
 * Checks the server, then the credentials. Resolves with the verified account or throws a
 * `SignInError` whose message never contains `apiKey`.
 */
export async function checkCredentials(
  realmUrl: string,
  email: string,
  apiKey: string,
  options: CheckOptions = {},
): Promise<CheckedAccount> {
  const url = normalizeRealmUrl(realmUrl);
  const login = email.trim();
  const key = apiKey.trim();
  if (login === '') throw new SignInError('badKey', l10n.t('Enter the email address (or user name) you sign in with.'));
  if (key === '')
    throw new SignInError('badKey', l10n.t('Enter your API key (Personal settings → Account & privacy → API key).'));
  const client = await makeClient(url, login, key, options);
  try {
    const server = await readServer(client, url, options);
    let user: Awaited<ReturnType<typeof getOwnUser>>;
    try {
      user = await getOwnUser(client, { signal: options.signal });
    } catch (error) {
      if (error instanceof MalformedResponseError) {
        throw new SignInError(
          'notChatServer',
          l10n.t('{0} answered the sign-in check with something unexpected. Check the server URL.', url),
          { cause: error },
        );
      }
      throw toSignInError(error, url, credentialSecrets(login, key));
    }
    return { ...server, email: login, userId: user.user_id, fullName: user.full_name };
  } finally {
    await client.close();
  }
}

async function makeClient(url: string, email: string, apiKey: string, options: CheckOptions): Promise<ChatClient> {
  const { ChatClient } = await loadClient();
  try {
    return new ChatClient({
      realmUrl: url,
      email,
      apiKey,
      timeoutMs: options.timeoutMs ?? CHECK_TIMEOUT_MS,
      maxRetries: 1,
    });
  } catch (error) {
    throw new SignInError('badUrl', error instanceof Error ? error.message : String(error), { cause: error });
  }
}

async function readServer(client: ChatClient, url: string, options: CheckOptions): Promise<ServerCheck> {
  let settings: Awaited<ReturnType<typeof getServerSettings>>;
  try {
    settings = await getServerSettings(client, { signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError || error instanceof MalformedResponseError) throw notChatServer(url, error);
    throw toSignInError(error, url);
  }
  const featureLevel = settings.chat_feature_level;
  if (settings.is_incompatible === true) {
    throw new SignInError(
      'incompatible',
      l10n.t(
        "{0} says this version of Team Chat is not compatible with it. Update the extension, or ask the server's " +
          'administrator.',
        url,
      ),
    );
  }
  if (featureLevel < MIN_FEATURE_LEVEL) {
    throw new SignInError(
      'incompatible',
      settings.chat_version
        ? l10n.t(
            '{0} runs a server too old for Team Chat (version {1}, feature level {2}; {3} or later is needed). ' +
              'Ask its administrator to upgrade.',
            url,
            settings.chat_version,
            featureLevel,
            MIN_FEATURE_LEVEL,
          )
        : l10n.t(
            '{0} runs a server too old for Team Chat (feature level {1}; {2} or later is needed). Ask its ' +
              'administrator to upgrade.',
            url,
            featureLevel,
            MIN_FEATURE_LEVEL,
          ),
    );
  }
  return {
    realmUrl: url,
    realmName: settings.realm_name ?? new URL(url).hostname,
    featureLevel,
    version: settings.chat_version,
    requireEmailFormatUsernames: settings.require_email_format_usernames ?? true,
  };
}

function notChatServer(url: string, cause: unknown): SignInError {
  return new SignInError(
    'notChatServer',
    l10n.t(
      '{0} does not look like a chat server (no valid answer at /api/v1/server_settings). Check the server URL, ' +
        'including any path.',
      url,
    ),
    { cause },
  );
}

/** Maps a client error to the sign-in failure the user can act on. */
function toSignInError(error: unknown, url: string, secrets: readonly string[] = []): SignInError {
  // The cause travels with the SignInError (and into logs): no form of the key may stay in it.
  scrubError(error, secrets);
  if (error instanceof SignInError) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new SignInError('other', l10n.t('Sign-in was cancelled.'), { cause: error });
  if (error instanceof ValidationError) return new SignInError('badUrl', error.message, { cause: error });
  if (error instanceof RedirectError) {
    const target = suggestedRealm(error.location, url);
    return new SignInError(
      'redirect',
      target
        ? l10n.t('{0} redirects to {1}. Sign in with {2} as the server URL.', url, target, target)
        : l10n.t('{0} answered with a redirect (HTTP {1}). Check the server URL.', url, error.httpStatus),
      { cause: error },
    );
  }
  if (error instanceof NetworkError) {
    if (error.kind === 'tls') {
      return new SignInError(
        'tls',
        l10n.t(
          'The secure connection to {0} failed: its certificate is not trusted or TLS failed. Check the URL, or ' +
            'ask the administrator to fix the certificate.',
          url,
        ),
        { cause: error },
      );
    }
    const why =
      error.kind === 'dns'
        ? 'the server name was not found'
        : error.kind === 'refused'
          ? 'the connection was refused'
          : error.kind === 'timeout'
            ? 'it did not answer in time'
            : 'the connection failed';
    return new SignInError(
      'unreachable',
      l10n.t('Could not reach {0}: {1}. Check the URL and your network connection.', url, why),
      { cause: error },
    );
  }
  if (error instanceof ApiError) {
    if (error.code === 'USER_DEACTIVATED') {
      return new SignInError(
        'deactivated',
        l10n.t(
          'This account has been deactivated on the server. Ask an administrator of the organization to reactivate it.',
        ),
        { cause: error },
      );
    }
    if (error.code === 'REALM_DEACTIVATED') {
      return new SignInError(
        'realmDeactivated',
        l10n.t('The organization at {0} has been deactivated. Contact its administrators.', url),
        { cause: error },
      );
    }
    if (error.isAuthError) {
      return new SignInError(
        'badKey',
        l10n.t(
          'The email or API key was not accepted. Copy the API key again from Personal settings → Account & ' +
            'privacy, and check the email.',
        ),
        { cause: error },
      );
    }
    return new SignInError('other', l10n.t('The server refused the sign-in: {0}', scrubText(error.message, secrets)), {
      cause: error,
    });
  }
  if (error instanceof ChatError) {
    return new SignInError('other', l10n.t('Sign-in failed: {0} Try again later.', scrubText(error.message, secrets)), {
      cause: error,
    });
  }
  return new SignInError(
    'other',
    l10n.t('Sign-in failed: {0}', scrubText(error instanceof Error ? error.message : String(error), secrets)),
    { cause: error },
  );
}

/** The realm URL a redirect points at (its `/api/v1/...` suffix removed), if it is a URL. */
function suggestedRealm(location: string | undefined, base: string): string | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, base + '/');
    const path = url.pathname.replace(/\/api\/v1\/.*$/, '').replace(/\/+$/, '');
    return url.origin + path;
  } catch {
    return undefined;
  }
}
