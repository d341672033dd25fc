// Which reducer follows which event: each event type of the store's state goes to its area's
// reducer (messages, channels, people, the organisation and personal items). The store keeps the
// user's own settings itself (`user_settings`).
import type { ChatEvent } from '../../api/events/models';
import type { ChangeBuilder } from '../change';
import type { StoreState } from '../state';
import { applyStream, applySubscription, applyUserTopic } from './channels';
import {
  applyDeleteMessage,
  applyFlags,
  applyMessage,
  applyReaction,
  applySubmessage,
  applyUpdateMessage,
} from './messages';
import { applyPresence, applyRealmUser, applyUserStatus } from './people';
import * as realmReducers from './realm';

/** Applies one event (other than `user_settings`) to `state`, naming what changed in `change`. */
export function applyEvent(
  state: StoreState,
  event: Exclude<ChatEvent, { type: 'user_settings' }>,
  change: ChangeBuilder,
): void {
  switch (event.type) {
    case 'message':
      return applyMessage(state, event, change);
    case 'update_message':
      return applyUpdateMessage(state, event, change);
    case 'delete_message':
      return applyDeleteMessage(state, event, change);
    case 'reaction':
      return applyReaction(state, event, change);
    case 'update_message_flags':
      return applyFlags(state, event, change);
    case 'submessage':
      return applySubmessage(state, event, change);
    case 'subscription':
      return applySubscription(state, event, change);
    case 'stream':
      return applyStream(state, event, change);
    case 'user_topic':
      return applyUserTopic(state, event, change);
    case 'presence':
      return applyPresence(state, event, change);
    case 'user_status':
      return applyUserStatus(state, event, change);
    case 'realm_user':
      return applyRealmUser(state, event, change);
    case 'realm':
      return realmReducers.applyRealm(state, event, change);
    case 'user_group':
      return realmReducers.applyUserGroup(state, event, change);
    case 'realm_linkifiers':
      return realmReducers.applyLinkifiers(state, event, change);
    case 'realm_emoji':
      return realmReducers.applyRealmEmoji(state, event, change);
    case 'realm_playgrounds':
      return realmReducers.applyRealmPlaygrounds(state, event, change);
    case 'channel_folder':
      return realmReducers.applyChannelFolder(state, event, change);
    case 'custom_profile_fields':
      return realmReducers.applyCustomProfileFields(state, event, change);
    case 'saved_snippets':
      return realmReducers.applySavedSnippets(state, event, change);
    case 'scheduled_messages':
      return realmReducers.applyScheduledMessages(state, event, change);
    case 'reminders':
      return realmReducers.applyReminders(state, event, change);
    case 'drafts':
      return realmReducers.applyDrafts(state, event, change);
    case 'heartbeat':
    case 'unknown':
      return;
  }
}
