import * as z from 'zod';
import { pure } from '../parse';
import { lenientEnum } from '../enum';

export const PRESENCE_STATUSES = ['active', 'idle'] as const;
export const PresenceStatus = lenientEnum(PRESENCE_STATUSES);

/** One client's presence report inside a presence entry. */
export const PresenceClientInfo = z.looseObject({
  /** Always `website` on current servers. */
  client: z.string().default('website'),
  status: PresenceStatus,
  timestamp: z.number(),
  /** Present only in the `website` object; always false. */
  pushable: z.boolean().optional(),
});
export type PresenceClientInfo = z.infer<typeof PresenceClientInfo>;

/**
 * Upgrades older presence entry shapes to docs/API.md's `{website, aggregated}`:
 * - before 7.0 (FL.presenceWebsiteAggregated) an entry had one key per client (`ZulipMobile`, …)
 *   besides `aggregated`: the most recent client report stands for `website`;
 * - the modern "slim" shape `{active_timestamp, idle_timestamp}`: active when the last active
 *   report is at least as recent as the last idle one.
 */
export function upgradePresenceEntry(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const entry = raw as Record<string, unknown>;
  if (typeof entry.active_timestamp === 'number' || typeof entry.idle_timestamp === 'number') {
    const active = typeof entry.active_timestamp === 'number' ? entry.active_timestamp : 0;
    const idle = typeof entry.idle_timestamp === 'number' ? entry.idle_timestamp : 0;
    const info = { client: 'website', status: active >= idle ? 'active' : 'idle', timestamp: Math.max(active, idle) };
    return { ...entry, website: { ...info, pushable: false }, aggregated: info };
  }
  if (entry.website !== undefined && entry.aggregated !== undefined) return entry;
  const reports = Object.entries(entry).filter(
    ([key, v]) =>
      key !== 'aggregated' &&
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { timestamp?: unknown }).timestamp === 'number',
  ) as [string, Record<string, unknown>][];
  reports.sort((a, b) => (b[1].timestamp as number) - (a[1].timestamp as number));
  const latest = reports[0]?.[1];
  const website = entry.website ?? (latest ? { ...latest, client: 'website' } : entry.aggregated);
  const aggregated = entry.aggregated ?? website;
  return { ...entry, website, aggregated };
}

/** A user's presence (docs/API.md, "Presence entry"): `website` and `aggregated` hold the same data. */
export const PresenceEntry = z.preprocess(
  pure(upgradePresenceEntry),
  z.looseObject({
    website: PresenceClientInfo,
    aggregated: PresenceClientInfo,
  }),
);
export type PresenceEntry = z.infer<typeof PresenceEntry>;

/** Presence of all users, keyed by API email (or by user id in slim presence). */
export const PresenceMap = z.record(z.string(), PresenceEntry);
export type PresenceMap = z.infer<typeof PresenceMap>;
