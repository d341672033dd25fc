// Draft store and conflict resolution: pure logic, no VS Code. (Delivery times: test/unit/time/when.test.ts.)
import assert from 'node:assert/strict';
import {
  type Draft,
  draftKey,
  DraftStore,
  hasConflictMarkers,
  mergeTemplate,
  resolveConflict,
} from '../../../src/drafts/store';

/** A Memento over a Map; values are copied through JSON like VS Code's storage. */
class MapMemento {
  readonly data = new Map<string, string>();
  get<T>(key: string): T | undefined {
    const v = this.data.get(key);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, JSON.stringify(value));
  }
}

const ACCOUNT = 'http://127.0.0.1:9#4';

describe('drafts: store', () => {
  it('opens a draft from the server text and keeps the user text across a "reload"', async () => {
    const memento = new MapMemento();
    const store = new DraftStore(memento);
    const d = await store.open({ kind: 'edit', accountId: ACCOUNT, targetId: 42, base: 'old', label: '#eng > x' });
    assert.equal(d.key, draftKey('edit', ACCOUNT, 42));
    assert.equal(d.text, 'old');
    await store.setText(d.key, 'mine');
    // A new store over the same memento is what a reloaded window sees.
    const reloaded = new DraftStore(memento);
    assert.equal(reloaded.get(d.key)?.text, 'mine');
    assert.equal(reloaded.get(d.key)?.base, 'old');
    assert.deepEqual(
      reloaded.forAccount(ACCOUNT).map((x) => x.targetId),
      [42],
    );
  });

  it('open() never overwrites an existing draft', async () => {
    const store = new DraftStore(new MapMemento());
    const d = await store.open({ kind: 'edit', accountId: ACCOUNT, targetId: 1, base: 'a', label: '' });
    await store.setText(d.key, 'typed');
    const again = await store.open({
      kind: 'edit',
      accountId: ACCOUNT,
      targetId: 1,
      base: 'newer server text',
      label: '',
    });
    assert.equal(again.text, 'typed');
    assert.equal(again.base, 'a');
  });

  it('serialises concurrent writes and notifies listeners', async () => {
    const store = new DraftStore(new MapMemento());
    const seen: string[] = [];
    store.onDidChange((k) => seen.push(k));
    await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        store.open({
          kind: id % 2 ? 'edit' : 'scheduled',
          accountId: ACCOUNT,
          targetId: id,
          base: `b${id}`,
          label: '',
        }),
      ),
    );
    assert.equal(store.all().length, 5);
    assert.equal(seen.length, 5);
    await store.remove(draftKey('edit', ACCOUNT, 1));
    assert.equal(store.all().length, 4);
    assert.equal(store.get(draftKey('edit', ACCOUNT, 1)), undefined);
  });
});

describe('drafts: conflicts', () => {
  const draft: Draft = {
    key: 'k',
    kind: 'edit',
    accountId: ACCOUNT,
    targetId: 7,
    base: 'v1',
    text: 'mine',
    label: '',
    updatedAt: 0,
  };

  it('keep mine rebases on theirs and keeps my text', () => {
    const next = resolveConflict({ ...draft, theirs: 'v2' }, 'v2', 'keepMine')!;
    assert.equal(next.base, 'v2');
    assert.equal(next.text, 'mine');
    assert.equal(next.theirs, undefined);
  });

  it('take theirs drops the draft', () => {
    assert.equal(resolveConflict(draft, 'v2', 'takeTheirs'), undefined);
  });

  it('merge by hand rebases and leaves both texts between markers', () => {
    const next = resolveConflict(draft, 'v2', 'mergeByHand')!;
    assert.equal(next.base, 'v2');
    assert.ok(next.text.includes('v2') && next.text.includes('mine'));
    assert.ok(hasConflictMarkers(next.text));
    assert.ok(!hasConflictMarkers('v2 and mine, merged'));
    assert.equal(mergeTemplate('same', 'same'), 'same');
  });
});
