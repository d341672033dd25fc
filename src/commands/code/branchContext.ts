/**
 * Branch context of a discussion (issue 28): when HEAD is not at the commit a reference was read
 * from, which branch (or tag) and commit the discussion was about — a branch a permalink named,
 * else a local branch at that commit, else one that contains it (another than the current one
 * first, since that is where the discussion happened).
 */
import type { RepoGit } from './revisions';

export interface BranchContext {
  /** The commit the discussed lines were read from. */
  readonly commit: string;
  /** The branch or tag it was on, when one is known. */
  readonly branch?: string;
}

const COMMIT_ID = /^[0-9a-f]{7,40}$/i;

async function refsAt(git: RepoGit, how: '--points-at' | '--contains', commit: string): Promise<string[]> {
  const out = await git.run(['for-each-ref', how, commit, '--format=%(refname:short)', 'refs/heads']).catch(() => '');
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Undefined when HEAD is at `commit` (or git cannot tell); `revision` is what a permalink named, if any. */
export async function branchContext(
  git: RepoGit,
  commit: string,
  revision?: string,
): Promise<BranchContext | undefined> {
  const head = await git.commitOf('HEAD');
  if (!head || head === commit) return undefined;
  const current = (await git.run(['symbolic-ref', '--short', '-q', 'HEAD']).catch(() => '')).trim();
  if (revision !== undefined && !COMMIT_ID.test(revision) && revision !== current) return { commit, branch: revision };
  const other = (names: string[]) => names.find((n) => n !== current);
  const containing = await refsAt(git, '--contains', commit);
  const branch =
    other(await refsAt(git, '--points-at', commit)) ??
    other(containing) ??
    (containing.includes(current) ? current : undefined);
  return branch === undefined ? { commit } : { commit, branch };
}
