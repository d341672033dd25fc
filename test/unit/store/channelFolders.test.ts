// Channel folders (feature levels 389/411/414/418/431): the local server's endpoints, events and
// /register sections at each level and one below, the administrators-only refusals with the real
// texts, the client's operations and store following the events, and the pure grouping.
import assert from 'node:assert/strict';
import {
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  setChannelFolder,
  updateChannelFolder,
} from '../../../src/api/channels/folderRoutes';
import type { ChannelFolder } from '../../../src/api/channels/folders';
import { FL, type ChatClient } from '../../../src/api';
import { registerQueue } from '../../../src/api/events/routes';
import { ChatStore } from '../../../src/store';
import { ChatSession, STORE_FETCH_EVENT_TYPES } from '../../../src/store/session';
import { inboxFolders, PINNED_CHANNELS } from '../../../src/views/inbox/folders';
import { inboxOf } from '../../../src/views/inbox/rows';
import { groupByFolder, OTHER_CHANNELS, showsFolders } from '../../../src/store/channelFolders';
import {
  ADMIN,
  clientFor,
  MEMBER,
  withServer,
  accountWithRole,
  type RunningServer,
  type TestServer,
} from '../support/server';
import { apiError, refused } from '../support/errors';

type Json = Record<string, any>;

async function raw(
  server: RunningServer,
  role: number,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: Json }> {
  const who = accountWithRole(server, role);
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const isGet = method === 'GET';
  const res = await fetch(`${server.url}/api/v1${path}${isGet && Object.keys(params).length ? '?' + form : ''}`, {
    method,
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64'),
      ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
    body: isGet ? undefined : form.toString(),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function atLevel<T>(
  servers: TestServer,
  featureLevel: number,
  test: (server: RunningServer) => Promise<T>,
): Promise<T> {
  return await test((await servers.start({ featureLevel })).server);
}

const folder = (id: number, order: number, extra: Partial<ChannelFolder> = {}): ChannelFolder => ({
  id,
  name: `F${id}`,
  description: '',
  rendered_description: '',
  order,
  is_archived: false,
  date_created: 0,
  creator_id: 1,
  ...extra,
});

describe('channel folders: the local server', function () {
  const servers = withServer({}, 'none');
  this.timeout(30_000);

  it('FL 389: /register sends channel_folders (archived ones too) and folder_id on channels; FL 388 neither', async () => {
    await atLevel(servers, 389, async (server) => {
      const reg = await raw(server, MEMBER, 'POST', '/register', {
        fetch_event_types: ['channel_folders', 'subscription'],
      });
      assert.equal(reg.status, 200, JSON.stringify(reg.body));
      const folders = reg.body.channel_folders as Json[];
      assert.deepEqual(
        folders.map((f) => [f.name, f.is_archived]),
        [
          ['Company', false],
          ['Engineering', false],
          ['Old projects', true],
        ],
      );
      // `order` only from 414.
      assert.deepEqual(Object.keys(folders[0]!).sort(), [
        'creator_id',
        'date_created',
        'description',
        'id',
        'is_archived',
        'name',
        'rendered_description',
      ]);
      assert.equal(folders[1]!.rendered_description, '<p>Building the <strong>product</strong></p>');
      const general = (reg.body.subscriptions as Json[]).find((s) => s.name === 'general')!;
      const random = (reg.body.subscriptions as Json[]).find((s) => s.name === 'random')!;
      assert.equal(general.folder_id, folders[0]!.id);
      assert.equal(random.folder_id, null);
      const listed = await raw(server, MEMBER, 'GET', '/channel_folders');
      assert.deepEqual(
        (listed.body.channel_folders as Json[]).map((f) => f.name),
        ['Company', 'Engineering'],
      );
      const all = await raw(server, MEMBER, 'GET', '/channel_folders', { include_archived: true });
      assert.equal((all.body.channel_folders as Json[]).length, 3);
      // Reordering arrived at 414: before, the path only answers GET.
      assert.equal((await raw(server, ADMIN, 'PATCH', '/channel_folders', { order: [2, 1, 3] })).status, 405);
    });
    await atLevel(servers, 388, async (server) => {
      const reg = await raw(server, MEMBER, 'POST', '/register', {
        fetch_event_types: ['channel_folders', 'subscription'],
      });
      assert.equal(reg.status, 200);
      assert.equal('channel_folders' in reg.body, false);
      assert.equal(
        (reg.body.subscriptions as Json[]).some((s) => 'folder_id' in s),
        false,
      );
      assert.equal((await raw(server, MEMBER, 'GET', '/channel_folders')).status, 404);
    });
  });

  it('the user settings appear at their levels (411 sidebar, 431 inbox), on by default, and are settable', async () => {
    const settings = (server: RunningServer) =>
      raw(server, MEMBER, 'POST', '/register', { fetch_event_types: ['user_settings'] }).then(
        (r) => r.body.user_settings as Json,
      );
    await atLevel(servers, 410, async (s) =>
      assert.equal('web_left_sidebar_show_channel_folders' in (await settings(s)), false),
    );
    await atLevel(servers, 411, async (s) => {
      const u = await settings(s);
      assert.equal(u.web_left_sidebar_show_channel_folders, true);
      assert.equal('web_inbox_show_channel_folders' in u, false);
    });
    await atLevel(servers, 430, async (s) =>
      assert.equal('web_inbox_show_channel_folders' in (await settings(s)), false),
    );
    await atLevel(servers, 431, async (s) => {
      assert.equal((await settings(s)).web_inbox_show_channel_folders, true);
      const set = await raw(s, MEMBER, 'PATCH', '/settings', { web_left_sidebar_show_channel_folders: false });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.equal((await settings(s)).web_left_sidebar_show_channel_folders, false);
    });
  });

  it('refuses members with the real errors: folders need an administrator, moving a channel its administrator', async () => {
    await atLevel(servers, 482, async (server) => {
      const create = await raw(server, MEMBER, 'POST', '/channel_folders/create', { name: 'Mine', description: '' });
      assert.deepEqual(
        [create.status, create.body.code, create.body.msg],
        [400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'],
      );
      const rename = await raw(server, MEMBER, 'PATCH', '/channel_folders/1', { name: 'Mine' });
      assert.deepEqual([rename.status, rename.body.msg], [400, 'Must be an organization administrator']);
      const reorder = await raw(server, MEMBER, 'PATCH', '/channel_folders', { order: [2, 1, 3] });
      assert.deepEqual([reorder.status, reorder.body.msg], [400, 'Must be an organization administrator']);
      const move = await raw(server, MEMBER, 'PATCH', '/streams/4', { folder_id: 1 });
      assert.deepEqual([move.status, move.body.msg], [400, 'You do not have permission to administer this channel.']);
    });
  });

  it('administrators create, rename, reorder (events from 418) and archive; every user hears it', async () => {
    for (const level of [417, 418]) {
      await atLevel(servers, level, async (server) => {
        const q = await raw(server, MEMBER, 'POST', '/register', { event_types: ['channel_folder', 'stream'] });
        const create = await raw(server, ADMIN, 'POST', '/channel_folders/create', {
          name: 'Design',
          description: 'Pixels',
        });
        assert.equal(create.status, 200, JSON.stringify(create.body));
        const id = create.body.channel_folder_id as number;
        assert.equal(id, 4);
        assert.equal(
          (await raw(server, ADMIN, 'POST', '/channel_folders/create', { name: 'design', description: '' })).body.msg,
          "Channel folder 'design' already exists",
        );
        assert.equal(
          (await raw(server, ADMIN, 'POST', '/channel_folders/create', { name: '  ', description: '' })).body.msg,
          "Channel folder name can't be empty.",
        );
        assert.equal(
          (await raw(server, ADMIN, 'PATCH', '/channel_folders/99', { name: 'x' })).body.msg,
          'Invalid channel folder ID',
        );
        assert.equal(
          (await raw(server, ADMIN, 'PATCH', `/channel_folders/${id}`, { name: 'Visual design' })).status,
          200,
        );
        assert.equal(
          (await raw(server, ADMIN, 'PATCH', '/channel_folders', { order: [4, 1] })).body.msg,
          'Invalid order mapping.',
        );
        assert.equal((await raw(server, ADMIN, 'PATCH', '/channel_folders', { order: [4, 1, 2, 3] })).status, 200);
        assert.equal((await raw(server, ADMIN, 'PATCH', '/streams/3', { folder_id: id })).status, 200);
        const inUse = await raw(server, ADMIN, 'PATCH', `/channel_folders/${id}`, { is_archived: true });
        assert.equal(inUse.body.msg, 'You need to remove all the channels from this folder to archive it.');
        assert.equal((await raw(server, ADMIN, 'PATCH', '/streams/3', { folder_id: null })).status, 200);
        assert.equal((await raw(server, ADMIN, 'PATCH', `/channel_folders/${id}`, { is_archived: true })).status, 200);

        const events = (
          (await raw(server, MEMBER, 'GET', '/events', { queue_id: q.body.queue_id, last_event_id: -1 })).body
            .events as Json[]
        )
          .filter((e) => e.type !== 'heartbeat')
          .map(({ id: _id, ...e }) => e);
        const added = events[0]!;
        assert.deepEqual(Object.keys(added.channel_folder).sort(), [
          'creator_id',
          'date_created',
          'description',
          'id',
          'is_archived',
          'name',
          'order',
          'rendered_description',
        ]);
        assert.deepEqual(
          [added.op, added.channel_folder.name, added.channel_folder.order, added.channel_folder.rendered_description],
          ['add', 'Design', 4, '<p>Pixels</p>'],
        );
        assert.deepEqual(events.slice(1), [
          { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { name: 'Visual design' } },
          ...(level >= 418 ? [{ type: 'channel_folder', op: 'reorder', order: [4, 1, 2, 3] }] : []),
          { type: 'stream', op: 'update', stream_id: 3, name: 'design', property: 'folder_id', value: id },
          { type: 'stream', op: 'update', stream_id: 3, name: 'design', property: 'folder_id', value: null },
          { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { is_archived: true } },
        ]);
        const listed = (await raw(server, MEMBER, 'GET', '/channel_folders')).body.channel_folders as Json[];
        assert.deepEqual(
          listed.map((f) => [f.id, f.order]),
          [
            [1, 1],
            [2, 2],
          ],
        );
      });
    }
  });
});

describe('channel folders: a new channel straight into a folder (POST /users/me/subscriptions, FL 389)', function () {
  const servers = withServer({}, 'none');
  this.timeout(30_000);

  it('creates the channel in the folder, refuses an unknown folder before creating anything', async () => {
    await atLevel(servers, 389, async (server) => {
      const bad = await raw(server, ADMIN, 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'nowhere' }],
        folder_id: 99,
      });
      assert.deepEqual([bad.status, bad.body.msg], [400, 'Invalid channel folder ID']);
      const ok = await raw(server, ADMIN, 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'ops' }],
        folder_id: 2,
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const streams = (await raw(server, ADMIN, 'GET', '/streams')).body.streams as Json[];
      assert.equal(streams.find((s) => s.name === 'ops')?.folder_id, 2);
      assert.equal(
        streams.some((s) => s.name === 'nowhere'),
        false,
      );
    });
    await atLevel(servers, 388, async (server) => {
      const old = await raw(server, ADMIN, 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'ops' }],
        folder_id: 2,
      });
      assert.deepEqual(old.body.ignored_parameters_unsupported, ['folder_id']);
    });
  });
});

describe('channel folders: the client and the store', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let admin: ChatClient;
  let member: ChatClient;
  let session: ChatSession;
  const testServer = withServer();
  before(async () => {
    server = testServer.server;
    admin = clientFor(server, accountWithRole(server, ADMIN));
    member = clientFor(server, accountWithRole(server, MEMBER));
    session = new ChatSession(member, {});
    await session.start();
  });
  after(async () => {
    await session.stop();
    await admin.close();
    await member.close();
  });

  async function until(what: string, check: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('reads the folders and each channel folder from /register', () => {
    const store = session.store;
    assert.deepEqual(
      store.channelFolders.active().map((f) => f.name),
      ['Company', 'Engineering'],
    );
    assert.deepEqual(
      store.channelFolders.all().map((f) => f.name),
      ['Company', 'Engineering', 'Old projects'],
    );
    const general = store.subscriptions().find((s) => s.name === 'general')!;
    assert.equal(general.folder_id, store.channelFolders.active()[0]!.id);
  });

  it('follows creation, renaming, reordering, archiving and a channel moved, live', async () => {
    const store = session.store;
    const { channel_folder_id: id } = await createChannelFolder(admin, {
      name: 'Support',
      description: 'Helping *customers*',
    });
    await until('the new folder', () => store.channelFolders.get(id)?.name === 'Support');
    assert.equal(store.channelFolders.get(id)!.rendered_description, '<p>Helping <em>customers</em></p>');
    await updateChannelFolder(admin, { channel_folder_id: id, name: 'Customer support' });
    await until('the rename', () => store.channelFolders.get(id)?.name === 'Customer support');
    const order = [
      id,
      ...store.channelFolders
        .all()
        .filter((f) => f.id !== id)
        .map((f) => f.id),
    ];
    await reorderChannelFolders(admin, { order });
    await until('the new order', () => store.channelFolders.active()[0]?.id === id);
    const random = store.subscriptions().find((s) => s.name === 'random')!.stream_id;
    await setChannelFolder(admin, { stream_id: random, folder_id: id });
    await until('random in the folder', () => store.subscription(random)?.folder_id === id);
    await setChannelFolder(admin, { stream_id: random, folder_id: null });
    await until('random out of the folder', () => store.subscription(random)?.folder_id === null);
    await updateChannelFolder(admin, { channel_folder_id: id, is_archived: true });
    await until('the folder archived', () => store.channelFolders.get(id)?.is_archived === true);
    assert.equal(
      store.channelFolders.active().some((f) => f.id === id),
      false,
    );
    const { channel_folders } = await getChannelFolders(member, { include_archived: true });
    assert.deepEqual(
      channel_folders.map((f) => f.id),
      store.channelFolders.all().map((f) => f.id),
    );
  });

  it('the operations refuse what the server would, before sending', async () => {
    await refused(createChannelFolder(admin, { name: '   ' }), 'name', /cannot be empty/);
    await refused(createChannelFolder(admin, { name: 'x'.repeat(61) }), 'name', /at most 60/);
    await refused(updateChannelFolder(admin, { channel_folder_id: 1 }), undefined, /Nothing to change/);
    await refused(reorderChannelFolders(admin, { order: [1, 1] }), 'order', /only once/);
    await apiError(createChannelFolder(member, { name: 'Members only' }), 'UNAUTHORIZED_PRINCIPAL', 400);
  });

  it('refuses folders on a server below FL 389 and reordering below FL 414', async () => {
    const old = (await testServer.start({ featureLevel: FL.channelFolders - 1 })).server;
    const oldAdmin = clientFor(old, accountWithRole(old, ADMIN));
    try {
      await refused(createChannelFolder(oldAdmin, { name: 'New' }), undefined, /no channel folders/);
      await refused(setChannelFolder(oldAdmin, { stream_id: 1, folder_id: null }), undefined, /no channel folders/);
    } finally {
      await oldAdmin.close();
    }
    const noOrder = (await testServer.start({ featureLevel: FL.channelFolderOrder - 1 })).server;
    const noOrderAdmin = clientFor(noOrder, accountWithRole(noOrder, ADMIN));
    try {
      await refused(reorderChannelFolders(noOrderAdmin, { order: [2, 1, 3] }), undefined, /cannot reorder/);
      const { channel_folders } = await getChannelFolders(noOrderAdmin);
      assert.deepEqual(
        channel_folders.map((f) => f.order),
        [undefined, undefined],
      );
    } finally {
      await noOrderAdmin.close();
    }
  });
});

describe('channel folders: grouping (pure)', () => {
  const folders = [folder(1, 2), folder(2, 0), folder(3, 1, { is_archived: true }), folder(4, 3)];
  const channels = [
    { id: 10, folder: 1 },
    { id: 11, folder: null },
    { id: 12, folder: 2 },
    { id: 13, folder: 3 },
    { id: 14, folder: 99 },
    { id: 15, folder: 1 },
  ];

  it('groups in folder order, keeps each list order, hides empty and archived folders, puts the rest last', () => {
    const groups = groupByFolder(channels, (c) => c.folder, folders);
    assert.deepEqual(
      groups.map((g) => [g.folderId, g.items.map((c) => c.id)]),
      [
        [2, [12]],
        [1, [10, 15]],
        [OTHER_CHANNELS, [11, 13, 14]],
      ],
    );
    assert.deepEqual(
      groupByFolder([{ id: 1, folder: null }], (c) => c.folder, folders).map((g) => g.folderId),
      [OTHER_CHANNELS],
    );
    assert.deepEqual(
      groupByFolder([], (c: { folder: number }) => c.folder, folders),
      [],
    );
  });

  it('groups the sidebar from FL 389 and the Inbox from FL 431, as the user settings say', () => {
    const on = {};
    assert.equal(showsFolders('sidebar', FL.channelFolders - 1, on, folders), false);
    assert.equal(showsFolders('sidebar', FL.channelFolders, on, folders), true);
    // Before FL 411 the setting does not exist: a stray value does not turn grouping off.
    assert.equal(
      showsFolders(
        'sidebar',
        FL.channelFoldersSidebarSetting - 1,
        { web_left_sidebar_show_channel_folders: false },
        folders,
      ),
      true,
    );
    assert.equal(
      showsFolders(
        'sidebar',
        FL.channelFoldersSidebarSetting,
        { web_left_sidebar_show_channel_folders: false },
        folders,
      ),
      false,
    );
    assert.equal(
      showsFolders(
        'sidebar',
        FL.channelFoldersSidebarSetting,
        { web_left_sidebar_show_channel_folders: true },
        folders,
      ),
      true,
    );
    assert.equal(showsFolders('inbox', FL.channelFoldersInboxSetting - 1, on, folders), false);
    assert.equal(showsFolders('inbox', FL.channelFoldersInboxSetting, on, folders), true);
    assert.equal(
      showsFolders('inbox', FL.channelFoldersInboxSetting, { web_inbox_show_channel_folders: false }, folders),
      false,
    );
    // Only archived folders: nothing to group by.
    assert.equal(showsFolders('sidebar', 482, on, [folder(3, 1, { is_archived: true })]), false);
    assert.equal(showsFolders('sidebar', 482, on, []), false);
  });
});

describe('channel folders: the Inbox grouping (FL 431)', function () {
  const servers = withServer({}, 'none');
  this.timeout(30_000);

  async function inboxAt(featureLevel: number, settings: Record<string, unknown> = {}) {
    const server = (await servers.start({ featureLevel })).server;
    const client = clientFor(server, accountWithRole(server, MEMBER));
    try {
      if (Object.keys(settings).length > 0) await client.call('PATCH /settings', settings as never);
      const snapshot = await registerQueue(client, {
        fetch_event_types: STORE_FETCH_EVENT_TYPES,
        event_types: ['message'],
      });
      await client.call('DELETE /events', { queue_id: snapshot.queue_id });
      const store = new ChatStore();
      store.reset(snapshot);
      const { channels } = inboxOf(store);
      return { store, channels, folders: inboxFolders(store, channels) };
    } finally {
      await client.close();
    }
  }

  it('groups the unread channels: pinned, each folder in order, other channels; all of them, each once', async () => {
    const { store, channels, folders } = await inboxAt(FL.channelFoldersInboxSetting);
    assert.ok(folders, 'grouped at 431');
    const active = store.channelFolders.active().map((f) => f.id);
    const ids = folders.map((g) => g.folderId);
    assert.deepEqual(
      ids,
      [PINNED_CHANNELS, ...active, OTHER_CHANNELS].filter((id) => ids.includes(id)),
    );
    assert.ok(
      ids.includes(PINNED_CHANNELS) && ids.includes(active[0]!) && ids.includes(OTHER_CHANNELS),
      JSON.stringify(ids),
    );
    for (const g of folders) {
      assert.ok(g.channels.length > 0);
      assert.equal(
        g.count,
        g.channels.reduce((n, c) => n + c.count, 0),
      );
      for (const c of g.channels) {
        const sub = store.subscription(c.streamId)!;
        if (g.folderId === PINNED_CHANNELS) assert.equal(sub.pin_to_top, true);
        else if (g.folderId === OTHER_CHANNELS) assert.equal(sub.folder_id ?? null, null);
        else assert.equal(sub.folder_id, g.folderId);
      }
    }
    assert.deepEqual(
      folders.flatMap((g) => g.channels.map((c) => c.streamId)).sort(),
      channels.map((c) => c.streamId).sort(),
    );
  });

  it('does not group below FL 431, nor with web_inbox_show_channel_folders off', async () => {
    assert.equal((await inboxAt(FL.channelFoldersInboxSetting - 1)).folders, undefined);
    assert.equal(
      (await inboxAt(FL.channelFoldersInboxSetting, { web_inbox_show_channel_folders: false })).folders,
      undefined,
    );
  });
});
