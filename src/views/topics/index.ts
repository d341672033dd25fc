/** The topics tree: the topics of the channel selected in the channels tree. */
import * as vscode from 'vscode';
import { NetworkError } from '../../api/errors';
import { Views } from '../../constants';
import type { Services } from '../../services';
import { reportError } from '../../ui/report';
import type { ChannelsView } from '../subscriptions';
import { TopicsModel } from './model';
import { TopicsProvider } from './provider';
import { registerTree, type TreeParts } from '../tree';
import { phaseDescription } from '../sessionText';

export { TopicsModel, type TopicNode } from './model';

export interface TopicsView extends TreeParts<TopicsModel, TopicsProvider> {
  /** Shows a channel's topics (loading them under progress in the view). */
  showChannel(streamId: number | undefined): Promise<void>;
}

export function register(services: Services, channels: ChannelsView): TopicsView {
  const { sessions, log } = services;
  const tree = registerTree(services, Views.topics, new TopicsModel(sessions), (m) => new TopicsProvider(m), {
    ownDescription: true,
  });
  const { model, view } = tree;

  const showChannel = async (streamId: number | undefined): Promise<void> => {
    try {
      await vscode.window.withProgress({ location: { viewId: Views.topics } }, () => model.setChannel(streamId));
    } catch (error) {
      // Offline: the view says so, and the topics load when the session is live again (no toast).
      if (error instanceof NetworkError && sessions.state.phase !== 'live')
        log.warn(`Topics of channel ${String(streamId)} not loaded while offline: ${error.message}`);
      else reportError(log, error, vscode.l10n.t('Could not load the topics'), () => showChannel(streamId));
    }
  };

  const update = (): void => {
    const streamId = model.streamId;
    const name = streamId === undefined ? undefined : model.store?.subscription(streamId)?.name;
    view.description = [name && `#${name}`, phaseDescription(sessions.state)].filter(Boolean).join(' · ') || undefined;
    const state = model.state;
    if (!sessions.current) view.message = undefined;
    else if (streamId === undefined) view.message = vscode.l10n.t('Select a channel to see its topics.');
    else if (state.kind === 'loading') view.message = vscode.l10n.t('Loading topics…');
    else if (state.kind === 'failed' && state.error instanceof NetworkError && sessions.state.phase !== 'live')
      view.message = vscode.l10n.t('Offline: the topics load when the server answers.');
    else if (state.kind === 'failed')
      view.message = vscode.l10n.t('The topics could not be loaded. Run "Team Chat: Refresh Topics".');
    else if ((model.store?.topics(streamId)?.length ?? 0) === 0)
      view.message = vscode.l10n.t('No topics in this channel yet.');
    else view.message = undefined;
  };
  services.disposables.add(model.onDidChange(update));
  services.disposables.add(sessions.onDidChangeState(update));
  services.disposables.add(
    channels.view.onDidChangeSelection((e) => {
      const node = e.selection[0];
      // A folder row selects nothing to show.
      if (node?.kind === 'channel') void showChannel(node.streamId);
    }),
  );
  services.disposables.add(
    sessions.onDidChange((current) => {
      if (!current) return;
      // A new account: show its first channel (the old one's id means nothing there).
      const first = current.store.subscriptions()[0]?.stream_id;
      if (model.streamId === undefined || !current.store.subscription(model.streamId)) void showChannel(first);
    }),
  );
  update();
  return { ...tree, showChannel };
}
