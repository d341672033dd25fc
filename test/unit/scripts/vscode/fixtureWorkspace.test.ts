// The fixture workspace is a git repository with a GitHub remote and its one commit pushed; the
// commit id the demo's permalinks and the tests use is the one the script makes.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURE_COMMIT, FIXTURE_REMOTE } from '../../../fixtures/workspace';
import { importEsm } from '../../support/repo';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', '..', '..', 'scripts', 'vscode', 'fixtureWorkspace.mjs');

describe('fixture workspace', () => {
  let dir = '';
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-fixture-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is a repository whose HEAD is the fixed commit, pushed to the GitHub remote', async () => {
    const m = await importEsm<{
      makeFixtureWorkspace(dir: string): string;
      FIXTURE_COMMIT: string;
      FIXTURE_REMOTE: string;
    }>(require('url').pathToFileURL(SCRIPT).href);
    assert.equal(m.FIXTURE_COMMIT, FIXTURE_COMMIT);
    assert.equal(m.FIXTURE_REMOTE, FIXTURE_REMOTE);
    assert.equal(
      m.makeFixtureWorkspace(dir),
      FIXTURE_COMMIT,
      'the fixture files changed: update FIXTURE_COMMIT in both files',
    );
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).stdout.trim();
    assert.equal(git('remote', 'get-url', 'origin'), FIXTURE_REMOTE);
    assert.equal(git('rev-parse', 'origin/main'), FIXTURE_COMMIT);
    assert.equal(git('rev-parse', '--abbrev-ref', 'main@{upstream}'), 'origin/main');
    assert.ok(fs.existsSync(path.join(dir, 'src', 'greeter.ts')));
    // Made again over an existing repository: left as it is.
    assert.equal(m.makeFixtureWorkspace(dir), FIXTURE_COMMIT);
  });
});
