/**
 * The host side of the compose box's completions and Markdown preview (see
 * ./autocompleteProtocol.ts): choices from the store (people, groups, channels, topics, emoji)
 * ranked by ./typeahead.ts, and the draft rendered by the server and sanitised.
 */
import { renderMessage } from '../../api/messages/routes';
import type { CurrentSession } from '../../session/manager';
import type { WebviewHost } from '../host';
import { AutocompleteRequest, PreviewRequest, type AutocompleteParams } from './autocompleteProtocol';
import { unicodeEmojiNames } from '../../emoji/search';
import { channelItems, emojiItems, mentionItems, topicItems, type EmojiLike, type TypeaheadItem } from './typeahead';

export interface AutocompleteContext {
  session(): CurrentSession;
}

/** The unicode emoji the extension knows, with their glyphs (built once). */
let unicodeEmoji: EmojiLike[] | undefined;
function knownUnicodeEmoji(): EmojiLike[] {
  unicodeEmoji ??= unicodeEmojiNames().map((e) => ({ ...e, custom: false }));
  return unicodeEmoji;
}

/** The channel `name` names (exactly, else ignoring case) among those the user knows. */
function channelByName(current: CurrentSession, name: string): { stream_id: number; name: string } | undefined {
  const channels = [...current.store.channels()];
  return channels.find((c) => c.name === name) ?? channels.find((c) => c.name.toLowerCase() === name.toLowerCase());
}

/** The completions for one request, from the store (a channel's topics are fetched once when needed). */
export async function autocomplete(current: CurrentSession, p: AutocompleteParams): Promise<TypeaheadItem[]> {
  const store = current.store;
  switch (p.kind) {
    case 'mention':
    case 'silent':
      return mentionItems(store.users(), store.realm.userGroups(), p.query, p.kind === 'silent', store.ownUserId);
    case 'channel':
      return channelItems(store.channels(), p.query, (id) => store.subscription(id) !== undefined);
    case 'topic': {
      const channel = p.channel === undefined ? undefined : channelByName(current, p.channel);
      if (!channel) return [];
      const topics = store.topics(channel.stream_id) ?? (await store.loadTopics(channel.stream_id));
      return topicItems(
        channel.name,
        topics.map((t) => t.name),
        p.query,
        store.realm.emptyTopicDisplayName,
      );
    }
    case 'emoji':
      return emojiItems(
        [...knownUnicodeEmoji(), ...store.realmEmoji().map((e) => ({ name: e.name, code: e.id, custom: true }))],
        p.query,
      );
  }
}

/** The draft rendered by the server (the page sanitises it as message content, images through the host). */
export async function previewHtml(current: CurrentSession, content: string): Promise<string> {
  const { rendered } = await renderMessage(current.client, { content });
  return rendered;
}

/** Answers the page's completion and preview requests. */
export function registerAutocompleteHandlers(host: WebviewHost, ctx: AutocompleteContext): void {
  host.onRequest(AutocompleteRequest, async (p) => ({ items: await autocomplete(ctx.session(), p) }));
  host.onRequest(PreviewRequest, async ({ content }) => ({ html: await previewHtml(ctx.session(), content) }));
}
