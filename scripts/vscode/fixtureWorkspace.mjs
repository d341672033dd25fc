// The fixture workspace: test/fixtures/workspace copied into a folder and made a git repository
// with one commit, a GitHub remote and that commit pushed (origin/main), so line references,
// permalinks and Share Selection have a real repository to work with. Author, committer and dates
// are fixed, so the commit id is always FIXTURE_COMMIT (the demo's messages link to it).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURE_SOURCE = path.join(ROOT, 'test', 'fixtures', 'workspace');
export const FIXTURE_REMOTE = 'https://github.com/acme/widgets.git';
export const FIXTURE_COMMIT = '2223294d2fde2ba4a6a55f97efb4d784fedc3da3';

function git(dir, args, env = {}) {
  const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${dir}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Fills `dir` with the fixture files and makes it the fixture repository; returns the commit id.
 * A folder that already is a git repository is left as it is (the demo keeps the user's changes).
 */
export function makeFixtureWorkspace(dir) {
  if (existsSync(path.join(dir, '.git'))) return git(dir, ['rev-parse', 'HEAD']);
  cpSync(FIXTURE_SOURCE, dir, { recursive: true });
  const who = {
    GIT_AUTHOR_NAME: 'Team Chat',
    GIT_AUTHOR_EMAIL: 'fixtures@example.com',
    GIT_COMMITTER_NAME: 'Team Chat',
    GIT_COMMITTER_EMAIL: 'fixtures@example.com',
  };
  const when = { GIT_AUTHOR_DATE: '2026-01-05T10:00:00Z', GIT_COMMITTER_DATE: '2026-01-05T10:00:00Z' };
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'core.autocrlf', 'false']);
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'widgets: greeter and stats'], { ...who, ...when });
  git(dir, ['remote', 'add', 'origin', FIXTURE_REMOTE]);
  const head = git(dir, ['rev-parse', 'HEAD']);
  // "Pushed": the remote-tracking branch has the commit, and main tracks it.
  git(dir, ['update-ref', 'refs/remotes/origin/main', head]);
  git(dir, ['branch', '-q', '--set-upstream-to=origin/main', 'main']);
  return head;
}
