// What "Share Terminal Selection to Chat…" posts, and which command's output a selection is.
import * as assert from 'assert';
import { commandOf, plainTerminalText, terminalShareContent } from '../../../src/codeRefs/terminalShare';

describe('sharing a terminal selection', () => {
  it('posts the output as a fenced block, under its command line when known', () => {
    assert.equal(
      terminalShareContent('FAIL src/a.test.ts\n  expected 1\n\n', 'npm test'),
      'Output of `$ npm test`:\n```text\nFAIL src/a.test.ts\n  expected 1\n```',
    );
    assert.equal(terminalShareContent('ok\n', undefined), '```text\nok\n```');
    assert.equal(terminalShareContent('x', 'echo `date`'), 'Output of `` $ echo `date` ``:\n```text\nx\n```');
    assert.equal(
      terminalShareContent('has ``` inside', 'cat f'),
      'Output of `$ cat f`:\n````text\nhas ``` inside\n````',
    );
  });

  it('removes colours and shell integration marks from recorded output', () => {
    assert.equal(plainTerminalText('\x1b[31mred\x1b[0m\r\n\x1b]633;D;0\x07done'), 'red\ndone');
  });

  it('finds the newest command whose output holds the selection', () => {
    const commands = [
      { commandLine: 'npm test', output: '\x1b[32m3 passing\x1b[0m\r\n1 failing\r\n' },
      { commandLine: 'ls', output: 'a.ts\r\nb.ts\r\n' },
      { commandLine: 'npm test -- --grep x', output: '1 passing\r\n1 failing\r\n' },
    ];
    assert.equal(commandOf('3 passing\n1 failing', commands), 'npm test');
    assert.equal(commandOf('1 failing', commands), 'npm test -- --grep x');
    assert.equal(commandOf('a.ts b.ts', commands), 'ls');
    assert.equal(commandOf('nowhere', commands), undefined);
    assert.equal(commandOf('~/w $ ls\na.ts\nb.ts', commands), 'ls');
    // The output not read yet: the command line in the selection says which.
    assert.equal(
      commandOf('~/w $ npm test -- --grep x\n', [...commands, { commandLine: 'pwd', output: '' }]),
      'npm test -- --grep x',
    );
    assert.equal(commandOf('  ', commands), undefined);
  });
});
