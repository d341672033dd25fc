import { checkTopicsPolicy } from './channelPolicy';
import { ChatServer } from './core';
import { sendMessage, sendNotification } from './messaging';
import { reminderJson, scheduledJson } from './routes/personal';

/** Deliver due scheduled messages and reminders (checked against the server clock). */
export function deliverDue(srv: ChatServer): void {
  const st = srv.state;
  const now = srv.now();
  for (const s of [...st.scheduled.values()]) {
    if (s.failed || s.deliverAt > now) continue;
    const sender = st.users.get(s.userId)!;
    try {
      if (s.type === 'stream') {
        const stream = st.streams.get(s.to as number);
        if (!stream || !st.canPostToStream(sender, stream)) throw new Error('cannot post');
        checkTopicsPolicy(srv, stream, s.topic);
        sendMessage(srv, sender, { type: 'stream', stream, topic: s.topic }, s.content, { client: 'scheduled' });
      } else {
        sendMessage(srv, sender, { type: 'private', userIds: s.to as number[] }, s.content, { client: 'scheduled' });
      }
      st.scheduled.delete(s.id);
      srv.queues.send([s.userId], 'scheduled_messages', {
        type: 'scheduled_messages',
        op: 'remove',
        scheduled_message_id: s.id,
      });
    } catch {
      s.failed = true;
      srv.queues.send([s.userId], 'scheduled_messages', {
        type: 'scheduled_messages',
        op: 'update',
        scheduled_message: scheduledJson(srv, s),
      });
    }
  }
  for (const r of [...st.reminders.values()]) {
    if (r.failed || r.deliverAt > now) continue;
    st.reminders.delete(r.id);
    sendNotification(srv, { type: 'private', userIds: [r.userId] }, r.content);
    srv.queues.send([r.userId], 'reminders', { type: 'reminders', op: 'remove', reminder_id: r.id });
    void reminderJson;
  }
}
