// The activation bench's baseline (test/bench/baseline.ts): the same contributions as our manifest
// under renamed IDs, and an activate() that registers a no-op handler for each of them.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baselineSource, renameIds } from '../../bench/baseline';

type Manifest = Parameters<typeof renameIds>[0];
const manifest = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'),
) as Manifest;

describe('bench: baseline extension', () => {
  const renamed = renameIds(manifest, 'teamChatBaseline');

  it('renames every ID, key and when clause, and keeps the package.nls.json keys and the contribution counts', () => {
    const text = JSON.stringify(renamed.contributes);
    assert.deepEqual(text.replace(/"%[^"%]+%"/g, '""').match(/(?<![_\w])teamChat\b(?!Baseline)/g), null);
    assert.ok(text.includes('%viewsContainer.teamChat.title%'));
    assert.ok(renamed.activationEvents.includes('onAuthenticationRequest:teamchatbaseline'));
    assert.deepEqual(
      renamed.contributes.authentication?.map((a) => a.id),
      ['teamchatbaseline'],
    );
    assert.equal(renamed.contributes.commands!.length, manifest.contributes.commands!.length);
    assert.deepEqual(Object.keys(renamed.contributes.views!), ['teamChatBaseline']);
    assert.equal(
      text.length - JSON.stringify(manifest.contributes).length,
      (text.match(/Baseline|baseline/g) ?? []).length * 'Baseline'.length,
    );
  });

  it('activate() registers a no-op command for every command, an empty tree for every view, each panel serializer and the provider', () => {
    const registered: string[] = [];
    const disposable = { dispose: () => undefined };
    const vscode = {
      commands: { registerCommand: (id: string) => (registered.push(`command ${id}`), disposable) },
      window: {
        createTreeView: (id: string, o: { treeDataProvider: { getChildren(): unknown[] } }) => (
          registered.push(`view ${id} ${o.treeDataProvider.getChildren().length}`),
          disposable
        ),
        registerWebviewPanelSerializer: (type: string) => (registered.push(`panel ${type}`), disposable),
      },
      authentication: { registerAuthenticationProvider: (id: string) => (registered.push(`auth ${id}`), disposable) },
      EventEmitter: class {
        event = (): void => undefined;
        dispose(): void {}
      },
    };
    const module = { exports: {} as { activate(context: { subscriptions: unknown[] }): void } };
    new Function('module', 'exports', 'require', baselineSource(renamed))(module, module.exports, () => vscode);
    const context = { subscriptions: [] as unknown[] };
    module.exports.activate(context);
    const commands = renamed.contributes.commands!.map((c) => `command ${c.command}`);
    const views = Object.values(renamed.contributes.views!)
      .flat()
      .map((v) => `view ${v.id} 0`);
    assert.deepEqual(registered, [...commands, ...views, 'panel teamChatBaseline.topicView', 'auth teamchatbaseline']);
    assert.equal(context.subscriptions.length, registered.length + 1, 'every registration (and the emitter) is owned');
  });
});
