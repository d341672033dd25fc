/**
 * Scheduled messages (docs/API.md operation 4 and list/create/delete): a quick pick listing them —
 * failed ones marked and needing a new time — with actions to edit the content (in a draft editor
 * tab), change the time, change the target and type, or delete; and "Schedule Message…".
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../../api';
import type { ScheduledMessage } from '../../api/personal/models';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
} from '../../api/personal/routes';
import { getSubscriptions } from '../../api/channels/routes';
import { getUsers } from '../../api/users/routes';
import { getUsersById } from '../../api/users/byId';
import { visibleEmail } from '../../api/users/email';
import type { Account } from '../../auth/accounts';
import { draftKey, type Draft } from '../../drafts/store';
import { errorMessage } from '../../ui/errorMessage';
import { withActiveClient } from './client';
import { offeredChannels } from '../topic/channelChoices';
import { channelTopicsPolicy, topicBox, topicRefusal } from '../../store/channelPolicy';
import { closeDraftTabs, type EditContext, excerpt, openDraftEditor, saveOpenDocument } from './editMessage';
import { formatLocal, fromUnixSeconds, parseWhen, toUnixSeconds } from '../../time/when';
import type { RealmState } from '../../store/realm';
import type { TopicNode } from '../../views/topics/model';
import { pickWhen } from '../reminders/whenPicker';
import { askText, pickMany, pickOne } from '../../ui/quickInput';
import { failed } from '../../ui/commands';

export type ScheduledAction = 'list' | 'edit' | 'reschedule' | 'retarget' | 'delete';

/** Arguments of `teamChat.scheduledMessages`; without them the command asks. */
export interface ScheduledArgs {
  action?: ScheduledAction;
  scheduledMessageId?: number;
  content?: string;
  /** New delivery time: UNIX seconds, or "YYYY-MM-DD HH:MM" (local) / "+2h" (src/time/when.ts). */
  time?: number | string;
  type?: 'channel' | 'direct';
  to?: number | number[];
  topic?: string;
  /** For `delete`: skip the confirmation. */
  confirm?: boolean;
}

/** Arguments of `teamChat.scheduleMessage` (or a Topics tree row: see {@link scheduleArgsOf}). */
export interface ScheduleArgs {
  type?: 'channel' | 'direct';
  streamId?: number;
  topic?: string;
  to?: number[];
  content?: string;
  time?: number | string;
}

export interface ScheduledItem {
  id: number;
  failed: boolean;
  /** "2030-01-31 09:30" */
  time: string;
  target: string;
  topic?: string;
  excerpt: string;
  /** "Failed to send — needs a new time" on failed ones. */
  warning?: string;
}

export type ScheduledResult =
  | { status: 'listed'; items: ScheduledItem[] }
  | { status: 'saved' | 'deleted' | 'created' | 'opened'; id: number }
  | { status: 'refused' | 'failed'; message: string }
  | { status: 'cancelled' };

export const NEEDS_NEW_TIME = vscode.l10n.t(
  'This scheduled message could not be sent at its time, so it needs a new delivery time: choose one to save ' +
    'your changes.',
);

async function describe(client: ChatClient, list: readonly ScheduledMessage[]): Promise<ScheduledItem[]> {
  const channels = new Map((await getSubscriptions(client)).subscriptions.map((s) => [s.stream_id, s.name] as const));
  const needUsers = list.some((s) => Array.isArray(s.to));
  const recipients = [...new Set(list.flatMap((s) => (Array.isArray(s.to) ? s.to : [])))];
  const users = needUsers
    ? new Map((await getUsersById(client, recipients)).map((u) => [u.user_id, u.full_name] as const))
    : new Map<number, string>();
  return list.map((s) => {
    const isChannel = !Array.isArray(s.to);
    const target = isChannel
      ? `#${channels.get(s.to as number) ?? vscode.l10n.t('channel {0}', s.to as number)}`
      : (s.to as number[]).map((id) => users.get(id) ?? vscode.l10n.t('user {0}', id)).join(', ');
    return {
      id: s.scheduled_message_id,
      failed: s.failed,
      time: formatLocal(fromUnixSeconds(s.scheduled_delivery_timestamp)),
      target,
      topic: isChannel ? s.topic : undefined,
      excerpt: excerpt(s.content),
      warning: s.failed ? vscode.l10n.t('Failed to send — needs a new time') : undefined,
    };
  });
}

/** Asks for a delivery time (UNIX seconds): the same presets and strict parser as reminders. */
export async function pickTime(title: string): Promise<number | undefined> {
  const date = await pickWhen(title, {
    placeHolder: vscode.l10n.t('When should the message be sent?'),
    understood: (when) => vscode.l10n.t('Send {0}', when),
  });
  return date === undefined ? undefined : toUnixSeconds(date);
}

function timeArg(time: number | string | undefined): { at?: number; error?: string } {
  if (time === undefined) return {};
  if (typeof time === 'number') return { at: time };
  const r = parseWhen(time, new Date());
  return r.ok ? { at: toUnixSeconds(r.date) } : { error: r.error };
}

/** The kit's `failed` outcome: it shows `message`, and the command resolves to the result. */
function fail(message: string, refused = false): never {
  throw failed(message, { status: refused ? 'refused' : 'failed', message } satisfies ScheduledResult);
}

/** A caught error in the shared wording (a cancellation becomes 'cancelled', silently). */
function failWith(e: unknown, failure: string): ScheduledResult {
  const m = errorMessage(e, failure);
  if (m.severity === 'silent') return { status: 'cancelled' };
  throw failed(e, { status: 'failed', message: m.text } satisfies ScheduledResult, failure);
}

export async function scheduledMessages(ctx: EditContext, args: ScheduledArgs = {}): Promise<ScheduledResult> {
  const result = await withActiveClient(ctx.services, async (client, account): Promise<ScheduledResult> => {
    const { scheduled_messages: list } = await getScheduledMessages(client);
    if (args.action === 'list') return { status: 'listed', items: await describe(client, list) };
    let target = list.find((s) => s.scheduled_message_id === args.scheduledMessageId);
    let action = args.action;
    if (!target) {
      if (args.scheduledMessageId !== undefined)
        return fail(
          vscode.l10n.t('Scheduled message {0} no longer exists (sent or deleted).', args.scheduledMessageId),
        );
      if (list.length === 0) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('You have no scheduled messages. Schedule one with "Team Chat: Schedule Message…".'),
        );
        return { status: 'cancelled' };
      }
      const items = (await describe(client, list)).map((i) => ({
        label:
          `${i.failed ? '$(warning) ' : '$(clock) '}${i.time}  ` +
          `${i.target}${i.topic !== undefined ? ` > ${i.topic}` : ''}`,
        description: i.warning,
        detail: i.excerpt,
        id: i.id,
      }));
      const picked = await pickOne(items, {
        title: vscode.l10n.t('Scheduled messages'),
        matchOnDetail: true,
      });
      if (!picked) return { status: 'cancelled' };
      target = list.find((s) => s.scheduled_message_id === picked.id)!;
    }
    if (!action) {
      const actions: (vscode.QuickPickItem & { action: Exclude<ScheduledAction, 'list'> })[] = [
        {
          action: 'edit',
          label: vscode.l10n.t('$(edit) Edit the text'),
          detail: target.failed ? NEEDS_NEW_TIME : undefined,
        },
        {
          action: 'reschedule',
          label: target.failed
            ? vscode.l10n.t('$(warning) Choose a new time')
            : vscode.l10n.t('$(clock) Change the time'),
        },
        { action: 'retarget', label: vscode.l10n.t('$(arrow-right) Change the channel, topic or recipients') },
        { action: 'delete', label: vscode.l10n.t('$(trash) Delete') },
      ];
      action = (
        await pickOne(actions, {
          title: vscode.l10n.t('Scheduled for {0}', formatLocal(fromUnixSeconds(target.scheduled_delivery_timestamp))),
        })
      )?.action;
      if (!action) return { status: 'cancelled' };
    }
    return runAction(ctx, client, account, target, action, args);
  });
  return result ?? { status: 'cancelled' };
}

async function runAction(
  ctx: EditContext,
  client: ChatClient,
  account: Account,
  s: ScheduledMessage,
  action: ScheduledAction,
  args: ScheduledArgs,
): Promise<ScheduledResult> {
  const id = s.scheduled_message_id;
  const time = timeArg(args.time);
  if (time.error) return fail(time.error, true);
  switch (action) {
    case 'edit': {
      if (args.content === undefined) {
        const draft = await ctx.drafts.open({
          kind: 'scheduled',
          accountId: account.id,
          targetId: id,
          base: s.content,
          label: vscode.l10n.t('scheduled message {0}', id),
        });
        await openDraftEditor(draft);
        if (s.failed) void vscode.window.showWarningMessage(NEEDS_NEW_TIME);
        return { status: 'opened', id };
      }
      return save(client, s, { content: args.content }, time.at, args.time === undefined && s.failed ? 'refuse' : 'ok');
    }
    case 'reschedule': {
      const at =
        time.at ??
        (await pickTime(
          s.failed ? vscode.l10n.t('A new time for the failed message') : vscode.l10n.t('New delivery time'),
        ));
      if (at === undefined) return { status: 'cancelled' };
      return save(client, s, {}, at, 'ok');
    }
    case 'retarget': {
      const change =
        args.type !== undefined || args.to !== undefined || args.topic !== undefined
          ? { type: args.type, to: args.to, topic: args.topic }
          : await askTarget(client, s, realmOf(ctx, account));
      if (!change) return { status: 'cancelled' };
      let at = time.at;
      if (s.failed && at === undefined && args.type === undefined && args.to === undefined && args.topic === undefined)
        at = await pickTime(vscode.l10n.t('The message failed to send: choose a new time'));
      return save(client, s, change, at, s.failed && at === undefined ? 'refuse' : 'ok');
    }
    case 'delete': {
      if (args.confirm !== false && args.action === undefined) {
        const del = vscode.l10n.t('Delete');
        if (
          (await vscode.window.showWarningMessage(
            vscode.l10n.t('Delete this scheduled message? It will not be sent.'),
            { modal: true },
            del,
          )) !== del
        )
          return { status: 'cancelled' };
      }
      try {
        await deleteScheduledMessage(client, { scheduled_message_id: id });
        return { status: 'deleted', id };
      } catch (e) {
        return failWith(e, vscode.l10n.t('Could not delete the scheduled message'));
      }
    }
    default:
      return { status: 'cancelled' };
  }
}

async function save(
  client: ChatClient,
  s: ScheduledMessage,
  change: { content?: string; type?: 'channel' | 'direct'; to?: number | number[]; topic?: string },
  at: number | undefined,
  timeCheck: 'ok' | 'refuse',
): Promise<ScheduledResult> {
  if (s.failed && at === undefined) {
    if (timeCheck === 'refuse') return fail(NEEDS_NEW_TIME, true);
  }
  try {
    const params: Parameters<typeof updateScheduledMessage>[1] = { scheduled_message_id: s.scheduled_message_id };
    if (change.content !== undefined) params.content = change.content;
    if (change.type !== undefined) params.type = change.type;
    if (change.to !== undefined) params.to = change.to;
    if (change.topic !== undefined) params.topic = change.topic;
    if (at !== undefined) params.scheduled_delivery_timestamp = at;
    await updateScheduledMessage(client, params);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Scheduled message saved'), 4000);
    return { status: 'saved', id: s.scheduled_message_id };
  } catch (e) {
    return failWith(e, vscode.l10n.t('Could not save the scheduled message'));
  }
}

/** The live session's organisation settings when it is `account`'s (to leave out channels the user may not post in). */
function realmOf(ctx: EditContext, account: Account): RealmState | undefined {
  const current = ctx.services.sessions.current;
  return current?.account.id === account.id ? current.store.realm : undefined;
}

async function askTarget(
  client: ChatClient,
  s: ScheduledMessage,
  realm: RealmState | undefined,
): Promise<{ type?: 'channel' | 'direct'; to?: number | number[]; topic?: string } | undefined> {
  const isChannel = !Array.isArray(s.to);
  const kind = await pickOne(
    [
      { label: vscode.l10n.t('$(comment-discussion) To a channel topic'), type: 'channel' as const },
      { label: vscode.l10n.t('$(person) As a direct message'), type: 'direct' as const },
    ],
    {
      title: isChannel
        ? vscode.l10n.t('Currently to a channel. Send it as…')
        : vscode.l10n.t('Currently a direct message. Send it as…'),
    },
  );
  if (!kind) return undefined;
  if (kind.type === 'channel') {
    const subs = offeredChannels((await getSubscriptions(client)).subscriptions, 'post', realm);
    const ch = await pickOne(
      subs.map((c) => ({ label: `#${c.name}`, id: c.stream_id })),
      { title: vscode.l10n.t('Which channel?') },
    );
    if (!ch) return undefined;
    // The channel's topics policy: no topic box for a "general chat" channel, and the topics it forbids refused as
    // typed.
    const policy = channelTopicsPolicy(
      subs.find((c) => c.stream_id === ch.id),
      realm?.settings ?? {},
      client.server?.featureLevel ?? 0,
    );
    const empty = realm?.emptyTopicDisplayName ?? vscode.l10n.t('general chat');
    const topic =
      topicBox(policy) === 'hidden'
        ? ''
        : await askText({
            title: vscode.l10n.t('Topic'),
            value: s.topic ?? '',
            validateInput: (v) => topicRefusal(policy, v, empty),
          });
    if (topic === undefined) return undefined;
    return isChannel ? { to: ch.id, topic } : { type: 'channel', to: ch.id, topic };
  }
  const users = (await getUsers(client)).members.filter((u) => u.is_active && !u.is_bot);
  const picked = await pickMany(
    users.map((u) => ({
      label: u.full_name,
      description: visibleEmail(u),
      id: u.user_id,
      picked: Array.isArray(s.to) && s.to.includes(u.user_id),
    })),
    { title: vscode.l10n.t('Recipients'), canPickMany: true },
  );
  if (!picked || picked.length === 0) return undefined;
  return { type: 'direct', to: picked.map((p) => p.id) };
}

/** Sends a scheduled-message content draft ("Send Edit" on a `scheduled-N.md` tab). */
export async function sendScheduledDraft(
  ctx: EditContext,
  draft: Draft,
  args: { time?: number | string },
): Promise<ScheduledResult> {
  await saveOpenDocument(ctx, draft);
  const account = ctx.services.accounts.get(draft.accountId);
  if (!account) return fail(vscode.l10n.t('The account of this draft is signed out: sign in again to save it.'));
  const result = await withActiveClient(
    ctx.services,
    async (client): Promise<ScheduledResult> => {
      const list = (await getScheduledMessages(client)).scheduled_messages;
      const s = list.find((x) => x.scheduled_message_id === draft.targetId);
      if (!s)
        return fail(
          vscode.l10n.t(
            'Scheduled message {0} was already sent or deleted; your text is still in the draft (copy it, then ' +
              'discard it).',
            draft.targetId,
          ),
        );
      const time = timeArg(args.time);
      if (time.error) return fail(time.error, true);
      let at = time.at;
      if (s.failed && at === undefined && args.time === undefined)
        at = await pickTime(vscode.l10n.t('The message failed to send: choose a new time'));
      const current = ctx.drafts.get(draft.key) ?? draft;
      const r = await save(client, s, { content: current.text }, at, 'refuse');
      if (r.status === 'saved') {
        await ctx.drafts.remove(draft.key);
        await closeDraftTabs(draft);
      }
      return r;
    },
    account,
  );
  return result ?? { status: 'cancelled' };
}

/** The Topics tree's context menu passes its row: schedule to that topic (content and time asked). */
export function scheduleArgsOf(arg: ScheduleArgs | TopicNode | undefined): ScheduleArgs {
  if (arg !== undefined && 'kind' in arg && arg.kind === 'topic')
    return { type: 'channel', streamId: arg.streamId, topic: arg.topic };
  return (arg as ScheduleArgs | undefined) ?? {};
}

export async function scheduleMessage(ctx: EditContext, arg?: ScheduleArgs | TopicNode): Promise<ScheduledResult> {
  const args = scheduleArgsOf(arg);
  const result = await withActiveClient(ctx.services, async (client, account): Promise<ScheduledResult> => {
    let { type, streamId, topic, to, content } = args;
    type ??= to !== undefined ? 'direct' : 'channel';
    if (type === 'channel' && streamId === undefined) {
      const subs = offeredChannels((await getSubscriptions(client)).subscriptions, 'post', realmOf(ctx, account));
      const ch = await pickOne(
        subs.map((c) => ({ label: `#${c.name}`, id: c.stream_id })),
        { title: vscode.l10n.t('Schedule a message to which channel?') },
      );
      if (!ch) return { status: 'cancelled' };
      streamId = ch.id;
    }
    if (type === 'channel' && topic === undefined) {
      topic = await askText({ title: vscode.l10n.t('Topic') });
      if (topic === undefined) return { status: 'cancelled' };
    }
    if (type === 'direct' && (to === undefined || to.length === 0)) {
      const r = await askTarget(
        client,
        {
          to: [],
          scheduled_message_id: 0,
          type: 'private',
          content: '',
          scheduled_delivery_timestamp: 0,
          failed: false,
        },
        undefined,
      );
      if (!r || !Array.isArray(r.to)) return { status: 'cancelled' };
      to = r.to;
    }
    const title =
      type === 'channel' && streamId !== undefined && topic !== undefined
        ? vscode.l10n.t(
            'Schedule a message to #{0} > {1} (Markdown)',
            ctx.services.sessions.current?.store.channelName(streamId) ?? streamId,
            topic,
          )
        : vscode.l10n.t('Schedule a message (Markdown)');
    content ??= await askText({
      title,
      prompt: vscode.l10n.t('Edit it later in an editor tab from "Scheduled Messages…".'),
    });
    if (!content) return { status: 'cancelled' };
    const time = timeArg(args.time);
    if (time.error) return fail(time.error, true);
    const at = time.at ?? (await pickTime(vscode.l10n.t('Send it when?')));
    if (at === undefined) return { status: 'cancelled' };
    try {
      const res = await createScheduledMessage(client, {
        type,
        to: type === 'channel' ? streamId! : to!,
        topic: type === 'channel' ? topic : undefined,
        content,
        scheduled_delivery_timestamp: at,
      });
      void vscode.window.showInformationMessage(vscode.l10n.t('Scheduled for {0}.', formatLocal(fromUnixSeconds(at))));
      return { status: 'created', id: res.scheduled_message_id };
    } catch (e) {
      return failWith(e, vscode.l10n.t('Could not schedule the message'));
    }
  });
  return result ?? { status: 'cancelled' };
}

export { draftKey };
