// The demo organisation has someone who types sometimes: Bob, in his direct conversation with
// Alice, for a few seconds every so often, with the same `typing` events a real client's
// `POST /typing` start and stop would cause. Nothing is sent; the typing just shows.
import { ChatServer } from './core';
import { sendDirectTyping } from './routes/typing';

/** How long each spell of typing lasts (less than the 15 s a start is shown without a new one). */
const TYPING_SECONDS = 6;

/**
 * Every `everySeconds`, Bob starts typing to Alice and stops `TYPING_SECONDS` later (or at once
 * when `everySeconds` is shorter). Returns the function that stops it.
 */
export function demoTypist(srv: ChatServer, everySeconds: number): () => void {
  const byLocal = (local: string) =>
    [...srv.state.users.values()].find((u) => u.deliveryEmail.startsWith(`${local}@`) && u.isActive);
  let stopTimer: NodeJS.Timeout | undefined;
  const spell = (): void => {
    const [bob, alice] = [byLocal('bob'), byLocal('alice')];
    if (!bob || !alice) return;
    const ids = [alice.id, bob.id];
    sendDirectTyping(srv, bob, ids, 'start');
    clearTimeout(stopTimer);
    stopTimer = setTimeout(
      () => sendDirectTyping(srv, bob, ids, 'stop'),
      Math.min(TYPING_SECONDS, everySeconds / 2) * 1000,
    );
    stopTimer.unref();
  };
  const timer = setInterval(spell, everySeconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(stopTimer);
  };
}
