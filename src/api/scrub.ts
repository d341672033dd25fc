/**
 * Credentials never leave the transport inside an error: a server or proxy may echo the
 * `Authorization` header back (in a 400 `msg`, a 500 HTML page, a network error's text). Every
 * error the client throws passes through `scrubError` with the account's secrets.
 */

const REDACTED = '[redacted]';

/** Shorter keys are test placeholders; redacting them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 6;

/**
 * The forms in which `apiKey` can appear: the key itself, the Basic credential `email:key`, its
 * base64 form (the header value, with or without its `=` padding), and the percent-encoded forms
 * of each (upper- or lower-case hex). Longest first, so a
 * longer form is replaced before a shorter one inside it.
 */
export function credentialSecrets(email: string, apiKey: string): string[] {
  if (apiKey.length < MIN_SECRET_LENGTH) return [];
  const basic = `${email}:${apiKey}`;
  const base64 = Buffer.from(basic, 'utf8').toString('base64');
  const plain = [apiKey, basic, base64, base64.replace(/=+$/, '')];
  // Percent-encoded as a URL or a log would (`+` → %2B, `/` → %2F, `=` → %3D), in either case of hex.
  const encoded = plain.map(encodeURIComponent);
  const lower = encoded.map((e) => e.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
  return [...new Set([...plain, ...encoded, ...lower])].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `[redacted]`. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/**
 * Removes `secrets` from everything `error` carries, in place, and returns it: the message and
 * stack, string fields (`msg`, `bodyExcerpt`, …), the fields of `data`, and the chain of causes.
 */
export function scrubError<T>(error: T, secrets: readonly string[]): T {
  if (secrets.length) scrubValue(error, secrets, new Set(), 0);
  return error;
}

function scrubValue(value: unknown, secrets: readonly string[], seen: Set<object>, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (typeof value !== 'object' || value === null || seen.has(value) || depth > 6) return value;
  seen.add(value);
  const record = value as Record<string, unknown>;
  const keys = new Set(Object.getOwnPropertyNames(value));
  // Error's message, stack and cause are own properties; listed again in case a subclass hides them.
  if (value instanceof Error) for (const k of ['message', 'stack', 'cause']) keys.add(k);
  for (const key of keys) {
    const before = record[key];
    const after = scrubValue(before, secrets, seen, depth + 1);
    if (after !== before) {
      try {
        record[key] = after;
      } catch {
        try {
          Object.defineProperty(value, key, { value: after, configurable: true, writable: true });
        } catch {
          // A frozen object: nothing more can be done in place.
        }
      }
    }
  }
  return value;
}
