/**
 * Mark as read (docs/API.md operation 12, `POST /messages/flags/narrow`): a channel, or (from the
 * topics commands) one topic, in batches from the oldest unread until the newest is reached.
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api';
import * as narrow from '../../api/messages/narrowTerms';
import { updateMessageFlagsForNarrow } from '../../api/messages/routes';
import { Commands } from '../../constants';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { channelCommand, channelName } from './common';

const BATCH = 1000;

/** Adds `read` to every unread message of the narrow; returns how many changed. */
export async function markNarrowRead(
  client: ChatClient,
  terms: narrow.NarrowTerm[],
  signal: AbortSignal,
  progress?: vscode.Progress<{ message?: string }>,
): Promise<number> {
  let anchor: number | 'oldest' = 'oldest';
  let updated = 0;
  for (;;) {
    const r = await updateMessageFlagsForNarrow(
      client,
      {
        anchor,
        include_anchor: anchor === 'oldest',
        num_before: 0,
        num_after: BATCH,
        narrow: [...terms, narrow.is('unread')],
        op: 'add',
        flag: 'read',
      },
      { signal },
    );
    updated += r.updated_count;
    progress?.report({ message: vscode.l10n.t('{0} marked', updated) });
    if (r.found_newest || r.last_processed_id === null) return updated;
    anchor = r.last_processed_id;
  }
}

export const commands: CommandDeclaration[] = [
  channelCommand(
    {
      id: Commands.channelMarkRead,
      failure: vscode.l10n.t('Could not mark the channel as read'),
      placeHolder: vscode.l10n.t('Choose a channel to mark as read'),
    },
    ({ current }, streamId) =>
      withNotification(vscode.l10n.t('Marking {0} as read…', channelName(current, streamId)), (signal, progress) =>
        markNarrowRead(current.client, [narrow.channel(streamId)], signal, progress),
      ),
  ),
];
