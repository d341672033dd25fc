// Smoke test in a real VS Code: the extension loads, activates, and registers every command
// that its package.json contributes (a contributed-but-unregistered command fails here), its core
// implements every command the shell forwards, and its
// first-run walkthrough opens with every step's command and media in place.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TeamChatShell } from '../../src/extension';
import { EXTENSION_ID } from './helpers';

interface ContributedCommand {
  command: string;
  title: string;
}

describe('extension smoke', () => {
  it(`${EXTENSION_ID} is installed and activates`, async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });

  it('registers every contributed command', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await ext.activate();
    const contributed: ContributedCommand[] = ext.packageJSON.contributes?.commands ?? [];
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepStrictEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('the core implements every command the shell forwards', async () => {
    const ext = vscode.extensions.getExtension<TeamChatShell>(EXTENSION_ID);
    assert.ok(ext);
    const shell = await ext.activate();
    await shell.ready();
    const contributed: ContributedCommand[] = ext.packageJSON.contributes?.commands ?? [];
    const implemented = shell.implementedCommands();
    const missing = contributed.map((c) => c.command).filter((id) => !implemented.has(id));
    assert.deepStrictEqual(missing, [], `forwarded but not implemented by the core: ${missing.join(', ')}`);
  });

  it('contributes a walkthrough whose steps name registered commands and existing media, and opens it', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await ext.activate();
    interface Step {
      id: string;
      description: string;
      media: { markdown?: string };
      completionEvents: string[];
    }
    const walkthroughs: { id: string; steps: Step[] }[] = ext.packageJSON.contributes?.walkthroughs ?? [];
    const walkthrough = walkthroughs.find((w) => w.id === 'gettingStarted');
    assert.ok(walkthrough, 'no gettingStarted walkthrough');
    assert.deepStrictEqual(
      walkthrough.steps.map((s) => s.id),
      ['signIn', 'openConversation', 'shareSelection', 'insertSnippet'],
    );
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const step of walkthrough.steps) {
      const linked = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]!);
      const events = step.completionEvents.flatMap((e) =>
        e.startsWith('onCommand:') ? [e.slice('onCommand:'.length)] : [],
      );
      assert.ok(linked.length > 0, `step ${step.id} links no command`);
      for (const id of [...linked, ...events])
        assert.ok(registered.has(id), `step ${step.id}: ${id} is not a registered command`);
      assert.ok(
        step.media.markdown && fs.existsSync(path.join(ext.extensionPath, step.media.markdown)),
        `step ${step.id}: media missing`,
      );
    }
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
  });
});
