import * as z from 'zod';
import { pure } from '../parse';

/** Servers before 7.0 called `url_template` `url_format`. */
function upgradeLinkifier(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const l = raw as Record<string, unknown>;
  if (l.url_template === undefined && typeof l.url_format === 'string') return { ...l, url_template: l.url_format };
  return l;
}

/** A linkifier (docs/API.md, "Linkifier"). Fields newer than the server read as null / empty. */
export const Linkifier = z.preprocess(
  pure(upgradeLinkifier),
  z.looseObject({
    id: z.number().int(),
    /** Regular expression; named groups written `(?P<name>...)`. */
    pattern: z.string(),
    /** RFC 6570 template; named groups inserted as `{name}`. */
    url_template: z.string(),
    example_input: z.string().nullable().default(null),
    reverse_template: z.string().nullable().default(null),
    alternative_url_templates: z.array(z.string()).default([]),
  }),
);
export type Linkifier = z.infer<typeof Linkifier>;
