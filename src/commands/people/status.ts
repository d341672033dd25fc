/**
 * `teamChat.setStatus`, `teamChat.clearStatus` (operation 11) and `teamChat.setUserStatus`
 * (operation 9, administrators). With arguments they send directly (the kit throws failures to
 * such callers); without, they ask through the status pick, which shows why a status was refused.
 */
import * as vscode from 'vscode';
import { ValidationError } from '../../api/errors';
import type { UserStatus } from '../../api/users/models';
import { visibleEmail } from '../../api/users/email';
import { updateStatus, updateUserStatus } from '../../api/users/routes';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration, SessionCommandContext } from '../../ui/commands';
import { errorMessage } from '../../ui/errorMessage';
import { reportError } from '../../ui/report';
import type { PeopleNode } from '../../views/presence/model';
import { CLEAR_STATUS, pickStatus, recentStatuses, rememberStatus, type StatusChoice } from './statusPicker';
import { pickOne } from '../../ui/quickInput';

export interface SetStatusArgs {
  status_text: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: StatusChoice['reaction_type'];
}

export interface SetUserStatusArgs extends SetStatusArgs {
  userId: number;
}

const FAILURE = vscode.l10n.t('Could not change the status');

/**
 * A failure inside the pick (which stays open and shows the reason in its title): input refused
 * before sending is only shown there; anything else is also reported.
 */
function pickFailure(services: Services): (error: unknown) => string {
  return (error) => {
    if (error instanceof ValidationError) return errorMessage(error).reason;
    return reportError(services.log, error, FAILURE).reason;
  };
}

function fromArgs(args: SetStatusArgs): StatusChoice {
  const choice: StatusChoice = { status_text: String(args.status_text ?? '') };
  if (args.emoji_name !== undefined) choice.emoji_name = args.emoji_name;
  if (args.emoji_code !== undefined) choice.emoji_code = args.emoji_code;
  if (args.reaction_type !== undefined) choice.reaction_type = args.reaction_type;
  return choice;
}

function currentChoice(status: UserStatus | undefined): StatusChoice | undefined {
  if (!status?.status_text && !status?.emoji_name) return undefined;
  const { status_text = '', emoji_name, emoji_code } = status;
  return { status_text, emoji_name, emoji_code, reaction_type: status.reaction_type as StatusChoice['reaction_type'] };
}

async function sendOwn(
  services: Services,
  current: CurrentSession,
  choice: StatusChoice,
  signal?: AbortSignal,
): Promise<void> {
  await updateStatus(current.client, choice, { signal });
  await rememberStatus(services.context.globalState, choice);
}

/** `teamChat.setStatus`: arguments send directly; without, the status pick. */
async function setStatus(
  { services, current }: SessionCommandContext,
  args?: SetStatusArgs,
): Promise<StatusChoice | undefined> {
  if (args) {
    const choice = fromArgs(args);
    await sendOwn(services, current, choice);
    return choice;
  }
  const chosen = await pickStatus({
    title: vscode.l10n.t('Set Your Status'),
    recent: recentStatuses(services.context.globalState),
    current: currentChoice(current.store.status(current.store.ownUserId)),
    submit: (choice) => sendOwn(services, current, choice),
    failed: pickFailure(services),
  });
  if (chosen) {
    void vscode.window.setStatusBarMessage(
      chosen === CLEAR_STATUS ? vscode.l10n.t('Status cleared.') : vscode.l10n.t('Status set.'),
      3000,
    );
  }
  return chosen;
}

/**
 * `teamChat.setUserStatus`: `{userId, status_text, …}` sends directly; a tree node (context menu)
 * or nothing asks for the user and the status.
 */
async function setUserStatus(
  { services, current }: SessionCommandContext,
  args?: SetUserStatusArgs | PeopleNode | number,
): Promise<StatusChoice | undefined> {
  if (args !== undefined && typeof args === 'object' && 'status_text' in args) {
    const choice = fromArgs(args);
    await updateUserStatus(current.client, { user_id: args.userId, ...choice });
    return choice;
  }
  const userId =
    typeof args === 'number'
      ? args
      : args?.kind === 'user'
        ? args.userId
        : await pickUser(current, 'Set whose status?');
  if (userId === undefined) return undefined;
  const user = current.store.user(userId);
  const name = user?.full_name ?? `user ${userId}`;
  return pickStatus({
    title: vscode.l10n.t('Set {0}’s Status', name),
    recent: [],
    current: currentChoice(current.store.status(userId)),
    submit: async (choice) => {
      await updateUserStatus(current.client, { user_id: userId, ...choice });
    },
    failed: pickFailure(services),
  });
}

export const statusCommands: CommandDeclaration[] = [
  { id: Commands.setStatus, session: true, failure: FAILURE, run: setStatus },
  {
    id: Commands.clearStatus,
    session: true,
    failure: FAILURE,
    async run({ current }) {
      await updateStatus(current.client, CLEAR_STATUS);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Status cleared.'), 3000);
    },
  },
  { id: Commands.setUserStatus, session: true, failure: FAILURE, run: setUserStatus },
];

/** A quick pick of the organisation's active people, by name. */
export async function pickUser(current: CurrentSession, placeholder: string): Promise<number | undefined> {
  const { store } = current;
  const items = store
    .users()
    .filter((u) => u.is_active && !u.is_bot)
    .map((u) => ({
      label: u.full_name,
      description: [store.presence(u.user_id), visibleEmail(u) ?? ''].filter(Boolean).join(' · '),
      userId: u.user_id,
    }));
  const picked = await pickOne(items, { placeHolder: placeholder, matchOnDescription: true });
  return picked?.userId;
}
