import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { Linkifier } from '../../../../src/api/realm/models';
import {
  addLinkifier,
  getLinkifiers,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
} from '../../../../src/api/realm/routes';
import { getServerSettings } from '../../../../src/api/server/routes';
import { ADMIN, MEMBER, type RunningServer, type ServerOptions, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

describe('API: linkifiers', () => {
  const suite = withServer();
  let server: RunningServer;
  let admin: ChatClient, member: ChatClient;

  before(() => {
    server = suite.server;
    admin = suite.client(ADMIN);
    member = suite.client(MEMBER);
  });

  describe('GET /realm/linkifiers (op 18)', () => {
    it('returns the ordered linkifiers with reverse fields', async () => {
      const { linkifiers } = await getLinkifiers(member);
      assert.ok(linkifiers.length >= 2);
      assert.deepEqual(
        linkifiers.map((l) => l.id),
        server.state.linkifiers.map((l) => l.id),
      );
      const rfc = linkifiers.find((l) => l.alternative_url_templates.length > 0);
      assert.ok(rfc);
      assert.equal(typeof rfc.example_input, 'string');
      assert.equal(typeof rfc.reverse_template, 'string');
      assert.match(rfc.url_template, /\{num\}/);
    });
  });

  describe('POST /realm/filters, DELETE /realm/filters/{filter_id}', () => {
    it('creates and removes a linkifier (administrators)', async () => {
      const { id } = await addLinkifier(admin, {
        pattern: 'JIRA-(?P<key>[0-9]+)',
        url_template: 'https://jira.example.com/browse/JIRA-{key}',
        example_input: 'JIRA-7',
        reverse_template: 'JIRA-{key}',
        alternative_url_templates: ['https://jira.example.com/issues/{key}'],
      });
      let { linkifiers } = await getLinkifiers(member);
      const made = linkifiers.find((l) => l.id === id);
      assert.equal(made?.example_input, 'JIRA-7');
      assert.deepEqual(made?.alternative_url_templates, ['https://jira.example.com/issues/{key}']);
      await removeLinkifier(admin, { filter_id: id });
      ({ linkifiers } = await getLinkifiers(member));
      assert.ok(!linkifiers.some((l) => l.id === id));
    });

    it('refuses members with BAD_REQUEST', async () => {
      const before = server.state.linkifiers.length;
      await apiError(
        addLinkifier(member, { pattern: 'X(?P<n>[0-9]+)', url_template: 'https://x.example.com/{n}' }),
        'BAD_REQUEST',
      );
      await apiError(removeLinkifier(member, { filter_id: server.state.linkifiers[0].id }), 'BAD_REQUEST');
      assert.equal(server.state.linkifiers.length, before);
    });

    it('answers BAD_REQUEST for an unknown linkifier and an invalid template', async () => {
      await apiError(removeLinkifier(admin, { filter_id: 99999 }), 'BAD_REQUEST');
      await apiError(
        addLinkifier(admin, { pattern: 'Y(?P<n>[0-9]+)', url_template: 'https://y.example.com/{other}' }),
        'BAD_REQUEST',
      );
    });
  });

  describe('PATCH /realm/filters/{filter_id} (op 13)', () => {
    let id: number;
    before(async () => {
      ({ id } = await addLinkifier(admin, {
        pattern: 'PR(?P<num>[0-9]+)',
        url_template: 'https://git.example.com/pull/{num}',
        example_input: 'PR12',
        reverse_template: 'PR{num}',
      }));
    });
    const stored = () => server.state.linkifiers.find((l) => l.id === id)!;

    it('updates pattern and templates', async () => {
      await updateLinkifier(admin, {
        filter_id: id,
        pattern: 'MR(?P<num>[0-9]+)',
        url_template: 'https://git.example.com/merge/{num}',
        example_input: 'MR5',
        reverse_template: 'MR{num}',
        alternative_url_templates: ['https://git.example.com/mr/{num}'],
      });
      assert.equal(stored().pattern, 'MR(?P<num>[0-9]+)');
      assert.equal(stored().reverse_template, 'MR{num}');
      assert.deepEqual(stored().alternative_url_templates, ['https://git.example.com/mr/{num}']);
    });

    it('resets example_input and reverse_template with null (sent as "") or ""', async () => {
      await updateLinkifier(admin, {
        filter_id: id,
        pattern: 'MR(?P<num>[0-9]+)',
        url_template: 'https://git.example.com/merge/{num}',
        example_input: null,
        reverse_template: null,
      });
      assert.equal(stored().example_input, null);
      assert.equal(stored().reverse_template, null);
      await updateLinkifier(admin, {
        filter_id: id,
        pattern: 'MR(?P<num>[0-9]+)',
        url_template: 'https://git.example.com/merge/{num}',
        example_input: 'MR9',
      });
      assert.equal(stored().example_input, 'MR9');
      await updateLinkifier(admin, {
        filter_id: id,
        pattern: 'MR(?P<num>[0-9]+)',
        url_template: 'https://git.example.com/merge/{num}',
        example_input: '',
        reverse_template: '',
      });
      assert.equal(stored().example_input, null);
      const { linkifiers } = await getLinkifiers(member);
      assert.equal(linkifiers.find((l) => l.id === id)?.reverse_template, null);
    });

    it('answers BAD_REQUEST when the reverse template does not reproduce the example', async () => {
      await apiError(
        updateLinkifier(admin, {
          filter_id: id,
          pattern: 'MR(?P<num>[0-9]+)',
          url_template: 'https://git.example.com/merge/{num}',
          example_input: 'MR5',
          reverse_template: 'Merge{num}',
        }),
        'BAD_REQUEST',
      );
    });

    it('answers BAD_REQUEST for members and unknown ids', async () => {
      const base = { pattern: 'MR(?P<num>[0-9]+)', url_template: 'https://git.example.com/merge/{num}' };
      await apiError(updateLinkifier(member, { filter_id: id, ...base }), 'BAD_REQUEST');
      await apiError(updateLinkifier(admin, { filter_id: 99999, ...base }), 'BAD_REQUEST');
    });

    it('refuses invalid definitions before sending', async () => {
      const c = offlineClient();
      const base = { filter_id: 1, pattern: 'A(?P<n>[0-9]+)', url_template: 'https://a.example.com/{n}' };
      await refused(updateLinkifier(c, { ...base, pattern: '' }), 'pattern', /pattern cannot be empty/);
      await refused(updateLinkifier(c, { ...base, pattern: '   ' }), 'pattern');
      await refused(updateLinkifier(c, { ...base, url_template: '' }), 'url_template', /URL template/);
      await refused(updateLinkifier(c, { ...base, reverse_template: 'A{n}' }), 'example_input', /example input/);
      await refused(updateLinkifier(c, { ...base, reverse_template: 'A{n}', example_input: null }), 'example_input');
      await refused(
        updateLinkifier(c, { ...base, alternative_url_templates: 'https://x' as never }),
        'alternative_url_templates',
      );
      await refused(updateLinkifier(c, { ...base, alternative_url_templates: [''] }), 'alternative_url_templates');
      await refused(updateLinkifier(c, { ...base, filter_id: 0 }), 'filter_id');
      await refused(updateLinkifier(c, { filter_id: 1, url_template: 'https://a' } as never), 'pattern');
      await refused(addLinkifier(c, { pattern: 'A', url_template: '' }), 'url_template');
    });
  });

  describe('PATCH /realm/linkifiers', () => {
    it('reorders the linkifiers', async () => {
      const ids = (await getLinkifiers(member)).linkifiers.map((l) => l.id);
      const reversed = [...ids].reverse();
      await reorderLinkifiers(admin, { ordered_linkifier_ids: reversed });
      assert.deepEqual(
        (await getLinkifiers(member)).linkifiers.map((l) => l.id),
        reversed,
      );
      await apiError(reorderLinkifiers(member, { ordered_linkifier_ids: ids }), 'BAD_REQUEST');
      await apiError(reorderLinkifiers(admin, { ordered_linkifier_ids: ids.slice(1) }), 'BAD_REQUEST');
    });

    it('refuses repeated ids and non-ids before sending', async () => {
      await refused(
        reorderLinkifiers(offlineClient(), { ordered_linkifier_ids: [1, 2, 1] }),
        'ordered_linkifier_ids',
        /only once/,
      );
      await refused(
        reorderLinkifiers(offlineClient(), { ordered_linkifier_ids: ['1'] as never }),
        'ordered_linkifier_ids',
      );
    });
  });

  describe('gate FL.linkifierReverse (471)', () => {
    const old = withServer({ featureLevel: 470 });
    let oldAdmin: ChatClient;
    before(() => {
      oldAdmin = old.client(ADMIN);
    });

    it('reads linkifiers without reverse fields as null', async () => {
      const { linkifiers } = await getLinkifiers(oldAdmin);
      assert.ok(linkifiers.length > 0);
      for (const l of linkifiers) {
        assert.equal(l.example_input, null);
        assert.equal(l.reverse_template, null);
      }
    });

    it('drops null/"" reverse fields and refuses real ones', async () => {
      const id = old.server.state.linkifiers[0].id;
      const res = await updateLinkifier(oldAdmin, {
        filter_id: id,
        pattern: 'T(?P<n>[0-9]+)',
        url_template: 'https://t.example.com/{n}',
        example_input: null,
        reverse_template: '',
      });
      assert.deepEqual(res.ignored_parameters_unsupported ?? [], []);
      assert.equal(old.server.state.linkifiers[0].pattern, 'T(?P<n>[0-9]+)');
      await refused(
        updateLinkifier(oldAdmin, {
          filter_id: id,
          pattern: 'T(?P<n>[0-9]+)',
          url_template: 'https://t.example.com/{n}',
          example_input: 'T1',
        }),
        'example_input',
        /feature level 470/,
      );
      await refused(
        addLinkifier(offlineClient({ featureLevel: 470 }), {
          pattern: 'A',
          url_template: 'https://a',
          reverse_template: 'A',
        }),
        'reverse_template',
      );
    });
  });

  it('reads url_format of old servers as url_template', () => {
    const l = Linkifier.parse({ id: 1, pattern: 'a', url_format: 'https://a' });
    assert.equal(l.url_template, 'https://a');
    assert.deepEqual(l.alternative_url_templates, []);
  });
});

describe('API: GET /server_settings across levels and names', () => {
  const servers = withServer({}, 'none');
  const cases: { name: string; options: ServerOptions; level: number; realmUrl: boolean; flavor: 'chat' | 'zulip' }[] =
    [
      {
        name: 'level 0 (no feature level key)',
        options: { featureLevel: 0 },
        level: 0,
        realmUrl: false,
        flavor: 'chat',
      },
      {
        name: 'level 256 (realm_uri only)',
        options: { featureLevel: 256 },
        level: 256,
        realmUrl: false,
        flavor: 'chat',
      },
      { name: 'current level', options: {}, level: 482, realmUrl: true, flavor: 'chat' },
      { name: "names: 'zulip'", options: { names: 'zulip' }, level: 482, realmUrl: true, flavor: 'zulip' },
    ];
  for (const c of cases) {
    it(c.name, async () => {
      const started = await servers.start(c.options);
      const client = started.client(MEMBER);
      const server = started.server;
      const settings = await getServerSettings(client);
      assert.equal(settings.chat_feature_level, c.level);
      assert.equal(typeof settings.chat_version, 'string');
      assert.equal(settings.realm_uri, server.url);
      // The deprecated alias stands in for realm_url on servers before FL.realmUrl.
      assert.equal(settings.realm_url, server.url);
      assert.equal(
        'realm_url' in (await client.request('GET', '/server_settings', {}, { route: 'raw', auth: false })),
        c.realmUrl,
      );
      assert.equal(client.server?.featureLevel, c.level);
      assert.equal(client.server?.flavor, c.flavor);
    });
  }
});
