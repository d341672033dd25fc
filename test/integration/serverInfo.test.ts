// Server information inside a real VS Code: GET /server_settings shown before sign-in (any server
// URL, no credentials) and after (the active account's server), with a sanitised description and
// images limited to https or the realm's own origin.
import * as assert from 'assert';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { createServerHtmlSanitizer } from '../../src/webviews/page/sanitize';
import { buildServerInfoModel } from '../../src/webviews/serverInfo/model';
import type { ServerInfoModel } from '../../src/webviews/serverInfo/protocol';
import { freshStart, serverUrl, signIn, signOutAll, testAccount, type TestAccount } from './helpers';

describe('server information', () => {
  let api: TeamChatApi;
  let url: string;
  let alice: TestAccount;

  before(async function () {
    this.timeout(30_000);
    url = serverUrl();
    alice = testAccount('alice');
    api = await freshStart();
  });

  after(async () => {
    await signOutAll(api);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows a server before sign-in (no credentials needed)', async function () {
    this.timeout(20_000);
    assert.equal(api.services.sessions.current, undefined);
    const model = await vscode.commands.executeCommand<ServerInfoModel>(Commands.serverInfo, { realmUrl: url });
    assert.ok(model, 'the command returned the model');
    assert.equal(model.featureLevel, 482);
    assert.ok(model.version, 'a version');
    assert.ok(model.realmName, 'a realm name');
    assert.equal(model.incompatible, false);
    assert.equal(model.signedInAs, undefined);
    assert.ok(
      model.authMethods.some((m) => m.name === 'password'),
      JSON.stringify(model.authMethods),
    );
    assert.ok(Array.isArray(model.externalMethods));
    // The demo realm's icon is served by the realm itself (an absolute URL on its origin).
    assert.equal(model.iconUrl, `${url.replace(/\/*$/, '')}/static/images/demo-icon.png`);
  });

  it("shows the active account's server after sign-in", async function () {
    this.timeout(20_000);
    await signIn(api, alice);
    const model = await vscode.commands.executeCommand<ServerInfoModel>(Commands.serverInfo);
    assert.ok(model);
    assert.equal(model.signedInAs, `${alice.fullName} <${alice.email}>`);
    assert.equal(model.featureLevel, 482);
  });

  it('reports an unreachable server without throwing', async function () {
    this.timeout(30_000);
    const model = await vscode.commands.executeCommand<ServerInfoModel | undefined>(Commands.serverInfo, {
      realmUrl: 'http://127.0.0.1:9',
    });
    assert.equal(model, undefined);
  });

  it('sanitises the description (in the page, against the realm) and drops icons from other plain-http origins', () => {
    const model = buildServerInfoModel(
      {
        chat_feature_level: 300,
        realm_name: 'Evil <b>corp</b>',
        realm_icon: 'http://tracker.example/pixel.png',
        realm_description:
          '<p onclick="alert(1)">Hi <script>alert(2)</script><a href="javascript:alert(3)">x</a><img src="/logo.png"></p>',
        external_authentication_methods: [
          {
            name: 'saml:okta',
            display_name: 'Okta',
            display_icon: '/static/okta.png',
            login_url: '/accounts/login/okta',
            signup_url: '/s',
          },
          {
            name: 'github',
            display_name: 'GitHub',
            display_icon: 'http://elsewhere.example/gh.png',
            login_url: 'javascript:alert(1)',
            signup_url: '',
          },
        ],
      },
      'http://chat.local:9991',
    );
    assert.equal(model.iconUrl, undefined);
    // The page sanitises the server's HTML with the realm the model names (jsdom here, the webview's DOM there).
    const sanitizer = createServerHtmlSanitizer(
      new JSDOM('').window as unknown as Parameters<typeof createServerHtmlSanitizer>[0],
      createDOMPurify,
    );
    const description = sanitizer.html(model.descriptionHtml!, model.realmUrl);
    assert.ok(!/script|onclick|javascript/i.test(description), description);
    assert.match(description, /<img src="http:\/\/chat.local:9991\/logo.png"/);
    assert.equal(model.externalMethods[0]!.iconUrl, 'http://chat.local:9991/static/okta.png');
    assert.equal(model.externalMethods[0]!.loginUrl, 'http://chat.local:9991/accounts/login/okta');
    assert.equal(model.externalMethods[1]!.iconUrl, undefined);
    assert.equal(model.externalMethods[1]!.loginUrl, undefined);
    assert.equal(model.realmName, 'Evil <b>corp</b>', 'plain text, shown with textContent');
  });
});
