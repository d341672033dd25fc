// Line references and git-host permalinks, on a table of the shapes people paste: which
// repository, revision, file and lines each names, and the permalink built for a selection.
import * as assert from 'assert';
import {
  buildPermalink,
  fragmentLines,
  isCommitId,
  parsePermalink,
  remoteKey,
  splitRevision,
} from '../../../src/codeRefs/permalinks';
import { findLineReferences, formatLineReference } from '../../../src/codeRefs/references';

const SHA = '3f2c9e1a7b5d4c3e2f1a0b9c8d7e6f5a4b3c2d1e';

describe('code references: remote keys', () => {
  const table: [string, string | undefined][] = [
    ['https://github.com/acme/widgets.git', 'github.com/acme/widgets'],
    ['https://github.com/acme/widgets', 'github.com/acme/widgets'],
    ['https://GitHub.com/acme/widgets/', 'github.com/acme/widgets'],
    ['git@github.com:acme/widgets.git', 'github.com/acme/widgets'],
    ['ssh://git@github.com/acme/widgets.git', 'github.com/acme/widgets'],
    ['ssh://git@gitlab.example.com:2222/group/sub/widgets.git', 'gitlab.example.com/group/sub/widgets'],
    ['https://user@bitbucket.org/acme/widgets.git', 'bitbucket.org/acme/widgets'],
    ['https://codeberg.org/acme/widgets.git', 'codeberg.org/acme/widgets'],
    ['/srv/git/widgets.git', undefined],
    ['file:///srv/git/widgets.git', undefined],
    ['https://github.com/acme', undefined],
  ];
  for (const [url, key] of table) it(`${url} → ${key}`, () => assert.equal(remoteKey(url), key));
});

describe('code references: permalinks', () => {
  const recognised: [string, Partial<NonNullable<ReturnType<typeof parsePermalink>>>][] = [
    [
      `https://github.com/acme/widgets/blob/${SHA}/src/app.ts#L10-L20`,
      {
        kind: 'github',
        remote: 'github.com/acme/widgets',
        revisionAndPath: `${SHA}/src/app.ts`,
        lines: { start: 10, end: 20 },
      },
    ],
    [
      `https://github.com/acme/widgets/blob/main/src/app.ts#L7`,
      { kind: 'github', revisionAndPath: 'main/src/app.ts', lines: { start: 7, end: 7 } },
    ],
    [
      `https://github.com/acme/widgets/blob/feature/x/src/app.ts#L3C1-L5C9`,
      { kind: 'github', revisionAndPath: 'feature/x/src/app.ts', lines: { start: 3, end: 5 } },
    ],
    [
      `https://github.com/acme/widgets/blob/${SHA}/docs/read%20me.md`,
      { kind: 'github', revisionAndPath: `${SHA}/docs/read me.md`, lines: undefined },
    ],
    [
      `https://gitlab.com/group/sub/widgets/-/blob/${SHA}/lib/x.py#L4-9`,
      {
        kind: 'gitlab',
        remote: 'gitlab.com/group/sub/widgets',
        revisionAndPath: `${SHA}/lib/x.py`,
        lines: { start: 4, end: 9 },
      },
    ],
    [
      `https://gitlab.example.com/team/widgets/-/blob/main/lib/x.py#L4`,
      { kind: 'gitlab', remote: 'gitlab.example.com/team/widgets', lines: { start: 4, end: 4 } },
    ],
    [
      `https://bitbucket.org/acme/widgets/src/${SHA}/src/app.ts#lines-12:14`,
      { kind: 'bitbucket', remote: 'bitbucket.org/acme/widgets', lines: { start: 12, end: 14 } },
    ],
    [
      `https://bitbucket.org/acme/widgets/src/${SHA}/src/app.ts#lines-12`,
      { kind: 'bitbucket', lines: { start: 12, end: 12 } },
    ],
    [
      `https://codeberg.org/acme/widgets/src/commit/${SHA}/src/app.ts#L1-L2`,
      { kind: 'gitea', revisionKind: 'commit', revisionAndPath: `${SHA}/src/app.ts`, lines: { start: 1, end: 2 } },
    ],
    [
      `https://git.example.org/acme/widgets/src/branch/release/1.0/src/app.ts#L8`,
      { kind: 'gitea', revisionKind: 'branch', revisionAndPath: 'release/1.0/src/app.ts', lines: { start: 8, end: 8 } },
    ],
  ];
  for (const [url, expected] of recognised) {
    it(url, () => {
      const got = parsePermalink(url) as unknown as Record<string, unknown> | undefined;
      const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, got?.[k]]));
      assert.deepEqual(picked, expected);
    });
  }
  for (const url of [
    'https://github.com/acme/widgets/pull/12',
    'https://github.com/acme/widgets',
    'mailto:someone@example.com',
    'not a url',
  ]) {
    it(`${url} is no permalink`, () => assert.equal(parsePermalink(url), undefined));
  }

  it('line fragments: reversed ranges are ordered, line 0 is refused', () => {
    assert.deepEqual(fragmentLines('#L20-L10'), { start: 10, end: 20 });
    assert.deepEqual(fragmentLines('L5-9'), { start: 5, end: 9 });
    assert.deepEqual(fragmentLines('lines-3:4'), { start: 3, end: 4 });
    assert.equal(fragmentLines('L0'), undefined);
    assert.equal(fragmentLines('readme'), undefined);
  });

  it('splits a revision from the path: commit ids at once, branch names by what the repository knows', () => {
    assert.ok(isCommitId('3f2c9e1') && isCommitId(SHA) && !isCommitId('main') && !isCommitId('3f2c9e'));
    const branches = new Set(['main', 'feature/x']);
    const isRef = (n: string) => branches.has(n);
    assert.deepEqual(splitRevision({ revisionAndPath: `${SHA}/src/app.ts` }, isRef), {
      revision: SHA,
      path: 'src/app.ts',
    });
    assert.deepEqual(splitRevision({ revisionAndPath: 'feature/x/src/app.ts' }, isRef), {
      revision: 'feature/x',
      path: 'src/app.ts',
    });
    assert.deepEqual(splitRevision({ revisionAndPath: 'main/src/app.ts' }, isRef), {
      revision: 'main',
      path: 'src/app.ts',
    });
    assert.equal(splitRevision({ revisionAndPath: 'unknown/src/app.ts' }, isRef), undefined);
    assert.deepEqual(splitRevision({ revisionAndPath: 'v1/app.ts', revisionKind: 'commit' }, isRef), {
      revision: 'v1',
      path: 'app.ts',
    });
  });

  it('builds the permalink of each host, and parses it back to the same place', () => {
    const cases: [string, string][] = [
      ['git@github.com:acme/widgets.git', `https://github.com/acme/widgets/blob/${SHA}/src/a%20b.ts#L3-L4`],
      [
        'https://gitlab.com/group/sub/widgets.git',
        `https://gitlab.com/group/sub/widgets/-/blob/${SHA}/src/a%20b.ts#L3-4`,
      ],
      [
        'https://bitbucket.org/acme/widgets.git',
        `https://bitbucket.org/acme/widgets/src/${SHA}/src/a%20b.ts#lines-3:4`,
      ],
      [
        'https://codeberg.org/acme/widgets.git',
        `https://codeberg.org/acme/widgets/src/commit/${SHA}/src/a%20b.ts#L3-L4`,
      ],
    ];
    for (const [remote, expected] of cases) {
      const built = buildPermalink(remote, SHA, 'src/a b.ts', { start: 3, end: 4 });
      assert.equal(built, expected);
      const back = parsePermalink(built!);
      assert.equal(back?.remote, remoteKey(remote));
      assert.deepEqual(back?.lines, { start: 3, end: 4 });
      assert.deepEqual(
        splitRevision(back!, () => false),
        { revision: SHA, path: 'src/a b.ts' },
      );
    }
    assert.equal(
      buildPermalink('https://github.com/acme/widgets', SHA, 'x.ts', { start: 9, end: 9 }),
      `https://github.com/acme/widgets/blob/${SHA}/x.ts#L9`,
    );
    assert.equal(buildPermalink('https://git.internal/acme/widgets', SHA, 'x.ts', { start: 1, end: 1 }), undefined);
    assert.equal(
      buildPermalink('https://git.internal/acme/widgets', SHA, 'x.ts', { start: 1, end: 1 }, 'gitea'),
      `https://git.internal/acme/widgets/src/commit/${SHA}/x.ts#L1`,
    );
  });
});

describe('code references: line references in text', () => {
  const refs = (text: string) =>
    findLineReferences(text).map((r) => [text.slice(r.index, r.index + r.length), r.path, r.lines.start, r.lines.end]);
  it('finds path:line, path:a-b, path#La-Lb and path:line:col', () => {
    assert.deepEqual(refs('see src/app.ts:42 and app.ts:10-20, also lib/x.py#L3-L5 or y.go:7:12.'), [
      ['src/app.ts:42', 'src/app.ts', 42, 42],
      ['app.ts:10-20', 'app.ts', 10, 20],
      ['lib/x.py#L3-L5', 'lib/x.py', 3, 5],
      ['y.go:7:12', 'y.go', 7, 7],
    ]);
  });
  it('keeps ./ and ../ paths, dropping a leading ./', () => {
    assert.deepEqual(refs('(./a/b.rs:1) ../c/d.rs:2'), [
      ['./a/b.rs:1', 'a/b.rs', 1, 1],
      ['../c/d.rs:2', '../c/d.rs', 2, 2],
    ]);
  });
  it('ignores hosts with ports, URLs, versions, words and line 0', () => {
    assert.deepEqual(refs('example.com:443 https://x.org/a/b.ts:3 v1.2:3 a.ts:0 note:12 foo.ts: x.ts#L'), []);
  });
  it('a reversed range is ordered; a host-like name with a folder is a path', () => {
    assert.deepEqual(refs('lib/site.io:9-3'), [['lib/site.io:9-3', 'lib/site.io', 3, 9]]);
    assert.equal(formatLineReference('a.ts', { start: 3, end: 3 }), 'a.ts:3');
    assert.equal(formatLineReference('a.ts', { start: 3, end: 9 }), 'a.ts:3-9');
  });
});

describe('code references: discussions of a file', () => {
  const file = {
    relativePath: 'src/greeter.ts',
    repository: { remote: 'github.com/acme/widgets', path: 'src/greeter.ts', isRef: (n: string) => n === 'main' },
  };
  const msg = (id: number, content: string, topic = 'review', streamId = 2) => ({
    id,
    type: 'stream' as const,
    stream_id: streamId,
    subject: topic,
    content,
  });

  it('finds references in rendered HTML: code spans, plain text, permalinks; not other files or repositories', async () => {
    const { discussionsOf, rangesIn } = await import('../../../src/codeRefs/discussions');
    assert.deepEqual(rangesIn('<p>See <code>src/greeter.ts:2-4</code> and greeter.ts#L7</p>', file), [
      { start: 2, end: 4 },
      { start: 7, end: 7 },
    ]);
    assert.deepEqual(
      rangesIn(
        `<p><a href="https://github.com/acme/widgets/blob/${SHA}/src/greeter.ts#L3-L5">x</a> <a href="https://github.com/acme/widgets/blob/main/src/greeter.ts#L9">y</a></p>`,
        file,
      ),
      [
        { start: 3, end: 5 },
        { start: 9, end: 9 },
      ],
    );
    assert.deepEqual(
      rangesIn(
        `<p>other.ts:2 lib/greeter.ts.bak:3 <a href="https://github.com/acme/other/blob/${SHA}/src/greeter.ts#L1">z</a></p>`,
        file,
      ),
      [],
    );
    assert.deepEqual(rangesIn('<p>src/greeter.ts:2 and again src/greeter.ts:2</p>', file), [{ start: 2, end: 2 }]);
    assert.deepEqual(
      rangesIn('<p>See <code>src/greeter.ts:2-5</code>, then <strong>src/greeter.ts:8</strong>.</p>', file),
      [
        { start: 2, end: 5 },
        { start: 8, end: 8 },
      ],
    );
    // Entities are decoded first: what the reader sees is what counts.
    assert.deepEqual(rangesIn('<p>src/greeter.ts&#58;2 &lt;b&gt;greeter.ts:3</p>', file), [
      { start: 2, end: 2 },
      { start: 3, end: 3 },
    ]);
    const found = discussionsOf(
      [
        msg(5, '<p>greeter.ts:2-4</p>'),
        msg(3, '<p>src/greeter.ts:2-4</p>'),
        msg(4, '<p>src/greeter.ts:8</p>', 'Other'),
        msg(6, '<p>greeter.ts:2-4</p>', 'REVIEW'),
        { ...msg(7, '<p>greeter.ts:1</p>'), type: 'private' as const, stream_id: undefined },
      ],
      file,
    );
    assert.deepEqual(
      found.map((d) => [d.topic, d.lines.start, d.lines.end, d.messageIds]),
      [
        ['review', 2, 4, [3, 5, 6]],
        ['Other', 8, 8, [4]],
      ],
    );
  });

  it('keeps the revision a permalink names and when the first citing message was sent (for anchors)', async () => {
    const { discussionsOf, referencesIn } = await import('../../../src/codeRefs/discussions');
    const link = `<a href="https://github.com/acme/widgets/blob/${SHA}/src/greeter.ts#L2-L4">x</a>`;
    assert.deepEqual(referencesIn(`<p>src/greeter.ts:2-4 ${link}</p>`, file), [
      { lines: { start: 2, end: 4 }, revision: SHA },
    ]);
    assert.deepEqual(referencesIn('<p>src/greeter.ts:2-4</p>', file), [{ lines: { start: 2, end: 4 } }]);
    const found = discussionsOf(
      [
        { ...msg(3, '<p>greeter.ts:2-4</p>'), timestamp: 1000 },
        { ...msg(4, `<p>${link}</p>`), timestamp: 2000 },
      ],
      file,
    );
    assert.deepEqual(
      found.map((d) => [d.messageIds, d.revision, d.sharedAt]),
      [[[3, 4], SHA, 1000]],
    );
  });

  it('shifts a range with edits above, inside and below it', async () => {
    const { shiftRange } = await import('../../../src/codeRefs/discussions');
    const r = { start: 10, end: 12 };
    assert.deepEqual(shiftRange(r, 3, 2, 2), { start: 12, end: 14 }, 'two lines inserted above');
    assert.deepEqual(shiftRange(r, 3, 4, 0), { start: 8, end: 10 }, 'two lines deleted above');
    assert.deepEqual(shiftRange(r, 9, 9, 1), { start: 10, end: 12 }, 'a line above edited in place');
    assert.deepEqual(shiftRange(r, 11, 11, 3), { start: 10, end: 14 }, 'lines added inside');
    assert.deepEqual(shiftRange(r, 13, 20, 0), r, 'deleted below');
    assert.equal(shiftRange(r, 9, 13, 0), undefined, 'all of it deleted');
    assert.deepEqual(shiftRange(r, 8, 10, 1), { start: 8, end: 10 }, 'its first line merged into an edit above');
  });

  it('a thread opens with the message that cites its lines (what titles it), not the topic’s first', async () => {
    const { threadMessages } = await import('../../../src/codeRefs/discussions');
    const topic = [1, 2, 3, 4, 5, 6].map((id) => ({ id }));
    const ids = (ms: readonly { id: number }[]) => ms.map((m) => m.id);
    assert.deepEqual(ids(threadMessages(topic, [3, 5], 10)), [3, 4, 5, 6], 'from the first citing message on');
    assert.deepEqual(ids(threadMessages(topic, [6], 10)), [6], 'the newest cites: it alone');
    assert.deepEqual(ids(threadMessages(topic, [1], 10)), [1, 2, 3, 4, 5, 6], 'the topic’s first cites: all');
    assert.deepEqual(
      ids(threadMessages(topic, [2], 3)),
      [2, 5, 6],
      'over the limit: the citing message, then the newest',
    );
    assert.deepEqual(ids(threadMessages(topic, [2], 5)), [2, 3, 4, 5, 6], 'exactly the limit');
    assert.deepEqual(ids(threadMessages(topic, [99], 4)), [3, 4, 5, 6], 'citing message not loaded: the newest');
    assert.deepEqual(ids(threadMessages([], [1], 4)), []);
  });
});

// How each narrow link is read is tested with the message content (test/unit/webviews/topicView/content.test.ts).
describe('code references: chat narrow URLs', () => {
  const realm = 'https://chat.example.com';
  it('finds them in a line of code, without trailing punctuation', async () => {
    const { findNarrowUrls } = await import('../../../src/codeRefs/narrowUrl');
    const line = `// See ${realm}/#narrow/channel/2-engineering/topic/deploys. Also https://x.org/#narrow/channel/1-a.`;
    const found = findNarrowUrls(line, realm);
    assert.equal(found.length, 1);
    assert.equal(
      line.slice(found[0]!.index, found[0]!.index + found[0]!.length),
      `${realm}/#narrow/channel/2-engineering/topic/deploys`,
    );
  });
});
