// Personal settings inside a real VS Code: the editor opens with every setting of docs/API.md
// operation 2, grouped, with the store's values; changed values round-trip through PATCH /settings
// and come back as user_settings events; refused values are reported per field and nothing is sent;
// `ignored_parameters_unsupported` of an older server is surfaced; administrators apply settings
// to other users (target_users), which an older server cannot do.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { SETTINGS_DESCRIPTION } from '../../src/api/personal/settings';
import { registerQueue } from '../../src/api/events/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
// A type only: the extension runs from its bundle, so the class's statics here are another copy.
import type { SettingsPanel } from '../../src/webviews/settings/panel';
import {
  accountWithRole,
  clientFor,
  freshStart,
  ROLE,
  signIn,
  signOutAll,
  startExtraServer,
  testAccount,
  waitFor,
  type TestAccount,
} from './helpers';

describe('personal settings editor', () => {
  let api: TeamChatApi;
  let admin: TestAccount;
  let member: TestAccount;
  let memberClient: ChatClient;
  const restore: Record<string, unknown> = {};
  let panel: SettingsPanel;

  const store = () => api.services.sessions.current!.store;

  async function memberSettings(): Promise<Record<string, unknown>> {
    const snapshot = await registerQueue(memberClient, {
      fetch_event_types: ['user_settings'],
      event_types: ['heartbeat'],
    });
    // Without the user_settings_object capability the settings come as top-level keys.
    return (snapshot.user_settings ?? snapshot) as Record<string, unknown>;
  }

  before(async function () {
    this.timeout(30_000);
    admin = accountWithRole(ROLE.admin);
    member = testAccount('carol');
    memberClient = clientFor(member);
    api = await freshStart();
  });

  after(async function () {
    this.timeout(20_000);
    // Put the shared server's settings back for the other suites.
    if (api.services.sessions.current?.account.email === admin.email && Object.keys(restore).length) {
      await panel.save({ changes: restore as Record<string, number | boolean> });
    }
    panel?.dispose();
    await signOutAll(api);
    await memberClient.close();
  });

  it('opens with every setting, grouped, with the current values from the store', async function () {
    this.timeout(20_000);
    await signIn(api, admin);
    panel = await vscode.commands.executeCommand<SettingsPanel>(Commands.openSettings);
    assert.ok(panel && typeof panel.save === 'function');
    const model = await waitFor('the model', () => panel.model);
    const fields = model.groups.flatMap((g) => g.fields);
    assert.deepEqual(fields.map((f) => f.name).sort(), SETTINGS_DESCRIPTION.map((d) => d.name).sort());
    assert.deepEqual(
      model.groups.map((g) => g.title),
      ['Account', 'Preferences', 'Appearance', 'Navigation', 'Sidebar', 'Notifications'],
    );
    const color = fields.find((f) => f.name === 'color_scheme')!;
    assert.equal(color.kind, 'choice');
    assert.deepEqual(
      color.choices!.map((c) => c.value),
      [1, 2, 3],
    );
    assert.equal(color.value, store().userSettings.color_scheme);
    assert.equal(fields.find((f) => f.name === 'full_name')!.value, admin.fullName);
    assert.equal(fields.find((f) => f.name === 'twenty_four_hour_time')!.kind, 'boolean');
    assert.equal(fields.find((f) => f.name === 'new_password')!.kind, 'password');
    assert.equal(model.target.visible, true, 'an administrator sees "Apply to other users"');
    assert.equal(model.target.disabledReason, undefined);
    assert.ok(model.target.users.some((u) => u.id === member.userId));
  });

  it('saves two changed settings; the store follows through user_settings events', async function () {
    this.timeout(20_000);
    const before = store().userSettings;
    const color = before.color_scheme === 2 ? 3 : 2;
    const twentyFour = before.twenty_four_hour_time !== true;
    restore.color_scheme = before.color_scheme;
    restore.twenty_four_hour_time = before.twenty_four_hour_time;
    const result = await panel.save({ changes: { color_scheme: color, twenty_four_hour_time: twentyFour } });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual([...result.saved].sort(), ['color_scheme', 'twenty_four_hour_time']);
    assert.deepEqual(result.ignored, []);
    await waitFor(
      'the user_settings events',
      () => store().userSettings.color_scheme === color && store().userSettings.twenty_four_hour_time === twentyFour,
    );
    const fields = panel.model!.groups.flatMap((g) => g.fields);
    assert.equal(fields.find((f) => f.name === 'color_scheme')!.value, color);
  });

  it('refuses invalid values with a message per field and sends nothing', async function () {
    this.timeout(20_000);
    const beforeView = store().userSettings.web_channel_default_view;
    const beforeSize = store().userSettings.web_font_size_px;
    const result = await panel.save({
      changes: { web_channel_default_view: 3, web_font_size_px: 'big', twenty_four_hour_time: true },
    });
    assert.equal(result.ok, false);
    assert.match(result.fieldErrors.web_channel_default_view!, /must be one of 1 .*2 .*4/);
    assert.match(result.fieldErrors.web_font_size_px!, /font size must be a number/i);
    assert.equal(result.fieldErrors.twenty_four_hour_time, undefined);
    assert.deepEqual(result.saved, []);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(store().userSettings.web_channel_default_view, beforeView);
    assert.equal(store().userSettings.web_font_size_px, beforeSize);

    const password = await panel.save({ changes: { new_password: 'correct horse' } });
    assert.equal(password.ok, false);
    assert.match(password.fieldErrors.old_password!, /current password/);

    const server = await panel.save({ changes: { web_font_size_px: 99 } });
    assert.equal(server.ok, false);
    assert.match(server.fieldErrors.web_font_size_px ?? server.error ?? '', /refused/);
  });

  it('applies settings to other users as an administrator (target_users)', async function () {
    this.timeout(20_000);
    const before = await memberSettings();
    const style = before.user_list_style === 3 ? 1 : 3;
    const ownBefore = store().userSettings.user_list_style;
    const empty = await panel.save({
      changes: { user_list_style: style },
      target: { userIds: [], groupIds: '', skipIfAlreadyEdited: false },
    });
    assert.match(empty.fieldErrors.target_users!, /Choose the users or groups/);
    const badGroup = await panel.save({
      changes: { user_list_style: style },
      target: { userIds: [], groupIds: '12, x', skipIfAlreadyEdited: false },
    });
    assert.match(badGroup.fieldErrors.target_users!, /"x" is not a group id/);
    const account = await panel.save({
      changes: { full_name: 'Someone' },
      target: { userIds: [member.userId], groupIds: '', skipIfAlreadyEdited: false },
    });
    assert.match(account.fieldErrors.full_name!, /cannot be changed for other users/);

    const result = await panel.save({
      changes: { user_list_style: style },
      target: { userIds: [member.userId], groupIds: '', skipIfAlreadyEdited: false },
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal((await memberSettings()).user_list_style, style);
    assert.equal(store().userSettings.user_list_style, ownBefore, "the administrator's own setting is unchanged");
    // Put carol's back (she never edited it herself, so skip_if_already_edited does not skip her).
    const back = await panel.save({
      changes: { user_list_style: before.user_list_style as number },
      target: { userIds: [member.userId], groupIds: '', skipIfAlreadyEdited: true },
    });
    assert.equal(back.ok, true, JSON.stringify(back));
    assert.equal((await memberSettings()).user_list_style, before.user_list_style);
  });

  it('on an older server: ignored parameters are surfaced, and target_users is disabled', async function () {
    this.timeout(40_000);
    // A second, older server inside the extension host, from before `hide_ai_features` (350) and
    // `target_users` (444): it lists the setting as ignored.
    const old = await startExtraServer({ featureLevel: 340 });
    try {
      const oldAdmin = old.accounts.find((a) => a.role === 200)!;
      await signIn(api, oldAdmin, old.url);
      panel = await vscode.commands.executeCommand<SettingsPanel>(Commands.openSettings);
      const model = await waitFor(
        'the model of the older server',
        () => panel.model?.featureLevel === 340 && panel.model,
      );
      assert.equal(model.target.visible, true);
      assert.match(model.target.disabledReason!, /feature level 340.*444/);
      const refused = await panel.save({
        changes: { user_list_style: 2 },
        target: { userIds: [oldAdmin.userId + 1], groupIds: '', skipIfAlreadyEdited: false },
      });
      assert.equal(refused.ok, false);
      assert.match(refused.fieldErrors.target_users ?? '', /cannot change other users' settings/);

      const twentyFour = store().userSettings.twenty_four_hour_time !== true;
      const result = await panel.save({ changes: { hide_ai_features: true, twenty_four_hour_time: twentyFour } });
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.deepEqual(result.ignored, ['hide_ai_features']);
      assert.deepEqual(result.saved, ['twenty_four_hour_time']);
      await waitFor('the saved setting', () => store().userSettings.twenty_four_hour_time === twentyFour);
    } finally {
      for (const a of api.services.accounts.list()) {
        if (a.realmUrl === old.url) await vscode.commands.executeCommand(Commands.signOut, a.id);
      }
      await old.stop();
      await signIn(api, admin);
      panel = await vscode.commands.executeCommand<SettingsPanel>(Commands.openSettings);
    }
  });
});
