/**
 * Plain `http://` servers: the API key travels in every request's Basic credential, so over plain
 * HTTP anyone on the network path can read it. Signing in to such a server (other than this
 * machine) needs the user's explicit consent first, remembered per host, or the setting
 * `teamChat.security.allowUnencryptedHttp`.
 */
import * as vscode from 'vscode';
import { Settings } from '../constants';
import { SignInError } from './check';

/** globalState key: the hosts (`host:port`) the user agreed to send the key to unencrypted. */
const CONSENTED_HOSTS_KEY = 'teamChat.unencryptedHttpHosts';

/** Where plain HTTP never leaves the machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** How a sign-in path answers the question: it asks (`'ask'`), or already knows the answer. */
export type UnencryptedConsent = 'ask' | boolean | undefined;

/** The `host:port` needing consent, or undefined for https:// and loopback servers. */
export function unencryptedHost(realmUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(realmUrl);
  } catch {
    return undefined; // not a URL: the server check refuses it before any request
  }
  if (url.protocol !== 'http:' || LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  return url.host;
}

/**
 * Resolves when the key may be sent to `realmUrl`; throws `SignInError('insecure')` otherwise.
 * `consent`: `'ask'` shows a modal question; `true` is consent given elsewhere (it is
 * remembered); `false`/`undefined` refuse unless the host was allowed before or by the setting.
 */
export async function confirmUnencrypted(
  globalState: vscode.Memento,
  realmUrl: string,
  consent: UnencryptedConsent,
): Promise<void> {
  const host = unencryptedHost(realmUrl);
  if (host === undefined) return;
  if (vscode.workspace.getConfiguration().get<boolean>(Settings.allowUnencryptedHttp) === true) return;
  const consented = globalState.get<string[]>(CONSENTED_HOSTS_KEY) ?? [];
  if (consented.includes(host)) return;
  let agreed = consent === true;
  if (consent === 'ask') {
    const send = vscode.l10n.t('Send Unencrypted');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} uses plain http://: the API key would be sent unencrypted.', host),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Anyone on the network between you and the server could read the key and act as you. Use https:// if ' +
            'the server supports it.',
        ),
      },
      send,
    );
    agreed = choice === send;
  }
  if (!agreed) {
    throw new SignInError(
      'insecure',
      vscode.l10n.t(
        'Not signed in: {0} uses plain http://, so the API key would be sent unencrypted. Use https://, or allow ' +
          'it when asked (or with the setting {1}).',
        host,
        Settings.allowUnencryptedHttp,
      ),
    );
  }
  await globalState.update(CONSENTED_HOSTS_KEY, [...consented, host]);
}
