// Typing notifications in a real VS Code: compose activity in a conversation view (what the page
// reports, through the panel) makes the local server deliver `typing` events to the other user's
// queue; another user's start shows "… is typing…" in the view, and stop clears it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getEvents, registerQueue } from '../../src/api/events/routes';
import { updateSettings } from '../../src/api/personal/routes';
import { setTypingStatus } from '../../src/api/typing/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, waitFor } from './helpers';

type Json = Record<string, any>;

/** Bob's typing events; `until(probe)` polls until an event matches and returns everything up to it. */
async function typingQueue(client: ChatClient) {
  const reg = await registerQueue(client, {
    event_types: ['typing'],
    fetch_event_types: [],
    client_capabilities: { stream_typing_notifications: true },
  });
  let last = reg.last_event_id;
  const seen: Json[] = [];
  return {
    async until(what: string, probe: (e: Json) => boolean): Promise<Json[]> {
      return waitFor(
        what,
        async () => {
          const { events } = await getEvents(client, { queue_id: reg.queue_id, last_event_id: last, dont_block: true });
          if (events.length) last = (events[events.length - 1] as Json).id;
          seen.push(...(events as Json[]).filter((e) => e.type === 'typing'));
          const at = seen.findIndex(probe);
          return at >= 0 ? seen.splice(0, at + 1) : undefined;
        },
        20_000,
      );
    },
  };
}

describe('typing notifications', () => {
  let api: TeamChatApi;
  let aliceClient: ChatClient;
  let bobClient: ChatClient;
  let carolClient: ChatClient;
  const alice = () => testAccount('alice');
  const bob = () => testAccount('bob');
  const carol = () => testAccount('carol');

  before(async function () {
    this.timeout(30_000);
    aliceClient = clientFor(alice());
    bobClient = clientFor(bob());
    carolClient = clientFor(carol());
    api = await freshStart(alice());
  });

  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await updateSettings(aliceClient, {
      send_private_typing_notifications: true,
      send_stream_typing_notifications: true,
    }).catch(() => undefined);
    await signOutAll(api);
    await Promise.all([aliceClient, bobClient, carolClient].map((c) => c.close()));
  });

  it('a direct conversation: typing reaches Bob; Bob typing shows in the view until he stops', async function () {
    this.timeout(90_000);
    const bobQ = await typingQueue(bobClient);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [bob().userId],
    });
    await panel.whenLoaded();

    panel.typing.input(true);
    const [start] = await bobQ.until('a start from Alice', (e) => e.sender.user_id === alice().userId);
    assert.equal(start!.op, 'start');
    assert.equal(start!.message_type, 'direct');
    assert.deepEqual(
      start!.recipients.map((r: Json) => r.user_id),
      [bob().userId, alice().userId],
    );
    panel.typing.input(false); // the box was emptied
    const stops = await bobQ.until('a stop from Alice', (e) => e.sender.user_id === alice().userId);
    assert.deepEqual(
      stops.map((e) => e.op),
      ['stop'],
    );

    await setTypingStatus(bobClient, { op: 'start', type: 'direct', to: [alice().userId] });
    await waitFor('Bob shown typing', () => panel.typing.shown === 'Bob Brown is typing…', 20_000);
    await setTypingStatus(bobClient, { op: 'stop', type: 'direct', to: [alice().userId] });
    await waitFor('the line cleared', () => panel.typing.shown === '', 20_000);

    // Another conversation's typing (a group with Carol) does not show here.
    await setTypingStatus(bobClient, { op: 'start', type: 'direct', to: [alice().userId, carol().userId] });
    await setTypingStatus(carolClient, { op: 'start', type: 'direct', to: [alice().userId] }); // a marker in Alice's queue
    const carolView = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [carol().userId],
    });
    await waitFor(
      'Carol shown typing in her conversation',
      () => carolView.typing.shown === 'Carol Chen is typing…',
      20_000,
    );
    assert.equal(panel.typing.shown, '');
    await setTypingStatus(carolClient, { op: 'stop', type: 'direct', to: [alice().userId] });
    carolView.dispose();
  });

  it('a topic: typing reaches the channel; two others typing are both named; closing the view stops', async function () {
    this.timeout(90_000);
    const topic = `typing ${Date.now() % 100000}`;
    const bobQ = await typingQueue(bobClient);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic });
    await panel.whenLoaded();

    panel.typing.input(true);
    const [start] = await bobQ.until('a channel start from Alice', (e) => e.sender.user_id === alice().userId);
    assert.deepEqual(
      { op: start!.op, type: start!.message_type, stream: start!.stream_id, topic: start!.topic },
      { op: 'start', type: 'stream', stream: GENERAL, topic },
    );

    await setTypingStatus(bobClient, { op: 'start', type: 'stream', stream_id: GENERAL, topic });
    await setTypingStatus(carolClient, { op: 'start', type: 'stream', stream_id: GENERAL, topic: topic.toUpperCase() });
    await waitFor('both named', () => panel.typing.shown === 'Bob Brown and Carol Chen are typing…', 20_000);
    await setTypingStatus(bobClient, { op: 'stop', type: 'stream', stream_id: GENERAL, topic });
    await waitFor('only Carol left', () => panel.typing.shown === 'Carol Chen is typing…', 20_000);
    await setTypingStatus(carolClient, { op: 'stop', type: 'stream', stream_id: GENERAL, topic });

    panel.dispose();
    const stops = await bobQ.until('a stop from Alice on close', (e) => e.sender.user_id === alice().userId);
    assert.deepEqual(
      stops.filter((e) => e.sender.user_id === alice().userId).map((e) => e.op),
      ['stop'],
      'no other start in between',
    );
  });

  it('send_private_typing_notifications off: nothing is sent', async function () {
    this.timeout(90_000);
    const bobQ = await typingQueue(bobClient);
    const panel = await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, {
      userIds: [bob().userId],
    });
    await panel.whenLoaded();
    await updateSettings(aliceClient, { send_private_typing_notifications: false });
    await waitFor(
      'the setting in the store',
      () => api.services.sessions.current?.store.userSettings.send_private_typing_notifications === false,
      20_000,
    );
    panel.typing.input(true);
    panel.typing.input(false);
    // Carol's start is a marker: what Alice would have sent (at once) has arrived before it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await setTypingStatus(carolClient, { op: 'start', type: 'direct', to: [bob().userId] });
    const seen = await bobQ.until('the marker', (e) => e.sender.user_id === carol().userId);
    assert.deepEqual(
      seen.map((e) => e.sender.user_id),
      [carol().userId],
      'no typing event from Alice',
    );
    await setTypingStatus(carolClient, { op: 'stop', type: 'direct', to: [bob().userId] });
    await updateSettings(aliceClient, { send_private_typing_notifications: true });
    panel.dispose();
  });

  // Issue 30: the two settings set differently, each way, so one cannot silently follow the other.
  for (const off of ['send_stream_typing_notifications', 'send_private_typing_notifications'] as const) {
    it(`${off} off and the other on: only the other kind of conversation announces typing`, async function () {
      this.timeout(120_000);
      const on =
        off === 'send_stream_typing_notifications'
          ? 'send_private_typing_notifications'
          : 'send_stream_typing_notifications';
      const bobQ = await typingQueue(bobClient);
      const topic = `typing settings ${off} ${Date.now() % 100000}`;
      const open = async (kind: 'direct' | 'stream'): Promise<TopicPanel> => {
        const panel =
          kind === 'direct'
            ? await vscode.commands.executeCommand<TopicPanel>(Commands.openDirectMessage, { userIds: [bob().userId] })
            : await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic });
        await panel.whenLoaded();
        return panel;
      };
      try {
        await updateSettings(aliceClient, { [off]: false, [on]: true });
        await waitFor(
          'the settings in the store',
          () => {
            const settings = api.services.sessions.current?.store.userSettings;
            return settings?.[off] === false && settings[on] === true;
          },
          20_000,
        );
        const [quietKind, heardKind] =
          off === 'send_stream_typing_notifications'
            ? (['stream', 'direct'] as const)
            : (['direct', 'stream'] as const);
        // Typing where the setting is off first: had it been sent, it would come before the other.
        const quiet = await open(quietKind);
        quiet.typing.input(true);
        quiet.typing.input(false);
        quiet.dispose();
        const heard = await open(heardKind);
        heard.typing.input(true);
        const fromAlice = await bobQ.until(
          'a start from Alice',
          (e) => e.sender.user_id === alice().userId && e.op === 'start',
        );
        const starts = fromAlice.filter((e) => e.sender.user_id === alice().userId && e.op === 'start');
        assert.deepEqual(
          starts.map((e) => e.message_type),
          [heardKind],
          'only the kind whose setting is on',
        );
        heard.typing.input(false);
        await bobQ.until('a stop from Alice', (e) => e.sender.user_id === alice().userId && e.op === 'stop');
        heard.dispose();
      } finally {
        await updateSettings(aliceClient, {
          send_stream_typing_notifications: true,
          send_private_typing_notifications: true,
        });
      }
    });
  }
});
