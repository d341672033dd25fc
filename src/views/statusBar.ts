/**
 * The status-bar item: connection state while not live (connecting / reconnecting… / offline),
 * else the own status (emoji and text) and the unread total. Clicking it sets the own status
 * (`teamChat.setStatus`), or reconnects when offline.
 */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Services } from '../services';
import { describeError } from '../ui/errorMessage';
import { unicodeEmoji } from './presence/status';


export function registerStatusBar(services: Services): vscode.StatusBarItem {
  const { sessions, context } = services;
  const item = vscode.window.createStatusBarItem('teamChat.status', vscode.StatusBarAlignment.Left, 100);
  item.name = vscode.l10n.t('Team Chat');
  context.subscriptions.push(item);

  const update = (): void => {
    const status = sessions.status;
    const current = sessions.current;
    item.backgroundColor = undefined;
    if (!services.accounts.active) {
      item.hide();
      return;
    }
    if (status.status === 'connecting' || (!current && status.status !== 'stopped')) {
      item.text = `$(sync~spin) ${vscode.l10n.t('Team Chat: connecting…')}`;
      item.tooltip = vscode.l10n.t('Loading your channels, topics and unread messages.');
      item.command = undefined;
    } else if (status.status === 'reconnecting') {
      item.text = `$(sync~spin) ${vscode.l10n.t('Team Chat: reconnecting…')}`;
      const retry = status.detail?.retryInMs;
      item.tooltip = retry
        ? vscode.l10n.t('The connection to the chat server was lost; next attempt in {0} s. Team Chat reconnects by itself.', Math.ceil(retry / 1000))
        : vscode.l10n.t('The connection to the chat server was lost. Team Chat reconnects by itself.');
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      item.command = undefined;
    } else if (!current || status.status === 'stopped') {
      item.text = `$(error) ${vscode.l10n.t('Team Chat: offline')}`;
      item.tooltip = status.detail?.error ? vscode.l10n.t('{0} Click to reconnect.', describeError(status.detail.error)) : vscode.l10n.t('Not connected. Click to reconnect.');
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      item.command = Commands.reconnect;
    } else {
      const store = current.store;
      const own = store.status(store.ownUserId);
      const emoji = own ? statusEmoji(own) : '';
      const text = own?.status_text ?? '';
      const unread = store.totalUnread();
      const label = [emoji, text].filter(Boolean).join(' ') || (own?.away ? vscode.l10n.t('away') : current.account.fullName);
      item.text = `$(comment-discussion) ${truncate(label, 30)}${unread > 0 ? ` · ${unread}` : ''}`;
      item.tooltip = vscode.l10n.t('{0} on {1}\n{2} unread\nClick to set your status.', current.account.email, current.account.realmUrl, unread);
      item.command = Commands.setStatus;
    }
    item.accessibilityInformation = { label: item.text.replace(/\$\([^)]*\)\s*/g, '') };
    item.show();
  };

  context.subscriptions.push(
    sessions.onDidChangeStatus(update),
    sessions.onDidChange(update),
    services.onDidChangeSession(update),
    sessions.onDidChangeStore((c) => {
      if (c.full || c.areas.has('unreads') || c.areas.has('subscriptions') || c.areas.has('userTopics') || c.userIds.has(sessions.current?.store.ownUserId ?? -1)) update();
    }),
  );
  update();
  return item;
}

function statusEmoji(status: { emoji_name?: string | null; emoji_code?: string | null; reaction_type?: string | null }): string {
  const code = status.emoji_code;
  if (!code || (status.reaction_type && status.reaction_type !== 'unicode_emoji')) return status.emoji_name ? `:${status.emoji_name}:` : '';
  return unicodeEmoji(code) ?? '';
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
