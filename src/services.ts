import * as vscode from 'vscode';
import { AccountManager, type Account } from './auth/accounts';
import { EXTENSION_NAME } from './constants';
import { ComposeDrafts } from './drafts/compose';
import { SessionManager, windowFocus } from './session/manager';
import { OutboxService } from './session/outbox';
import { SnapshotCache } from './session/snapshotCache';
import type { ShellHost } from './shell/forwarders';

/** What every feature's `register(services)` receives: the few shared objects, passed explicitly. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  /** Where commands and panel serializers are registered (the shell forwards the manifest's to them). */
  readonly host: ShellHost;
  readonly log: vscode.LogOutputChannel;
  readonly accounts: AccountManager;
  /** The active account changed (signed in, switched, signed out: `undefined`). */
  readonly onDidChangeActiveAccount: vscode.Event<Account | undefined>;
  /** The active account's live session (client, event queue, store) and its change events. */
  readonly sessions: SessionManager;
  /** What the user typed in each conversation's compose box (kept across reloads, synchronised when enabled). */
  readonly drafts: ComposeDrafts;
  /** Every message sent goes through the active account's outbox (kept until the server has it). */
  readonly outbox: OutboxService;
}

/** Builds the services; each is registered in `context.subscriptions` as it is created. */
export function createServices(context: vscode.ExtensionContext, host: ShellHost): Services {
  const log = vscode.window.createOutputChannel(EXTENSION_NAME, { log: true });
  context.subscriptions.push(log);
  const accounts = new AccountManager(context.globalState, context.secrets, log);
  context.subscriptions.push(accounts);
  const cache = new SnapshotCache(vscode.Uri.joinPath(context.globalStorageUri, 'snapshots').fsPath, log);
  const sessions = new SessionManager(accounts, log, windowFocus, cache);
  context.subscriptions.push(sessions);
  const drafts = new ComposeDrafts(
    context.globalState,
    () => {
      const c = sessions.current;
      return c && { accountId: c.account.id, client: c.client, store: c.store, live: c.session.hasServerSnapshot };
    },
    { onError: (e) => log.warn(`Drafts: a server copy failed: ${String(e)}`) },
  );
  context.subscriptions.push(drafts);
  const outbox = new OutboxService(
    vscode.Uri.joinPath(context.globalStorageUri, 'outbox').fsPath,
    accounts,
    sessions,
    log,
  );
  context.subscriptions.push(outbox);
  return {
    context,
    host,
    log,
    accounts,
    onDidChangeActiveAccount: accounts.onDidChangeActive,
    sessions,
    drafts,
    outbox,
  };
}
