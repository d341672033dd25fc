/**
 * `teamChat.setStatus`, `teamChat.clearStatus` (operation 11) and `teamChat.setUserStatus`
 * (operation 9, administrators). With arguments they send directly and throw on failure (tests,
 * other commands); without, they ask through the status pick and show failures.
 */
import * as vscode from 'vscode';
import { ValidationError } from '../../api/errors';
import type { UserStatus } from '../../api/users/models';
import { updateStatus, updateUserStatus } from '../../api/users/routes';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import type { PeopleNode } from '../../views/presence/model';
import { CLEAR_STATUS, pickStatus, recentStatuses, rememberStatus, type StatusChoice } from './statusPicker';

export interface SetStatusArgs {
  status_text: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: StatusChoice['reaction_type'];
}

export interface SetUserStatusArgs extends SetStatusArgs {
  userId: number;
}

export function requireSession(services: Services): CurrentSession {
  const current = services.sessions.current;
  if (!current) throw new Error('Not connected: sign in to a chat server first (Team Chat: Sign In).');
  return current;
}

/** The message to show for a failed status change. */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ValidationError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `Could not change the status: ${text}`;
}

function describeError(error: unknown): { message: string; notify: boolean } {
  return { message: statusErrorMessage(error), notify: !(error instanceof ValidationError) };
}

function fromArgs(args: SetStatusArgs): StatusChoice {
  const choice: StatusChoice = { status_text: String(args.status_text ?? '') };
  if (args.emoji_name !== undefined) choice.emoji_name = args.emoji_name;
  if (args.emoji_code !== undefined) choice.emoji_code = args.emoji_code;
  if (args.reaction_type !== undefined) choice.reaction_type = args.reaction_type;
  return choice;
}

/** Command arguments: send directly, show a failure and rethrow it to the caller. */
async function sendScripted(args: SetStatusArgs, send: (choice: StatusChoice) => Promise<unknown>): Promise<StatusChoice> {
  const choice = fromArgs(args);
  try {
    await send(choice);
  } catch (error) {
    void vscode.window.showErrorMessage(statusErrorMessage(error));
    throw error;
  }
  return choice;
}

/** The current session, or undefined after telling the user to sign in. */
function sessionOrWarn(services: Services): CurrentSession | undefined {
  try {
    return requireSession(services);
  } catch (error) {
    void vscode.window.showErrorMessage((error as Error).message);
    return undefined;
  }
}

function currentChoice(status: UserStatus | undefined): StatusChoice | undefined {
  if (!status?.status_text && !status?.emoji_name) return undefined;
  const { status_text = '', emoji_name, emoji_code } = status;
  return { status_text, emoji_name, emoji_code, reaction_type: status.reaction_type as StatusChoice['reaction_type'] };
}

async function sendOwn(services: Services, choice: StatusChoice, signal?: AbortSignal): Promise<void> {
  const { client } = requireSession(services);
  await updateStatus(client, choice, { signal });
  await rememberStatus(services.context.globalState, choice);
}

/** `teamChat.setStatus`. */
export async function setStatus(services: Services, args?: SetStatusArgs): Promise<StatusChoice | undefined> {
  if (args) return sendScripted(args, (choice) => sendOwn(services, choice));
  const current = sessionOrWarn(services);
  if (!current) return undefined;
  const chosen = await pickStatus({
    title: 'Set Your Status',
    recent: recentStatuses(services.context.globalState),
    current: currentChoice(current.store.status(current.store.ownUserId)),
    submit: (choice) => sendOwn(services, choice),
    describeError,
  });
  if (chosen) {
    void vscode.window.setStatusBarMessage(chosen === CLEAR_STATUS ? 'Status cleared.' : 'Status set.', 3000);
  }
  return chosen;
}

/** `teamChat.clearStatus`. */
export async function clearStatus(services: Services): Promise<void> {
  try {
    const { client } = requireSession(services);
    await updateStatus(client, CLEAR_STATUS);
    void vscode.window.setStatusBarMessage('Status cleared.', 3000);
  } catch (error) {
    void vscode.window.showErrorMessage(statusErrorMessage(error));
    throw error;
  }
}

/**
 * `teamChat.setUserStatus`: `{userId, status_text, …}` sends directly; a tree node (context menu)
 * or nothing asks for the user and the status.
 */
export async function setUserStatus(services: Services, args?: SetUserStatusArgs | PeopleNode | number): Promise<StatusChoice | undefined> {
  if (args !== undefined && typeof args === 'object' && 'status_text' in args) {
    const { userId } = args;
    return sendScripted(args, (choice) => updateUserStatus(requireSession(services).client, { user_id: userId, ...choice }));
  }
  const current = sessionOrWarn(services);
  if (!current) return undefined;
  const userId = typeof args === 'number' ? args : args?.kind === 'user' ? args.userId : await pickUser(current, 'Set whose status?');
  if (userId === undefined) return undefined;
  const user = current.store.user(userId);
  const name = user?.full_name ?? `user ${userId}`;
  return pickStatus({
    title: `Set ${name}’s Status`,
    recent: [],
    current: currentChoice(current.store.status(userId)),
    submit: async (choice) => {
      await updateUserStatus(current.client, { user_id: userId, ...choice });
    },
    describeError,
  });
}

/** A quick pick of the organisation's active people, by name. */
export async function pickUser(current: CurrentSession, placeholder: string): Promise<number | undefined> {
  const { store } = current;
  const items = store
    .users()
    .filter((u) => u.is_active && !u.is_bot)
    .map((u) => ({
      label: u.full_name,
      description: [store.presence(u.user_id), u.delivery_email ?? ''].filter(Boolean).join(' · '),
      userId: u.user_id,
    }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: placeholder, matchOnDescription: true });
  return picked?.userId;
}
