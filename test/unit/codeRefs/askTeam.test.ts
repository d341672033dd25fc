// What "Ask the team about this error…" posts, and the topic it suggests.
import * as assert from 'assert';
import { problemContent, problemTopic } from '../../../src/codeRefs/askTeam';

describe('asking the team about a problem', () => {
  const report = {
    reference: 'src/greeter.ts:4',
    permalink: 'https://github.com/acme/widgets/blob/abc/src/greeter.ts#L4',
    severity: 'Error',
    message: "Type 'number' is not assignable to type 'string'.",
    source: 'ts',
    code: 2322,
    lines: 'function f() {\n  return 1;\n}',
    languageId: 'typescript',
  };

  it('posts where, what (as a quote, with source and code) and the lines around as a fenced block', () => {
    assert.equal(
      problemContent(report),
      "Error in [`src/greeter.ts:4`](https://github.com/acme/widgets/blob/abc/src/greeter.ts#L4) (ts 2322):\n```quote\nType 'number' is not assignable to type 'string'.\n```\n```typescript\nfunction f() {\n  return 1;\n}\n```",
    );
  });

  it('without a permalink, source or code: the line reference alone', () => {
    assert.equal(
      problemContent({ ...report, permalink: undefined, source: undefined, code: undefined, severity: 'Warning' }),
      "Warning in `src/greeter.ts:4`:\n```quote\nType 'number' is not assignable to type 'string'.\n```\n```typescript\nfunction f() {\n  return 1;\n}\n```",
    );
  });

  it('a message with backticks cannot close its quote early', () => {
    assert.match(
      problemContent({ ...report, message: 'bad ``` fence' }),
      /^Error in .*\n````quote\nbad ``` fence\n````\n/,
    );
  });

  it('suggests a topic from source, code and the first line of the message, kept short', () => {
    assert.equal(problemTopic(report), "ts 2322: Type 'number' is not assignable to type 'string'.");
    assert.equal(problemTopic({ message: 'a\nb' }), 'a');
    const long = problemTopic({ message: 'x'.repeat(100), source: 'eslint', code: 'no-unused-vars' }, 30);
    assert.equal([...long].length, 30);
    assert.ok(long.endsWith('…'));
  });
});
