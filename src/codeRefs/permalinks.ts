/**
 * Git-host permalinks, both ways: which repository, revision, file and lines a blob URL names
 * (GitHub, GitLab, Bitbucket, Gitea and Forgejo), and the permalink for a selection at a commit.
 * Repositories are compared by a remote key, `host/owner/name`, so `git@github.com:o/r.git` and
 * `https://github.com/o/r` are the same. No `vscode` import: unit-tested on a table of URL shapes.
 */

export type HostKind = 'github' | 'gitlab' | 'bitbucket' | 'gitea';

/** Lines, 1-based and inclusive. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

export interface Permalink {
  readonly kind: HostKind;
  /** `host/owner/name` (lower-case host; GitLab subgroups are kept: `gitlab.com/group/sub/name`). */
  readonly remote: string;
  /**
   * What follows the revision marker: `<revision>/<path>`. A branch name may contain `/`, so
   * where the revision ends is decided against the repository ({@link splitRevision}).
   */
  readonly revisionAndPath: string;
  /** Set when the URL says which kind of revision it is (Gitea's `commit/`, `branch/`, `tag/`). */
  readonly revisionKind?: 'commit' | 'branch' | 'tag';
  readonly lines?: LineRange;
}

const SHA = /^[0-9a-f]{7,40}$/i;

/** Whether a revision is a commit id (7 to 40 hex digits) rather than a branch or tag name. */
export function isCommitId(revision: string): boolean {
  return SHA.test(revision);
}

/**
 * The `host/owner/name` key of a git remote URL: https, ssh (`ssh://git@host:22/o/r.git`) and
 * scp-like (`git@host:o/r.git`) forms; undefined for local paths and other shapes.
 */
export function remoteKey(remoteUrl: string): string | undefined {
  const url = remoteUrl.trim();
  let host: string;
  let path: string;
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)(.+)$/.exec(url);
  if (scp && !/^[a-z]+:\/\//i.test(url)) {
    host = scp[1]!;
    path = scp[2]!;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (!['http:', 'https:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:'].includes(parsed.protocol)) return undefined;
    host = parsed.hostname;
    path = decodeURIComponent(parsed.pathname);
  }
  // Bitbucket Server's ssh form: `ssh://git@host:7999/scm/project/repo.git` keeps `scm/`; others don't have it.
  const parts = path
    .replace(/\.git\/?$/, '')
    .replace(/\/+$/, '')
    .split('/')
    .filter((p) => p !== '');
  if (parts.length < 2 || host === '') return undefined;
  return `${host.toLowerCase()}/${parts.join('/')}`;
}

function lineRange(start: string | undefined, end: string | undefined): LineRange | undefined {
  if (start === undefined) return undefined;
  const a = Number(start);
  const b = end === undefined ? a : Number(end);
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 1 || b < 1) return undefined;
  return { start: Math.min(a, b), end: Math.max(a, b) };
}

/** The lines of a fragment: `L10`, `L10-L20` (GitHub, Gitea), `L10-20` (GitLab), `lines-10:20` (Bitbucket). */
export function fragmentLines(fragment: string): LineRange | undefined {
  const f = fragment.replace(/^#/, '');
  const gh = /^L(\d+)(?:C\d+)?(?:-L?(\d+)(?:C\d+)?)?$/.exec(f);
  if (gh) return lineRange(gh[1], gh[2]);
  const bb = /^lines-(\d+)(?::(\d+))?$/.exec(f);
  if (bb) return lineRange(bb[1], bb[2]);
  return undefined;
}

function decodePath(segments: readonly string[]): string {
  return segments.map((s) => decodeURIComponent(s)).join('/');
}

/**
 * The permalink a URL is, or undefined. Shapes:
 * - GitHub: `https://github.com/o/r/blob/<rev>/<path>#L1-L2`;
 * - GitLab: `https://gitlab.com/g/sub/r/-/blob/<rev>/<path>#L1-2`;
 * - Bitbucket: `https://bitbucket.org/o/r/src/<rev>/<path>#lines-1:2`;
 * - Gitea / Forgejo: `https://host/o/r/src/commit/<sha>/<path>#L1-L2` (also `branch/`, `tag/`).
 * A self-hosted GitHub Enterprise or GitLab is recognised by its URL shape (`/blob/`, `/-/blob/`).
 */
export function parsePermalink(text: string): Permalink | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const lines = url.hash ? fragmentLines(url.hash) : undefined;
  const make = (
    kind: HostKind,
    repo: readonly string[],
    rest: readonly string[],
    revisionKind?: Permalink['revisionKind'],
  ): Permalink | undefined => {
    if (repo.length < 2 || rest.length < 2) return undefined;
    return {
      kind,
      remote: `${host}/${repo.map((s) => decodeURIComponent(s)).join('/')}`,
      revisionAndPath: decodePath(rest),
      revisionKind,
      lines,
    };
  };
  const dash = segments.indexOf('-');
  if (dash >= 2 && segments[dash + 1] === 'blob')
    return make('gitlab', segments.slice(0, dash), segments.slice(dash + 2));
  if (segments[2] === 'blob' && (host === 'github.com' || !segments.includes('-')))
    return make('github', segments.slice(0, 2), segments.slice(3));
  if (segments[2] === 'src') {
    const marker = segments[3];
    if (marker === 'commit' || marker === 'branch' || marker === 'tag')
      return make('gitea', segments.slice(0, 2), segments.slice(4), marker);
    if (host === 'bitbucket.org' || lines !== undefined || url.hash === '')
      return make('bitbucket', segments.slice(0, 2), segments.slice(3));
  }
  return undefined;
}

/**
 * Splits `<revision>/<path>` where the revision is a commit id, or the longest branch or tag name
 * that `isRef` knows (branch names may contain `/`); undefined when none fits.
 */
export function splitRevision(
  link: Pick<Permalink, 'revisionAndPath' | 'revisionKind'>,
  isRef: (name: string) => boolean,
): { revision: string; path: string } | undefined {
  const parts = link.revisionAndPath.split('/');
  if (link.revisionKind === 'commit' || isCommitId(parts[0]!)) {
    return parts.length > 1 ? { revision: parts[0]!, path: parts.slice(1).join('/') } : undefined;
  }
  for (let n = parts.length - 1; n >= 1; n--) {
    const name = parts.slice(0, n).join('/');
    if (isRef(name)) return { revision: name, path: parts.slice(n).join('/') };
  }
  return undefined;
}

/** The web address of a repository remote (`https://host/owner/name`), from its key. */
function webBase(remote: string): string {
  return `https://${remote}`;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The permalink to `path` at `commit`, lines `lines`, in the remote's web UI; the host kind comes
 * from the remote's host (`github.com`, `gitlab.com`, `bitbucket.org`, or the `kind` given for a
 * self-hosted one); undefined for an unknown self-hosted host without `kind`.
 */
export function buildPermalink(
  remoteUrl: string,
  commit: string,
  path: string,
  lines: LineRange,
  kind?: HostKind,
): string | undefined {
  const remote = remoteKey(remoteUrl);
  if (!remote) return undefined;
  const host = remote.split('/')[0]!;
  const k: HostKind | undefined =
    kind ??
    (host === 'github.com'
      ? 'github'
      : host === 'gitlab.com'
        ? 'gitlab'
        : host === 'bitbucket.org'
          ? 'bitbucket'
          : host === 'codeberg.org'
            ? 'gitea'
            : undefined);
  if (!k) return undefined;
  const base = webBase(remote);
  const p = encodePath(path);
  const single = lines.start === lines.end;
  switch (k) {
    case 'github':
      return `${base}/blob/${commit}/${p}#L${lines.start}${single ? '' : `-L${lines.end}`}`;
    case 'gitlab':
      return `${base}/-/blob/${commit}/${p}#L${lines.start}${single ? '' : `-${lines.end}`}`;
    case 'bitbucket':
      return `${base}/src/${commit}/${p}#lines-${lines.start}${single ? '' : `:${lines.end}`}`;
    case 'gitea':
      return `${base}/src/commit/${commit}/${p}#L${lines.start}${single ? '' : `-L${lines.end}`}`;
  }
}
