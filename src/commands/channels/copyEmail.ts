/**
 * Copy a channel's email address (docs/API.md operation 17, `GET /streams/{stream_id}/email_address`)
 * with a choice of sender: the email gateway bot (default), yourself, or one of your bots.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import { getChannelEmailAddress } from '../../api/channels/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { channelCommand, channelName, type ChannelArg } from './common';
import { pickOne } from '../../ui/quickInput';

/** `senderId`: a user id, or `'gateway'` for the default sender. */
export type CopyEmailArg = ChannelArg & { senderId?: number | 'gateway' };

export const commands: CommandDeclaration[] = [
  channelCommand<CopyEmailArg, string | undefined>(
    {
      id: Commands.channelCopyEmail,
      failure: vscode.l10n.t('Could not get the channel email address'),
      placeHolder: vscode.l10n.t('Choose a channel'),
    },
    async ({ current }, streamId, arg) => {
      const sender = arg?.senderId ?? (await pickSender(current));
      if (sender === undefined) return undefined;
      const { email } = await withNotification(
        vscode.l10n.t('Getting the email address of {0}…', channelName(current, streamId)),
        (signal) =>
          getChannelEmailAddress(
            current.client,
            { stream_id: streamId, ...(sender === 'gateway' ? {} : { sender_id: sender }) },
            { signal },
          ),
      );
      await vscode.env.clipboard.writeText(email);
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Copied the email address of {0}: messages sent to it are posted in the channel.',
          channelName(current, streamId),
        ),
      );
      return email;
    },
  ),
];

async function pickSender(current: CurrentSession): Promise<number | 'gateway' | undefined> {
  const store = current.store;
  // Choosing the sender needs FL.channelEmailSender; older servers always use the gateway bot.
  if (store.featureLevel < FL.channelEmailSender) return 'gateway';
  type Item = vscode.QuickPickItem & { sender: number | 'gateway' };
  const items: Item[] = [
    {
      label: vscode.l10n.t('Email gateway bot'),
      description: vscode.l10n.t('default'),
      detail: vscode.l10n.t('Messages appear as sent by the email gateway.'),
      sender: 'gateway',
    },
    {
      label: vscode.l10n.t('Yourself ({0})', store.ownUser?.full_name ?? current.account.fullName),
      detail: vscode.l10n.t('Messages appear as sent by you.'),
      sender: store.ownUserId,
    },
  ];
  for (const u of store.users()) {
    if (u.is_bot && u.is_active && u.bot_owner_id === store.ownUserId) {
      items.push({
        label: `$(robot) ${u.full_name}`,
        description: u.email,
        detail: vscode.l10n.t('Your bot'),
        sender: u.user_id,
      });
    }
  }
  const picked = await pickOne(items, {
    placeHolder: vscode.l10n.t('Who should messages sent to this address appear to come from?'),
  });
  return picked?.sender;
}
