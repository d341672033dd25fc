// The conversation cache in a real VS Code (issue 24, item 2): the Inbox's top conversations are
// kept without being opened; a conversation opened once is kept
// (closed too), an edit received meanwhile updates the saved copy; with the server unreachable
// for alice (her register, events and message fetches dropped, as a stopped server does to
// them) and the window reloaded, the conversation opens at once from the cache with the offline
// notice; when the server is back it catches up by itself: the message posted meanwhile appears,
// the one edited meanwhile updates, nothing twice.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { ChatClient } from '../../src/api';
import { sendMessage, updateMessage } from '../../src/api/messages/routes';
import type { TeamChatApi } from '../../src/extension';
import { keyString } from '../../src/webviews/topicView/key';
import type { TopicViewKey } from '../../src/webviews/topicView/protocol';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, testControl, waitFor } from './helpers';

/** Alice's side of a stopped server: what her session asks for is dropped; bob (another client) still posts. */
const ALICE_DOWN = ['POST /register', 'GET /events', 'GET /messages'].map((route) => ({
  kind: 'drop',
  route,
  times: 100_000,
}));

describe('conversation cache: opens with the server down, catches up when it is back', () => {
  let api: TeamChatApi;
  let bob: ChatClient;
  const alice = testAccount('alice');

  /** The cached copy of `key` in alice's messages file: its messages' ids and contents (undefined: none yet, or being replaced). */
  function cached(key: TopicViewKey): { id: number; content: string }[] | undefined {
    const dir = path.join(api.services.context.globalStorageUri.fsPath, 'snapshots');
    const file = fs.existsSync(dir)
      ? fs.readdirSync(dir).find((f) => f.startsWith('messages-') && f.endsWith('.json'))
      : undefined;
    if (!file) return undefined;
    try {
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
      const names = Object.keys((JSON.parse(lines[0]!) as { sections: Record<string, unknown> }).sections);
      const at = names.indexOf(keyString(key));
      if (at < 0) return undefined;
      const body = JSON.parse(lines[at + 1]!) as { messages: { id: number; content: string }[] };
      return body.messages.map((m) => ({ id: m.id, content: m.content }));
    } catch {
      return undefined;
    }
  }

  /** A conversation with a message alice has not read, the newest of her Inbox when she signs in. */
  const unreadTopic = `inbox top ${Date.now().toString(36)}`;
  let unreadId: number;

  before(async function () {
    this.timeout(60_000);
    bob = clientFor(testAccount('bob'));
    unreadId = (
      await sendMessage(bob, {
        type: 'stream',
        to: GENERAL,
        topic: unreadTopic,
        content: 'unread, at the top of the Inbox',
      })
    ).id;
    api = await freshStart(alice);
  });

  after(async () => {
    await testControl('clear-faults');
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bob.close();
  });

  it("keeps the Inbox's top conversations, never opened, a little after the session is live", async function () {
    this.timeout(60_000);
    const key: TopicViewKey = { mode: 'topic', streamId: GENERAL, topic: unreadTopic };
    await waitFor(
      "the Inbox's newest conversation in the cache file",
      () => cached(key)?.some((m) => m.id === unreadId),
      45_000,
    );
    assert.equal(api.topicViews.find(key), undefined, 'it was opened');
  });

  it('a closed conversation is kept and follows an edit; opened with the server down it shows the cache, then catches up', async function () {
    this.timeout(180_000);
    const topic = `cached ${Date.now().toString(36)}`;
    const key: TopicViewKey = { mode: 'topic', streamId: GENERAL, topic };
    const say = async (content: string) => (await sendMessage(bob, { type: 'stream', to: GENERAL, topic, content })).id;
    const sent = [await say('one'), await say('two'), await say('three')];

    const first = api.topicViews.open(key, topic);
    assert.deepEqual(await first.whenLoaded(), sent);
    // Closed as the user closes its tab: VS Code disposes the webview panel first.
    first.panel.dispose();
    await waitFor(
      'the closed conversation in the cache file',
      () =>
        cached(key)
          ?.map((m) => m.id)
          .join() === sent.join(),
      15_000,
    );

    // Edited while only cached: the saved copy follows.
    await updateMessage(bob, { message_id: sent[1]!, content: 'two, edited while cached' });
    await waitFor(
      'the edit in the cache file',
      () => cached(key)?.[1]?.content.includes('two, edited while cached'),
      15_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(cached(key))}`);
    });

    // The server stops answering alice; the window reloads (her session starts again from its files).
    for (const fault of ALICE_DOWN) await testControl('fault', fault);
    const restarted = api.services.sessions.restart();
    // A dropped connection is retried as the first connection of the saved session ('saved', with
    // the error), 'offline' after its time limit; a refused one is 'offline' at once.
    await waitFor(
      'the server not answering',
      () =>
        ['saved', 'offline'].includes(api.services.sessions.state.phase) &&
        api.services.sessions.state.error !== undefined,
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: phase ${api.services.sessions.state.phase}`);
    });
    const panel = api.topicViews.open(key, topic);
    assert.deepEqual(await panel.whenLoaded(), sent, 'the cached messages were not shown');
    const list = panel.list!;
    assert.equal(list.seeded, true, 'not from the cache');
    assert.match(list.get(sent[1]!)!.content, /two, edited while cached/);
    await waitFor(
      'the offline notice',
      () => panel.notice.text === 'Offline — showing saved messages. Team Chat keeps trying.',
      10_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: "${panel.notice.text}"`);
    });

    // Meanwhile: a new message and an edit alice has not seen.
    const during = await say('four, posted while alice was offline');
    await updateMessage(bob, { message_id: sent[2]!, content: 'three, edited while alice was offline' });
    assert.equal(list.get(during), undefined);

    await testControl('clear-faults');
    await waitFor(
      'the conversation caught up',
      () => !list.seeded && list.get(during) && list.get(sent[2]!)!.content.includes('edited while alice was offline'),
      90_000,
    ).catch((e: Error) => {
      throw new Error(
        `${e.message}: phase ${api.services.sessions.state.phase}, seeded ${list.seeded}, ids ${list.ids().join()}`,
      );
    });
    assert.deepEqual(list.ids(), [...sent, during], 'a message missing or twice');
    assert.equal(panel.list, list, 'the view was rebuilt instead of catching up');
    assert.match(list.get(sent[1]!)!.content, /two, edited while cached/);
    await waitFor(
      'no notice once live',
      () => api.services.sessions.state.phase === 'live' && panel.notice.text === '',
      15_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: "${panel.notice.text}"`);
    });
    await restarted;
    panel.dispose();
  });
});
