/** The text of a notification: who, where and (when allowed) what. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import { messagePreview } from '../messageText';
import type { NotifyReason } from './decide';

/** The most of a message's text a notification shows, in characters. */
export const MAX_PREVIEW = 200;

/**
 * Rendered message HTML as one line of plain text (emoji as glyphs, code intact), cut at `MAX_PREVIEW` with an
 * ellipsis.
 */
export function plainPreview(html: string): string {
  return messagePreview(html, MAX_PREVIEW);
}

export interface NotificationWhere {
  /** `#general › lunch` for channel messages; undefined for direct messages. */
  readonly conversation?: string;
  /** Other people of a group direct message (besides the sender). */
  readonly groupWith?: readonly string[];
}

/**
 * `Bob Brown: hello`, `Bob Brown mentioned you in #general › lunch: hello`, or without the
 * content (`pm_content_in_desktop_notifications` off): `New direct message from Bob Brown`.
 */
export function notificationText(
  sender: string,
  reason: NotifyReason,
  where: NotificationWhere,
  preview: string | undefined,
): string {
  let head: string;
  if (reason === 'dm') {
    const others = where.groupWith && where.groupWith.length > 0 ? where.groupWith.join(', ') : undefined;
    if (preview === undefined) {
      return others === undefined
        ? l10n.t('New direct message from {0}', sender)
        : l10n.t('New direct message from {0} (to you and {1})', sender, others);
    }
    head = others === undefined ? sender : l10n.t('{0} (to you and {1})', sender, others);
  } else {
    const conversation = where.conversation ?? l10n.t('a channel');
    head =
      reason === 'mention'
        ? l10n.t('{0} mentioned you in {1}', sender, conversation)
        : reason === 'wildcard'
          ? l10n.t('{0} mentioned everyone in {1}', sender, conversation)
          : l10n.t('{0} in {1}', sender, conversation);
  }
  return preview ? l10n.t('{0}: {1}', head, preview) : head;
}
