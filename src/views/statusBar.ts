/**
 * The status-bar item: the session's phase while not live (starting, updating, connecting,
 * reconnecting, offline, not connected: src/views/sessionText.ts), else the own status (emoji and
 * text) and the unread total; then " · N waiting" while the outbox holds unsent messages.
 * Clicking it sets the own status (`teamChat.setStatus`), or reconnects when offline or refused
 * (the outbox: `teamChat.showOutbox`).
 */
import * as vscode from 'vscode';
import { Commands, Settings } from '../constants';
import type { Services } from '../services';
import { statusBarText } from './sessionText';
import { statusEmoji } from '../emoji/status';
import { statusBarCount, unreadCounts } from './unreadCounts';

export function registerStatusBar(services: Services): vscode.StatusBarItem {
  const { sessions } = services;
  const item = vscode.window.createStatusBarItem('teamChat.status', vscode.StatusBarAlignment.Left, 100);
  item.name = vscode.l10n.t('Team Chat');
  services.disposables.add(item);

  const update = (): void => {
    // An active account whose session the machine has not begun yet (activation) is starting.
    const state =
      sessions.state.phase === 'signedOut' ? { ...sessions.state, phase: 'starting' as const } : sessions.state;
    const current = sessions.current;
    item.backgroundColor = undefined;
    if (!services.accounts.active) {
      item.hide();
      return;
    }
    const notLive = state.phase === 'live' && current ? undefined : statusBarText(state);
    if (notLive) {
      item.text = notLive.text;
      item.tooltip = notLive.tooltip;
      if (notLive.severity)
        item.backgroundColor = new vscode.ThemeColor(
          notLive.severity === 'error' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground',
        );
      item.command = notLive.severity === 'error' ? Commands.reconnect : undefined;
    } else if (!current) {
      item.hide();
      return;
    } else {
      const store = current.store;
      const own = store.status(store.ownUserId);
      const emoji = statusEmoji(own) ?? '';
      const text = own?.status_text ?? '';
      const mode =
        vscode.workspace.getConfiguration().get<string>(Settings.badgeCounts) === 'allUnreads'
          ? 'allUnreads'
          : 'dmsAndMentions';
      const count = statusBarCount(unreadCounts(store), mode);
      const label =
        [emoji, text].filter(Boolean).join(' ') || (own?.away ? vscode.l10n.t('away') : current.account.fullName);
      item.text = `$(comment-discussion) ${truncate(label, 30)}${count.text}`;
      item.tooltip = vscode.l10n.t(
        '{0} on {1}\n{2}\nClick to set your status.',
        current.account.email,
        current.account.realmUrl,
        count.tooltip,
      );
      item.command = Commands.setStatus;
    }
    const waiting = services.outbox.entries().length;
    if (waiting > 0) {
      item.text += ` · ${vscode.l10n.t('{0} waiting', waiting)}`;
      const line = vscode.l10n.t('{0} message(s) waiting to be sent (Team Chat: Show Outbox).', waiting);
      item.tooltip = item.tooltip ? `${String(item.tooltip)}\n${line}` : line;
    }
    item.accessibilityInformation = { label: item.text.replace(/\$\([^)]*\)\s*/g, '') };
    item.show();
  };

  services.disposables.add(sessions.onDidChangeState(update));
  services.disposables.add(sessions.onDidChange(update));
  services.disposables.add(services.onDidChangeActiveAccount(update));
  services.disposables.add(services.outbox.onDidChange(update));
  services.disposables.add(
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(Settings.badgeCounts) && update()),
  );
  services.disposables.add(
    sessions.onDidChangeStore((c) => {
      if (
        c.full ||
        c.areas.has('unreads') ||
        c.areas.has('subscriptions') ||
        c.areas.has('userTopics') ||
        c.userIds.has(sessions.current?.store.ownUserId ?? -1)
      )
        update();
    }),
  );
  update();
  return item;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
