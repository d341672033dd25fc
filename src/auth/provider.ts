/**
 * Shows the accounts in VS Code's Accounts menu: one session per account, whose access token is
 * the API key, read from SecretStorage only when a session is asked for.
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, Commands } from '../constants';
import type { Services } from '../services';
import type { Account, AccountManager } from './accounts';
import { runSignInFlow } from './signIn';

/** The Accounts-menu label: unique per account (the same email may exist on two servers). */
export function sessionLabel(account: Account): string {
  return `${account.email} (${new URL(account.realmUrl).host})`;
}

export class TeamChatAuthenticationProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this._register(
    new Emitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>(),
  );
  readonly onDidChangeSessions = this.changed.event;
  private known: Map<string, string>;

  constructor(
    private readonly accounts: AccountManager,
    private readonly signIn: () => Promise<Account | undefined>,
  ) {
    super();
    this.known = this.snapshot();
    this._register(accounts.onDidChangeAccounts(() => void this.fireChanges()));
  }

  async getSessions(
    _scopes: readonly string[] | undefined,
    options?: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession[]> {
    const wanted = options?.account?.id;
    const sessions: vscode.AuthenticationSession[] = [];
    for (const account of this.accounts.list()) {
      if (wanted !== undefined && account.id !== wanted) continue;
      const session = await this.toSession(account);
      if (session) sessions.push(session);
    }
    return sessions;
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const account = await this.signIn();
    const session = account && (await this.toSession(account));
    if (!session) throw new Error(vscode.l10n.t('Team Chat sign-in was cancelled.'));
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.accounts.remove(sessionId);
  }

  private async toSession(account: Account): Promise<vscode.AuthenticationSession | undefined> {
    const accessToken = await this.accounts.getApiKey(account);
    if (accessToken === undefined) return undefined;
    return { id: account.id, accessToken, account: { id: account.id, label: sessionLabel(account) }, scopes: [] };
  }

  private snapshot(): Map<string, string> {
    return new Map(this.accounts.list().map((a) => [a.id, JSON.stringify(a)]));
  }

  /** Diffs the account list against the last one seen and reports what changed. */
  private async fireChanges(): Promise<void> {
    const before = this.known;
    const after = this.snapshot();
    this.known = after;
    const removed = [...before.keys()].filter((id) => !after.has(id));
    const added = [...after.keys()].filter((id) => !before.has(id));
    const changed = [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id));
    if (removed.length + added.length + changed.length === 0) return;
    const sessionsOf = async (ids: string[]) =>
      (
        await Promise.all(ids.map((id) => this.accounts.get(id)).map((a) => (a ? this.toSession(a) : undefined)))
      ).filter((s): s is vscode.AuthenticationSession => s !== undefined);
    const removedSessions = removed.map((id) => {
      const account = JSON.parse(before.get(id)!) as Account;
      return { id, accessToken: '', account: { id, label: sessionLabel(account) }, scopes: [] };
    });
    this.changed.fire({ added: await sessionsOf(added), removed: removedSessions, changed: await sessionsOf(changed) });
  }
}

export function registerAuthenticationProvider(services: Services): TeamChatAuthenticationProvider {
  const provider = new TeamChatAuthenticationProvider(services.accounts, async () => {
    const result = await runSignInFlow(services);
    return result === 'import' ? vscode.commands.executeCommand<Account | undefined>(Commands.importZuliprc) : result;
  });
  services.disposables.add(provider);
  services.disposables.add(
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, AUTH_PROVIDER_LABEL, provider, {
      supportsMultipleAccounts: true,
    }),
  );
  return provider;
}
