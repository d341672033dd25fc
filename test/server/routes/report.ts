/**
 * `POST /messages/{message_id}/report` (feature level 382), as the real server's
 * `report_message_backend` and `send_message_report`: the report goes to the organisation's
 * moderation request channel, from the notification bot, in the topic "<name> moderation". Any
 * message the reporter can read may be reported, their own included (the real server no longer
 * refuses those). (The real server uses the empty topic when that channel allows only general
 * chat; the local server has no per-channel topics policy yet.)
 */
import { badRequest } from '../errors';
import { getAccessibleMessage, mentionSyntax, sendNotification } from '../messaging';
import { Ctx, Route } from '../router';
import type { ChatServer } from '../core';
import type { Message, User } from '../types';

export const REPORT_MESSAGE_FL = 382;
/** `server_report_message_types` in `/register`; before, the five reasons below were fixed. */
export const REPORT_MESSAGE_TYPES_FL = 435;
/** `realm_moderation_request_channel_id` (-1: none). */
export const MODERATION_CHANNEL_FL = 331;
/** The real server's `MAX_REPORT_MESSAGE_EXPLANATION_LENGTH` (code points). */
export const MAX_REPORT_DESCRIPTION = 1000;
/** The real server's `Realm.REPORT_MESSAGE_REASONS`, in its order. */
export const REPORT_MESSAGE_TYPES: readonly { key: string; name: string }[] = [
  { key: 'spam', name: 'Spam' },
  { key: 'harassment', name: 'Harassment' },
  { key: 'inappropriate', name: 'Inappropriate content' },
  { key: 'norms', name: 'Violates community norms' },
  { key: 'other', name: 'Other reason' },
];

/** The channel id `/register` names (-1 when reporting is off). */
export function moderationChannelId(srv: ChatServer): number {
  const id = srv.state.realm.settings.moderation_request_channel_id;
  return typeof id === 'number' && srv.state.streams.has(id) ? id : -1;
}

/** The realm fields of `/register` for reporting, at the server's feature level. */
export function reportRegisterFields(srv: ChatServer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (srv.fl >= MODERATION_CHANNEL_FL) out.realm_moderation_request_channel_id = moderationChannelId(srv);
  if (srv.fl >= REPORT_MESSAGE_TYPES_FL) out.server_report_message_types = REPORT_MESSAGE_TYPES.map((t) => ({ ...t }));
  return out;
}

/** `datetime_to_global_time`: a `<time:…>` the readers see in their own time zone. */
function globalTime(ts: number): string {
  return `<time:${new Date(ts * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;
}

/** A fence longer than any run of backticks in `text` (`get_unused_fence`). */
function unusedFence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/^`{3,}/gm)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function reportContent(srv: ChatServer, reporter: User, m: Message, reportType: string, description: string): string {
  const st = srv.state;
  const sender = srv.user(m.senderId);
  const at = globalTime(m.timestamp);
  let header = `${mentionSyntax(reporter)} reported a message sent by ${mentionSyntax(sender)} at ${at}.`;
  let original: string;
  if (m.type === 'stream') {
    const channel = st.streams.get(m.streamId!)!;
    original = `Original message at #**${channel.name}>${m.topic}@${m.id}**`;
  } else {
    const others = m.dmUsers!.filter((id) => id !== sender.id).map((id) => mentionSyntax(srv.user(id)));
    if (m.dmUsers!.length > 2)
      header = `${mentionSyntax(reporter)} reported a message sent by ${mentionSyntax(sender)} to ${others.join(', ')} at ${at}.`;
    else if (sender.id === reporter.id) {
      // Reporting one's own 1:1 message: the other person is named.
      header = `${mentionSyntax(reporter)} reported a message sent by ${mentionSyntax(sender)} to ${others[0] ?? mentionSyntax(reporter)} at ${at}.`;
    }
    original = `[Original message](${srv.url}/#narrow/dm/${m.dmUsers!.join(',')}-dm/near/${m.id})`;
  }
  const reason = REPORT_MESSAGE_TYPES.find((t) => t.key === reportType)!.name;
  const fence = unusedFence(m.content);
  return `${header}\n\`\`\`quote\n**${reason}**. ${description}\n\`\`\`\n\n${fence} spoiler ${original}\n${m.content}\n${fence}\n`;
}

function reportMessage(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const reportType = p.report_type as string;
  const description = (p.description as string | undefined) ?? '';
  if (!REPORT_MESSAGE_TYPES.some((t) => t.key === reportType)) throw badRequest('Invalid report_type', 'BAD_REQUEST');
  if ([...description].length > MAX_REPORT_DESCRIPTION) {
    throw badRequest(`description is too long (limit: ${MAX_REPORT_DESCRIPTION} characters)`, 'BAD_REQUEST');
  }
  if (reportType === 'other' && description === '') throw badRequest('An explanation is required.');
  const channelId = moderationChannelId(srv);
  if (channelId === -1) throw badRequest('Message reporting is not enabled in this organization.');
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  const channel = srv.state.streams.get(channelId)!;
  const sender = srv.user(m.senderId);
  const topic = `${sender.fullName} moderation`;
  sendNotification(
    srv,
    { type: 'stream', stream: channel, topic },
    reportContent(srv, user, m, reportType, description),
  );
  return {};
}

export const reportRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages/{message_id:int}/report',
    handler: reportMessage,
    since: REPORT_MESSAGE_FL,
    params: { report_type: { t: 'str', req: true }, description: { t: 'str', dflt: '' } },
  },
];
