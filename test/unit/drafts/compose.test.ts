import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api';
import { createDrafts, deleteDraft, editDraft, getDrafts } from '../../../src/api/drafts/routes';
import { parseEvent } from '../../../src/api/events/parse';
import { getEvents, registerQueue } from '../../../src/api/events/routes';
import { ComposeDrafts, type DraftTarget } from '../../../src/drafts/compose';
import type { DraftMemento } from '../../../src/drafts/store';
import { ChatStore } from '../../../src/store';
import { channelId, MEMBER, withServer } from '../support/server';

class MemoryMemento implements DraftMemento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

describe('compose drafts (kept locally, mirrored to the server)', function () {
  const suite = withServer();
  let alice: ChatClient;
  let phone: ChatClient;
  let eng: number;
  let store: ChatStore;
  let queue: { id: string; last: number };
  let memento: MemoryMemento;
  let drafts: ComposeDrafts;
  let watching: { dispose(): void };
  const errors: unknown[] = [];
  const topic = (t: string): DraftTarget => ({ type: 'stream', streamId: eng, topic: t });

  /** Applies the queue's new events to the store, as the session's event loop does. */
  async function pump(): Promise<void> {
    const { events } = await getEvents(alice, { queue_id: queue.id, last_event_id: queue.last, dont_block: true });
    if (events.length === 0) return;
    queue.last = (events.at(-1) as { id: number }).id;
    store.apply(
      events.flatMap((raw) => {
        const parsed = parseEvent(raw);
        return parsed.ok ? [parsed.event] : [];
      }),
    );
  }
  const serverContents = async () => (await getDrafts(alice)).drafts.map((d) => d.content).sort();

  before(async function () {
    alice = suite.client(MEMBER, 2);
    phone = suite.client(MEMBER, 2);
    eng = await channelId(alice, 'engineering');
  });

  beforeEach(async function () {
    for (const d of (await getDrafts(alice)).drafts) await deleteDraft(alice, { draft_id: d.id });
    const snapshot = await registerQueue(alice, {
      fetch_event_types: ['drafts', 'user_settings', 'realm_user'],
      event_types: ['drafts', 'user_settings'],
    });
    store = new ChatStore();
    store.reset(snapshot);
    queue = { id: snapshot.queue_id, last: snapshot.last_event_id };
    memento = new MemoryMemento();
    errors.length = 0;
    drafts = new ComposeDrafts(memento, () => ({ accountId: 'acct', client: alice, store }), {
      saveDelayMs: 10,
      syncDelayMs: 10,
      onError: (e) => errors.push(e),
    });
    watching = drafts.watch('acct', store);
  });

  afterEach(function () {
    watching.dispose();
    drafts.dispose();
    assert.deepEqual(errors, []);
  });

  it('keeps the text per conversation in the memento, so a new instance (a reload) finds it', async function () {
    drafts.update(topic('Deploys'), 'first');
    drafts.update(topic('deploys'), 'first words');
    drafts.update({ type: 'private', userIds: [] }, 'note to self');
    await drafts.flush();
    // Topics compare case-insensitively: one draft for the conversation.
    assert.deepEqual(
      drafts
        .list('acct')
        .map((d) => d.content)
        .sort(),
      ['first words', 'note to self'],
    );
    const reloaded = new ComposeDrafts(memento, () => undefined);
    assert.equal(reloaded.get('acct', topic('DEPLOYS'))?.content, 'first words');
    assert.equal(reloaded.get('other account', topic('deploys')), undefined);
    reloaded.dispose();
  });

  it('mirrors drafts to the server: created, edited, and deleted when the box is emptied', async function () {
    drafts.update(topic('release'), 'Draft one');
    await drafts.flush();
    assert.deepEqual(await serverContents(), ['Draft one']);
    const serverId = drafts.get('acct', topic('release'))?.serverId;
    assert.equal(typeof serverId, 'number');
    drafts.update(topic('release'), 'Draft one, longer');
    await drafts.flush();
    assert.deepEqual(await serverContents(), ['Draft one, longer']);
    assert.equal(drafts.get('acct', topic('release'))?.serverId, serverId, 'edited, not created again');
    // Our own update event comes back: it changes nothing here.
    await pump();
    assert.equal(drafts.get('acct', topic('release'))?.content, 'Draft one, longer');
    drafts.update(topic('release'), '   ');
    await drafts.flush();
    assert.equal(drafts.get('acct', topic('release')), undefined);
    assert.deepEqual(await serverContents(), []);
  });

  it('a draft deleted here is not offered from the server until its remove event comes (no row coming back, nothing restored)', async function () {
    drafts.update(topic('gone'), 'delete me');
    await drafts.flush();
    await pump();
    const id = drafts.get('acct', topic('gone'))!.serverId!;
    assert.ok(drafts.serverDrafts(store).some((d) => d.id === id));
    drafts.remove('acct', drafts.get('acct', topic('gone'))!.key);
    await drafts.flush();
    assert.deepEqual(await serverContents(), []);
    // Deleted on the server; the store still lists it until the event is applied.
    assert.ok(store.serverDrafts().some((d) => d.id === id));
    assert.ok(!drafts.serverDrafts(store).some((d) => d.id === id));
    assert.equal(drafts.restore(topic('gone')), '', 'the deleted draft restored from the store');
    await pump();
    assert.ok(!store.serverDrafts().some((d) => d.id === id));
    // A server draft deleted from the tree (no local copy): hidden at once.
    const { ids } = await createDrafts(phone, {
      drafts: [{ type: 'stream', to: [eng], topic: 'phone', content: 'from the phone' }],
    });
    await pump();
    const deleting = drafts.deleteServerDraft(ids[0]!);
    assert.ok(!drafts.serverDrafts(store).some((d) => d.id === ids[0]));
    await deleting;
    await pump();
    assert.deepEqual(drafts.serverDrafts(store), []);
  });

  it('follows edits and deletions from another device', async function () {
    drafts.update(topic('plans'), 'typed here');
    await drafts.flush();
    const id = drafts.get('acct', topic('plans'))!.serverId!;
    await pump();
    const later = Math.floor(Date.now() / 1000) + 60;
    await editDraft(phone, {
      draft_id: id,
      draft: { type: 'stream', to: [eng], topic: 'plans', content: 'edited on the phone', timestamp: later },
    });
    await pump();
    assert.equal(drafts.get('acct', topic('plans'))?.content, 'edited on the phone');
    await deleteDraft(phone, { draft_id: id });
    await pump();
    assert.equal(drafts.get('acct', topic('plans')), undefined);
  });

  it('a server draft with no local copy is restored into its conversation and linked', async function () {
    const { ids } = await createDrafts(phone, {
      drafts: [{ type: 'private', to: [store.ownUserId], topic: '', content: 'remember the milk' }],
    });
    await pump();
    assert.equal(drafts.restore({ type: 'private', userIds: [] }), 'remember the milk');
    assert.equal(drafts.get('acct', { type: 'private', userIds: [] })?.serverId, ids[0]);
    assert.equal(drafts.restore(topic('nothing here')), '');
  });

  it('a local draft without its server id (a reload before the id came back) takes over the conversation’s server copy', async function () {
    const { ids } = await createDrafts(phone, {
      drafts: [{ type: 'stream', to: [eng], topic: 'reload', content: 'typed before the reload' }],
    });
    await pump();
    drafts.update(topic('reload'), 'typed before the reload, and more');
    await drafts.flush();
    assert.deepEqual(await serverContents(), ['typed before the reload, and more'], 'edited, not a second draft');
    assert.equal(drafts.get('acct', topic('reload'))?.serverId, ids[0]);
  });

  it('creates the draft again when it was deleted on the server while the user kept typing', async function () {
    drafts.update(topic('race'), 'one');
    await drafts.flush();
    const id = drafts.get('acct', topic('race'))!.serverId!;
    await deleteDraft(phone, { draft_id: id });
    drafts.update(topic('race'), 'one two');
    await drafts.flush();
    assert.deepEqual(await serverContents(), ['one two']);
    assert.notEqual(drafts.get('acct', topic('race'))?.serverId, id);
  });

  it('sends nothing while synchronisation is off; the local draft stays', async function () {
    store.apply([
      { id: 0, type: 'user_settings', op: 'update', property: 'enable_drafts_synchronization', value: false },
    ]);
    drafts.update(topic('offline'), 'only here');
    await drafts.flush();
    assert.deepEqual(await serverContents(), []);
    assert.equal(drafts.get('acct', topic('offline'))?.content, 'only here');
    // Turned on again: the local drafts go to the server.
    store.apply([
      { id: 0, type: 'user_settings', op: 'update', property: 'enable_drafts_synchronization', value: true },
    ]);
    await drafts.flush();
    assert.deepEqual(await serverContents(), ['only here']);
  });
});
