import type { PresenceEvent, RealmUserEvent, UserStatusEvent } from '../../api/events/models';
import type { ChangeBuilder } from '../change';
import { USER_ID_KEY } from '../keys';
import type { StoreState } from '../state';

export function applyPresence(state: StoreState, event: PresenceEvent, change: ChangeBuilder): void {
  const presences = event.presences;
  // Object.keys: user-id keys are array indices, which for-in and Object.entries walk slowly.
  for (const key of Object.keys(presences)) {
    const userId = USER_ID_KEY.test(key) ? Number(key) : state.users.byEmail(key)?.user_id;
    if (userId !== undefined && state.presence.update(userId, presences[key]!)) change.user('presence', userId);
  }
}

/** Only the changed fields are present; the others keep their values. */
export function applyUserStatus(state: StoreState, event: UserStatusEvent, change: ChangeBuilder): void {
  const { id: _id, type: _type, user_id, ...fields } = event;
  state.users.updateStatus(user_id, fields);
  change.user('statuses', user_id);
}

export function applyRealmUser(state: StoreState, event: RealmUserEvent, change: ChangeBuilder): void {
  const users = state.users;
  const userId = event.person.user_id;
  switch (event.op) {
    case 'add':
      users.set(event.person);
      break;
    case 'remove':
      // The user is gone from view (deactivated, or no longer visible to a limited guest);
      // the record stays so old messages still show a name.
      if (!users.deactivate(userId)) return;
      break;
    case 'update': {
      const { user_id: _u, ...fields } = event.person as Record<string, unknown>;
      // The new API email arrives as `new_email`.
      if (typeof fields.new_email === 'string') fields.email = fields.new_email;
      delete fields.new_email;
      if (!users.patch(userId, fields)) return;
      break;
    }
  }
  state.presence.invalidate();
  change.user('users', userId);
  // The own role decides permissions.
  if (userId === state.ownUserId) change.add('realm');
}
