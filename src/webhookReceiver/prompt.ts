/**
 * Asks the developer how the bot answers one payload: a reply (input box) or no response. The
 * prompt closes itself when `signal` aborts (the answer is due), and counts the seconds down.
 */
import * as vscode from 'vscode';
import type { OutgoingWebhookPayload, WebhookReply } from '../api/webhook/models';
import { webhookReply } from '../api/webhook/payload';
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

/** Shows `widget` until it resolves or `signal` aborts; `tick` updates the countdown. */
function showUntil<T>(
  widget: vscode.QuickInput,
  signal: AbortSignal,
  tick: () => void,
  wire: (done: (v: T | undefined) => void) => vscode.Disposable[],
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let finished = false;
    const timer = setInterval(tick, 1000);
    const disposables: vscode.Disposable[] = [];
    const done = (v: T | undefined): void => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      for (const d of disposables) d.dispose();
      widget.dispose();
      resolve(v);
    };
    const onAbort = (): void => done(undefined);
    if (signal.aborted) return done(undefined);
    signal.addEventListener('abort', onAbort);
    disposables.push(
      ...wire(done),
      widget.onDidHide(() => done(undefined)),
    );
    tick();
    widget.show();
  });
}

function pick(
  payload: OutgoingWebhookPayload,
  signal: AbortSignal,
  deadline: number,
): Promise<'reply' | 'none' | undefined> {
  const qp = vscode.window.createQuickPick<Choice>();
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
  return showUntil(
    qp,
    signal,
    () =>
      (qp.placeholder = vscode.l10n.t(
        'How should {0} answer? {1} s left, then no response.',
        payload.bot_full_name,
        secondsLeft(deadline),
      )),
    (done) => [qp.onDidAccept(() => done(qp.selectedItems[0]?.answer))],
  );
}

function input(payload: OutgoingWebhookPayload, signal: AbortSignal, deadline: number): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Reply as {0}', payload.bot_full_name);
  box.placeholder = vscode.l10n.t('Markdown content of the reply');
  box.ignoreFocusOut = true;
  return showUntil(
    box,
    signal,
    () => (box.prompt = vscode.l10n.t('{0} s left; then the bot answers with no response.', secondsLeft(deadline))),
    (done) => [
      box.onDidAccept(() => {
        if (box.value.trim() === '')
          box.validationMessage = vscode.l10n.t('The reply cannot be empty (Escape: no response).');
        else done(box.value);
      }),
    ],
  );
}
