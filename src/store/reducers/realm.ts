import type {
  CustomProfileFieldsEvent,
  DraftsEvent,
  RealmEvent,
  RealmEmojiEvent,
  RealmPlaygroundsEvent,
  RealmLinkifiersEvent,
  RemindersEvent,
  UserGroupEvent,
  SavedSnippetsEvent,
  ScheduledMessagesEvent,
} from '../../api/events/models';
import type { ChannelFolderEvent } from '../../api/channels/folders';
import type { ChangeBuilder } from '../change';
import { activeRealmEmoji, orderProfileFields } from '../realmCatalogue';
import type { StoreState } from '../state';

export function applyRealm(state: StoreState, event: RealmEvent, change: ChangeBuilder): void {
  if (event.op === 'update') state.realm.update({ [event.property]: event.value });
  else state.realm.update(event.data);
  state.presence.thresholdSeconds = state.realm.offlineThresholdSeconds;
  state.presence.invalidate();
  change.add('realm');
}

/** `user_group` events: membership behind the permission groups (menus follow through the `realm` area). */
export function applyUserGroup(state: StoreState, event: UserGroupEvent, change: ChangeBuilder): void {
  if (state.realm.applyGroupEvent(event)) change.add('realm');
}

export function applyLinkifiers(state: StoreState, event: RealmLinkifiersEvent, change: ChangeBuilder): void {
  state.catalogue.linkifiers = event.realm_linkifiers;
  change.add('linkifiers');
}

export function applyRealmEmoji(state: StoreState, event: RealmEmojiEvent, change: ChangeBuilder): void {
  state.catalogue.realmEmoji = activeRealmEmoji(event.realm_emoji);
  change.add('realmEmoji');
}

export function applyRealmPlaygrounds(state: StoreState, event: RealmPlaygroundsEvent, change: ChangeBuilder): void {
  state.catalogue.playgrounds = event.realm_playgrounds;
  change.add('playgrounds');
}

export function applyCustomProfileFields(
  state: StoreState,
  event: CustomProfileFieldsEvent,
  change: ChangeBuilder,
): void {
  state.catalogue.customProfileFields = orderProfileFields(event.fields);
  change.add('customProfileFields');
}

export function applySavedSnippets(state: StoreState, event: SavedSnippetsEvent, change: ChangeBuilder): void {
  const snippets = state.personal.snippets;
  if (event.op === 'remove') snippets.delete(event.saved_snippet_id);
  else snippets.set(event.saved_snippet.id, event.saved_snippet);
  change.add('savedSnippets');
}

export function applyScheduledMessages(state: StoreState, event: ScheduledMessagesEvent, change: ChangeBuilder): void {
  const scheduled = state.personal.scheduled;
  if (event.op === 'add') for (const m of event.scheduled_messages) scheduled.set(m.scheduled_message_id, m);
  else if (event.op === 'update') scheduled.set(event.scheduled_message.scheduled_message_id, event.scheduled_message);
  else scheduled.delete(event.scheduled_message_id);
  change.add('scheduledMessages');
}

export function applyReminders(state: StoreState, event: RemindersEvent, change: ChangeBuilder): void {
  const reminders = state.personal.reminders;
  if (event.op === 'add') for (const r of event.reminders) reminders.set(r.reminder_id, r);
  else reminders.delete(event.reminder_id);
  change.add('reminders');
}

/** `drafts` events: drafts created, edited or deleted by any of the user's clients. */
export function applyDrafts(state: StoreState, event: DraftsEvent, change: ChangeBuilder): void {
  const drafts = state.personal.drafts;
  if (event.op === 'add') for (const d of event.drafts) drafts.set(d.id, d);
  else if (event.op === 'update') drafts.set(event.draft.id, event.draft);
  else drafts.delete(event.draft_id);
  change.add('drafts');
}

export function applyChannelFolder(state: StoreState, event: ChannelFolderEvent, change: ChangeBuilder): void {
  if (state.catalogue.channelFolders.apply(event)) change.add('channelFolders');
}
