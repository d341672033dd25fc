// A channel's own permission groups in a real VS Code (issue 27 item 4). In the demo realm only the
// design team (Alice, Carol, Maya) starts topics in #design, and it may delete any message there.
// Alice leaves the team (a user_group event): Delete is no longer offered on Carol's message and,
// scripted, is refused with the reason (nothing deleted); a new topic in #design is refused with
// the reason before anything is sent. Back in the team, both work again, live. Where the
// organisation lets nobody resolve topics but #design lets its team, the Topics menu offers
// Resolve in #design only, and a scripted Resolve elsewhere is refused with the reason.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { messageModel, modelContextOf } from '../../src/webviews/topicView/model';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import {
  clientFor,
  freshStart,
  GENERAL,
  serverUrl,
  signOutAll,
  testAccount,
  waitFor,
  type TestAccount,
} from './helpers';

const DESIGN = 3;
const DESIGN_TEAM = 30;

const EVERYONE = 11;
const NOBODY = 17;

/** A form request as Adam, an administrator (or `who`); the answer's status and message. */
async function asAdmin(
  method: string,
  path: string,
  params: Record<string, unknown>,
  who = 'adam',
): Promise<{ status: number; msg: string }> {
  const adam: TestAccount = testAccount(who);
  const res = await fetch(`${serverUrl()}/api/v1${path}`, {
    method,
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${adam.email}:${adam.apiKey}`).toString('base64'),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}

/** Adds Alice to the design team or takes her out of it (`POST /user_groups/{id}/members`). */
async function aliceInTeam(inTeam: boolean): Promise<void> {
  const alice = testAccount('alice');
  const res = await asAdmin('POST', `/user_groups/${DESIGN_TEAM}/members`, {
    [inTeam ? 'add' : 'delete']: [alice.userId],
  });
  // Already as wanted (a test before failed half-way) is fine.
  assert.ok(res.status === 200 || /already a member|no member/.test(res.msg), res.msg);
}

describe('per-channel permissions', function () {
  this.timeout(90_000);
  let api: TeamChatApi;
  let carol: ChatClient;
  const errors: string[] = [];
  const topic = `team work ${Date.now()}`;

  before(async function () {
    this.timeout(90_000);
    await aliceInTeam(true);
    // Subscribed to #design whatever ran before (channels.test.ts unsubscribes her).
    assert.equal(
      (await asAdmin('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'design' }] }, 'alice')).status,
      200,
    );
    carol = clientFor(testAccount('carol'));
    api = await freshStart(testAccount('alice'));
    api.onDidReportError((e) => errors.push(e.text));
  });
  after(async () => {
    await aliceInTeam(true);
    await asAdmin('PATCH', '/realm', { can_resolve_topics_group: { new: EVERYONE } });
    await asAdmin('PATCH', `/streams/${DESIGN}`, { can_resolve_topics_group: { new: NOBODY } });
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await carol.close();
  });

  const current = () => api.services.sessions.current!;
  const store = () => current().store;

  it('Delete on a teammate’s message: offered in the team, gone when Alice leaves it, and refused with the reason when scripted', async () => {
    const { id } = await sendMessage(carol, { type: 'stream', to: DESIGN, topic, content: 'delete me if you may' });
    const panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: DESIGN, topic }))!;
    await panel.whenLoaded();
    const offered = () => {
      const m = panel.list!.get(id);
      return m !== undefined && messageModel(m, modelContextOf(current())).canDelete;
    };
    await waitFor('Delete offered to the design team', offered, 15_000);

    await aliceInTeam(false);
    await waitFor('Delete no longer offered (user_group event)', () => !offered(), 15_000);
    const before = errors.length;
    const result = await vscode.commands.executeCommand(Commands.deleteMessage, { messageId: id, confirmed: true });
    assert.equal(result, undefined);
    assert.match(
      await waitFor('the refusal', () => errors[before], 15_000),
      /You cannot delete this message: the organization lets you delete only your own messages/,
    );
    const still = await carol.call('GET /messages/{message_id}', { message_id: id });
    assert.equal(still.message.id, id, 'nothing was deleted');

    await aliceInTeam(true);
    await waitFor('Delete offered again', offered, 15_000);
  });

  it('a new topic in #design: refused with the reason before anything is sent, allowed again once back in the team', async () => {
    const fresh = `${topic} new`;
    const panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, {
      streamId: DESIGN,
      topic: fresh,
    }))!;
    await panel.whenLoaded();
    await aliceInTeam(false);
    await waitFor(
      'the refusal decided by the store',
      () => store().realm.newTopicRefusal(store().subscription(DESIGN)!) !== undefined,
      15_000,
    );
    const entriesBefore = api.services.outbox.entries().length;
    await assert.rejects(panel.send('may I start this?'), /You may not start new topics in #design/);
    assert.equal(api.services.outbox.entries().length, entriesBefore, 'nothing kept in the outbox');
    const topics = await carol.call('GET /users/me/{stream_id}/topics', { stream_id: DESIGN });
    assert.ok(!topics.topics.some((t) => t.name === fresh), 'nothing reached the server');
    // Replying in an existing topic stays allowed.
    assert.ok(
      (
        await (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: DESIGN, topic }))!.send(
          'a reply',
        )
      ).id > 0,
    );

    await aliceInTeam(true);
    await waitFor(
      'allowed again (user_group event)',
      () => store().realm.newTopicRefusal(store().subscription(DESIGN)!) === undefined,
      15_000,
    );
    assert.ok((await panel.send('now I may')).id > 0);
  });

  it('Topics menu: Resolve only where the organisation or the channel lets Alice; scripted elsewhere, refused with the reason and nothing sent', async () => {
    assert.equal((await asAdmin('PATCH', '/realm', { can_resolve_topics_group: { new: NOBODY } })).status, 200);
    assert.equal(
      (await asAdmin('PATCH', `/streams/${DESIGN}`, { can_resolve_topics_group: { new: DESIGN_TEAM } })).status,
      200,
    );
    const realm = () => store().realm;
    await waitFor(
      'the realm and stream update events',
      () => !realm().canResolveTopics() && realm().canResolveTopics(store().subscription(DESIGN)),
      15_000,
    );
    const contexts = () =>
      api.topics.provider.getChildren().map((n) => api.topics.provider.getTreeItem(n).contextValue ?? '');
    await api.topics.showChannel(GENERAL);
    await waitFor(
      '#general listed without Resolve',
      () =>
        contexts().length > 0 &&
        api.topics.model.streamId === GENERAL &&
        contexts().every((c) => !/\.canResolve\b/.test(c)),
      15_000,
    );
    await api.topics.showChannel(DESIGN);
    await waitFor(
      '#design listed with Resolve',
      () => api.topics.model.streamId === DESIGN && contexts().some((c) => /\.canResolve\b/.test(c)),
      15_000,
    );

    // A scripted caller gets the refusal thrown (the command kit's rule for scripted calls).
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand(Commands.topicResolve, { streamId: GENERAL, topic: 'lunch plans' }),
      ),
      /You are not allowed to resolve topics in #general \(the organisation and the channel decide who may\)\./,
    );
    const topics = await carol.call('GET /users/me/{stream_id}/topics', { stream_id: GENERAL });
    assert.ok(
      topics.topics.some((t) => t.name === 'lunch plans') && !topics.topics.some((t) => t.name === '✔ lunch plans'),
      'nothing was resolved',
    );

    // The setting changes back: Resolve is offered in #general again, live.
    await asAdmin('PATCH', '/realm', { can_resolve_topics_group: { new: EVERYONE } });
    await api.topics.showChannel(GENERAL);
    await waitFor(
      '#general with Resolve again',
      () => api.topics.model.streamId === GENERAL && contexts().some((c) => /\.canResolve\b/.test(c)),
      15_000,
    );
  });
});
