// Linkifiers inside a real VS Code: the tree lists the realm's linkifiers in order; an
// administrator edits one (PATCH, operation 13; the tree follows the realm_linkifiers event, and
// GET /realm/linkifiers, operation 18, agrees), a bad reverse template is refused before anything
// is sent, reorder, add and delete.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import type { Linkifier } from '../../src/api/realm/models';
import { getLinkifiers } from '../../src/api/realm/routes';
import type { EditLinkifierResult } from '../../src/commands/linkifiers/edit';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { accountsWithRole, clientFor, freshStart, ROLE, signOutAll, waitFor } from './helpers';

const fields = (l: Linkifier) => ({
  pattern: l.pattern,
  url_template: l.url_template,
  example_input: l.example_input,
  reverse_template: l.reverse_template,
  alternative_url_templates: l.alternative_url_templates,
});

describe('linkifiers: the ordered tree and administrator edits', () => {
  let api: TeamChatApi;
  let client: ChatClient;
  let original: Linkifier[];

  const model = () => api.linkifiers.model;
  const shownIds = () =>
    model()
      .nodes()
      .map((n) => n.linkifierId);
  const serverList = async () => (await getLinkifiers(client)).linkifiers;

  before(async function () {
    this.timeout(30_000);
    const [admin] = [...accountsWithRole(ROLE.admin), ...accountsWithRole(ROLE.owner)];
    client = clientFor(admin);
    api = await freshStart(admin);
    original = [...(await serverList())];
  });

  after(async function () {
    this.timeout(20_000);
    // Leave the realm as the other suites expect it: the original linkifiers in the original order.
    const now = await serverList();
    for (const l of now) {
      const before = original.find((o) => o.id === l.id);
      if (!before) await client.call('DELETE /realm/filters/{filter_id}', { filter_id: l.id });
      else if (JSON.stringify(fields(before)) !== JSON.stringify(fields(l))) {
        await client.call('PATCH /realm/filters/{filter_id}', { filter_id: l.id, ...fields(before) });
      }
    }
    await client.call('PATCH /realm/linkifiers', { ordered_linkifier_ids: original.map((l) => l.id) });
    await signOutAll(api);
    await client.close();
  });

  it('lists the demo linkifiers in the realm order, as GET /realm/linkifiers does', async () => {
    assert.ok(original.length >= 2, 'the demo realm has linkifiers');
    assert.deepEqual(
      shownIds(),
      original.map((l) => l.id),
    );
    assert.equal(model().get(original[0].id)?.pattern, original[0].pattern);
    const refreshed = await vscode.commands.executeCommand<readonly Linkifier[]>(Commands.refreshLinkifiers, {});
    assert.deepEqual(
      refreshed.map((l) => l.id),
      original.map((l) => l.id),
    );
    assert.deepEqual(
      shownIds(),
      original.map((l) => l.id),
    );
  });

  it('an administrator edits a linkifier; the tree follows the event', async function () {
    this.timeout(15_000);
    const target = original.find((l) => l.pattern.includes('(?P<id>'))!;
    const edited = {
      pattern: target.pattern,
      url_template: 'https://tracker.example.com/issue/{id}',
      example_input: '#42',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://github.com/example/repo/issues/{id}'],
    };
    const result = await vscode.commands.executeCommand<EditLinkifierResult>(Commands.editLinkifier, {
      linkifierId: target.id,
      ...edited,
    });
    assert.deepEqual(result, { sent: true, problems: [], id: target.id });
    const onServer = (await serverList()).find((l) => l.id === target.id)!;
    assert.deepEqual(fields(onServer), edited);
    // No refresh: the realm_linkifiers event updates the tree.
    const shown = await waitFor('the tree to show the edit', () => {
      const l = model().get(target.id);
      return l?.url_template === edited.url_template && l;
    });
    assert.deepEqual(fields(shown), edited);
  });

  it('refuses a reverse template that does not regenerate the example, sending nothing', async () => {
    const target = original.find((l) => l.pattern.includes('(?P<id>'))!;
    const before = await serverList();
    const result = await vscode.commands.executeCommand<EditLinkifierResult>(Commands.editLinkifier, {
      linkifierId: target.id,
      pattern: target.pattern,
      url_template: 'https://tracker.example.com/issue/{id}',
      example_input: '#42',
      reverse_template: 'issue {id}',
    });
    assert.equal(result.sent, false);
    assert.deepEqual(
      result.problems.map((p) => p.message),
      ['The reverse template produces "issue 42" but the example input is "#42".'],
    );
    assert.deepEqual(await serverList(), before);
    // A URL template variable without a named group is refused too.
    const missing = await vscode.commands.executeCommand<EditLinkifierResult>(Commands.editLinkifier, {
      linkifierId: target.id,
      pattern: target.pattern,
      url_template: 'https://tracker.example.com/{project}/issue/{id}',
    });
    assert.equal(missing.sent, false);
    assert.match(missing.problems[0].message, /uses \{project\}, but the pattern has no group named "project"/);
    assert.deepEqual(await serverList(), before);
  });

  it('moves a linkifier down and up again (PATCH /realm/linkifiers)', async function () {
    this.timeout(15_000);
    const ids = original.map((l) => l.id);
    const swapped = [ids[1], ids[0], ...ids.slice(2)];
    const order = await vscode.commands.executeCommand<number[]>(Commands.moveLinkifierDown, { linkifierId: ids[0] });
    assert.deepEqual(order, swapped);
    assert.deepEqual(
      (await serverList()).map((l) => l.id),
      swapped,
    );
    await waitFor('the tree in the new order', () => JSON.stringify(shownIds()) === JSON.stringify(swapped));
    // The demo realm has exactly two: now last, it cannot move further down (refused without a request).
    assert.equal(ids.length, 2, 'the demo realm’s two linkifiers');
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Commands.moveLinkifierDown, { linkifierId: ids[0] })),
      /already last/,
    );
    const back = await vscode.commands.executeCommand<number[]>(Commands.moveLinkifierUp, { linkifierId: ids[0] });
    assert.deepEqual(back, ids);
    await waitFor('the tree in the original order', () => JSON.stringify(shownIds()) === JSON.stringify(ids));
  });

  it('adds a linkifier and deletes it', async function () {
    this.timeout(15_000);
    const added = await vscode.commands.executeCommand<EditLinkifierResult>(Commands.addLinkifier, {
      pattern: '\\{(?P<key>[A-Z]+-[0-9]+)\\}',
      url_template: 'https://jira.example.com/browse/{key}',
      example_input: '{ABC-12}',
      reverse_template: '{{{key}}}',
    });
    assert.equal(added.sent, true);
    assert.equal(typeof added.id, 'number');
    await waitFor('the new linkifier last in the tree', () => shownIds().at(-1) === added.id);
    assert.ok((await serverList()).some((l) => l.id === added.id && l.reverse_template === '{{{key}}}'));
    assert.equal(
      await vscode.commands.executeCommand(Commands.deleteLinkifier, { linkifierId: added.id, confirm: false }),
      true,
    );
    await waitFor('the tree without it', () => !shownIds().includes(added.id!));
    assert.ok(!(await serverList()).some((l) => l.id === added.id));
  });
});
