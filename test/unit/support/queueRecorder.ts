// What an EventQueue hands over (snapshots, events, statuses, errors), recorded for the suites
// that run one against the local server, with a way to wait for a condition.
import type { ChatEvent, EventOf } from '../../../src/api/events/models';
import type { QueueStatus, QueueStatusDetail } from '../../../src/api/events/queue';
import type { RegisterSnapshot } from '../../../src/api/events/register';

/** Collects what an EventQueue hands over, with a way to wait for a condition. */
export class QueueRecorder {
  snapshots: { snapshot: RegisterSnapshot; resync: boolean }[] = [];
  events: ChatEvent[] = [];
  statuses: { status: QueueStatus; detail?: QueueStatusDetail; at: number }[] = [];
  errors: unknown[] = [];
  #waiters: (() => void)[] = [];

  readonly handlers = {
    onSnapshot: (snapshot: RegisterSnapshot, info: { resync: boolean }) => {
      this.snapshots.push({ snapshot, resync: info.resync });
      this.#wake();
    },
    onEvents: (events: ChatEvent[]) => {
      this.events.push(...events);
      this.#wake();
    },
    onStatus: (status: QueueStatus, detail?: QueueStatusDetail) => {
      this.statuses.push({ status, detail, at: Date.now() });
      this.#wake();
    },
    onError: (error: unknown) => {
      this.errors.push(error);
      this.#wake();
    },
  };

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  /** Resolves once `predicate` holds; fails after `ms`. */
  async until(predicate: () => boolean, what: string, ms = 4000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  messages(): EventOf<'message'>[] {
    return this.events.filter((e): e is EventOf<'message'> => e.type === 'message');
  }

  hasMessage(content: string): boolean {
    return this.messages().some((e) => e.message.content.includes(content));
  }
}
