// The user index's records: partial updates (with the legacy role booleans kept consistent),
// deactivation, the count, and the name order of the people lists.
import assert from 'node:assert/strict';
import type { User } from '../../../src/api/users/models';
import { UserIndex } from '../../../src/store/users';
import { user } from '../support/synthetic';

function flags(u: User | undefined): { owner: boolean; admin: boolean; guest: boolean } {
  assert.ok(u);
  return { owner: u.is_owner, admin: u.is_admin, guest: u.is_guest };
}

describe('user index: records', () => {
  it('counts users by id; setting a known id replaces its record', () => {
    const users = new UserIndex();
    assert.equal(users.size, 0);
    users.set(user(1, 'Ann'));
    users.set(user(2, 'Bob'));
    users.set(user(1, 'Anne'));
    assert.equal(users.size, 2);
    assert.equal(users.get(1)?.full_name, 'Anne');
    users.clear();
    assert.equal(users.size, 0);
  });

  it('patches the changed fields of a known user and reports it', () => {
    const users = new UserIndex();
    users.set(user(1, 'Ann', { timezone: 'UTC' }));
    assert.equal(users.patch(1, { full_name: 'Annie', user_id: 99 }), true);
    const ann = users.get(1);
    assert.equal(ann?.full_name, 'Annie');
    assert.equal(ann?.timezone, 'UTC');
    assert.equal(ann?.user_id, 1, 'the id is not patched');
    assert.equal(users.get(99), undefined);
  });

  it('ignores a patch or a deactivation of an unknown user', () => {
    const users = new UserIndex();
    users.set(user(1, 'Ann'));
    assert.equal(users.patch(2, { full_name: 'Ghost' }), false);
    assert.equal(users.deactivate(2), false);
    assert.equal(users.get(2), undefined);
    assert.equal(users.size, 1);
    assert.deepEqual(
      users.all().map((u) => u.user_id),
      [1],
    );
  });

  it('a new role sets the owner, administrator and guest flags to match', () => {
    const users = new UserIndex();
    users.set(user(1, 'Ann', { role: 600, is_guest: true }));
    users.patch(1, { role: 100 });
    assert.deepEqual(flags(users.get(1)), { owner: true, admin: true, guest: false });
    users.patch(1, { role: 200 });
    assert.deepEqual(flags(users.get(1)), { owner: false, admin: true, guest: false });
    users.patch(1, { role: 300 });
    assert.deepEqual(flags(users.get(1)), { owner: false, admin: false, guest: false });
    users.patch(1, { role: 400 });
    assert.deepEqual(flags(users.get(1)), { owner: false, admin: false, guest: false });
    users.patch(1, { role: 600 });
    assert.deepEqual(flags(users.get(1)), { owner: false, admin: false, guest: true });
    assert.equal(users.get(1)?.role, 600);
  });

  it('a patch without a role keeps the flags', () => {
    const users = new UserIndex();
    users.set(user(1, 'Owner', { role: 100, is_owner: true, is_admin: true }));
    users.set(user(2, 'Guest', { role: 600, is_guest: true }));
    users.patch(1, { full_name: 'The owner' });
    users.patch(2, { full_name: 'A guest' });
    assert.deepEqual(flags(users.get(1)), { owner: true, admin: true, guest: false });
    assert.deepEqual(flags(users.get(2)), { owner: false, admin: false, guest: true });
  });

  it('deactivation keeps the record, marked inactive, and leaves the human list', () => {
    const users = new UserIndex();
    users.set(user(1, 'Ann'));
    users.set(user(2, 'Bob'));
    assert.deepEqual(users.humanIds(), [1, 2]);
    assert.equal(users.deactivate(1), true);
    assert.equal(users.get(1)?.is_active, false);
    assert.deepEqual(
      users.all().map((u) => u.user_id),
      [1, 2],
    );
    assert.deepEqual(users.humanIds(), [2]);
  });

  describe('name order', () => {
    it('orders by full name ignoring case, re-sorted after changes', () => {
      const users = new UserIndex();
      users.set(user(1, 'carol'));
      users.set(user(2, 'Bob'));
      users.set(user(3, 'alice'));
      users.set(user(4, 'Dave'));
      assert.deepEqual(
        users.all().map((u) => u.full_name),
        ['alice', 'Bob', 'carol', 'Dave'],
      );
      users.patch(4, { full_name: 'Aaron' });
      assert.deepEqual(
        users.all().map((u) => u.full_name),
        ['Aaron', 'alice', 'Bob', 'carol'],
      );
    });

    it('compares the lower-cased names by code unit (punctuation between upper and lower case letters sorts first)', () => {
      const users = new UserIndex();
      users.set(user(1, 'Anna'));
      users.set(user(2, 'Ann_Lee'));
      users.set(user(3, 'ANN-MARIE'));
      // '-' (0x2D) < '_' (0x5F) < 'a' (0x61): all three before 'anna' once lower-cased.
      assert.deepEqual(
        users.all().map((u) => u.user_id),
        [3, 2, 1],
      );
    });

    it('orders users with the same name by id', () => {
      const users = new UserIndex();
      for (const [id, name] of [
        [5, 'Sam'],
        [9, 'sam'],
        [3, 'SAM'],
        [7, 'sam'],
      ] as const)
        users.set(user(id, name));
      users.set(user(1, 'Zoe'));
      users.set(user(8, 'Abe'));
      assert.deepEqual(
        users.all().map((u) => u.user_id),
        [8, 3, 5, 7, 9, 1],
      );
    });

    it('lists active humans by name, leaving out bots and deactivated users', () => {
      const users = new UserIndex();
      users.set(user(1, 'Zed'));
      users.set(user(2, 'Bot', { is_bot: true }));
      users.set(user(3, 'Gone', { is_active: false }));
      users.set(user(4, 'amy'));
      assert.deepEqual(users.humanIds(), [4, 1]);
    });
  });
});
