/**
 * `teamChat.showOutbox`: the active account's unsent messages in a quick pick, each with Retry
 * (failed or refused), Edit (opens its conversation with the text in the compose box, and drops
 * the entry) and Delete. Tests and other commands pass `{ localId, action }` to act at once.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { isRecord } from '../../guards';
import type { Services } from '../../services';
import type { OutboxEntry } from '../../session/outbox';
import type { ChatStore } from '../../store';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { pickOne } from '../../ui/quickInput';

type Action = 'retry' | 'edit' | 'delete';

function isScripted(args: unknown): args is { localId: string; action: Action } {
  return (
    isRecord(args) &&
    typeof args.localId === 'string' &&
    (args.action === 'retry' || args.action === 'edit' || args.action === 'delete')
  );
}

/** Where an entry goes, for the user: "#general › greetings" or the people's names. */
export function destinationLabel(entry: OutboxEntry, store: ChatStore | undefined): string {
  const to = entry.to;
  if (to.type === 'stream') return `#${store?.channelName(to.streamId) ?? to.streamId} › ${to.topic}`;
  const others = to.userIds.filter((id) => id !== store?.ownUserId);
  if (others.length === 0) return vscode.l10n.t('yourself');
  return others.map((id) => store?.user(id)?.full_name ?? vscode.l10n.t('user {0}', id)).join(', ');
}

/** "sending…" or "not sent — <reason>". */
export function stateLabel(entry: OutboxEntry): string {
  if (entry.state === 'failed' || entry.state === 'refused')
    return vscode.l10n.t('not sent — {0}', entry.error?.message ?? '');
  return vscode.l10n.t('sending…');
}

async function act(services: Services, entry: OutboxEntry, action: Action): Promise<void> {
  const outbox = services.outbox;
  if (action === 'retry') {
    if (!(await outbox.retry(entry.localId)))
      throw new UserFacingError(vscode.l10n.t('Only a message that was not sent can be sent again.'));
    return;
  }
  if (!(await outbox.remove(entry.localId))) throw new UserFacingError(vscode.l10n.t('The message is being sent.'));
  if (action !== 'edit') return;
  const to = entry.to;
  const panel = await vscode.commands.executeCommand<TopicPanel | undefined>(
    to.type === 'stream' ? Commands.openTopic : Commands.openDirectMessage,
    to.type === 'stream' ? { streamId: to.streamId, topic: to.topic } : { userIds: to.userIds },
  );
  // The text is never lost: when the view cannot take it, it goes to the clipboard.
  if (!panel?.insertIntoCompose(entry.content)) {
    await vscode.env.clipboard.writeText(entry.content);
    void vscode.window.showInformationMessage(vscode.l10n.t('The message was copied to the clipboard.'));
  }
}

export function register(services: Services): void {
  registerCommands(services, [
    {
      id: Commands.showOutbox,
      failure: vscode.l10n.t('Could not change the unsent message'),
      run: async (_ctx, args?: unknown): Promise<void> => {
        if (isScripted(args)) {
          const entry = services.outbox.entry(args.localId);
          if (!entry) throw new UserFacingError(vscode.l10n.t('That message is no longer in the outbox.'));
          return act(services, entry, args.action);
        }
        const entries = services.outbox.entries();
        if (entries.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('No messages are waiting to be sent.'));
          return;
        }
        const store = services.sessions.current?.store;
        const picked = await pickOne(
          entries.map((entry) => ({
            label:
              `${entry.state === 'failed' || entry.state === 'refused' ? '$(error)' : '$(sync)'} ` +
              `${entry.content.split('\n')[0]!.slice(0, 80)}`,
            description: destinationLabel(entry, store),
            detail: stateLabel(entry),
            entry,
          })),
          { title: vscode.l10n.t('Team Chat: Outbox'), placeHolder: vscode.l10n.t('Pick an unsent message') },
        );
        if (!picked) return;
        const entry = picked.entry;
        const actions: { label: string; action: Action }[] = [
          ...(entry.state === 'failed' || entry.state === 'refused'
            ? [{ label: vscode.l10n.t('Retry'), action: 'retry' as const }]
            : []),
          { label: vscode.l10n.t('Edit'), action: 'edit' },
          { label: vscode.l10n.t('Delete'), action: 'delete' },
        ];
        const choice = await pickOne(actions, {
          title: destinationLabel(entry, store),
          placeHolder: entry.content.slice(0, 200),
        });
        if (choice) await act(services, entry, choice.action);
      },
    },
  ]);
}
