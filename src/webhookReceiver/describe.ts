/** One-line descriptions of webhook payloads for the log and prompts. No `vscode` import. */
import type { OutgoingWebhookPayload } from '../api/webhook/models';

export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** "mention of Echo Bot by Alice Anders in #general > greetings" */
export function describePayload(p: OutgoingWebhookPayload): string {
  const m = p.message;
  const where = typeof m.display_recipient === 'string' ? ` in #${m.display_recipient} > ${m.subject}` : ' in a direct message';
  const trigger = p.trigger === 'direct_message' ? 'Direct message to' : p.trigger === 'mention' ? 'Mention of' : 'Message to';
  return `${trigger} ${p.bot_full_name} by ${m.sender_full_name} (${m.sender_email})${where}`;
}
