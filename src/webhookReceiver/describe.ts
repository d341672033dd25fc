/** One-line descriptions of webhook payloads for the log and prompts. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { OutgoingWebhookPayload } from '../api/webhook/models';

export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** "mention of Echo Bot by Alice Anders in #general > greetings" */
export function describePayload(p: OutgoingWebhookPayload): string {
  const m = p.message;
  const sender = `${m.sender_full_name} (${m.sender_email})`;
  // Whole sentences for each trigger and place, so a translation need not assemble them.
  if (typeof m.display_recipient !== 'string') {
    if (p.trigger === 'direct_message')
      return l10n.t('Direct message to {0} by {1} in a direct message', p.bot_full_name, sender);
    if (p.trigger === 'mention') return l10n.t('Mention of {0} by {1} in a direct message', p.bot_full_name, sender);
    return l10n.t('Message to {0} by {1} in a direct message', p.bot_full_name, sender);
  }
  const where = `#${m.display_recipient} > ${m.subject}`;
  if (p.trigger === 'direct_message')
    return l10n.t('Direct message to {0} by {1} in {2}', p.bot_full_name, sender, where);
  if (p.trigger === 'mention') return l10n.t('Mention of {0} by {1} in {2}', p.bot_full_name, sender, where);
  return l10n.t('Message to {0} by {1} in {2}', p.bot_full_name, sender, where);
}
