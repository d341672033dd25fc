/**
 * Jittered, capped exponential backoff ("full jitter"): each wait is uniform in
 * [0, min(cap, base * 2^attempt)], so many clients that lost the same server do not return
 * together. Used by the transport's retries and by the event queue.
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs = 100,
    private readonly capMs = 10_000,
    private readonly random: () => number = Math.random,
  ) {}

  /** The next wait in milliseconds; each call doubles the bound until the cap. */
  next(): number {
    const bound = Math.min(this.capMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return Math.round(this.random() * bound);
  }

  reset(): void {
    this.attempt = 0;
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
