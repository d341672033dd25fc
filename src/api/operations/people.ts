/** Operations on users, statuses, presence, settings, subscriptions, topics and the realm (linkifiers, webhooks). */
export const peopleOperations = {} as const;
