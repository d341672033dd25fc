// Channel folders in a real VS Code (feature level 389): the Channels tree groups the demo's
// channels by folder (pinned on top, "Other channels" last) and follows live what administrators
// do through the commands (create, move a channel in, rename, reorder, archive) and the user's
// setting; members are refused; below FL 389 the tree is the flat list of before. Each test uses a
// server of its own, so the shared one keeps the demo's folders as they are.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { updateSettings } from '../../src/api/personal/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { ChannelsTreeNode } from '../../src/views/subscriptions';
import { clientFor, freshStart, signIn, signOutAll, startExtraServer, waitFor } from './helpers';

type Server = Awaited<ReturnType<typeof startExtraServer>>;

describe('channel folders: the Channels tree', () => {
  let api: TeamChatApi;
  const store = () => api.services.sessions.current!.store;
  /** The tree as text: top rows, a folder's channels after "/". */
  const tree = (): string[] => {
    const p = api.channels.provider;
    const label = (n: ChannelsTreeNode): string => String(p.getTreeItem(n).label);
    return p
      .getChildren()
      .map((n) => (n.kind === 'folder' ? `${label(n)}/${p.getChildren(n).map(label).join(',')}` : label(n)));
  };
  const account = (server: Server, local: string) => server.accounts.find((a) => a.email.startsWith(`${local}@`))!;

  before(async function () {
    this.timeout(30_000);
    api = await freshStart();
  });
  after(async () => {
    await signOutAll(api);
  });

  it("groups by folder and follows the administrators' commands and the setting live", async function () {
    this.timeout(60_000);
    const server = await startExtraServer({});
    let adminClient: ChatClient | undefined;
    try {
      const adam = account(server, 'adam');
      adminClient = clientFor(adam, server.url);
      await signIn(api, adam, server.url);
      // The archived channel is listed too (the client declares the `archived_channels` capability).
      const other = (): string | undefined => tree().find((r) => r.startsWith('Other channels/'));
      assert.deepEqual(tree().slice(0, 3), [
        'leadership',
        'Company/announcements,general,watercooler',
        'Engineering/design,engineering,sandbox',
      ]);
      assert.match(other() ?? '', /^Other channels\/old-archive,random,secret-project$/);
      assert.equal(tree().length, 4);
      const random = store()
        .subscriptions()
        .find((s) => s.name === 'random')!.stream_id;
      const folderRow = api.channels.provider.getTreeItem({
        kind: 'folder',
        folderId: store().channelFolders.active()[0]!.id,
      });
      assert.equal(folderRow.contextValue, 'folder.admin');
      assert.match(
        String(api.channels.provider.getTreeItem(api.channels.model.node(random)).contextValue),
        /\.canMoveToFolder\b/,
      );
      // The tree's parent of a channel in a folder is the folder's row (reveal needs it).
      assert.equal(api.channels.provider.getParent(api.channels.model.node(random))?.kind, 'folder');

      const fullRedraws: number[] = [];
      const sub = api.channels.model.onDidChange((nodes) => nodes === undefined && fullRedraws.push(Date.now()));
      try {
        const id = await vscode.commands.executeCommand<number>(Commands.createChannelFolder, {
          name: 'Support',
          description: 'For *customers*',
        });
        assert.equal(typeof id, 'number');
        await waitFor('the new folder in the store', () => store().channelFolders.get(id)?.name === 'Support');
        // Empty folders are not shown.
        assert.equal(
          tree().some((r) => r.startsWith('Support')),
          false,
        );

        assert.equal(
          await vscode.commands.executeCommand(Commands.moveChannelToFolder, { streamId: random, folderId: id }),
          id,
        );
        await waitFor('random under Support', () => tree().includes('Support/random') && tree());
        assert.equal(tree().at(-2), 'Support/random');
        assert.match(other() ?? '', /^Other channels\/old-archive,secret-project$/);
        assert.ok(fullRedraws.length > 0, 'the tree was redrawn');

        assert.equal(
          await vscode.commands.executeCommand(Commands.renameChannelFolder, {
            folderId: id,
            name: 'Customer support',
          }),
          'Customer support',
        );
        await waitFor('the renamed folder row', () => tree().includes('Customer support/random'));

        assert.deepEqual(
          await vscode.commands.executeCommand(Commands.moveChannelFolderUp, { folderId: id }),
          [1, 4, 2, 3],
        );
        await waitFor('the folder moved up', () => tree()[2] === 'Customer support/random' && tree());

        // The user's setting turns grouping off and on again (the web app's toggle).
        await updateSettings(adminClient, { web_left_sidebar_show_channel_folders: false });
        await waitFor(
          'the flat list',
          () => tree().every((r) => !r.includes('/')) && tree().length === store().subscriptions().length,
        );
        await updateSettings(adminClient, { web_left_sidebar_show_channel_folders: true });
        await waitFor('the folders again', () => tree().includes('Customer support/random'));

        // A folder still holding a channel cannot be archived: the server's reason is thrown to a script.
        await assert.rejects(
          Promise.resolve(vscode.commands.executeCommand(Commands.archiveChannelFolder, { folderId: id })),
          /remove all the channels from this folder/,
        );
        await vscode.commands.executeCommand(Commands.moveChannelToFolder, { streamId: random, folderId: null });
        await waitFor('random back in Other channels', () => /random/.test(other() ?? ''));
        assert.equal(await vscode.commands.executeCommand(Commands.archiveChannelFolder, { folderId: id }), true);
        await waitFor('the folder archived', () => store().channelFolders.get(id)?.is_archived === true);
        assert.equal(
          tree().some((r) => r.startsWith('Customer support')),
          false,
        );
      } finally {
        sub.dispose();
      }

      // Members get no folder actions, and the commands refuse them.
      await signIn(api, account(server, 'alice'), server.url);
      assert.equal(api.channels.provider.getTreeItem({ kind: 'folder', folderId: 1 }).contextValue, 'folder');
      assert.doesNotMatch(
        String(api.channels.provider.getTreeItem(api.channels.model.node(random)).contextValue),
        /canMoveToFolder/,
      );
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(Commands.createChannelFolder, { name: 'Mine' })),
        /Only organization administrators can manage channel folders/,
      );
    } finally {
      await adminClient?.close();
      await signOutAll(api);
      await server.stop();
    }
  });

  it('below feature level 389 shows the flat channel list, as before folders', async function () {
    this.timeout(30_000);
    const old = await startExtraServer({ featureLevel: 388 });
    try {
      await signIn(api, account(old, 'adam'), old.url);
      assert.equal(store().featureLevel, 388);
      const rows = api.channels.provider.getChildren();
      assert.ok(rows.length > 0 && rows.every((n) => n.kind === 'channel'), JSON.stringify(rows));
      assert.deepEqual(rows, api.channels.model.roots());
      assert.doesNotMatch(String(api.channels.provider.getTreeItem(rows[0]!).contextValue), /canMoveToFolder/);
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(Commands.createChannelFolder, { name: 'New' })),
        /does not support this for channel folders/,
      );
    } finally {
      await signOutAll(api);
      await old.stop();
    }
  });
});
