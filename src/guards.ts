/** Type guards shared by the host and the webview protocols (no imports: the pages bundle it too). */

/** A non-null, non-array object: what a message or argument must be before its fields are read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
