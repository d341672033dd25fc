/**
 * Topics as comment threads on the lines they discuss. For each workspace file open in an editor,
 * a live search for the file's name finds the channel messages that reference its lines (line
 * references and permalinks, src/codeRefs/discussions.ts); each topic and range becomes a native
 * comment thread ({@link TopicThread}), with a CodeLens above it. Replying posts to the topic,
 * reactions toggle the user's own, "Resolve" resolves the topic; threads follow edits.
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import { addReaction, removeReaction } from '../../api/messages/routes';
import { discussionsOf, shiftRange, type Discussion, type FileIdentity } from '../../codeRefs/discussions';
import { CommentIds, Commands } from '../../constants';
import { MessageList } from '../../messageList';
import { searchNarrow } from '../../messageList/narrow';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import { registerCommands, type CommandDeclaration, type CommandId } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { showQueued } from '../../ui/queued';
import type { Message } from '../../api/messages/models';
import { anchorFor, onHeadMoved, placement } from './anchoring';
import { branchContext } from './branchContext';
import { affectsCollapseOnResolve, carriedState, collapseOnResolve, resolveBase } from './collapse';
import { gitApi, refNames, remotesOf, repositoryOf, type GitRepository } from './git';
import { registerRevisionDocuments, RepoGit, revisionUri } from './revisions';
import { TopicThread, type MessageComment } from './thread';

/** The workbench's command that reveals and focuses the comment thread at the cursor's line. */
const FOCUS_COMMENT_ON_LINE = 'workbench.action.focusCommentOnCurrentLine';

/** How many of the newest messages that name a file are searched for references to it. */
export const SEARCHED = 200;

/** How a file is known in its repository, and the names it had before (renames git reports). */
interface Identified {
  readonly identities: readonly { readonly identity: FileIdentity; readonly path?: string }[];
  readonly repo?: GitRepository;
  readonly git?: RepoGit;
}

/** How a workspace file is known: its relative path, and its repository's remote and path (for permalinks). */
export async function identify(uri: vscode.Uri): Promise<FileIdentity> {
  return (await identifyWithHistory(uri)).identities[0]!.identity;
}

async function identifyWithHistory(uri: vscode.Uri): Promise<Identified> {
  const relativePath = vscode.workspace.asRelativePath(uri, false);
  const api = await gitApi();
  const repo = api ? await repositoryOf(api, uri) : undefined;
  if (!api || !repo) return { identities: [{ identity: { relativePath } }] };
  const git = new RepoGit(api.git.path, repo.rootUri.fsPath);
  const remotes = remotesOf(repo);
  const remote = remotes.find((r) => r.name === 'origin') ?? remotes[0];
  if (!remote) return { identities: [{ identity: { relativePath } }], repo, git };
  const refs = await refNames(repo);
  const path = uri.path.slice(repo.rootUri.path.replace(/\/$/, '').length + 1);
  const former = await git.formerPaths(path).catch(() => []);
  const identities = [path, ...former].map((p) => ({
    identity: {
      relativePath: vscode.workspace.asRelativePath(vscode.Uri.joinPath(repo.rootUri, p), false),
      repository: { remote: remote.key, path: p, isRef: (n: string) => refs.has(n) },
    },
    path: p,
  }));
  return { identities, repo, git };
}

/** How long edits settle before threads look for their lines again. */
const SETTLE_MS = 150;

/** The discussions of one open file: a live search for its names, and a thread per topic and range. */
class FileDiscussions extends Disposable {
  readonly threads = new Map<string, TopicThread>();
  readonly #searches: MessageList[] = [];
  #identified: Identified | undefined;
  #settle: ReturnType<typeof setTimeout> | undefined;
  /** Each thread's {@link resolveBase} and the revision its permalink named. */
  readonly #origin = new WeakMap<TopicThread, { base: string; revision?: string }>();
  readonly ready: Promise<void>;

  constructor(
    readonly uri: vscode.Uri,
    private readonly owner: Discussions,
    private readonly current: CurrentSession,
  ) {
    super();
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    this.ready = (async () => {
      const identified = await identifyWithHistory(uri);
      if (this.isDisposed) return;
      this.#identified = identified;
      const names = new Set(
        identified.identities.map((i) => i.identity.relativePath.slice(i.identity.relativePath.lastIndexOf('/') + 1)),
      );
      for (const n of names) {
        const search = new MessageList(
          {
            client: current.client,
            store: current.store,
            onError: (e, what) => owner.log.warn(`Discussions of ${name}: ${what} failed: ${String(e)}`),
          },
          searchNarrow(n),
        );
        this.#searches.push(this._register(search));
        this._register(search.onDidChange(() => void this.#reconcile()));
      }
      if (identified.repo) this._register(onHeadMoved(identified.repo, () => this.settle()));
      await Promise.all(this.#searches.map((s) => s.fetchInitial({ anchor: 'newest', before: SEARCHED, after: 0 })));
      await this.#reconcile();
    })().catch((e: unknown) => owner.log.warn(`Discussions of ${name}: ${String(e)}`));
  }

  #messages(): Message[] {
    const byId = new Map<number, Message>();
    for (const s of this.#searches) for (const m of s.messages()) byId.set(m.id, m);
    return [...byId.values()];
  }

  async #reconcile(): Promise<void> {
    if (this.isDisposed || !this.#identified) return;
    const messages = this.#messages();
    const found = this.#identified.identities.flatMap(({ identity, path }, i) =>
      discussionsOf(messages, identity).map((d) => ({ d, path, key: i === 0 ? d.key : `${path}|${d.key}` })),
    );
    const keep = new Set(found.map((f) => f.key));
    const replaced = new Map<string, vscode.CommentThreadCollapsibleState>();
    for (const [key, thread] of this.threads) {
      if (!keep.has(key)) {
        const base = this.#origin.get(thread)?.base;
        if (base !== undefined) replaced.set(base, thread.thread.collapsibleState);
        thread.dispose();
        this.threads.delete(key);
      }
    }
    const added: Promise<void>[] = [];
    for (const { d, path, key } of found) {
      const thread = this.threads.get(key);
      if (thread) thread.citingIds = d.messageIds;
      else {
        const t = this.#thread(d);
        const base = resolveBase(d.streamId, d.topic, path, d.lines);
        this.#origin.set(t, { base, ...(d.revision !== undefined ? { revision: d.revision } : {}) });
        const previous = replaced.get(base);
        if (previous !== undefined) t.thread.collapsibleState = carriedState(previous, t.resolved);
        this.threads.set(key, t);
        added.push(this.#anchor(t, d, path));
      }
    }
    this.owner.changed();
    await Promise.all(added);
  }

  async #anchor(t: TopicThread, d: Discussion, path: string | undefined): Promise<void> {
    const git = this.#identified?.git;
    if (!git || path === undefined) return;
    t.anchor = await anchorFor(git, d, path).catch(() => undefined);
    this.#place(t);
  }

  #place(t: TopicThread): void {
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === this.uri.toString());
    if (!t.anchor || !document || this.isDisposed) return;
    const at = placement(t.anchor, document, t.lines, t.outdated);
    if (at.lines.start !== t.lines.start || at.lines.end !== t.lines.end) t.lines = at.lines;
    t.outdated = at.outdated;
    this.owner.changed();
    void this.#context(t);
  }

  /** Says which branch and commit the thread's discussion was about when HEAD is elsewhere. */
  async #context(t: TopicThread): Promise<void> {
    const git = this.#identified?.git;
    const commit = t.anchor?.commit;
    if (!git || !commit) return;
    const context = await branchContext(git, commit, this.#origin.get(t)?.revision).catch(() => undefined);
    if (this.isDisposed || t.anchor?.commit !== commit) return;
    t.context = context;
    this.owner.changed();
  }

  /** Looks for each thread's lines again once edits (or a checkout) have settled. */
  settle(): void {
    if (this.#settle) clearTimeout(this.#settle);
    this.#settle = setTimeout(() => {
      this.#settle = undefined;
      for (const t of this.threads.values()) this.#place(t);
    }, SETTLE_MS);
  }

  #thread(d: Discussion): TopicThread {
    const thread = new TopicThread(
      this.owner.controller,
      this.uri,
      d.streamId,
      d.topic,
      d.lines,
      d.messageIds,
      this.current,
      () => this.owner.changed(),
      this.owner.log,
    );
    this.owner.byThread.set(thread.thread, thread);
    return thread;
  }

  /** The repository's git, for the Compare of an outdated thread. */
  get git(): RepoGit | undefined {
    return this.#identified?.git;
  }

  /** Moves the threads with an edit of the document. */
  follow(change: vscode.TextDocumentContentChangeEvent): void {
    const inserted = change.text.split('\n').length;
    const from = change.range.start.line + 1;
    const to = change.range.end.line + 1;
    if (inserted === to - from + 1) return;
    for (const [key, thread] of this.threads) {
      const moved = shiftRange(thread.lines, from, to, inserted);
      if (moved) thread.lines = moved;
      else {
        thread.dispose();
        this.threads.delete(key);
      }
    }
    this.owner.changed();
  }

  override dispose(): void {
    super.dispose();
    if (this.#settle) clearTimeout(this.#settle);
    for (const t of this.threads.values()) t.dispose();
    this.threads.clear();
  }
}

export class Discussions extends Disposable implements vscode.CodeLensProvider {
  readonly controller = this._register(vscode.comments.createCommentController(CommentIds.controller, 'Team Chat'));
  readonly byThread = new WeakMap<vscode.CommentThread, TopicThread>();
  readonly #files = new Map<string, FileDiscussions>();
  readonly #onDidChange = this._register(new Emitter<void>());
  /** Threads were added, removed, moved or changed their comments. */
  readonly onDidChange = this.#onDidChange.event;
  readonly onDidChangeCodeLenses = this.#onDidChange.event;
  readonly log: vscode.LogOutputChannel;

  constructor(private readonly services: Services) {
    super();
    this.log = services.log;
    this.controller.options = {
      placeHolder: vscode.l10n.t('Reply in the topic…'),
      prompt: vscode.l10n.t('Reply in the topic'),
    };
    this.controller.reactionHandler = (comment, reaction) => this.#react(comment as MessageComment, reaction);
    this._register(vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this));
    this._register(registerRevisionDocuments(async () => (await gitApi())?.git.path));
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.#sync()));
    this._register(vscode.workspace.onDidCloseTextDocument((doc) => this.#drop(doc.uri)));
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        const file = this.#files.get(e.document.uri.toString());
        if (!file) return;
        for (const change of e.contentChanges) file.follow(change);
        // Also when only the dirty state changed (a revert, a save).
        file.settle();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!affectsCollapseOnResolve(e) || !collapseOnResolve()) return;
        for (const file of this.#files.values())
          for (const t of file.threads.values())
            if (t.resolved) t.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Collapsed;
      }),
    );
    this._register(
      services.sessions.onDidChange(() => {
        for (const uri of [...this.#files.keys()]) this.#drop(vscode.Uri.parse(uri));
        this.#sync();
      }),
    );
    this.#sync();
  }

  changed(): void {
    this.#onDidChange.fire();
  }

  /** The threads on a file (tests, the CodeLens); waits for the first search of an open file. */
  async threadsOf(uri: vscode.Uri): Promise<TopicThread[]> {
    const file = this.#files.get(uri.toString());
    if (!file) return [];
    await file.ready;
    return [...file.threads.values()].sort((a, b) => a.lines.start - b.lines.start);
  }

  #sync(): void {
    const current = this.services.sessions.current;
    if (!current) return;
    for (const editor of vscode.window.visibleTextEditors) {
      const uri = editor.document.uri;
      if (uri.scheme !== 'file' || !vscode.workspace.getWorkspaceFolder(uri) || this.#files.has(uri.toString()))
        continue;
      this.#files.set(uri.toString(), new FileDiscussions(uri, this, current));
    }
  }

  #drop(uri: vscode.Uri): void {
    const file = this.#files.get(uri.toString());
    if (!file) return;
    file.dispose();
    this.#files.delete(uri.toString());
    this.changed();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const file = this.#files.get(document.uri.toString());
    if (!file) return [];
    return [...file.threads.values()].flatMap((t) => {
      const n = t.messageCount;
      const line = Math.min(t.lines.start - 1, document.lineCount - 1);
      const at = new vscode.Range(line, 0, line, 0);
      const lens = new vscode.CodeLens(at, {
        title:
          n === 1
            ? vscode.l10n.t('$(comment-discussion) {0}: 1 message', t.thread.label ?? t.topic)
            : vscode.l10n.t('$(comment-discussion) {0}: {1} messages', t.thread.label ?? t.topic, n),
        command: Commands.discussionShow,
        arguments: [t.thread],
      });
      const commit = t.outdated ? t.anchor?.commit : undefined;
      if (!commit) return [lens];
      return [
        lens,
        new vscode.CodeLens(at, {
          title: vscode.l10n.t('$(git-compare) Compare with {0}', commit.slice(0, 7)),
          command: Commands.discussionCompare,
          arguments: [t.thread],
        }),
      ];
    });
  }

  /** A diff of the file at the reference's commit and now (an outdated thread's "Compare with <commit>"). */
  async compare(t: TopicThread): Promise<void> {
    const git = this.#files.get(t.uri.toString())?.git;
    const anchor = t.anchor;
    if (!git || !anchor?.commit)
      throw new UserFacingError(vscode.l10n.t('This discussion has no commit to compare with.'));
    const name = anchor.path.slice(anchor.path.lastIndexOf('/') + 1);
    const title = vscode.l10n.t('{0} ({1}) ↔ now', name, anchor.commit.slice(0, 7));
    await vscode.commands.executeCommand(
      'vscode.diff',
      revisionUri(git.root, anchor.commit, anchor.path),
      t.uri,
      title,
    );
  }

  threadOf(arg: unknown): TopicThread {
    const thread =
      arg && typeof arg === 'object' && 'thread' in arg
        ? (arg as vscode.CommentReply).thread
        : (arg as vscode.CommentThread);
    const found = thread ? this.byThread.get(thread) : undefined;
    if (!found) throw new UserFacingError(vscode.l10n.t('That discussion is no longer shown.'));
    return found;
  }

  /**
   * Opens the thread in its editor, expanded and in view, and moves the focus into it (a CodeLens's
   * click). Expanding it alone leaves it off screen when the lines are; the workbench's own command
   * reveals and focuses the thread at the cursor's line (for a thread, the last line of its range),
   * but the first one there: with other topics' threads ending on the same line it is not used.
   */
  async show(t: TopicThread): Promise<void> {
    t.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    const line = t.lines.end - 1;
    const at = new vscode.Range(line, 0, line, 0);
    const editor = await vscode.window.showTextDocument(t.uri, { selection: at, preserveFocus: false });
    editor.revealRange(at, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    const sameLine = [...(this.#files.get(t.uri.toString())?.threads.values() ?? [])].filter(
      (u) => u.lines.end === t.lines.end,
    );
    if (sameLine.length === 1 && sameLine[0] === t) await vscode.commands.executeCommand(FOCUS_COMMENT_ON_LINE);
  }

  /** Posts the reply (through the outbox): its id, or none when it waits for the connection (the user is told). */
  async reply(current: CurrentSession, reply: vscode.CommentReply): Promise<{ id?: number }> {
    const t = this.threadOf(reply);
    const text = reply.text.trim();
    if (text === '') throw new UserFacingError(vscode.l10n.t('The reply is empty.'));
    const max = current.client.limits?.maxMessageLength ?? 10000;
    if ([...text].length > max)
      throw new UserFacingError(vscode.l10n.t('The reply is longer than {0} characters.', max));
    const result = await this.services.outbox.sendAndWait(
      { type: 'stream', streamId: t.streamId, topic: t.topic },
      text,
    );
    if (result.id === undefined) showQueued();
    return { id: result.id };
  }

  async #react(comment: MessageComment, reaction: vscode.CommentReaction): Promise<void> {
    const current = this.services.sessions.current;
    const info = comment.reactionInfo.get(reaction.label ?? '');
    if (!current || !info) return;
    // A reaction type this client does not know is named by its emoji alone (the server finds it).
    const type =
      info.reactionType === 'unknown' ? {} : { emoji_code: info.emojiCode, reaction_type: info.reactionType };
    const params = { message_id: comment.messageId, emoji_name: info.emojiName, ...type };
    try {
      if (reaction.authorHasReacted) await removeReaction(current.client, params);
      else await addReaction(current.client, params);
    } catch (error) {
      this.log.warn(`Reaction on message ${comment.messageId} failed: ${String(error)}`);
      throw error;
    }
  }

  override dispose(): void {
    for (const f of this.#files.values()) f.dispose();
    this.#files.clear();
    super.dispose();
  }
}

export function registerDiscussions(services: Services): Discussions {
  const discussions = new Discussions(services);
  /** A thread's command that runs a topic command (resolve, unresolve) on the thread's topic. */
  const onThreadTopic = (id: CommandId, topicCommand: CommandId, failure: string): CommandDeclaration => ({
    id,
    session: true,
    failure,
    run: async (_ctx, thread?: unknown) => {
      const t = discussions.threadOf(thread);
      return vscode.commands.executeCommand(topicCommand, { streamId: t.streamId, topic: t.topic });
    },
  });
  services.disposables.add(discussions);
  registerCommands(services, [
    {
      id: Commands.discussionReply,
      session: true,
      failure: vscode.l10n.t('Could not post the reply'),
      run: async ({ current }, reply?: unknown) => {
        const result = await discussions.reply(current, reply as vscode.CommentReply);
        (reply as vscode.CommentReply).thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
        return result;
      },
    },
    onThreadTopic(Commands.discussionResolve, Commands.topicResolve, vscode.l10n.t('Could not resolve the topic')),
    onThreadTopic(
      Commands.discussionUnresolve,
      Commands.topicUnresolve,
      vscode.l10n.t('Could not unresolve the topic'),
    ),
    {
      id: Commands.discussionCompare,
      failure: vscode.l10n.t('Could not compare the discussed lines'),
      run: (_ctx, thread?: unknown) => discussions.compare(discussions.threadOf(thread)),
    },
    {
      id: Commands.discussionShow,
      failure: vscode.l10n.t('Could not show the discussion'),
      run: (_ctx, thread?: unknown) => discussions.show(discussions.threadOf(thread)),
    },
  ]);
  return discussions;
}
