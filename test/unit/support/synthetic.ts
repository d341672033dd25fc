import type { ChatEvent } from '../../../src/api/events/models';
import { parseEvent } from '../../../src/api/events/parse';
import { RegisterSnapshot } from '../../../src/api/events/register';
import type { User } from '../../../src/api/users/models';
import type { TypingClock } from '../../../src/store/typing';

/**
 * A plain active member as `realm_users` lists one: id `id`, email `u<id>@example.com`, with
 * `extra` over it (a role, a bot, another email...).
 */
export function user(id: number, fullName = `User ${id}`, extra: Record<string, unknown> = {}): User {
  return {
    user_id: id,
    email: `u${id}@example.com`,
    full_name: fullName,
    date_joined: '2024-01-01T00:00:00Z',
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    role: 400,
    ...extra,
  } as User;
}

let nextEventId = 0;
/** Events in the shapes servers send, through the client's own `parseEvent`, with increasing ids. */
export function events(...raw: Record<string, unknown>[]): ChatEvent[] {
  return raw.map((e) => {
    const parsed = parseEvent({ id: nextEventId++, ...e });
    if (!parsed.ok) throw parsed.error;
    return parsed.event;
  });
}

/** A clock whose time moves only by `advance`; timers due by then run in order. */
export function fakeClock(): TypingClock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

/**
 * A `/register` snapshot of user 10 (`u10@example.com`) on a feature level 420 server, with the
 * given sections, through the client's own schema.
 */
export function ownSnapshot(sections: Record<string, unknown>): RegisterSnapshot {
  return RegisterSnapshot.parse({
    queue_id: 'q',
    last_event_id: -1,
    chat_feature_level: 420,
    user_id: 10,
    email: 'u10@example.com',
    ...sections,
  });
}
