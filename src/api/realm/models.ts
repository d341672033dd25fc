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

/** Servers before feature level 196 had `url_prefix` (the code appended, encoded) instead of `url_template`. */
function upgradePlayground(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const p = raw as Record<string, unknown>;
  if (p.url_template === undefined && typeof p.url_prefix === 'string')
    return { ...p, url_template: `${p.url_prefix}{code}` };
  return p;
}

/** A code playground (`realm_playgrounds`): code blocks of `pygments_language` open in it. */
export const RealmPlayground = z.preprocess(
  pure(upgradePlayground),
  z.looseObject({
    id: z.number().int(),
    name: z.string(),
    /** The Pygments lexer's name, as code blocks carry it in `data-code-language`. */
    pygments_language: z.string(),
    /** RFC 6570 template with the variable `{code}`. */
    url_template: z.string(),
  }),
);
export type RealmPlayground = z.infer<typeof RealmPlayground>;
