// The requests the client sends for settings changes and server settings, and how it reads the
// server settings answer, against the recording HTTP server.
import assert from 'node:assert/strict';
import { MalformedResponseError } from '../../../../src/api';
import { FL } from '../../../../src/api/features';
import { updateSettings } from '../../../../src/api/personal/routes';
import { getServerSettings } from '../../../../src/api/server/routes';
import { recordingServer } from '../../support/recordingServer';

/** The example answer of the real API's `GET /server_settings` documentation (trimmed to the fields the client reads). */
const documentedServerSettings = {
  authentication_methods: {
    password: true,
    dev: true,
    email: true,
    ldap: false,
    remoteuser: false,
    github: true,
    azuread: false,
    google: true,
    saml: true,
  },
  email_auth_enabled: true,
  external_authentication_methods: [
    {
      display_icon: null,
      display_name: 'SAML',
      login_url: '/accounts/login/social/saml/idp_name',
      name: 'saml:idp_name',
      signup_url: '/accounts/register/social/saml/idp_name',
    },
    {
      display_icon: '/static/images/authentication_backends/github-icon.png',
      display_name: 'GitHub',
      login_url: '/accounts/login/social/github',
      name: 'github',
      signup_url: '/accounts/register/social/github',
    },
  ],
  is_incompatible: false,
  msg: '',
  push_notifications_enabled: false,
  realm_description: 'The Zulip development environment default organization.',
  realm_icon: 'https://secure.gravatar.com/avatar/62429d594b6ffc712f54aee976a18b44?d=identicon',
  realm_name: 'Zulip Dev',
  realm_url: 'http://localhost:9991',
  realm_web_public_access_enabled: false,
  require_email_format_usernames: true,
  result: 'success',
  zulip_feature_level: 1,
  zulip_merge_base: '5.0-dev-1646-gea6b21cd8c',
  zulip_version: '5.0-dev-1650-gc79a3e3cc7',
};

describe('API: requests for settings and server settings', () => {
  const server = recordingServer();
  const client = (featureLevel = 1000) => server.client({ email: 'admin@example.com', featureLevel });
  const seen = server.requests;

  it('sends a settings change as PATCH /settings with its form fields', async () => {
    const c = client();
    await updateSettings(c, { twenty_four_hour_time: true });
    assert.deepEqual(
      seen.map((s) => [s.method, s.url, s.body]),
      [['PATCH', '/api/v1/settings', 'twenty_four_hour_time=true']],
    );
    assert.ok(seen[0]!.headers.authorization?.startsWith('Basic '));
  });

  it("sends target_users (administrators changing other users' settings) as JSON", async () => {
    const c = client(FL.settingsTargetUsers);
    await updateSettings(c, { twenty_four_hour_time: false, target_users: { user_ids: [2, 3], group_ids: [11] } });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.method, 'PATCH');
    assert.equal(seen[0]!.url, '/api/v1/settings');
    const form = new URLSearchParams(seen[0]!.body);
    assert.equal(form.get('twenty_four_hour_time'), 'false');
    assert.deepEqual(JSON.parse(form.get('target_users')!), { user_ids: [2, 3], group_ids: [11] });
  });

  it('asks GET /server_settings without credentials and reads the documented answer', async () => {
    server.answer(documentedServerSettings);
    const c = client();
    const settings = await getServerSettings(c);
    assert.deepEqual(
      seen.map((s) => [s.method, s.url, s.headers.authorization]),
      [['GET', '/api/v1/server_settings', undefined]],
    );
    assert.equal(settings.chat_feature_level, 1);
    assert.equal(settings.chat_version, '5.0-dev-1650-gc79a3e3cc7');
    assert.deepEqual(
      settings.external_authentication_methods,
      documentedServerSettings.external_authentication_methods,
    );
  });

  for (const missing of ['name', 'display_name', 'display_icon', 'login_url', 'signup_url'] as const) {
    it(`refuses an external authentication method without its ${missing}`, async () => {
      const [saml, github] = documentedServerSettings.external_authentication_methods;
      const { [missing]: _gone, ...broken } = github!;
      server.answer({ ...documentedServerSettings, external_authentication_methods: [saml, broken] });
      const c = client();
      await assert.rejects(getServerSettings(c), (e: unknown) => {
        assert.ok(e instanceof MalformedResponseError, String(e));
        assert.match(e.message, /GET \/server_settings/);
        return true;
      });
    });
  }
});
