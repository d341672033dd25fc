/**
 * A chat narrow URL in code (a comment that links the discussion) shows, on hover, the topic's
 * last messages and its unread count, with a link that opens it in the conversation view.
 */
import * as vscode from 'vscode';
import { getMessages } from '../../api/messages/routes';
import { findNarrowUrls } from '../../codeRefs/narrowUrl';
import { followLink } from '../../codeRefs/followLink';
import { Commands } from '../../constants';
import { escapeMarkdown as escape, messagePreview } from '../../messageText';
import type { Services } from '../../services';

/** How many of the newest messages a hover shows, and how much of each. */
const HOVER_MESSAGES = 5;
const EXCERPT = 160;

export class NarrowHover implements vscode.HoverProvider {
  constructor(private readonly services: Services) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const current = this.services.sessions.current;
    if (!current) return undefined;
    const line = document.lineAt(position.line).text;
    const hit = findNarrowUrls(line, current.account.realmUrl).find(
      (f) => position.character >= f.index && position.character <= f.index + f.length,
    );
    if (!hit) return undefined;
    // A `with` link: the conversation its message is in now.
    const target = await followLink(current.client, hit.target, current.store.ownUserId);
    if (token.isCancellationRequested || target.kind !== 'channel' || target.topic === undefined) return undefined;
    const { streamId, topic } = target;
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const { messages } = await getMessages(
        current.client,
        {
          anchor: 'newest',
          num_before: HOVER_MESSAGES,
          num_after: 0,
          apply_markdown: true,
          narrow: [
            { operator: 'channel', operand: streamId },
            { operator: 'topic', operand: topic },
          ],
        },
        { signal: controller.signal },
      );
      const channel = current.store.channelName(streamId) ?? vscode.l10n.t('channel {0}', streamId);
      const unread = current.store.unreadIdsOfTopic(streamId, topic).length;
      const md = new vscode.MarkdownString();
      md.isTrusted = { enabledCommands: [Commands.openTopic] };
      const heading = `**#${escape(channel)} › ${escape(topic)}**`;
      md.appendMarkdown(`${unread > 0 ? vscode.l10n.t('{0} · {1} unread', heading, unread) : heading}\n\n`);
      if (messages.length === 0) md.appendMarkdown(`_${vscode.l10n.t('No messages yet.')}_\n\n`);
      for (const m of messages)
        md.appendMarkdown(`**${escape(m.sender_full_name)}**: ${escape(messagePreview(m.content, EXCERPT))}\n\n`);
      const args = encodeURIComponent(JSON.stringify([{ streamId, topic }]));
      // eslint-disable-next-line local/ui-strings -- a Markdown command link; its text is translated
      md.appendMarkdown(`[${escape(vscode.l10n.t('Open in Team Chat'))}](command:${Commands.openTopic}?${args})`);
      const range = new vscode.Range(position.line, hit.index, position.line, hit.index + hit.length);
      return new vscode.Hover(md, range);
    } catch (error) {
      if (token.isCancellationRequested) return undefined;
      this.services.log.warn(`Hover of ${hit.target.kind} narrow failed: ${String(error)}`);
      return new vscode.Hover(new vscode.MarkdownString(vscode.l10n.t('Team Chat could not load this topic.')));
    } finally {
      cancel.dispose();
    }
  }
}

export function registerNarrowHover(services: Services): void {
  services.disposables.add(vscode.languages.registerHoverProvider({ scheme: 'file' }, new NarrowHover(services)));
  services.disposables.add(vscode.languages.registerHoverProvider({ scheme: 'untitled' }, new NarrowHover(services)));
}
