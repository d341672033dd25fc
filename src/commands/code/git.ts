/**
 * What the extension uses of the built-in git extension (`vscode.git`, API version 1): the
 * repository of a file or of a remote, refs, HEAD and whether it is pushed, diffs and `git:` URIs.
 * The interfaces are the subset of the git extension's published `git.d.ts` used here.
 */
import * as vscode from 'vscode';
import { remoteKey } from '../../codeRefs/permalinks';

interface GitRef {
  readonly type: 0 | 1 | 2; // Head, RemoteHead, Tag
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}
interface GitBranch extends GitRef {
  readonly upstream?: { readonly name: string; readonly remote: string; readonly commit?: string };
  readonly ahead?: number;
  readonly behind?: number;
}
interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: GitBranch | undefined;
    readonly refs: readonly GitRef[];
    readonly remotes: readonly GitRemote[];
    /** After each `git status` the extension runs (a checkout, a commit, a pull, files changed). */
    readonly onDidChange?: vscode.Event<void>;
  };
  diffWith(ref: string, path: string): Promise<string>;
  getCommit(ref: string): Promise<{ readonly hash: string }>;
  status(): Promise<void>;
  /** Newer git extensions load refs on demand (`state.refs` is deprecated there). */
  getRefs?(query: { readonly pattern?: string }): Promise<readonly GitRef[]>;
}
interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  /** The git binary the extension found. */
  readonly git: { readonly path: string };
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}
interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

const OPEN_WAIT_MS = 5_000;

/** The git API once it has looked for repositories; undefined when git is missing or disabled. */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports?.enabled) return undefined;
  const api = exports.getAPI(1);
  if (api.state !== 'initialized') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), OPEN_WAIT_MS);
      const sub = api.onDidChangeState((s) => s === 'initialized' && done());
      function done(): void {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
  }
  return api;
}

/** Waits (briefly) for a repository to be opened when the workspace has not been scanned yet. */
async function waitFor<T>(api: GitApi, find: () => T | undefined): Promise<T | undefined> {
  const now = find();
  if (now !== undefined || api.repositories.length > 0) return now;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(find()), OPEN_WAIT_MS);
    const sub = api.onDidOpenRepository(() => {
      const found = find();
      if (found !== undefined) finish(found);
    });
    function finish(value: T | undefined): void {
      clearTimeout(timer);
      sub.dispose();
      resolve(value);
    }
  });
}

/** The repository holding `uri`. */
export async function repositoryOf(api: GitApi, uri: vscode.Uri): Promise<GitRepository | undefined> {
  return waitFor(api, () => api.getRepository(uri) ?? undefined);
}

/** The remote keys (`host/owner/name`) of a repository, with the remote's name. */
export function remotesOf(repo: GitRepository): { name: string; url: string; key: string }[] {
  return repo.state.remotes.flatMap((r) => {
    const url = r.fetchUrl ?? r.pushUrl;
    const key = url ? remoteKey(url) : undefined;
    return url && key ? [{ name: r.name, url, key }] : [];
  });
}

/** The workspace repository whose remote has this key (`github.com/acme/widgets`). */
export async function repositoryByRemote(api: GitApi, key: string): Promise<GitRepository | undefined> {
  const find = () => api.repositories.find((repo) => remotesOf(repo).some((r) => r.key === key));
  return waitFor(api, find);
}

/** Branch and tag names a permalink may use: local heads, tags, and remote heads without their remote. */
export async function refNames(repo: GitRepository): Promise<Set<string>> {
  const names = new Set<string>();
  // `state.refs` is deprecated (and logs so) where `getRefs` exists.
  const refs = repo.getRefs ? await repo.getRefs({}) : repo.state.refs;
  if (repo.state.HEAD?.name) names.add(repo.state.HEAD.name);
  for (const ref of refs) {
    if (!ref.name) continue;
    names.add(ref.name);
    if (ref.type === 1 && ref.remote && ref.name.startsWith(`${ref.remote}/`))
      names.add(ref.name.slice(ref.remote.length + 1));
  }
  return names;
}

export type PushState =
  | { readonly pushed: true; readonly commit: string; readonly remoteUrl: string }
  | { readonly pushed: false; readonly reason: string };

/** Whether HEAD's commit is on its upstream (so a permalink to it works for everyone), and where. */
export function headPushState(repo: GitRepository): PushState {
  const head = repo.state.HEAD;
  if (!head?.commit) return { pushed: false, reason: vscode.l10n.t('the repository has no commit yet') };
  if (!head.name)
    return {
      pushed: false,
      reason: vscode.l10n.t('HEAD is detached, so it is not known whether its commit is pushed'),
    };
  if (!head.upstream) return { pushed: false, reason: vscode.l10n.t('branch {0} has no upstream branch', head.name) };
  if ((head.ahead ?? 0) > 0) {
    const n = head.ahead!;
    const upstream = `${head.upstream.remote}/${head.upstream.name}`;
    const reason =
      n === 1
        ? vscode.l10n.t('1 commit of {0} is not pushed to {1}', head.name, upstream)
        : vscode.l10n.t('{0} commits of {1} are not pushed to {2}', n, head.name, upstream);
    return { pushed: false, reason };
  }
  const remote = remotesOf(repo).find((r) => r.name === head.upstream!.remote);
  if (!remote)
    return {
      pushed: false,
      reason: vscode.l10n.t('the remote {0} has no URL of a known git host', head.upstream.remote),
    };
  return { pushed: true, commit: head.commit, remoteUrl: remote.url };
}
