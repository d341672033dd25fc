import * as vscode from 'vscode';
import type { Event } from './base/event';
import { DisposableStore, type IDisposable } from './base/lifecycle';
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
  /**
   * What the core owns: every registration, view, emitter and service it creates that must be
   * released is added here. One store, handed to the shell's root once (the only place that touches
   * `context.subscriptions`), so everything goes when the extension deactivates.
   */
  readonly disposables: DisposableStore;
  /** Where commands and panel serializers are registered (the shell forwards the manifest's to them). */
  readonly host: ShellHost;
  readonly log: vscode.LogOutputChannel;
  readonly accounts: AccountManager;
  /** The active account changed (signed in, switched, signed out: `undefined`). */
  readonly onDidChangeActiveAccount: Event<Account | undefined>;
  /** The active account's live session (client, event queue, store) and its change events. */
  readonly sessions: SessionManager;
  /** What the user typed in each conversation's compose box (kept across reloads, synchronised when enabled). */
  readonly drafts: ComposeDrafts;
  /** Every message sent goes through the active account's outbox (kept until the server has it). */
  readonly outbox: OutboxService;
}

/**
 * Builds the services, each registered in the core's store as it is created; `own` takes that store
 * (the shell's root, given to `context.subscriptions` once).
 */
export function createServices(
  context: vscode.ExtensionContext,
  host: ShellHost,
  own: (store: IDisposable) => void,
): Services {
  const disposables = new DisposableStore();
  own(disposables);
  const log = disposables.add(vscode.window.createOutputChannel(EXTENSION_NAME, { log: true }));
  const accounts = disposables.add(new AccountManager(context.globalState, context.secrets, log));
  const cache = new SnapshotCache(vscode.Uri.joinPath(context.globalStorageUri, 'snapshots').fsPath, log);
  const sessions = disposables.add(new SessionManager(accounts, log, windowFocus, cache));
  const drafts = new ComposeDrafts(
    context.globalState,
    () => {
      const c = sessions.current;
      return c && { accountId: c.account.id, client: c.client, store: c.store, live: c.session.hasServerSnapshot };
    },
    { onError: (e) => log.warn(`Drafts: a server copy failed: ${String(e)}`) },
  );
  disposables.add(drafts);
  const outbox = new OutboxService(
    vscode.Uri.joinPath(context.globalStorageUri, 'outbox').fsPath,
    accounts,
    sessions,
    log,
  );
  disposables.add(outbox);
  return {
    context,
    disposables,
    host,
    log,
    accounts,
    onDidChangeActiveAccount: accounts.onDidChangeActive,
    sessions,
    drafts,
    outbox,
  };
}
