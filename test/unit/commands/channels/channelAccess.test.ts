// Channels you are not in (issue 10 part 9): `GET /streams` as the real server answers it (its
// parameters, feature levels and subscriber counts), reading an unsubscribed public channel,
// creating channels under the realm's creation permissions, and the pure decisions of the
// browser and the create flow (rows, refusals with their reasons, name and description limits).
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../../src/api';
import { getChannels, subscribe } from '../../../../src/api/channels/routes';
import { channel } from '../../../../src/api/messages/narrow';
import { getMessages } from '../../../../src/api/messages/routes';
import {
  browseRows,
  channelDescriptionProblem,
  channelNameProblem,
  privacyOptions,
  privacyParams,
} from '../../../../src/commands/channels/channelAccess';
import { ChatSession } from '../../../../src/store';
import { RealmState } from '../../../../src/store/realm';
import { GROUP } from '../../../server/state';
import {
  ADMIN,
  byEmail,
  clientFor,
  GUEST,
  MEMBER,
  MODERATOR,
  withServer,
  type RunningServer,
} from '../../support/server';
import { apiError } from '../../support/errors';

const names = (r: { streams: { name: string }[] }): string[] => r.streams.map((s) => s.name);

describe('channels you are not in: GET /streams, preview, create', () => {
  describe('GET /streams (local server, strict shapes)', () => {
    const suite = withServer();
    let alice: ChatClient, admin: ChatClient, guest: ChatClient;
    before(() => {
      alice = suite.clientOf(byEmail(suite.server, 'alice'));
      admin = suite.client(ADMIN);
      guest = suite.client(GUEST);
    });

    it('lists public and subscribed channels by name, without archived or other private ones, with subscriber counts', async () => {
      const r = await getChannels(alice, {});
      assert.deepEqual(names(r), [
        'announcements',
        'design',
        'engineering',
        'general',
        'random',
        'sandbox',
        'secret-project',
        'watercooler',
      ]);
      const sandbox = r.streams.find((s) => s.name === 'sandbox')!;
      assert.equal(sandbox.subscriber_count, suite.server.state.streams.get(sandbox.stream_id)!.subscribers.size);
      assert.equal(sandbox.subscriber_count, 1);
      assert.equal(sandbox.rendered_description, '<p>Try things here</p>');
    });

    it('honours include_public, include_subscribed and exclude_archived', async () => {
      assert.deepEqual(names(await getChannels(alice, { include_public: false })), [
        'announcements',
        'design',
        'engineering',
        'general',
        'random',
        'secret-project',
        'watercooler',
      ]);
      assert.deepEqual(names(await getChannels(alice, { include_subscribed: false })), [
        'announcements',
        'design',
        'engineering',
        'general',
        'random',
        'sandbox',
        'watercooler',
      ]);
      assert.deepEqual(names(await getChannels(alice, { include_public: false, exclude_archived: false })), [
        'announcements',
        'design',
        'engineering',
        'general',
        'old-archive',
        'random',
        'secret-project',
        'watercooler',
      ]);
    });

    it('include_all is for administrators only', async () => {
      await apiError(getChannels(alice, { include_all: true }), 'BAD_REQUEST');
      const all = names(await getChannels(admin, { include_all: true, exclude_archived: false }));
      assert.equal(all.length, suite.server.state.streams.size);
    });

    it('guests see only their channels and the web-public ones', async () => {
      assert.deepEqual(names(await getChannels(guest, {})), ['announcements', 'general', 'random']);
      const design = [...suite.server.state.streams.values()].find((s) => s.name === 'design')!;
      design.isWebPublic = true;
      try {
        assert.deepEqual(names(await getChannels(guest, { include_web_public: true })), [
          'announcements',
          'design',
          'general',
          'random',
        ]);
        assert.deepEqual(
          names(await getChannels(guest, {})),
          ['announcements', 'general', 'random'],
          'include_web_public defaults to false',
        );
      } finally {
        design.isWebPublic = false;
      }
    });

    it('a public channel is readable without subscribing (the preview)', async () => {
      const sandbox = (await getChannels(alice, {})).streams.find((s) => s.name === 'sandbox')!;
      const r = await getMessages(alice, {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [channel(sandbox.stream_id)],
      });
      assert.deepEqual(
        r.messages.map((m) => m.content),
        ['<p>Sandbox message.</p>'],
      );
      assert.ok(
        !suite.server.state.streams.get(sandbox.stream_id)!.subscribers.has(byEmail(suite.server, 'alice').userId),
        'still not subscribed',
      );
    });
  });

  describe('feature levels', () => {
    const servers = withServer({}, 'none');
    it('before 394 no subscriber_count; before 356 include_all is include_all_active; before 315 no exclude_archived', async () => {
      const admin = (await servers.start({ featureLevel: 300 })).client(ADMIN);
      const r = await getChannels(admin, { include_all: true, exclude_archived: false });
      assert.ok(r.streams.every((s) => s.subscriber_count === undefined));
      assert.ok(names(r).includes('leadership'), 'include_all sent as include_all_active');
      assert.ok(!names(r).includes('old-archive'), 'archived channels are never listed before 315');
      assert.equal(r.ignored_parameters_unsupported, undefined, 'nothing the server does not know was sent');
    });
  });

  describe('creating channels (POST /users/me/subscriptions)', () => {
    const suite = withServer();

    it('a member creates public and private channels; the server refuses a description over 1024 characters', async () => {
      const alice = suite.clientOf(byEmail(suite.server, 'alice'));
      await subscribe(alice, {
        subscriptions: [{ name: 'unit-public', description: 'A **new** one' }],
        ...privacyParams('public'),
      });
      await subscribe(alice, { subscriptions: [{ name: 'unit-protected' }], ...privacyParams('private-protected') });
      const r = await getChannels(alice, {});
      const pub = r.streams.find((s) => s.name === 'unit-public')!;
      assert.equal(pub.invite_only, false);
      assert.equal(pub.rendered_description, '<p>A <strong>new</strong> one</p>');
      assert.equal(pub.subscriber_count, 1);
      const prot = r.streams.find((s) => s.name === 'unit-protected')!;
      assert.equal(prot.invite_only, true);
      assert.equal(prot.history_public_to_subscribers, false);
      await subscribe(alice, { subscriptions: [{ name: 'unit-1024', description: 'd'.repeat(1024) }] });
      const e = await apiError(
        subscribe(alice, { subscriptions: [{ name: 'unit-1025', description: 'd'.repeat(1025) }] }),
        'BAD_REQUEST',
      );
      assert.match(e.message, /Channel description too long \(limit: 1024 characters\)/);
    });

    it('web-public: refused while the organisation does not allow it, then by the creation group', async () => {
      const alice = suite.clientOf(byEmail(suite.server, 'alice'));
      const maya = suite.client(MODERATOR);
      const web = { subscriptions: [{ name: 'unit-web' }], ...privacyParams('web-public') };
      assert.match(
        (await apiError(subscribe(maya, web), 'BAD_REQUEST')).message,
        /Web-public channels are not enabled/,
      );
      suite.server.state.realm.settings.enable_spectator_access = true;
      try {
        assert.match((await apiError(subscribe(alice, web), 'BAD_REQUEST')).message, /Insufficient permission/);
        await subscribe(maya, web);
        assert.equal((await getChannels(maya, {})).streams.find((s) => s.name === 'unit-web')?.is_web_public, true);
      } finally {
        suite.server.state.realm.settings.enable_spectator_access = false;
      }
    });

    it('guests may not create channels; a private-only restriction refuses members', async () => {
      const gus = suite.client(GUEST);
      assert.match(
        (await apiError(subscribe(gus, { subscriptions: [{ name: 'unit-guest' }] }), 'BAD_REQUEST')).message,
        /Insufficient permission/,
      );
      const carol = suite.clientOf(byEmail(suite.server, 'carol'));
      suite.server.state.realm.settings.can_create_private_channel_group = GROUP.administrators;
      try {
        await apiError(
          subscribe(carol, { subscriptions: [{ name: 'unit-private' }], invite_only: true }),
          'BAD_REQUEST',
        );
        await subscribe(carol, { subscriptions: [{ name: 'unit-carol-public' }] });
      } finally {
        suite.server.state.realm.settings.can_create_private_channel_group = GROUP.members;
      }
    });
  });

  describe('creation permissions as the store reads them', () => {
    let server: RunningServer;
    const opened: { session: ChatSession; client: ChatClient }[] = [];
    const testServer = withServer({ longpollTimeoutSeconds: 2 });
    before(async function () {
      this.timeout(20_000);
      server = testServer.server;
    });
    after(async () => {
      for (const o of opened) {
        await o.session.stop();
        await o.client.close();
      }
    });
    async function realmOf(local: string): Promise<RealmState> {
      const client = clientFor(server, byEmail(server, local));
      const session = new ChatSession(client, {});
      opened.push({ session, client });
      await session.start();
      return session.store.realm;
    }

    it('register sends the creation groups; refusals name who may', async function () {
      this.timeout(30_000);
      server.state.realm.settings.can_create_private_channel_group = GROUP.administrators;
      const alice = await realmOf('alice');
      assert.deepEqual(alice.channelCreation(), {
        public: true,
        private: false,
        webPublic: false,
        webPublicEnabled: false,
      });
      const refusals = Object.fromEntries(privacyOptions(alice).map((o) => [o.privacy, o.refusal]));
      assert.equal(refusals.public, undefined);
      assert.equal(refusals['private-shared'], 'In this organisation only administrators may create private channels.');
      assert.equal(refusals['private-protected'], refusals['private-shared']);
      assert.equal(
        refusals['web-public'],
        'This organisation does not allow web-public channels (readable without an account).',
      );
      const gus = await realmOf('gus');
      assert.ok(
        privacyOptions(gus).every((o) => o.refusal !== undefined),
        'a guest may create nothing',
      );
      server.state.realm.settings.enable_spectator_access = true;
      const maya = await realmOf('maya');
      assert.deepEqual(maya.channelCreation(), {
        public: true,
        private: false,
        webPublic: true,
        webPublicEnabled: true,
      });
      const bob = await realmOf('bob');
      assert.equal(
        privacyOptions(bob).find((o) => o.privacy === 'web-public')!.refusal,
        'In this organisation only moderators and administrators may create web-public channels.',
      );
      server.state.realm.settings.enable_spectator_access = false;
      server.state.realm.settings.can_create_private_channel_group = GROUP.members;
    });

    it('a server before the creation groups sends the policy codes, read the same way', async function () {
      this.timeout(30_000);
      const old = (await testServer.start({ longpollTimeoutSeconds: 2, featureLevel: 250 })).server;
      const client = clientFor(old, byEmail(old, 'alice'));
      const session = new ChatSession(client, {});
      try {
        await session.start();
        const realm = session.store.realm;
        assert.equal(realm.settings.create_public_stream_policy, 1);
        assert.equal(realm.settings.create_web_public_stream_policy, 4);
        assert.equal('can_create_public_channel_group' in realm.settings, false);
        assert.deepEqual(realm.channelCreation(), {
          public: true,
          private: true,
          webPublic: false,
          webPublicEnabled: false,
        });
      } finally {
        await session.stop();
        await client.close();
      }
    });

    it('older servers: the create_*_stream_policy codes', () => {
      const realm = new RealmState(
        () => MEMBER,
        () => 4,
      );
      realm.reset({
        realm_create_public_stream_policy: 1,
        realm_create_private_stream_policy: 2,
        realm_create_web_public_stream_policy: 7,
        realm_enable_spectator_access: true,
      });
      assert.deepEqual(realm.channelCreation(), {
        public: true,
        private: false,
        webPublic: false,
        webPublicEnabled: true,
      });
      const refusals = Object.fromEntries(privacyOptions(realm).map((o) => [o.privacy, o.refusal]));
      assert.equal(refusals['private-shared'], 'In this organisation only administrators may create private channels.');
      assert.equal(refusals['web-public'], 'In this organisation only owners may create web-public channels.');
      const owner = new RealmState(
        () => 100,
        () => 1,
      );
      owner.reset({
        realm_create_web_public_stream_policy: 7,
        realm_enable_spectator_access: true,
        server_web_public_streams_enabled: true,
      });
      assert.equal(owner.channelCreation().webPublic, true);
    });
  });

  describe('browser rows and create-flow checks', () => {
    const base = { description: '', invite_only: false, is_web_public: false, is_archived: false };
    it('access, counts (subscriber_count, else the store), descriptions as text, archived left out', () => {
      const rows = browseRows(
        [
          { ...base, stream_id: 3, name: 'zeta', invite_only: true, subscriber_count: 1 },
          {
            ...base,
            stream_id: 1,
            name: 'alpha',
            rendered_description: '<p>A <strong>b</strong> &amp; c</p>',
            subscriber_count: 12,
          },
          { ...base, stream_id: 2, name: 'beta', is_web_public: true },
          { ...base, stream_id: 4, name: 'gone', is_archived: true },
        ],
        (id) => id === 3 || id === 2,
        (id) => (id === 2 ? [1, 2] : undefined),
      );
      assert.deepEqual(
        rows.map((r) => [r.label, r.summary, r.detail]),
        [
          ['$(symbol-number) alpha', 'Public · 12 subscribers', 'A b & c'],
          ['$(globe) beta', 'Subscribed · web-public · 2 subscribers', 'No description.'],
          ['$(lock) zeta', 'Subscribed · private · 1 subscriber', 'No description.'],
        ],
      );
      const unknown = browseRows(
        [{ ...base, stream_id: 9, name: 'old' }],
        () => false,
        () => undefined,
      );
      assert.equal(unknown[0]!.summary, 'Public', 'no count when neither the server nor the store knows it');
    });

    it('names: not empty, at most the limit (exactly), no control characters, not taken (any case)', () => {
      const taken = new Set(['general']);
      assert.equal(channelNameProblem('  ', 60, taken), 'Enter a channel name.');
      assert.equal(channelNameProblem('x'.repeat(60), 60, taken), undefined);
      assert.equal(
        channelNameProblem('x'.repeat(61), 60, taken),
        'A channel name can be at most 60 characters (this one has 61).',
      );
      assert.equal(
        channelNameProblem('😀'.repeat(60), 60, taken),
        undefined,
        'counted in code points, as the server does',
      );
      assert.equal(channelNameProblem('a\u0007b', 60, taken), 'A channel name cannot contain control characters.');
      assert.equal(channelNameProblem(' General ', 60, taken), 'A channel named "General" already exists.');
      assert.equal(channelDescriptionProblem('d'.repeat(1024), 1024), undefined);
      assert.equal(
        channelDescriptionProblem('d'.repeat(1025), 1024),
        'A channel description can be at most 1024 characters (this one has 1025).',
      );
    });
  });
});
