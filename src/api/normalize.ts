/** Helpers for `normalize` hooks: upgrading bodies from older servers or the other name flavour. */

/** A shallow copy with keys renamed (`from` → `to`) where `to` is not already present. */
export function renameKeys(body: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const [from, to] of Object.entries(names)) {
    if (from in out) {
      if (!(to in out)) out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}
