// The user index's lookups by email: built on the first lookup from every change so far, in order.
import assert from 'node:assert/strict';
import type { User } from '../../../src/api/users/models';
import { UserIndex } from '../../../src/store/users';
import { user } from '../support/synthetic';

/** A member found by `email` (the support builder, with that email). */
const member = (id: number, email: string, extra: Partial<User> = {}): User => user(id, undefined, { email, ...extra });

describe('user index: lookups by email', () => {
  it('finds users by either email, case-insensitively, after changes made before and after the first lookup', () => {
    const users = new UserIndex();
    users.set(member(1, 'Ann@example.com', { delivery_email: 'ann@private.example' }));
    users.set(member(2, 'bob@example.com'));
    users.patch(2, { email: 'robert@example.com' });
    assert.equal(users.byEmail('ANN@example.com')?.user_id, 1);
    assert.equal(users.byEmail('ann@private.example')?.user_id, 1);
    assert.equal(users.byEmail('bob@example.com'), undefined);
    assert.equal(users.byEmail('robert@example.com')?.user_id, 2);
    // After the first lookup, changes apply at once.
    users.set(member(3, 'carol@example.com'));
    users.patch(1, { email: 'anne@example.com', delivery_email: null });
    assert.equal(users.byEmail('carol@example.com')?.user_id, 3);
    assert.equal(users.byEmail('ann@example.com'), undefined);
    assert.equal(users.byEmail('ann@private.example'), undefined);
    assert.equal(users.byEmail('anne@example.com')?.user_id, 1);
  });

  it('gives a shared email to the user set last, and keeps it when an earlier one is set again elsewhere', () => {
    const users = new UserIndex();
    users.set(member(1, 'shared@example.com'));
    users.set(member(2, 'shared@example.com'));
    users.set(member(1, 'one@example.com'));
    assert.equal(users.byEmail('shared@example.com')?.user_id, 2);
    assert.equal(users.byEmail('one@example.com')?.user_id, 1);
    users.clear();
    assert.equal(users.byEmail('one@example.com'), undefined);
  });
});
