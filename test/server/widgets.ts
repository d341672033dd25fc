/**
 * `/poll` and `/todo` messages: as the real server does on sending, the message gets its first
 * submessage, `{widget_type, extra_data}` from the sender, built from the content (the question or
 * title on the first line, then one option or task per line, list markers removed; a task's
 * description after its first `:`).
 */
import type { Message } from './types';

export function widgetSubmessageContent(content: string): string | undefined {
  const first = /^\/(poll|todo)(?=\s|$)/.exec(content);
  if (!first) return undefined;
  const lines = content.slice(first[0].length).split('\n');
  const heading = lines.shift()?.trim() ?? '';
  const items = lines.map((line) => line.trim().replace(/^[-*]?\s*/, '')).filter((line) => line.length > 0);
  if (first[1] === 'poll')
    return JSON.stringify({ widget_type: 'poll', extra_data: { question: heading, options: items } });
  const tasks = items.map((item) => {
    const colon = item.indexOf(':');
    return colon < 0
      ? { task: item, desc: '' }
      : { task: item.slice(0, colon).trim(), desc: item.slice(colon + 1).trim() };
  });
  return JSON.stringify({ widget_type: 'todo', extra_data: { task_list_title: heading, tasks } });
}

/** Attaches the widget submessage of a `/poll` or `/todo` message (before the message event goes out). */
export function attachWidget(m: Message, nextId: () => number): void {
  const content = widgetSubmessageContent(m.content);
  if (content !== undefined) m.submessages = [{ id: nextId(), senderId: m.senderId, msgType: 'widget', content }];
}
