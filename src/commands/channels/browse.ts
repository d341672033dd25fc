/**
 * "Browse Channels…": every channel the user may see (`GET /streams`), with its description as
 * text, subscriber count and the user's access; choosing one offers "Preview" (read it in the
 * conversation view without subscribing) and "Join" (`POST /users/me/subscriptions`; the channel
 * then appears in the Channels tree through the `subscription` event). `teamChat.previewChannel`
 * and `teamChat.joinChannel` ({streamId}) do the two directly.
 */
import * as vscode from 'vscode';
import { getChannels, getChannelTopics, subscribe } from '../../api/channels/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration, SessionCommandContext } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { browseRows, type BrowseRow } from './channelAccess';
import { pickOne } from '../../ui/quickInput';

type RowItem = vscode.QuickPickItem & { row?: BrowseRow };
type ActionItem = vscode.QuickPickItem & { action: 'preview' | 'join' };

/** The rows of the browser, fresh from the server. */
export async function loadBrowseRows(current: CurrentSession, signal?: AbortSignal): Promise<BrowseRow[]> {
  const { streams } = await getChannels(
    current.client,
    { include_public: true, include_web_public: true, include_subscribed: true, exclude_archived: true },
    { signal },
  );
  const store = current.store;
  return browseRows(
    streams,
    (id) => store.subscription(id) !== undefined,
    (id) => store.subscription(id)?.subscribers,
  );
}

async function browse({ current }: SessionCommandContext): Promise<unknown> {
  const rows = await withNotification(vscode.l10n.t('Loading channels…'), (signal) => loadBrowseRows(current, signal));
  if (rows.length === 0)
    throw new UserFacingError(
      vscode.l10n.t(
        'There is no channel you can see in this organisation. Create one with "Team Chat: Create Channel…".',
      ),
    );
  const item = (row: BrowseRow): RowItem => ({ label: row.label, description: row.summary, detail: row.detail, row });
  const others = rows.filter((r) => !r.subscribed);
  const mine = rows.filter((r) => r.subscribed);
  const items: RowItem[] = [
    ...(others.length
      ? [
          { label: vscode.l10n.t('Channels you can join'), kind: vscode.QuickPickItemKind.Separator },
          ...others.map(item),
        ]
      : []),
    ...(mine.length
      ? [{ label: vscode.l10n.t('Your channels'), kind: vscode.QuickPickItemKind.Separator }, ...mine.map(item)]
      : []),
  ];
  const picked = await pickOne(items, {
    title: vscode.l10n.t('Browse Channels'),
    placeHolder: vscode.l10n.t('Choose a channel to preview or join'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  const row = picked?.row;
  if (!row) return undefined;
  if (row.subscribed) return previewChannel(current, row.streamId);
  const actions: ActionItem[] = [
    {
      label: vscode.l10n.t('$(eye) Preview'),
      description: vscode.l10n.t('Read #{0} without subscribing', row.name),
      action: 'preview',
    },
    { label: vscode.l10n.t('$(add) Join'), description: vscode.l10n.t('Subscribe to #{0}', row.name), action: 'join' },
  ];
  const action = await pickOne(actions, { title: `#${row.name}`, placeHolder: row.detail });
  if (!action) return undefined;
  return action.action === 'preview' ? previewChannel(current, row.streamId) : joinChannel(current, row.streamId);
}

/**
 * Opens a topic of the channel in the conversation view: the user picks one, newest first (Enter
 * opens the newest). Reading a public channel needs no subscription.
 */
export async function previewChannel(current: CurrentSession, streamId: number): Promise<unknown> {
  const name = current.store.channelName(streamId) ?? `channel ${streamId}`;
  const { topics } = await withNotification(vscode.l10n.t('Loading the topics of #{0}…', name), (signal) =>
    getChannelTopics(current.client, { stream_id: streamId }, { signal }),
  );
  if (topics.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('#{0} has no messages yet.', name));
    return undefined;
  }
  const picked = await pickOne(
    topics.map((t, i) => ({
      label: t.name,
      description: i === 0 ? vscode.l10n.t('newest') : undefined,
      topic: t.name,
    })),
    { title: vscode.l10n.t('Preview #{0}', name), placeHolder: vscode.l10n.t('Choose a topic to read (newest first)') },
  );
  if (!picked) return undefined;
  return vscode.commands.executeCommand(Commands.openTopic, { streamId, topic: picked.topic });
}

/** Subscribes the own user and waits until the store (fed by the event) holds the subscription. */
export async function joinChannel(current: CurrentSession, streamId: number): Promise<{ streamId: number }> {
  const store = current.store;
  if (store.subscription(streamId)) return { streamId };
  const name = store.channelName(streamId);
  if (name === undefined) throw new UserFacingError(vscode.l10n.t('There is no channel {0} you can see.', streamId));
  await withNotification(vscode.l10n.t('Joining #{0}…', name), async (signal) => {
    await subscribe(current.client, { subscriptions: [{ name }] }, { signal });
    // The event arrives shortly after the answer; the tree shows the channel when it does.
    await storeHas(current, () => store.subscription(streamId) !== undefined);
  });
  void vscode.window.showInformationMessage(vscode.l10n.t('You joined #{0}.', name));
  return { streamId };
}

/** Resolves once `test` holds after a store change (or at once), or after 10 s (the tree catches up later). */
export function storeHas(current: CurrentSession, test: () => boolean): Promise<void> {
  if (test()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const listener = current.store.onDidChange(() => test() && done());
    const timer = setTimeout(done, 10_000);
  });
}

function streamIdOf(arg: unknown): number | undefined {
  const id = typeof arg === 'object' && arg !== null ? (arg as { streamId?: unknown }).streamId : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const commands: CommandDeclaration[] = [
  { id: Commands.browseChannels, session: true, failure: vscode.l10n.t('Could not browse the channels'), run: browse },
  {
    id: Commands.previewChannel,
    session: true,
    failure: vscode.l10n.t('Could not preview the channel'),
    run: (ctx: SessionCommandContext, arg?: unknown) => {
      const streamId = streamIdOf(arg);
      return streamId === undefined ? browse(ctx) : previewChannel(ctx.current, streamId);
    },
  },
  {
    id: Commands.joinChannel,
    session: true,
    failure: vscode.l10n.t('Could not join the channel'),
    run: (ctx: SessionCommandContext, arg?: unknown) => {
      const streamId = streamIdOf(arg);
      return streamId === undefined ? browse(ctx) : joinChannel(ctx.current, streamId);
    },
  },
];
