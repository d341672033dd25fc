/**
 * "Go to Date…" (`teamChat.goToDate`, the conversation view's title bar and the palette; issue 27
 * item 8): asks a date (checked as it is typed: `YYYY-MM-DD` or a relative one), finds the first
 * message of the conversation sent on or after it (`anchor=date`, feature level 445) and scrolls
 * the view there, loading that part of the conversation. A scripted caller passes `{ date }`.
 *
 * Below feature level 445 it is not offered (the `teamChat.canGoToDate` context key): finding a
 * date there would mean paging back through the conversation's history a thousand messages at a
 * time (many requests, under the rate limit, for an old date), and a user is better served by a
 * clear "this server cannot" than by a slow walk that may stop half-way.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import { type DateInputResult, dayText, parseDateInput } from '../../messageList/dateInput';
import { findsByDate, firstMessageAt } from '../../messageList/goToDate';
import { ContextKeys, Commands } from '../../constants';
import { isRecord } from '../../guards';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import type { ChatStore } from '../../store';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import type { TopicViews } from '../../webviews/topicView/manager';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { narrowOfKey } from '../../webviews/topicView/key';
import { dateErrorText, dateExamples } from './dateText';
import { askText } from '../../ui/quickInput';

/** Whether this session's server finds messages by date. */
export function canGoToDate(store: Pick<ChatStore, 'featureLevel'> | undefined): boolean {
  return store !== undefined && findsByDate(store.featureLevel);
}

/** Refuses, with the reason, a server that cannot find messages by date. */
export function requireGoToDate(current: CurrentSession): void {
  if (!canGoToDate(current.store)) {
    throw new UserFacingError(
      vscode.l10n.t(
        'This server cannot find messages by date (it needs feature level {0}; it has {1}).',
        FL.anchorDate,
        current.store.featureLevel,
      ),
    );
  }
}

/** Asks for a date (undefined: cancelled); what cannot be used is said as it is typed. */
export async function askDate(title: string): Promise<Date | undefined> {
  let parsed: DateInputResult | undefined;
  const text = await askText({
    title,
    prompt: vscode.l10n.t('The first message on or after that day (from midnight, your time) is shown.'),
    placeHolder: dateExamples(),
    ignoreFocusOut: true,
    validateInput: (value) => {
      parsed = parseDateInput(value);
      return parsed.ok ? undefined : dateErrorText(parsed.error);
    },
  });
  if (text === undefined) return undefined;
  const result = parseDateInput(text);
  return result.ok ? result.date : undefined;
}

function given(args: unknown): Date | undefined {
  if (!isRecord(args) || typeof args.date !== 'string') return undefined;
  const result = parseDateInput(args.date);
  if (!result.ok) throw new UserFacingError(dateErrorText(result.error));
  return result.date;
}

/** The message id the view was scrolled to (undefined: cancelled, or nothing that recent). */
export async function goToDate(current: CurrentSession, view: TopicPanel, args: unknown): Promise<number | undefined> {
  requireGoToDate(current);
  const date = given(args) ?? (await askDate(vscode.l10n.t('Go to Date: {0}', view.title)));
  if (!date) return undefined;
  const narrow = [...(view.list?.narrow ?? narrowOfKey(view.key, current.store.ownUserId)).terms];
  const message = await firstMessageAt(current.client, narrow, date);
  if (!message) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was said here on or after {0}.', dayText(date)));
    return undefined;
  }
  view.revealMessage(message.id);
  return message.id;
}

export function register(services: Services, views: TopicViews): void {
  let shown: boolean | undefined;
  const follow = (store: ChatStore | undefined): void => {
    const next = canGoToDate(store);
    if (next === shown) return;
    shown = next;
    void vscode.commands.executeCommand('setContext', ContextKeys.canGoToDate, next);
  };
  follow(services.sessions.current?.store);
  services.disposables.add(services.sessions.onDidChange((current) => follow(current?.store)));
  services.disposables.add(services.sessions.onDidChangeStore(() => follow(services.sessions.current?.store)));
  registerCommands(services, [
    {
      id: Commands.goToDate,
      session: true,
      failure: vscode.l10n.t('Could not go to the date'),
      scripted: 'report',
      run: async ({ current }, args?: unknown): Promise<number | undefined> => {
        const view = views.panels.find((p) => p.panel.active) ?? views.panels.find((p) => p.panel.visible);
        if (!view)
          throw new UserFacingError(
            vscode.l10n.t('Open a conversation first: Go to Date scrolls the conversation you are reading.'),
          );
        return goToDate(current, view, args);
      },
    },
  ]);
}
