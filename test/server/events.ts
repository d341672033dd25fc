import { randomUUID } from 'node:crypto';

export type ServerEvent = { type: string; [k: string]: unknown };

export interface QueueOptions {
  userId: number;
  eventTypes: Set<string> | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  capabilities: Record<string, boolean>;
}

interface Waiter {
  resolve: (events: ServerEvent[]) => void;
  timer: NodeJS.Timeout;
}

export class EventQueue {
  readonly id = randomUUID().replace(/-/g, '').slice(0, 20) + ':' + Math.floor(Math.random() * 1000);
  events: (ServerEvent & { id: number })[] = [];
  lastEventId = -1;
  lastTouched: number;
  waiter: Waiter | null = null;

  constructor(
    readonly opts: QueueOptions,
    now: number,
  ) {
    this.lastTouched = now;
  }

  wants(type: string): boolean {
    return this.opts.eventTypes === null || this.opts.eventTypes.has(type);
  }

  push(event: ServerEvent): void {
    this.events.push({ ...event, id: ++this.lastEventId });
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      clearTimeout(w.timer);
      // Let events produced by the same request gather before answering.
      setImmediate(() => w.resolve(this.pending(-1)));
    }
  }

  /** The last acknowledged events (for the `replayEvents` fault). */
  acked: (ServerEvent & { id: number })[] = [];

  /** Drop acknowledged events; return the rest. */
  ack(lastEventId: number): void {
    const done = this.events.filter((e) => e.id <= lastEventId);
    if (done.length) this.acked = [...this.acked, ...done].slice(-50);
    this.events = this.events.filter((e) => e.id > lastEventId);
  }

  pending(after: number): ServerEvent[] {
    return this.events.filter((e) => e.id > after);
  }
}

/** All event queues; routes call `send` for every state change. */
export class Queues {
  readonly byId = new Map<string, EventQueue>();

  constructor(private readonly clock: () => number) {}

  create(opts: QueueOptions): EventQueue {
    const q = new EventQueue(opts, this.clock());
    this.byId.set(q.id, q);
    return q;
  }

  /**
   * Deliver an event to every queue of the given users that subscribed to its type.
   * `make` may tailor the event per queue (flags, markdown, capabilities) or return null to skip.
   */
  send(userIds: Iterable<number>, type: string, make: ServerEvent | ((q: EventQueue) => ServerEvent | null)): void {
    const wanted = new Set(userIds);
    for (const q of this.byId.values()) {
      if (!wanted.has(q.opts.userId) || !q.wants(type)) continue;
      const e = typeof make === 'function' ? make(q) : make;
      if (e) q.push(e);
    }
  }

  delete(id: string): void {
    const q = this.byId.get(id);
    if (q?.waiter) {
      clearTimeout(q.waiter.timer);
      q.waiter.resolve([]);
    }
    this.byId.delete(id);
  }

  expireAll(): void {
    for (const id of [...this.byId.keys()]) this.delete(id);
  }

  /** Collect queues idle (no poll pending, not touched) for longer than `idleSeconds`. */
  gc(idleSeconds: number): void {
    const now = this.clock();
    for (const q of [...this.byId.values()]) {
      if (!q.waiter && now - q.lastTouched > idleSeconds) this.delete(q.id);
    }
  }
}
