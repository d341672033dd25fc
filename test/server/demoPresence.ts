// The demo organisation's people stay as they were drawn: those online when it was built (active
// a few seconds ago, or idle) would otherwise drift to "offline" after Zulip's 140-second
// threshold, minutes into a demo. A timer renews their presence, keeping each one's age, the way
// their own clients' pings would, with the same presence events.
import { ChatServer } from './core';
import { setPresence } from './routes/users';
import { Presence } from './types';

/** The offline threshold the server announces (`server_presence_offline_threshold_seconds`). */
const OFFLINE_AFTER_SECONDS = 140;

/**
 * Every `everySeconds`, renews the presence of the users who were online at the start. A user
 * whose presence something else has set since (a real client signed in as them) is left alone
 * from then on. Returns the function that stops the timer.
 */
export function keepDemoPresence(srv: ChatServer, everySeconds: number): () => void {
  const start = srv.now();
  const kept = new Map<number, { activeAge: number; idleAge: number; last: Presence }>();
  for (const [userId, p] of srv.state.presence) {
    if (start - Math.max(p.activeTs, p.idleTs) < OFFLINE_AFTER_SECONDS)
      kept.set(userId, { activeAge: start - p.activeTs, idleAge: start - p.idleTs, last: p });
  }
  const renew = (): void => {
    const now = srv.now();
    for (const [userId, k] of kept) {
      const user = srv.state.users.get(userId);
      const current = srv.state.presence.get(userId);
      if (!user || !user.isActive || current !== k.last) {
        kept.delete(userId);
        continue;
      }
      k.last = { activeTs: Math.round(now - k.activeAge), idleTs: Math.round(now - k.idleAge) };
      setPresence(srv, user, k.last, k.activeAge < OFFLINE_AFTER_SECONDS ? 'active' : 'idle');
    }
  };
  const timer = setInterval(renew, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
