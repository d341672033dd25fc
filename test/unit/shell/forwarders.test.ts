// The shell (src/extension.ts + src/shell/forwarders.ts): a forwarder for every command package.json
// contributes and a serializer for every onWebviewPanel: panel type, each loading the core once and
// then running what the core registered; and the release shell bundle carries none of the core's
// libraries (read from esbuild's metafile).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { ContextKeys, StateKeys } from '../../../src/constants';
import {
  Forwarders,
  manifestCommands,
  manifestPanelTypes,
  manifestTrees,
  type Manifest,
  type Registrar,
} from '../../../src/shell/forwarders';
import { presetSignInContext } from '../../../src/shell/signedIn';
import { releaseOutputs } from '../../bench/bundle';

const manifest = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'),
) as Manifest & {
  contributes: { commands: { command: string }[] };
};

type Run = (...args: unknown[]) => unknown;

/** A registrar that records what the shell registers with VS Code. */
function recorder() {
  const commands = new Map<string, Run>();
  const serializers = new Map<string, vscode.WebviewPanelSerializer>();
  const trees = new Map<string, vscode.TreeViewOptions<unknown>>();
  const registrar: Registrar = {
    registerCommand: (id, run) => {
      assert.ok(!commands.has(id), `${id} registered twice`);
      commands.set(id, run);
      return { dispose: () => commands.delete(id) };
    },
    registerWebviewPanelSerializer: (viewType, serializer) => {
      serializers.set(viewType, serializer);
      return { dispose: () => serializers.delete(viewType) };
    },
    createTreeView: <N>(viewId: string, options: vscode.TreeViewOptions<N>) => {
      assert.ok(!trees.has(viewId), `${viewId} created twice`);
      trees.set(viewId, options as vscode.TreeViewOptions<unknown>);
      return { viewId, dispose: () => trees.delete(viewId) } as unknown as vscode.TreeView<N>;
    },
  };
  return { commands, serializers, trees, registrar };
}

describe('shell: forwarders', () => {
  it('registers a forwarder for every command in package.json, and a serializer for every onWebviewPanel: event', () => {
    const { commands, serializers, trees, registrar } = recorder();
    const owned: vscode.Disposable[] = [];
    new Forwarders(
      manifest,
      registrar,
      () => Promise.resolve(),
      (d) => owned.push(d),
    );
    const contributed = manifest.contributes.commands.map((c) => c.command);
    assert.ok(contributed.length > 50, 'package.json contributes the commands');
    assert.deepEqual([...commands.keys()].sort(), [...contributed].sort());
    assert.deepEqual(manifestCommands(manifest), contributed);
    const panels = manifest
      .activationEvents!.filter((e) => e.startsWith('onWebviewPanel:'))
      .map((e) => e.slice('onWebviewPanel:'.length));
    assert.ok(panels.includes('teamChat.topicView'));
    assert.deepEqual([...serializers.keys()], panels);
    assert.deepEqual(manifestPanelTypes(manifest), panels);
    const views = Object.values(manifest.contributes.views!)
      .flat()
      .map((v) => v.id);
    assert.ok(views.includes('teamChat.subscriptions'));
    assert.deepEqual([...trees.keys()], views);
    assert.deepEqual(manifestTrees(manifest), views);
    assert.equal(owned.length, contributed.length + panels.length + views.length, 'every registration is owned');
  });

  it('a forwarder loads the core once, then runs the implementation the core registered with its arguments', async () => {
    const { commands, registrar } = recorder();
    let loads = 0;
    const calls: unknown[][] = [];
    const forwarders: Forwarders<string> = new Forwarders(
      { contributes: { commands: [{ command: 'teamChat.a' }, { command: 'teamChat.b' }] } },
      registrar,
      async () => {
        loads++;
        await new Promise((r) => setTimeout(r, 10));
        forwarders.registerCommand('teamChat.a', (...args) => (calls.push(args), 'a done'));
        return 'the api';
      },
      () => undefined,
    );
    assert.equal(loads, 0, 'nothing loads before it is needed');
    const results = await Promise.all([
      commands.get('teamChat.a')!(1, 'x'),
      commands.get('teamChat.a')!({ y: 2 }),
      forwarders.ready(),
    ]);
    assert.deepEqual(results, ['a done', 'a done', 'the api']);
    assert.deepEqual(calls, [[1, 'x'], [{ y: 2 }]]);
    assert.equal(loads, 1);
    assert.deepEqual([...forwarders.implemented], ['teamChat.a']);
    await assert.rejects(Promise.resolve(commands.get('teamChat.b')!()), /teamChat\.b has no implementation/);
  });

  it('a failed core load fails the command with its error', async () => {
    const { commands, registrar } = recorder();
    new Forwarders(
      { contributes: { commands: [{ command: 'teamChat.a' }] } },
      registrar,
      () => Promise.reject(new Error('no core')),
      () => undefined,
    );
    await assert.rejects(Promise.resolve(commands.get('teamChat.a')!()), /no core/);
  });

  it("commands and panel types the manifest does not name are registered with VS Code directly; the core's disposal removes its implementation", async () => {
    const { commands, serializers, registrar } = recorder();
    const forwarders = new Forwarders(
      { activationEvents: ['onWebviewPanel:teamChat.p'], contributes: { commands: [{ command: 'teamChat.a' }] } },
      registrar,
      () => Promise.resolve(),
      () => undefined,
    );
    const own = (): string => 'own';
    forwarders.registerCommand('teamChat.internal', own);
    assert.equal(commands.get('teamChat.internal'), own);
    const other: vscode.WebviewPanelSerializer = { deserializeWebviewPanel: () => Promise.resolve() };
    forwarders.registerWebviewPanelSerializer('teamChat.other', other);
    assert.equal(serializers.get('teamChat.other'), other);

    const implementation = forwarders.registerCommand('teamChat.a', () => 'a');
    assert.equal(await commands.get('teamChat.a')!(), 'a');
    assert.throws(() => forwarders.registerCommand('teamChat.a', () => 'again'), /already implemented/);
    implementation.dispose();
    await assert.rejects(Promise.resolve(commands.get('teamChat.a')!()), /has no implementation/);
  });

  it("the shell's serializer hands a restored panel and its state to the core's", async () => {
    const { serializers, registrar } = recorder();
    let loaded = false;
    const forwarders = new Forwarders(
      { activationEvents: ['onWebviewPanel:teamChat.p'] },
      registrar,
      () => ((loaded = true), Promise.resolve()),
      () => undefined,
    );
    const got: unknown[] = [];
    forwarders.registerWebviewPanelSerializer('teamChat.p', {
      deserializeWebviewPanel: (panel, state) => (got.push(panel, state), Promise.resolve()),
    });
    const panel = { title: 'a panel' } as unknown as vscode.WebviewPanel;
    await serializers.get('teamChat.p')!.deserializeWebviewPanel(panel, { key: 1 });
    assert.equal(loaded, true);
    assert.deepEqual(got, [panel, { key: 1 }]);
  });
});

describe('shell: trees before the core', () => {
  const treeManifest: Manifest = { contributes: { views: { teamChat: [{ id: 'teamChat.subscriptions' }] } } };
  const provider = (rows: string[]): vscode.TreeDataProvider<string> => ({
    getChildren: () => rows,
    getTreeItem: (r) => ({ label: r }),
  });

  it('rows asked for before the core attaches its provider come from it once attached', async () => {
    const { trees, registrar } = recorder();
    const forwarders = new Forwarders(
      treeManifest,
      registrar,
      () => Promise.resolve(),
      () => undefined,
    );
    const forwarder = trees.get('teamChat.subscriptions')!.treeDataProvider!;
    const asked = Promise.resolve(forwarder.getChildren(undefined));
    forwarders.createTreeView('teamChat.subscriptions', { treeDataProvider: provider(['general']) });
    assert.deepEqual(await asked, ['general']);
  });

  it('with holdFirstRows, the first rows wait until it settles, and come from the provider then (rejected: the same)', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const { trees, registrar } = recorder();
      const forwarders = new Forwarders(
        treeManifest,
        registrar,
        () => Promise.resolve(),
        () => undefined,
      );
      let settle!: () => void;
      forwarders.holdFirstRows(
        new Promise<void>(
          (resolve, reject) => (settle = outcome === 'resolve' ? resolve : () => reject(new Error('gave up'))),
        ),
      );
      const rows: string[] = [];
      forwarders.createTreeView('teamChat.subscriptions', { treeDataProvider: provider(rows) });
      let answer: string[] | undefined;
      void Promise.resolve(trees.get('teamChat.subscriptions')!.treeDataProvider!.getChildren(undefined)).then(
        (r) => (answer = r as string[]),
      );
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(answer, undefined, `${outcome}: held`);
      rows.push('general'); // the saved snapshot arrived
      settle();
      await new Promise((r) => setTimeout(r, 0));
      assert.deepEqual(answer, ['general'], outcome);
    }
  });
});

describe('shell: the sign-in context keys before the core loads', () => {
  const memento = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T });
  const account = {
    id: 'http://chat.test#7',
    realmUrl: 'http://chat.test',
    email: 'a@chat.test',
    fullName: 'A',
    userId: 7,
    realmName: 'R',
  };
  const record = () => {
    const set = new Map<string, boolean>();
    return { set, setContext: (key: string, value: boolean) => (set.set(key, value), Promise.resolve()) };
  };

  it('signed in (no "Sign in" welcome while the core loads) when globalState names an active account of its list', () => {
    const { set, setContext } = record();
    const state = memento({ [StateKeys.accounts]: [account], [StateKeys.activeAccount]: account.id });
    assert.equal(presetSignInContext(state, setContext), true);
    assert.deepEqual(Object.fromEntries(set), { 'teamChat.signedIn': true, 'teamChat.signedOut': false });
  });

  it('signed out when no account is active, the active ID is not in the list, or the state is malformed', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { [StateKeys.accounts]: [account] },
      { [StateKeys.accounts]: [account], [StateKeys.activeAccount]: 'http://chat.test#8' },
      { [StateKeys.accounts]: 'not a list', [StateKeys.activeAccount]: account.id },
      { [StateKeys.accounts]: [null, 3], [StateKeys.activeAccount]: account.id },
      { [StateKeys.accounts]: [account], [StateKeys.activeAccount]: 7 },
    ];
    for (const values of cases) {
      const { set, setContext } = record();
      assert.equal(presetSignInContext(memento(values), setContext), false, JSON.stringify(values));
      assert.deepEqual(
        Object.fromEntries(set),
        { 'teamChat.signedIn': false, 'teamChat.signedOut': true },
        JSON.stringify(values),
      );
    }
  });

  it('the "Sign in" welcome follows teamChat.signedOut, never !teamChat.signedIn (true before the extension runs)', () => {
    const welcomes = (manifest as unknown as { contributes: { viewsWelcome: { contents: string; when: string }[] } })
      .contributes.viewsWelcome;
    const signIn = welcomes.filter((w) => w.contents === '%viewsWelcome.subscriptions.1%');
    assert.deepEqual(
      signIn.map((w) => w.when),
      [ContextKeys.signedOut],
    );
    assert.deepEqual(
      welcomes.filter((w) => /!\s*teamChat\.signedIn/.test(w.when)),
      [],
    );
  });

  it('a refused setContext does not surface as an unhandled rejection', async () => {
    const state = memento({ [StateKeys.accounts]: [account], [StateKeys.activeAccount]: account.id });
    let unhandled: unknown;
    const onUnhandled = (reason: unknown) => (unhandled = reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      assert.equal(
        presetSignInContext(state, () => Promise.reject(new Error('workbench gone'))),
        true,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(unhandled, undefined);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('shell: release bundle', () => {
  it('dist/extension.js carries no third-party code (no undici, no zod): they are in dist/core.js', async function () {
    this.timeout(120_000);
    const outputs = await releaseOutputs();
    const shell = outputs.find((o) => o.file === 'dist/extension.js');
    const core = outputs.find((o) => o.file === 'dist/core.js');
    assert.ok(shell && core);
    assert.deepEqual([...shell.packages.keys()], []);
    assert.ok(core.packages.has('undici') && core.packages.has('zod'), 'the core bundles the client libraries');
    assert.ok(shell.bytes < 16 * 1024, `the shell is ${shell.bytes} bytes`);
  });
});
