/**
 * `teamChat.searchTopic` ({streamId, topic, query}) and `teamChat.searchChannel` ({streamId,
 * query}): asks for the query, then lists the matching messages with the server's highlights.
 * Without arguments the topic (or channel) of the active topic view is searched, else one is picked.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { registerCommands } from '../../ui/commands';
import { searchTitle, type TopicViews } from '../../webviews/topicView/manager';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { pickChannel, pickTopicOf } from './pickers';
import { askText } from '../../ui/quickInput';

interface SearchArgs {
  streamId?: number;
  topic?: string;
  query?: string;
}

function asArgs(value: unknown): SearchArgs {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  return {
    streamId: typeof v.streamId === 'number' ? v.streamId : undefined,
    topic: typeof v.topic === 'string' ? v.topic : undefined,
    query: typeof v.query === 'string' ? v.query : undefined,
  };
}

export function register(services: Services, views: TopicViews): void {
  const run = async (current: CurrentSession, withTopic: boolean, raw: unknown): Promise<TopicPanel | undefined> => {
    const args = asArgs(raw);
    const activeKey = views.panels.find((p) => p.panel.active && p.key.mode === 'topic')?.key;
    const active = activeKey?.mode === 'topic' ? activeKey : undefined;
    let streamId = args.streamId ?? active?.streamId;
    let topic = withTopic ? (args.topic ?? (args.streamId === undefined ? active?.topic : undefined)) : undefined;
    const title = withTopic ? vscode.l10n.t('Search in Topic') : vscode.l10n.t('Search in Channel');
    streamId ??= await pickChannel(current.store, title);
    if (streamId === undefined) return undefined;
    if (withTopic && topic === undefined) {
      topic = await pickTopicOf(current.store, streamId, title);
      if (topic === undefined) return undefined;
    }
    const channel = current.store.channelName(streamId) ?? vscode.l10n.t('channel {0}', streamId);
    const query =
      args.query ??
      (await askText({
        title,
        prompt: withTopic
          ? vscode.l10n.t('Search #{0} › {1}', channel, topic ?? '')
          : vscode.l10n.t('Search #{0}', channel),
        placeHolder: vscode.l10n.t('Words to find'),
        validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter what to search for.') : undefined),
      }));
    if (query === undefined || query.trim() === '') return undefined;
    return views.open(
      { streamId, topic, mode: 'search', query: query.trim() },
      searchTitle(channel, topic, query.trim(), current.store.realm.emptyTopicDisplayName),
    );
  };
  registerCommands(services, [
    {
      id: Commands.searchTopic,
      session: true,
      failure: vscode.l10n.t('Could not search'),
      scripted: 'report',
      run: ({ current }, args?: unknown) => run(current, true, args),
    },
    {
      id: Commands.searchChannel,
      session: true,
      failure: vscode.l10n.t('Could not search'),
      scripted: 'report',
      run: ({ current }, args?: unknown) => run(current, false, args),
    },
  ]);
}
