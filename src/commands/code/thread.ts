/**
 * One topic shown as a native comment thread at the lines its messages reference: a live
 * {@link MessageList} of the topic gives the comments (Markdown from src/messageText, author,
 * time, reactions), from the message that cites the lines on; the thread's range follows edits of
 * the document.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../base/lifecycle';
import type { Message, ReactionType } from '../../api/messages/models';
import type { Anchor } from '../../codeRefs/anchors';
import { threadMessages } from '../../codeRefs/discussions';
import type { LineRange } from '../../codeRefs/permalinks';
import { CommentIds } from '../../constants';
import { MessageList } from '../../messageList';
import { messageMarkdown } from '../../messageText';
import { topicNarrow } from '../../messageList/narrow';
import type { CurrentSession } from '../../session/manager';
import { isResolved } from '../../store/keys';
import { reactionGlyph, shortcode } from '../../emoji/glyph';
import type { BranchContext } from './branchContext';

/** How many of a topic's newest messages a thread shows. */
const THREAD_MESSAGES = 50;

export interface ReactionInfo {
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
}

/** A comment that knows its message, and what each of its reactions is. */
export interface MessageComment extends vscode.Comment {
  readonly messageId: number;
  readonly reactionInfo: ReadonlyMap<string, ReactionInfo>;
}

/** An emoji as a small image (comment reactions need an icon). */
function emojiIcon(glyph: string): vscode.Uri {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><text x="0" y="13" ` +
    `font-size="13">${glyph}</text></svg>`;
  return vscode.Uri.parse(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
}

function reactionsOf(
  message: Message,
  ownUserId: number,
): { reactions: vscode.CommentReaction[]; info: Map<string, ReactionInfo> } {
  const groups = new Map<string, { info: ReactionInfo; users: Set<number> }>();
  for (const r of message.reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const g = groups.get(key) ?? {
      info: { emojiName: r.emoji_name, emojiCode: r.emoji_code, reactionType: r.reaction_type },
      users: new Set<number>(),
    };
    g.users.add(r.user_id);
    groups.set(key, g);
  }
  const info = new Map<string, ReactionInfo>();
  const reactions = [...groups.values()].map((g) => {
    const glyph = reactionGlyph(g.info.reactionType, g.info.emojiCode);
    const label = glyph ?? shortcode(g.info.emojiName);
    info.set(label, g.info);
    return { label, iconPath: emojiIcon(glyph ?? '★'), count: g.users.size, authorHasReacted: g.users.has(ownUserId) };
  });
  return { reactions, info };
}

export function commentOf(message: Message, current: CurrentSession): MessageComment {
  // Markdown, not the server's HTML: VS Code's renderer would show emoji spans as `:name:`.
  const body = new vscode.MarkdownString(messageMarkdown(message.content, { baseUrl: current.account.realmUrl }));
  const { reactions, info } = reactionsOf(message, current.store.ownUserId);
  const avatar =
    message.avatar_url && /^https?:\/\//.test(message.avatar_url) ? vscode.Uri.parse(message.avatar_url) : undefined;
  return {
    messageId: message.id,
    reactionInfo: info,
    body,
    mode: vscode.CommentMode.Preview,
    author: { name: message.sender_full_name, iconPath: avatar },
    timestamp: new Date(message.timestamp * 1000),
    reactions,
    contextValue: message.sender_id === current.store.ownUserId ? 'own' : 'other',
    label: message.last_edit_timestamp !== undefined ? vscode.l10n.t('edited') : undefined,
  };
}

export class TopicThread extends Disposable {
  readonly thread: vscode.CommentThread;
  readonly #list: MessageList;
  #lines: LineRange;
  #citing: readonly number[];
  #count = 0;
  #outdated = false;
  #context: BranchContext | undefined;
  readonly #title: string;
  /** What the reference pointed at (set once it is read from git); the thread moves with its text. */
  anchor: Anchor | undefined;

  constructor(
    controller: vscode.CommentController,
    readonly uri: vscode.Uri,
    readonly streamId: number,
    readonly topic: string,
    lines: LineRange,
    citingIds: readonly number[],
    private readonly current: CurrentSession,
    private readonly changed: () => void,
    log: vscode.LogOutputChannel,
  ) {
    super();
    this.#lines = lines;
    this.#citing = citingIds;
    this.thread = this._register(controller.createCommentThread(uri, this.#range(), []));
    this.thread.canReply = true;
    this.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Collapsed;
    const channel = current.store.channelName(streamId) ?? `channel ${streamId}`;
    this.#title = `#${channel} › ${topic === '' ? current.store.realm.emptyTopicDisplayName : topic}`;
    this.thread.label = this.#title;
    this.#setState();
    this.#list = this._register(
      new MessageList(
        {
          client: current.client,
          store: current.store,
          onError: (e, what) => log.warn(`Discussion thread: ${what} failed: ${String(e)}`),
        },
        topicNarrow(streamId, topic),
      ),
    );
    this._register(this.#list.onDidChange(() => this.#render()));
    void this.#list.fetchInitial({ anchor: 'newest', before: THREAD_MESSAGES, after: 0 }).then(
      () => this.#render(),
      (e: unknown) => log.warn(`Discussion thread: loading #${channel} › ${topic} failed: ${String(e)}`),
    );
  }

  get lines(): LineRange {
    return this.#lines;
  }

  set lines(lines: LineRange) {
    this.#lines = lines;
    this.thread.range = this.#range();
  }

  /** Whether the lines it discussed are gone from this version of the file: the label says so. */
  get outdated(): boolean {
    return this.#outdated;
  }

  set outdated(outdated: boolean) {
    if (outdated === this.#outdated) return;
    this.#outdated = outdated;
    this.#setLabel();
    this.#setState();
  }

  /** Which branch and commit the discussion was about, when HEAD is elsewhere: the label says so. */
  get context(): BranchContext | undefined {
    return this.#context;
  }

  set context(context: BranchContext | undefined) {
    if (context?.commit === this.#context?.commit && context?.branch === this.#context?.branch) return;
    this.#context = context;
    this.#setLabel();
  }

  /** Whether the topic is resolved (the thread's state says so). */
  get resolved(): boolean {
    return isResolved(this.topic);
  }

  #setLabel(): void {
    const context = this.#context;
    if (this.#outdated) {
      const commit = this.anchor?.commit?.slice(0, 7) ?? '';
      this.thread.label = vscode.l10n.t('{0} · outdated: the lines discussed at {1} are gone', this.#title, commit);
    } else if (context?.branch !== undefined) {
      const commit = context.commit.slice(0, 7);
      this.thread.label = vscode.l10n.t('{0} · discussed on {1} at {2}', this.#title, context.branch, commit);
    } else if (context) {
      this.thread.label = vscode.l10n.t('{0} · discussed at {1}', this.#title, context.commit.slice(0, 7));
    } else this.thread.label = this.#title;
  }

  /** The messages that cite these lines (oldest first): the thread opens with the first. */
  set citingIds(ids: readonly number[]) {
    if (ids.length === this.#citing.length && ids.every((id, i) => id === this.#citing[i])) return;
    this.#citing = ids;
    this.#render();
  }

  get comments(): readonly MessageComment[] {
    return this.thread.comments as readonly MessageComment[];
  }

  /** Messages of the thread: the citing message and those after it in the topic. */
  get messageCount(): number {
    return this.#count;
  }

  #range(): vscode.Range {
    return new vscode.Range(this.#lines.start - 1, 0, this.#lines.end - 1, 0);
  }

  #setState(): void {
    const resolved = isResolved(this.topic);
    this.thread.state = resolved ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
    const state = resolved ? CommentIds.resolvedThread : CommentIds.unresolvedThread;
    this.thread.contextValue = this.#outdated ? `${state}.outdated` : state;
  }

  #render(): void {
    if (this.isDisposed) return;
    const all = this.#list.messages();
    const messages = threadMessages(all, this.#citing, THREAD_MESSAGES);
    const first = messages[0];
    this.#count = first ? all.length - all.indexOf(first) : 0;
    this.thread.comments = messages.map((m) => commentOf(m, this.current));
    this.changed();
  }

  /** Waits until the topic's messages are shown (tests, and commands acting on the thread). */
  async loaded(): Promise<void> {
    if (this.#list.fetched) return;
    await new Promise<void>((resolve) => {
      const d = this.#list.onDidChange(() => {
        if (!this.#list.fetched) return;
        d.dispose();
        resolve();
      });
      if (this.#list.fetched) {
        d.dispose();
        resolve();
      }
    });
  }
}
