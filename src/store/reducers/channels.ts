import type { StreamEvent, SubscriptionEvent, UserTopicEvent } from '../../api/events/models';
import type { ChangeBuilder } from '../change';
import type { StoreState } from '../state';

/** Properties whose change moves unread totals (muted channels do not count). */
const MUTE_PROPERTIES = ['is_muted', 'in_home_view'];
/** Fields that `stream` update events carry beside `value`. */
const STREAM_EXTRAS = ['rendered_description', 'history_public_to_subscribers', 'is_web_public'];

export function applySubscription(state: StoreState, event: SubscriptionEvent, change: ChangeBuilder): void {
  const subs = state.subscriptions;
  switch (event.op) {
    case 'add':
      for (const sub of event.subscriptions) {
        subs.set(sub);
        change.stream('subscriptions', sub.stream_id).stream('unreads', sub.stream_id);
      }
      return;
    case 'remove':
      for (const { stream_id } of event.subscriptions) {
        if (subs.remove(stream_id)) change.stream('subscriptions', stream_id).stream('unreads', stream_id);
      }
      return;
    case 'update':
      if (subs.setProperty(event.stream_id, event.property, event.value)) {
        change.stream('subscriptions', event.stream_id);
        if (MUTE_PROPERTIES.includes(event.property)) change.stream('unreads', event.stream_id);
      }
      return;
    case 'peer_add':
    case 'peer_remove':
      // Subscriber lists are held only when registered with `include_subscribers`.
      for (const streamId of event.stream_ids) {
        const sub = subs.get(streamId);
        if (!sub?.subscribers) continue;
        const set = new Set(sub.subscribers);
        for (const u of event.user_ids) {
          if (event.op === 'peer_add') set.add(u);
          else set.delete(u);
        }
        subs.setProperty(streamId, 'subscribers', [...set]);
        change.stream('subscriptions', streamId);
      }
      return;
  }
}

export function applyStream(state: StoreState, event: StreamEvent, change: ChangeBuilder): void {
  const subs = state.subscriptions;
  switch (event.op) {
    case 'create':
      for (const s of event.streams) subs.setChannel(s);
      return;
    case 'delete':
      for (const id of event.stream_ids) {
        const wasSubscribed = subs.has(id);
        subs.deleteChannel(id);
        state.topics.forget(id);
        if (wasSubscribed) change.stream('subscriptions', id).stream('unreads', id).stream('topics', id);
      }
      return;
    case 'update': {
      const extra: Record<string, unknown> = {};
      const raw = event as Record<string, unknown>;
      for (const key of STREAM_EXTRAS) if (key in raw && key !== event.property) extra[key] = raw[key];
      if (subs.setProperty(event.stream_id, event.property, event.value, extra)) {
        change.stream('subscriptions', event.stream_id);
      }
      return;
    }
  }
}

export function applyUserTopic(state: StoreState, event: UserTopicEvent, change: ChangeBuilder): void {
  if (state.userTopics.set(event.stream_id, event.topic_name, event.visibility_policy)) {
    change.stream('userTopics', event.stream_id).stream('unreads', event.stream_id).stream('topics', event.stream_id);
  }
}
