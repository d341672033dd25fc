// Smoke test in a real VS Code: the extension loads, activates, and registers every command
// that its package.json contributes (a contributed-but-unregistered command fails here).
import * as assert from 'assert';
import * as vscode from 'vscode';
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
});
