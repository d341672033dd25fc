/**
 * The language-model tools (loaded on their first use): each reads what it is asked and answers
 * with text for the model ({@link ./format}). None sends, edits, deletes, reacts or changes a
 * setting: `teamchat_draft_message` only fills a compose box, and sending stays the user's act.
 */
import * as vscode from 'vscode';
import type { Message } from '../api/messages/models';
import { discussionsOf } from '../codeRefs/discussions';
import { identify, SEARCHED } from '../commands/code/discussions';
import { Assistant, Commands } from '../constants';
import { searchNarrow } from '../messageList/narrow';
import type { CurrentSession } from '../session/manager';
import { dmKey } from '../store/keys';
import { POLICY } from '../store/userTopics';
import { inboxOf } from '../views/inbox/rows';
import type { TopicPanel } from '../webviews/topicView/panel';
import {
  capped,
  formatMessage,
  nameData,
  quotedText,
  UNTRUSTED_CLOSE,
  UNTRUSTED_NOTICE,
  UNTRUSTED_OPEN,
  utcTime,
} from './format';
import type { AssistantContext } from './index';
import {
  conversationName,
  fetchMessages,
  localTime,
  parseQuery,
  quote,
  resolveConversation,
  roleName,
  ToolInputError,
  type ConversationInput,
} from './sources';

const T = Assistant.tools;

type Input = Record<string, unknown>;

const str = (input: Input, key: string): string | undefined =>
  typeof input[key] === 'string' ? (input[key] as string) : undefined;
const int = (input: Input, key: string, fallback: number, min: number, max: number): number => {
  const v = input[key];
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
};
const names = (input: Input, key: string): string[] | undefined => {
  const v = input[key];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
};
const conversationInput = (input: Input): ConversationInput => ({
  url: str(input, 'url'),
  channel: str(input, 'channel'),
  topic: str(input, 'topic'),
  dm: names(input, 'dm'),
});

/** Why nothing is answered, or undefined when the tools may run. */
export function refusal(ctx: AssistantContext): string | undefined {
  const off = ctx.offReason();
  if (off === 'setting')
    return (
      "Refused: Team Chat's assistant features are turned off (the setting teamChat.ai.enabled is false). " +
      'Nothing was read.'
    );
  if (off === 'hideAiFeatures')
    return 'Refused: the user has turned on "Hide AI features" in their Team Chat settings. Nothing was read.';
  if (!ctx.services.sessions.current)
    return (
      'Refused: the user is not signed in to Team Chat. Ask them to sign in (command "Team Chat: Sign In"). ' +
      'Nothing was read.'
    );
  return undefined;
}

/** What the confirmation line in the chat says the tool will read. */
export function describeInvocation(name: string, input: Input): string {
  const conversation = (): string => {
    const c = conversationInput(input);
    if (c.url) return c.url;
    if (c.channel) return `#${c.channel.replace(/^#/, '')}${c.topic !== undefined ? ` › ${c.topic}` : ''}`;
    return c.dm ? `DM with ${c.dm.join(', ')}` : 'a conversation';
  };
  switch (name) {
    case T.search:
      return vscode.l10n.t('Searching Team Chat for “{0}”', str(input, 'query') ?? '');
    case T.readConversation:
      return vscode.l10n.t('Reading {0} in Team Chat', conversation());
    case T.unread:
      return vscode.l10n.t('Reading your unread Team Chat messages');
    case T.codeDiscussions:
      return vscode.l10n.t(
        'Finding Team Chat discussions of {0}',
        str(input, 'file') ?? vscode.l10n.t('the active file'),
      );
    case T.people:
      return vscode.l10n.t('Looking up {0} in Team Chat', str(input, 'name') ?? '');
    default:
      return vscode.l10n.t('Putting a draft into the compose box of {0} (not sent)', conversation());
  }
}

/** Runs tool `name`: its text for the model. */
export async function runTool(
  ctx: AssistantContext,
  name: string,
  input: Input,
  token?: vscode.CancellationToken,
): Promise<string> {
  const refused = refusal(ctx);
  if (refused) return refused;
  const current = ctx.services.sessions.current!;
  try {
    switch (name) {
      case T.search:
        return await search(current, input);
      case T.readConversation:
        return await readConversation(current, input);
      case T.unread:
        return await unread(current, input);
      case T.codeDiscussions:
        return await codeDiscussions(current, input, token);
      case T.people:
        return people(current, input);
      case T.draftMessage:
        return await draft(ctx, current, input);
      default:
        return `Refused: there is no Team Chat tool "${name}".`;
    }
  } catch (error) {
    if (error instanceof ToolInputError) return `Nothing read: ${error.message}`;
    return `The request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function quoted(current: CurrentSession, messages: readonly Message[]): string[] {
  return messages.map((m) => formatMessage(quote(current, m)));
}

async function search(current: CurrentSession, input: Input): Promise<string> {
  const query = (str(input, 'query') ?? '').trim();
  const limit = int(input, 'limit', 20, 1, 50);
  const { narrow, near } = parseQuery(current, query);
  const page =
    near !== undefined
      ? { anchor: near, before: Math.ceil(limit / 2), after: Math.floor(limit / 2) }
      : { before: limit, after: 0 };
  const { messages } = await fetchMessages(current, narrow, page);
  const newest = messages.slice(-limit).reverse();
  const found = `${newest.length} message${newest.length === 1 ? '' : 's'}, newest first.`;
  const header = `Team Chat search "${query}": ${newest.length === 0 ? 'no messages match.' : found}`;
  return newest.length === 0 ? header : capped(`${header}\n${UNTRUSTED_NOTICE}`, quoted(current, newest), 'message');
}

async function readConversation(current: CurrentSession, input: Input): Promise<string> {
  const c = resolveConversation(current, conversationInput(input));
  const limit = int(input, 'limit', 30, 1, 100);
  const anchor = typeof input.anchor === 'number' ? input.anchor : c.anchor;
  const page =
    anchor !== undefined
      ? { anchor, before: Math.ceil(limit / 2), after: Math.floor(limit / 2) }
      : { before: limit, after: 0 };
  const { messages, foundOldest } = await fetchMessages(current, c.narrow, page);
  const shown = messages.slice(-limit);
  const name = conversationName(current, c);
  if (shown.length === 0) return `${nameData(name)}: no messages.`;
  const span =
    anchor !== undefined
      ? `around message ${anchor}`
      : foundOldest && shown.length === messages.length
        ? 'all of it'
        : 'the newest';
  const header =
    `${nameData(name)}: ${shown.length} message${shown.length === 1 ? '' : 's'} (${span}), oldest ` +
    `first.\n${UNTRUSTED_NOTICE}`;
  return capped(header, quoted(current, shown), 'message');
}

async function unread(current: CurrentSession, input: Input): Promise<string> {
  const { store } = current;
  const limit = int(input, 'conversations', 15, 1, 50);
  const inbox = inboxOf(store);
  const { messages } = await fetchMessages(current, parseQuery(current, 'is:unread').narrow, { before: 100, after: 0 });
  const byConversation = new Map<string, Message[]>();
  const keyOf = (m: Message): string =>
    m.type === 'stream'
      ? `t:${m.stream_id}:${m.subject.toLowerCase()}`
      : `d:${dmKey(Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.id) : [], store.ownUserId)}`;
  for (const m of messages) byConversation.set(keyOf(m), [...(byConversation.get(keyOf(m)) ?? []), m]);
  const mentioned = (ms: readonly Message[]): boolean =>
    ms.some((m) =>
      (m.flags ?? []).some(
        (f) =>
          f === 'mentioned' ||
          f === 'stream_wildcard_mentioned' ||
          f === 'topic_wildcard_mentioned' ||
          f === 'wildcard_mentioned',
      ),
    );
  interface Row {
    name: string;
    count: number;
    rank: number;
    latest: Message[];
    tags: string[];
  }
  const rows: Row[] = [];
  for (const dm of inbox.dms) {
    const latest = byConversation.get(`d:${dmKey(dm.userIds, store.ownUserId)}`) ?? [];
    rows.push({
      name: conversationName(current, { kind: 'dm', userIds: dm.userIds }),
      count: dm.count,
      rank: 0,
      latest,
      tags: ['direct message'],
    });
  }
  for (const channel of inbox.channels) {
    for (const t of channel.topics) {
      const latest = byConversation.get(`t:${t.streamId}:${t.topic.toLowerCase()}`) ?? [];
      const followed = store.topicPolicy(t.streamId, t.topic) === POLICY.followed;
      const mention = mentioned(latest);
      const tags = [...(mention ? ['mentions you'] : []), ...(followed ? ['followed topic'] : [])];
      rows.push({
        name: conversationName(current, { kind: 'topic', streamId: t.streamId, topic: t.topic }),
        count: t.count,
        rank: mention ? 1 : followed ? 2 : 3,
        latest,
        tags,
      });
    }
  }
  // Stable: within a rank, the Inbox's order.
  rows.sort((a, b) => a.rank - b.rank);
  const total = rows.reduce((n, r) => n + r.count, 0);
  if (rows.length === 0) return 'Nothing is unread in Team Chat.';
  const blocks = rows.slice(0, limit).map((r) => {
    const lines = r.latest.slice(-3).map((m) => {
      const q = quote(current, m);
      return (
        `- ${nameData(q.sender)} · ${utcTime(q.timestamp)} · ${q.link}\n  ` +
        `${UNTRUSTED_OPEN}${quotedText(q.text, 300).replace(/\n/g, ' ')}${UNTRUSTED_CLOSE}`
      );
    });
    const more =
      r.count > lines.length
        ? `\n  (${r.count - lines.length} earlier unread message${r.count - lines.length === 1 ? '' : 's'} not shown)`
        : '';
    return (
      `## ${nameData(r.name)}: ${r.count} unread${r.tags.length ? ` (${r.tags.join(', ')})` : ''}\n` +
      `${lines.join('\n')}${more}`
    );
  });
  const header =
    `Unread in Team Chat: ${total} message${total === 1 ? '' : 's'} in ${rows.length} ` +
    `conversation${rows.length === 1 ? '' : 's'}; direct messages first, then mentions, then followed ` +
    `topics.\n${UNTRUSTED_NOTICE}`;
  const left = rows.length - blocks.length;
  return capped(
    header,
    blocks,
    'conversation',
    left > 0 ? `[${left} more conversation${left === 1 ? '' : 's'} with unreads not listed.]` : '',
  );
}

async function fileUri(input: Input): Promise<{ uri: vscode.Uri; lines?: { start: number; end: number } }> {
  const file = str(input, 'file');
  const start = typeof input.startLine === 'number' ? input.startLine : undefined;
  const end = typeof input.endLine === 'number' ? input.endLine : start;
  const lines = start !== undefined ? { start, end: Math.max(start, end ?? start) } : undefined;
  if (file === undefined || file.trim() === '') {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file')
      throw new ToolInputError('No file is open in the editor: name one (file, relative to the workspace).');
    const sel = editor.selection;
    const selected = sel.isEmpty ? undefined : { start: sel.start.line + 1, end: sel.end.line + 1 };
    return { uri: editor.document.uri, lines: lines ?? selected };
  }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, file.trim().replace(/^\.?\//, ''));
    try {
      await vscode.workspace.fs.stat(uri);
      return { uri, lines };
    } catch {
      // Not in this folder.
    }
  }
  throw new ToolInputError(`"${file}" is not a file of the workspace.`);
}

async function codeDiscussions(
  current: CurrentSession,
  input: Input,
  token?: vscode.CancellationToken,
): Promise<string> {
  const { uri, lines } = await fileUri(input);
  const identity = await identify(uri);
  if (token?.isCancellationRequested) return 'Cancelled.';
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  // The comment threads' index: the newest messages naming the file, their line references and permalinks.
  const { messages } = await fetchMessages(current, searchNarrow(name), { before: SEARCHED, after: 0 });
  const byId = new Map(messages.map((m) => [m.id, m]));
  const found = discussionsOf(messages, identity).filter(
    (d) => !lines || (d.lines.start <= lines.end && d.lines.end >= lines.start),
  );
  const what = `${identity.relativePath}${lines ? `:${lines.start}-${lines.end}` : ''}`;
  if (found.length === 0) return `No Team Chat topic references ${what}.`;
  const blocks = found.map((d) => {
    const msgs = d.messageIds.map((id) => byId.get(id)).filter((m): m is Message => m !== undefined);
    const topicName = conversationName(current, { kind: 'topic', streamId: d.streamId, topic: d.topic });
    return [`## ${nameData(topicName)}, about lines ${d.lines.start}-${d.lines.end}`, ...quoted(current, msgs)].join(
      '\n',
    );
  });
  return capped(`Team Chat topics that reference ${what}: ${found.length}.\n${UNTRUSTED_NOTICE}`, blocks, 'discussion');
}

function people(current: CurrentSession, input: Input): string {
  const { store } = current;
  const name = (str(input, 'name') ?? '').trim();
  if (name === '') throw new ToolInputError('Name the person (a name, an email or "me").');
  const sender = parseQuery(current, `sender:"${name.replace(/"/g, '')}"`).narrow.terms.find(
    (t) => t.operator === 'sender',
  );
  const user = store.user(sender?.operand as number);
  if (!user) throw new ToolInputError(`Nobody is called "${name}".`);
  const status = store.status(user.user_id);
  const lines = [
    `${nameData(user.full_name)}${user.user_id === store.ownUserId ? ' (you)' : ''}`,
    `role: ${roleName(user.role, user.is_bot)}${user.is_active ? '' : ' (deactivated)'}`,
    `presence: ${user.is_bot ? 'n/a' : store.presence(user.user_id)}`,
  ];
  if (user.timezone) {
    const local = localTime(user.timezone);
    if (local) lines.push(`local time: ${local}`);
  }
  if (status && (status.status_text || status.away)) {
    lines.push(
      `status: ${UNTRUSTED_OPEN}${quotedText(status.status_text ?? '', 200)}${UNTRUSTED_CLOSE}` +
        `${status.away ? ' (away)' : ''}`,
    );
  }
  return lines.join('\n');
}

async function draft(ctx: AssistantContext, current: CurrentSession, input: Input): Promise<string> {
  const content = str(input, 'content') ?? '';
  if (content.trim() === '') throw new ToolInputError('The draft is empty.');
  const c = resolveConversation(current, conversationInput(input));
  if (c.kind === 'channel') throw new ToolInputError('Name a topic too: a draft goes to one topic.');
  const panel =
    c.kind === 'topic'
      ? await vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openTopic, {
          streamId: c.streamId,
          topic: c.topic,
        })
      : await vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openDirectMessage, {
          userIds: c.userIds,
        });
  const opened = panel ?? ctx.topicViews.panels.find((p) => p.panel.active);
  if (!opened?.insertIntoCompose(content)) throw new ToolInputError('The conversation could not be opened.');
  return (
    `The draft is in the compose box of ${conversationName(current, c)}. It was NOT sent: the user reviews it ` +
    `and sends it themselves.`
  );
}

/** The links a tool's text cites (the participant shows them as references). */
export function linksIn(text: string): string[] {
  const links = new Set<string>();
  for (const match of text.matchAll(/(?:^link: |· )(https?:\/\/\S+#narrow\/\S+)/gm)) links.add(match[1]!);
  return [...links];
}

/** The fence markers, for the participant's instructions. */
export const FENCE = { open: UNTRUSTED_OPEN, close: UNTRUSTED_CLOSE };
