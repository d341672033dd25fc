/**
 * Asks the developer how the bot answers one payload: a reply (input box) or no response. The
 * prompt closes itself when `signal` aborts (the answer is due), and counts the seconds down.
 */
import * as vscode from 'vscode';
import type { OutgoingWebhookPayload, WebhookReply } from '../api/webhook/models';
import { webhookReply } from '../api/webhook/payload';
import { showQuickInput } from '../ui/quickInput';
import { describePayload, excerpt } from './describe';

type Choice = vscode.QuickPickItem & { answer: 'reply' | 'none' };

export async function askForAnswer(
  payload: OutgoingWebhookPayload,
  signal: AbortSignal,
  deadline: number,
): Promise<WebhookReply> {
  const choice = await pick(payload, signal, deadline);
  if (choice !== 'reply') return webhookReply({ noResponse: true });
  const content = await input(payload, signal, deadline);
  return content ? webhookReply({ content }) : webhookReply({ noResponse: true });
}

const secondsLeft = (deadline: number): number => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

function pick(
  payload: OutgoingWebhookPayload,
  signal: AbortSignal,
  deadline: number,
): Promise<'reply' | 'none' | undefined> {
  return showQuickInput<'reply' | 'none', Choice>({
    kind: 'pick',
    signal,
    setup(qp, flow) {
      qp.title = `${describePayload(payload)}: “${excerpt(payload.data, 80)}”`;
      qp.items = [
        {
          label: vscode.l10n.t('$(reply) Reply…'),
          description: vscode.l10n.t('post a message as {0}', payload.bot_full_name),
          answer: 'reply',
        },
        // The API's own name of the answer, shown as is next to its translated label.
        // eslint-disable-next-line local/ui-strings -- the API's name, not text
        { label: vscode.l10n.t('$(circle-slash) No Response'), description: 'response_not_required', answer: 'none' },
      ];
      qp.ignoreFocusOut = true;
      qp.onDidAccept(() => flow.done(qp.selectedItems[0]?.answer));
      flow.everySecond(
        () =>
          (qp.placeholder = vscode.l10n.t(
            'How should {0} answer? {1} s left, then no response.',
            payload.bot_full_name,
            secondsLeft(deadline),
          )),
      );
    },
  });
}

function input(payload: OutgoingWebhookPayload, signal: AbortSignal, deadline: number): Promise<string | undefined> {
  return showQuickInput<string>({
    kind: 'input',
    signal,
    setup(widget, flow) {
      widget.title = vscode.l10n.t('Reply as {0}', payload.bot_full_name);
      widget.placeholder = vscode.l10n.t('Markdown content of the reply');
      widget.ignoreFocusOut = true;
      widget.onDidAccept(() => {
        if (widget.value.trim() === '')
          widget.validationMessage = vscode.l10n.t('The reply cannot be empty (Escape: no response).');
        else flow.done(widget.value);
      });
      flow.everySecond(
        () =>
          (widget.prompt = vscode.l10n.t('{0} s left; then the bot answers with no response.', secondsLeft(deadline))),
      );
    },
  });
}
