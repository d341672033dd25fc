// A channel's own permission groups in a real VS Code (issue 27 item 4). In the demo realm only the
// design team (Alice, Carol, Maya) starts topics in #design, and it may delete any message there.
// Alice leaves the team (a user_group event): Delete is no longer offered on Carol's message and,
// scripted, is refused with the reason (nothing deleted); a new topic in #design is refused with
// the reason before anything is sent. Back in the team, both work again, live.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { messageModel, modelContextOf } from '../../src/webviews/topicView/model';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, serverUrl, signOutAll, testAccount, waitFor, type TestAccount } from './helpers';

const DESIGN = 3;
const DESIGN_TEAM = 30;

/** Adds Alice to the design team or takes her out of it, as an administrator (`POST /user_groups/{id}/members`). */
async function aliceInTeam(inTeam: boolean): Promise<void> {
  const adam: TestAccount = testAccount('adam');
  const alice = testAccount('alice');
  const res = await fetch(`${serverUrl()}/api/v1/user_groups/${DESIGN_TEAM}/members`, {
    method: 'POST',
    body: new URLSearchParams({ [inTeam ? 'add' : 'delete']: JSON.stringify([alice.userId]) }),
    headers: { Authorization: 'Basic ' + Buffer.from(`${adam.email}:${adam.apiKey}`).toString('base64'), 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const body = (await res.json()) as { result: string; msg: string };
  // Already as wanted (a test before failed half-way) is fine.
  assert.ok(res.status === 200 || /already a member|no member/.test(body.msg), body.msg);
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
    carol = clientFor(testAccount('carol'));
    api = await freshStart(testAccount('alice'));
    api.onDidReportError((e) => errors.push(e.text));
  });
  after(async () => {
    await aliceInTeam(true);
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
    assert.match(await waitFor('the refusal', () => errors[before], 15_000), /You cannot delete this message: the organization lets you delete only your own messages/);
    const still = await carol.call('GET /messages/{message_id}', { message_id: id });
    assert.equal(still.message.id, id, 'nothing was deleted');

    await aliceInTeam(true);
    await waitFor('Delete offered again', offered, 15_000);
  });

  it('a new topic in #design: refused with the reason before anything is sent, allowed again once back in the team', async () => {
    const fresh = `${topic} new`;
    const panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: DESIGN, topic: fresh }))!;
    await panel.whenLoaded();
    await aliceInTeam(false);
    await waitFor('the refusal decided by the store', () => store().realm.newTopicRefusal(store().subscription(DESIGN)!) !== undefined, 15_000);
    const entriesBefore = api.services.outbox.entries().length;
    await assert.rejects(panel.send('may I start this?'), /You may not start new topics in #design/);
    assert.equal(api.services.outbox.entries().length, entriesBefore, 'nothing kept in the outbox');
    const topics = await carol.call('GET /users/me/{stream_id}/topics', { stream_id: DESIGN });
    assert.ok(!topics.topics.some((t) => t.name === fresh), 'nothing reached the server');
    // Replying in an existing topic stays allowed.
    assert.ok((await (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: DESIGN, topic }))!.send('a reply')).id > 0);

    await aliceInTeam(true);
    await waitFor('allowed again (user_group event)', () => store().realm.newTopicRefusal(store().subscription(DESIGN)!) === undefined, 15_000);
    assert.ok((await panel.send('now I may')).id > 0);
  });
});
