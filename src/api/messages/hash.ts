import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a message's raw Markdown, hex-encoded, as `prev_content_sha256` wants it. Apart
 * from the operations (./operations.ts, zod schemas): the routes use it, and they load at start-up.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
