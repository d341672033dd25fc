// "Share Terminal Selection to Chat…", in a real VS Code: a bash terminal with shell integration
// runs a command; its output, selected, is posted as a fenced block under that command line.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { clientFor, ENGINEERING, freshStart, signOutAll, testAccount, waitFor } from './helpers';

describe('share a terminal selection', function () {
  this.timeout(90_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  let terminal: vscode.Terminal | undefined;

  before(async () => {
    bob = clientFor(testAccount('bob'));
    api = await freshStart(testAccount('alice'));
  });

  after(async () => {
    terminal?.dispose();
    await signOutAll(api);
    await bob.close();
  });

  it('posts the selected output under the command line shell integration reported', async () => {
    const t = vscode.window.createTerminal({ name: 'share test', shellPath: '/bin/bash' });
    terminal = t;
    t.show();
    const integration = await waitFor('shell integration', () => t.shellIntegration, 30_000);
    const ended = new Promise<void>((resolve) => {
      const d = vscode.window.onDidEndTerminalShellExecution((e) => {
        if (e.terminal !== t) return;
        d.dispose();
        resolve();
      });
    });
    integration.executeCommand('echo share-me-$((6*7))');
    await ended;
    await vscode.commands.executeCommand('workbench.action.terminal.focus');
    await vscode.commands.executeCommand('workbench.action.terminal.selectToPreviousCommand');
    const topic = `terminal ${Date.now() % 100000}`;
    const result = await vscode.commands.executeCommand<{ id: number; content: string }>(
      Commands.shareTerminalSelection,
      { streamId: ENGINEERING, topic },
    );
    assert.ok(result?.id, JSON.stringify(result));
    const { message } = await getMessage(bob, { message_id: result.id, apply_markdown: false });
    assert.equal(message.subject, topic);
    assert.equal(message.content, result.content);
    // The selection runs from the command's prompt to the next prompt.
    assert.match(
      message.content,
      /^Output of `\$ echo share-me-\$\(\(6\*7\)\)`:\n```text\n[^\n]*[#$%>] echo share-me-\$\(\(6\*7\)\)\nshare-me-42\n[^\n]*\n```$/,
    );
  });
});
