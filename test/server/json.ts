import { randomBytes } from 'node:crypto';

/**
 * Marks placeholders: a string value of a response (a message, a topic...) can only be mistaken
 * for one by guessing this process's token.
 */
const TOKEN = randomBytes(8).toString('hex');

/** Pre-serialised JSON spliced into a response as-is (large cached sections of responses). */
export class RawJson {
  constructor(readonly text: string) {}

  /** A placeholder that `stringify` replaces by the text (cheaper than a replacer function). */
  toJSON(): string {
    return `\u0000raw${TOKEN}:${rawTexts.push(this.text) - 1}\u0000`;
  }
}

/** Texts of the `RawJson` values met by the `stringify` in progress (JSON.stringify is synchronous). */
let rawTexts: string[] = [];

const PLACEHOLDER = new RegExp(`"\\\\u0000raw${TOKEN}:(\\d+)\\\\u0000"`, 'g');

/** JSON text of a response body, with `RawJson` values spliced in. */
export function stringify(body: unknown): string {
  rawTexts = [];
  const text = JSON.stringify(body);
  const raws = rawTexts;
  rawTexts = [];
  if (!raws.length) return text;
  return text.replace(PLACEHOLDER, (_, i: string) => raws[Number(i)]!);
}

/**
 * Serialised sections of responses, one server's. The key must name every input of the section,
 * mutable ones by the state's version counters (bumped on every change), so that a changed input
 * makes a new key and the stale entry is never read again.
 */
export class JsonCache {
  private readonly entries = new Map<string, RawJson>();

  get(key: string, build: () => unknown): RawJson {
    let hit = this.entries.get(key);
    if (!hit) {
      if (this.entries.size >= 256) this.entries.clear();
      hit = new RawJson(stringify(build()));
      this.entries.set(key, hit);
    }
    return hit;
  }
}
