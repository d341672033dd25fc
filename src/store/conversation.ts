/** A conversation: a channel's topic, or a direct conversation (the other participants' IDs; none: oneself). */
export type ConversationTarget =
  | { readonly kind: 'topic'; readonly streamId: number; readonly topic: string }
  | { readonly kind: 'dm'; readonly userIds: readonly number[] };
