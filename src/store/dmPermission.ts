import type { User } from '../api/users/models';
import * as l10n from '@vscode/l10n';
import type { GroupSetting } from './userGroups';
import type { ChatStore } from './store';

/**
 * Why the own user may not send to the direct conversation with `otherIds`, as the server would
 * refuse it, or undefined when allowed. Follows Zulip's rules: deactivated recipients are refused;
 * conversations with bots only, and bots sending, are always allowed; otherwise the conversation
 * needs a participant in `direct_message_permission_group`, and starting a new conversation needs
 * the sender in `direct_message_initiator_group`. Unknown groups count as allowed (the server decides).
 */
export function directMessageRefusal(store: ChatStore, otherIds: readonly number[]): string | undefined {
  const others = otherIds.map((id) => store.user(id));
  const gone = others.find((u): u is User => u !== undefined && !u.is_active);
  if (gone) return l10n.t('Cannot send to {0}: the user is deactivated.', gone.full_name);
  const own = store.ownUser;
  if (own?.is_bot) return undefined;
  const humans = others.filter((u) => u !== undefined && !u.is_bot) as User[];
  if (otherIds.length > 0 && humans.length === 0) return undefined;
  const realm = store.realm;
  const authorize = realm.settings.direct_message_permission_group as GroupSetting | undefined;
  if (authorize !== undefined) {
    const participants = [...(own ? [own] : []), ...humans];
    const verdicts = participants.map((u) => realm.userInGroup(authorize, u.user_id, u.role));
    if (!verdicts.includes(undefined) && !verdicts.includes(true))
      return l10n.t('This conversation does not include any users who can authorize it.');
  }
  const initiate = realm.settings.direct_message_initiator_group as GroupSetting | undefined;
  const exists = store.directConversations.has(otherIds, store.ownUserId);
  if (initiate !== undefined && !exists && realm.inGroup(initiate) === false) {
    return l10n.t('You do not have permission to initiate direct message conversations.');
  }
  return undefined;
}
