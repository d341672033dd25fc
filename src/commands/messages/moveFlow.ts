/**
 * The shared core of topic renames and moves (used by "Edit Message" and by the Topics tree):
 * propagate-mode and notification pickers, and the move itself with the time-limit retry (the
 * explanations of its errors are cases of `ui/errorMessage.ts`). Callers pass answers in `MoveAnswers`
 * to skip the pickers (tests, or a caller that already asked).
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { updateMessage } from '../../api/messages/routes';
import { describeError, explainTimeLimit } from '../../ui/errorMessage';
import { pickMany, pickOne } from '../../ui/quickInput';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface MoveRequest {
  /** The message the move is anchored on (for `change_all`, any message of the topic). */
  messageId: number;
  /** The new topic; omit to keep it. */
  topic?: string;
  /** The new channel; omit to keep it. */
  streamId?: number;
  propagateMode: PropagateMode;
  /** Default false. */
  sendNotificationToOldThread?: boolean;
  /** Default true. */
  sendNotificationToNewThread?: boolean;
}

/** Answers given ahead of time, so no picker shows. */
export interface MoveAnswers {
  /** On `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` with a movable part: move it (`true`), or stop (`false`). */
  moveAllowedPart?: boolean;
}

export type MoveOutcome =
  | { status: 'moved'; request: MoveRequest; partial: boolean; explanation?: string }
  | { status: 'cancelled'; explanation?: string }
  /** `error`: what the server (or network) said, for callers that show errors with actions. */
  | { status: 'failed'; explanation: string; code?: string; error?: unknown };

/**
 * What `change_one` / `change_later` start from: the edited message, or, for a whole topic (the
 * Topics tree), its newest message and its first unread one (no `change_later` without unreads).
 */
export type MoveAnchor = { kind: 'message' } | { kind: 'topic'; hasUnread: boolean };

type PropagateItem = vscode.QuickPickItem & { mode: PropagateMode };

/** An item of the mode picker; its description is the API's own name of the mode, shown as is. */
function modeItem(mode: PropagateMode, label: string, detail: string): PropagateItem {
  return { mode, label, description: mode, detail };
}

function propagateItems(anchor: MoveAnchor): PropagateItem[] {
  const all = modeItem(
    'change_all',
    vscode.l10n.t('All messages in the topic'),
    vscode.l10n.t('Moves the whole topic, older messages included.'),
  );
  if (anchor.kind === 'topic') {
    const later = modeItem(
      'change_later',
      vscode.l10n.t('From the first unread message on'),
      vscode.l10n.t('Moves the first unread message and every newer one.'),
    );
    const one = modeItem(
      'change_one',
      vscode.l10n.t('Only the newest message'),
      vscode.l10n.t('Moves just the newest message; the rest of the topic stays.'),
    );
    return anchor.hasUnread ? [all, later, one] : [all, one];
  }
  return [
    modeItem(
      'change_one',
      vscode.l10n.t('Only this message'),
      vscode.l10n.t('Moves just this message; the rest of the topic stays.'),
    ),
    modeItem(
      'change_later',
      vscode.l10n.t('This and all later messages'),
      vscode.l10n.t('Moves this message and every newer one in the topic.'),
    ),
    all,
  ];
}

/** Asks which messages the rename/move applies to. `undefined` when the user cancels. */
export async function pickPropagateMode(
  defaultMode: PropagateMode = 'change_all',
  anchor: MoveAnchor = { kind: 'message' },
): Promise<PropagateMode | undefined> {
  const items = propagateItems(anchor).sort((a, b) => (a.mode === defaultMode ? -1 : b.mode === defaultMode ? 1 : 0));
  const picked = await pickOne(items, {
    title: vscode.l10n.t('Which messages should move?'),
    ignoreFocusOut: true,
  });
  return picked?.mode;
}

/**
 * Asks which notification-bot messages to send (old thread default off, new thread default on).
 * `undefined` when the user cancels.
 */
export async function pickNotifications(
  defaults: { oldThread?: boolean; newThread?: boolean } = {},
): Promise<{ sendNotificationToOldThread: boolean; sendNotificationToNewThread: boolean } | undefined> {
  const items: (vscode.QuickPickItem & { id: 'old' | 'new' })[] = [
    {
      id: 'old',
      label: vscode.l10n.t('Notify the old topic'),
      detail: vscode.l10n.t('Leaves a note where the messages were, saying where they went.'),
      picked: defaults.oldThread ?? false,
    },
    {
      id: 'new',
      label: vscode.l10n.t('Notify the new topic'),
      detail: vscode.l10n.t('Posts a note in the destination saying where the messages came from.'),
      picked: defaults.newThread ?? true,
    },
  ];
  const picked = await pickMany(items, {
    title: vscode.l10n.t('Send notifications about the move? (check the ones you want, then press Enter)'),
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  return {
    sendNotificationToOldThread: picked.some((p) => p.id === 'old'),
    sendNotificationToNewThread: picked.some((p) => p.id === 'new'),
  };
}

/**
 * Moves or renames: sends the request; on the time-limit error explains it and, when part of the
 * topic may move, offers (or, with `answers.moveAllowedPart`, applies) the retry with
 * `change_later` from `first_message_id_allowed_to_move`.
 */
export async function moveMessages(
  client: ChatClient,
  request: MoveRequest,
  answers: MoveAnswers = {},
  signal?: AbortSignal,
): Promise<MoveOutcome> {
  try {
    await send(client, request, signal);
    return { status: 'moved', request, partial: false };
  } catch (e) {
    const limit = e instanceof ApiError ? e.moveTimeLimit : undefined;
    if (!limit) {
      const explanation = describeError(e);
      return { status: 'failed', explanation, code: e instanceof ApiError ? e.code : undefined, error: e };
    }
    const explanation = explainTimeLimit(limit);
    if (limit.firstMessageIdAllowedToMove === null) {
      if (answers.moveAllowedPart === undefined) void vscode.window.showWarningMessage(explanation);
      return { status: 'failed', explanation, code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', error: e };
    }
    let proceed = answers.moveAllowedPart;
    if (proceed === undefined) {
      const moveThem = vscode.l10n.t('Move the {0} Allowed', limit.totalMessagesAllowedToMove);
      proceed = (await vscode.window.showWarningMessage(explanation, { modal: true }, moveThem)) === moveThem;
    }
    if (!proceed) return { status: 'cancelled', explanation };
    const partial: MoveRequest = {
      ...request,
      messageId: limit.firstMessageIdAllowedToMove,
      propagateMode: 'change_later',
    };
    try {
      await send(client, partial, signal);
      return { status: 'moved', request: partial, partial: true, explanation };
    } catch (e2) {
      return {
        status: 'failed',
        explanation: describeError(e2),
        code: e2 instanceof ApiError ? e2.code : undefined,
        error: e2,
      };
    }
  }
}

function send(client: ChatClient, r: MoveRequest, signal?: AbortSignal) {
  return updateMessage(
    client,
    {
      message_id: r.messageId,
      topic: r.topic,
      stream_id: r.streamId,
      propagate_mode: r.propagateMode,
      send_notification_to_old_thread: r.sendNotificationToOldThread ?? false,
      send_notification_to_new_thread: r.sendNotificationToNewThread ?? true,
    },
    { signal },
  );
}
