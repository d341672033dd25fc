/**
 * The host side of what message content asks for (see ./contentProtocol.ts): images of the
 * organisation loaded with the account's credentials and posted back as `data:` URIs (the page's
 * CSP loads no image from any origin of the server), poll and to-do actions sent as submessages,
 * links to conversations opened in the extension, and the profile card of a mentioned user.
 */
import * as vscode from 'vscode';
import type { Message } from '../../api/messages/models';
import { sendSubmessage } from '../../api/messages/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import { isOpenableLink, type WebviewHost } from '../host';
import { DisposableStore, type IDisposable } from '../../base/lifecycle';
import type { TopicContext } from './context';
import {
  IMAGE_MAX_BYTES,
  ImageRequest,
  OpenCodeCommand,
  OpenNarrowCommand,
  ShowUserCommand,
  WidgetRequest,
  type WidgetActionParams,
} from './contentProtocol';
import { parseNarrowLink } from '../../codeRefs/narrowUrl';
import { followLink } from '../../codeRefs/followLink';
import { widgetOutbound, widgetState, type WidgetAction } from './widgets';

/** Stylesheets under `media/` for message content: KaTeX's (copied by esbuild.mjs) and ours. */
export const CONTENT_STYLES = ['katex/katex.min.css', 'content.css'] as const;

/** Raster image types only (an SVG is a document). */
const IMAGE_TYPES = /^image\/(?:png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

/** The most images kept per view (a data URI each). */
const CACHE_LIMIT = 200;

/** What content needs from the view. */
export type ContentContext = Pick<TopicContext, 'session' | 'message' | 'log'>;

/** Loads `url` (on the realm's own origin) with the session's credentials as a `data:` URI. */
export async function loadImage(current: CurrentSession, url: string): Promise<string> {
  const realm = new URL(current.account.realmUrl);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error(vscode.l10n.t('Not an image URL.'));
  }
  if (target.origin !== realm.origin) throw new Error(vscode.l10n.t('Only images from the organisation are loaded.'));
  const { contentType, bytes } = await current.client.download(target.pathname + target.search, {
    maxBytes: IMAGE_MAX_BYTES,
    accept: (type) => IMAGE_TYPES.test(type),
  });
  return `data:${contentType};base64,${bytes.toString('base64')}`;
}

function widgetAction(p: WidgetActionParams): WidgetAction {
  switch (p.kind) {
    case 'vote':
      return { kind: 'vote', key: p.key };
    case 'strike':
      return { kind: 'strike', key: p.key };
    case 'newOption':
      return { kind: 'newOption', text: p.text };
    case 'newTask':
      return { kind: 'newTask', task: p.task, desc: p.desc };
  }
}

/** Sends the submessage that does a widget action; the `submessage` event updates the view. */
export async function sendWidgetAction(
  current: CurrentSession,
  message: Message | undefined,
  p: WidgetActionParams,
): Promise<void> {
  const own = current.store.ownUserId;
  const state = message && widgetState(message.submessages ?? [], message.sender_id, own);
  if (!message || !state) throw new Error(vscode.l10n.t('That message has no poll or to-do list.'));
  const content = widgetOutbound(state, widgetAction(p), own);
  await sendSubmessage(current.client, { message_id: message.id, msg_type: 'widget', content });
}

/** Handles the content requests and commands of one view; images are cached for the view's session. */
export function registerContentHandlers(host: WebviewHost, ctx: ContentContext): IDisposable {
  const handlers = new DisposableStore();
  const cache = new Map<string, Promise<string>>();
  let cacheOwner: CurrentSession | undefined;
  handlers.add(
    host.onRequest(ImageRequest, async ({ url }) => {
      const current = ctx.session();
      if (cacheOwner !== current) {
        cache.clear();
        cacheOwner = current;
      }
      let pending = cache.get(url);
      if (!pending) {
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        pending = loadImage(current, url);
        cache.set(url, pending);
        // A failure is not kept: the next render may try again.
        pending.catch(() => cache.delete(url));
      }
      return { dataUri: await pending };
    }),
  );
  handlers.add(host.onRequest(WidgetRequest, (p) => sendWidgetAction(ctx.session(), ctx.message(p.messageId), p)));
  handlers.add(host.onCommand(OpenNarrowCommand, ({ href }) => openNarrow(ctx, href)));
  handlers.add(
    host.onCommand(ShowUserCommand, ({ userId }) => vscode.commands.executeCommand(Commands.showProfile, userId)),
  );
  handlers.add(host.onCommand(OpenCodeCommand, (p) => vscode.commands.executeCommand(Commands.openCodeReference, p)));
  return handlers;
}

/**
 * A `#narrow` link of the organisation opens its conversation here (a `with` link: the conversation
 * its message is in now); other links open as any link does.
 */
export async function openNarrow(ctx: ContentContext, href: string): Promise<void> {
  const current = ctx.session();
  const realmUrl = current.account.realmUrl;
  const linked = parseNarrowLink(href, realmUrl);
  try {
    const target = linked && (await followLink(current.client, linked, current.store.ownUserId));
    if (target?.kind === 'channel' && target.topic !== undefined) {
      await vscode.commands.executeCommand(Commands.openTopic, { streamId: target.streamId, topic: target.topic });
    } else if (target?.kind === 'dm') {
      await vscode.commands.executeCommand(Commands.openDirectMessage, { userIds: target.userIds });
    } else if (isOpenableLink(href)) {
      await vscode.env.openExternal(vscode.Uri.parse(new URL(href, realmUrl).href, true));
    }
  } catch (error) {
    ctx.log.warn(`Could not open a link from a message: ${String(error)}`);
  }
}
