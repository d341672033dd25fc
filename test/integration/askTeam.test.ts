// "Ask the team about this error…", in a real VS Code over the fixture repository: a diagnostic on
// src/greeter.ts offers the Quick Fix; it posts the problem (permalink, message with source and
// code, the lines around as a fenced block) and the new topic shows as a thread on that line.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { fixturePermalink } from '../fixtures/workspace';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('ask the team about a problem', function () {
  this.timeout(90_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  const diagnostics = vscode.languages.createDiagnosticCollection('team-chat-test');

  before(async () => {
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
  });

  after(async () => {
    diagnostics.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(api);
    await bob.close();
  });

  it('the Quick Fix posts the problem with its lines and permalink; the topic shows on that line', async () => {
    const uri = vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'src', 'greeter.ts'));
    await vscode.window.showTextDocument(uri);
    const problem = new vscode.Diagnostic(
      new vscode.Range(3, 2, 3, 20),
      "Type 'number' is not assignable to type 'string'.",
      vscode.DiagnosticSeverity.Error,
    );
    problem.source = 'ts';
    problem.code = { value: 2322, target: vscode.Uri.parse('https://example.com/ts2322') };
    diagnostics.set(uri, [problem]);
    let seen = '';
    const actions = await waitFor(
      'the Quick Fix',
      async () => {
        // A request the workbench cancels (the problems changed meanwhile) is asked again.
        const found = await Promise.resolve(
          vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            uri,
            problem.range,
            vscode.CodeActionKind.QuickFix.value,
          ),
        ).catch((e: unknown) => {
          seen = String(e);
          return [];
        });
        seen += ` ${JSON.stringify(found.map((a) => a.title))} ${vscode.languages.getDiagnostics(uri).length}`;
        const ours = found.filter((a) => a.title === 'Ask the team about this error…');
        return ours.length > 0 && ours;
      },
      30_000,
    ).catch((e: unknown) => {
      throw new Error(`${String(e)}: ${seen}`, { cause: e });
    });
    assert.equal(actions.length, 1);
    assert.equal(actions[0]!.command?.command, Commands.askTeamAboutProblem);
    const topic = `ts 2322 ${Date.now() % 100000}`;
    const args = { ...(actions[0]!.command!.arguments![0] as object), streamId: ENGINEERING, topic };
    const result = await vscode.commands.executeCommand<{ id: number }>(Commands.askTeamAboutProblem, args);
    assert.ok(result?.id);
    const { message } = await getMessage(bob, { message_id: result.id, apply_markdown: false });
    assert.equal(message.subject, topic);
    assert.equal(message.stream_id, ENGINEERING);
    assert.equal(
      message.content,
      [
        `Error in [\`src/greeter.ts:4\`](${fixturePermalink('src/greeter.ts', 4)}) (ts 2322):`,
        '```quote',
        "Type 'number' is not assignable to type 'string'.",
        '```',
        '```typescript',
        '// Greets people by name; shared in #engineering › code review.',
        'export function greet(name: string): string {',
        '  const trimmed = name.trim();',
        "  return `Hello, ${trimmed === '' ? 'stranger' : trimmed}!`;",
        '}',
        '',
        'export function greetAll(names: readonly string[]): string[] {',
        '```',
      ].join('\n'),
    );
    const thread = await waitFor(
      'the new topic as a thread',
      async () => (await api.discussions.threadsOf(uri)).find((t) => t.topic === topic),
      20_000,
    );
    assert.deepEqual(thread.lines, { start: 4, end: 4 });
  });
});
