import { topicKey } from './keys';

/** Topic visibility policy codes: 0 none, 1 muted, 2 unmuted, 3 followed. */
export const POLICY = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;

/** The own user's per-topic visibility policies. */
export class UserTopicIndex {
  readonly #byStream = new Map<number, Map<string, { name: string; policy: number }>>();

  clear(): void {
    this.#byStream.clear();
  }

  /** Returns true when the policy changed. Policy 0 removes the entry. */
  set(streamId: number, topic: string, policy: number): boolean {
    const key = topicKey(topic);
    let m = this.#byStream.get(streamId);
    const old = m?.get(key)?.policy ?? POLICY.none;
    if (policy === POLICY.none) {
      m?.delete(key);
      if (m?.size === 0) this.#byStream.delete(streamId);
    } else {
      if (!m) this.#byStream.set(streamId, (m = new Map()));
      m.set(key, { name: topic, policy });
    }
    return old !== policy;
  }

  /** Whether any topic of the channel has a non-default policy. */
  hasAny(streamId: number): boolean {
    return this.#byStream.has(streamId);
  }

  policy(streamId: number, topic: string): number {
    return this.#byStream.get(streamId)?.get(topicKey(topic))?.policy ?? POLICY.none;
  }

  /** A channel's non-default policies: `[topic, policy]`. */
  *of(streamId: number): Iterable<[topic: string, policy: number]> {
    for (const { name, policy } of this.#byStream.get(streamId)?.values() ?? []) yield [name, policy];
  }
}

/**
 * Whether unreads of a topic count towards totals, as the server's "unmuted" counts do: in a
 * muted channel only unmuted and followed topics count; elsewhere every topic but muted ones.
 */
export function topicCounts(channelMuted: boolean, policy: number): boolean {
  return channelMuted ? policy === POLICY.unmuted || policy === POLICY.followed : policy !== POLICY.muted;
}
