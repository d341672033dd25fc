import { ChatServer } from './core';
import { sendMessage } from './messaging';
import { Rendered } from './render';
import { serializeMessage } from './serialize';
import { Message, User } from './types';

const TIMEOUT_MS = 10_000;

/** Outgoing-webhook bots triggered by a new message: mentioned in a channel, or in a direct message. */
export function deliverToOutgoingBots(srv: ChatServer, m: Message, r: Rendered): void {
  const sender = srv.user(m.senderId);
  if (sender.isBot) return;
  for (const bot of srv.state.users.values()) {
    if (bot.botType !== 3 || !bot.isActive || !bot.botUrl) continue;
    let trigger: string | null = null;
    if (m.type === 'private' && m.dmUsers!.includes(bot.id))
      trigger = srv.fl >= 201 ? 'direct_message' : 'private_message';
    else if (m.type === 'stream' && r.mentionedUserIds.has(bot.id)) trigger = 'mention';
    if (trigger) void post(srv, bot, m, trigger);
  }
}

async function post(srv: ChatServer, bot: User, m: Message, trigger: string): Promise<void> {
  const message = serializeMessage(srv, bot, m, { applyMarkdown: false, clientGravatar: false, allowEmptyTopic: true });
  message.rendered_content = srv.renderedContent(m);
  // As the real payload: the raw Markdown in `content`, no `content_type`, no `flags`.
  delete message.flags;
  delete message.content_type;
  const payload = {
    bot_email: bot.deliveryEmail,
    bot_full_name: bot.fullName,
    data: m.content,
    trigger,
    token: bot.token,
    message,
  };
  const log = srv.webhookLog.get(bot.id) ?? [];
  log.push(payload);
  srv.webhookLog.set(bot.id, log.slice(-20));
  let reply: unknown;
  try {
    const res = await fetch(bot.botUrl!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return failure(srv, bot, m, `The webhook got a response with status code *${res.status}*.`);
    const text = await res.text();
    reply = text.trim() ? JSON.parse(text) : null;
  } catch (err) {
    return failure(
      srv,
      bot,
      m,
      `When trying to send a request to the webhook service, an exception occurred:\n\`\`\`\n${String(err)}\n\`\`\``,
    );
  }
  if (!reply || typeof reply !== 'object') return;
  const r = reply as { content?: unknown; response_not_required?: unknown };
  if (r.response_not_required === true || typeof r.content !== 'string' || r.content === '') return;
  if (!srv.user(bot.id).isActive) return;
  if (m.type === 'stream') {
    const stream = srv.state.streams.get(m.streamId!);
    if (stream)
      sendMessage(srv, bot, { type: 'stream', stream, topic: m.topic }, r.content, {
        client: 'OutgoingWebhookResponse',
        skipChecks: true,
      });
  } else {
    sendMessage(srv, bot, { type: 'private', userIds: m.dmUsers!.filter((id) => id !== bot.id) }, r.content, {
      client: 'OutgoingWebhookResponse',
    });
  }
}

function failure(srv: ChatServer, bot: User, m: Message, detail: string): void {
  if (bot.botOwnerId === null || !srv.state.users.get(bot.botOwnerId)?.isActive) return;
  const content = `[A message](${srv.url}/#narrow/id/${m.id}) to your bot @_**${bot.fullName}** triggered an outgoing webhook.\n${detail}`;
  sendMessage(srv, srv.user(srv.state.notificationBotId), { type: 'private', userIds: [bot.botOwnerId] }, content, {
    client: 'Internal',
    skipChecks: true,
  });
}
