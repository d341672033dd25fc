import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { type CallContext, defineOperation, envelope } from '../operation';
import { idOf, requiredText, textOf } from '../params';
import { Linkifier } from './models';

const linkifierId = idOf(() => l10n.t('The linkifier id'));

const linkifierShape = {
  pattern: requiredText(
    () => l10n.t('The pattern'),
    () => l10n.t('The pattern cannot be empty.'),
  ),
  url_template: requiredText(
    () => l10n.t('The URL template'),
    () => l10n.t('The URL template cannot be empty.'),
  ),
  /** Null or "" resets it. */
  example_input: z
    .string({ error: () => l10n.t('The example input must be text or null.') })
    .nullable()
    .optional(),
  /** Null or "" resets it. */
  reverse_template: z
    .string({ error: () => l10n.t('The reverse template must be text or null.') })
    .nullable()
    .optional(),
  alternative_url_templates: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: () => l10n.t('An alternative URL template cannot be empty.') }),
      {
        error: () => l10n.t('Alternative URL templates must be a list of strings.'),
      },
    )
    .optional(),
};

interface LinkifierInput {
  example_input?: string | null;
  reverse_template?: string | null;
}

function checkLinkifier(p: LinkifierInput, ctx: CallContext): void {
  const reverse = !!p.example_input || !!p.reverse_template;
  if (reverse && ctx.server.featureLevel < FL.linkifierReverse) {
    throw new ValidationError(
      l10n.t(
        'This server (feature level {0}) does not support reverse linkifiers (example input and reverse template).',
        ctx.server.featureLevel,
      ),
      ctx.route,
      p.example_input ? 'example_input' : 'reverse_template',
    );
  }
  if (p.reverse_template && !p.example_input) {
    throw new ValidationError(
      l10n.t('A reverse template needs an example input that the pattern matches.'),
      ctx.route,
      'example_input',
    );
  }
}

/** Null resets as "" (docs/API.md op 13); servers before FL.linkifierReverse get neither field. */
function encodeLinkifier(p: LinkifierInput, ctx: CallContext): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  for (const k of ['example_input', 'reverse_template'] as const) {
    if (out[k] === null) out[k] = '';
    if (ctx.server.featureLevel < FL.linkifierReverse) delete out[k];
  }
  return out;
}

/** 18. `GET /realm/linkifiers`, in processing order. */
const getLinkifiers = defineOperation({
  method: 'GET',
  path: '/realm/linkifiers',
  params: z.object({}),
  response: envelope({ linkifiers: z.array(Linkifier) }),
});

const addLinkifier = defineOperation({
  method: 'POST',
  path: '/realm/filters',
  params: z.object(linkifierShape),
  response: envelope({ id: z.number().int() }),
  check: checkLinkifier,
  encode: encodeLinkifier,
});

/** 13. `PATCH /realm/filters/{filter_id}`. */
const updateLinkifier = defineOperation({
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  params: z.object({ filter_id: linkifierId, ...linkifierShape }),
  response: envelope({}),
  check: checkLinkifier,
  encode: encodeLinkifier,
});

const removeLinkifier = defineOperation({
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  params: z.object({ filter_id: linkifierId }),
  response: envelope({}),
});

const reorderLinkifiers = defineOperation({
  method: 'PATCH',
  path: '/realm/linkifiers',
  params: z.object({
    ordered_linkifier_ids: z.array(linkifierId, { error: () => l10n.t('The order must be a list of linkifier ids.') }),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (new Set(p.ordered_linkifier_ids).size !== p.ordered_linkifier_ids.length) {
      throw new ValidationError(
        l10n.t('Each linkifier can appear only once in the order.'),
        ctx.route,
        'ordered_linkifier_ids',
      );
    }
  },
});

function checkPlaygroundServer(_p: unknown, ctx: CallContext): void {
  if (ctx.server.featureLevel < FL.playgrounds) {
    throw new ValidationError(
      l10n.t('This server (feature level {0}) has no code playgrounds.', ctx.server.featureLevel),
      ctx.route,
    );
  }
}

/** `POST /realm/playgrounds` (administrators): code blocks of `pygments_language` get a link to it. */
const addPlayground = defineOperation({
  method: 'POST',
  path: '/realm/playgrounds',
  params: z.object({
    name: requiredText(
      () => l10n.t('The playground name'),
      () => l10n.t('The playground name cannot be empty.'),
    ),
    pygments_language: requiredText(
      () => l10n.t('The language'),
      () => l10n.t('The language cannot be empty.'),
    ).regex(/^[ a-zA-Z0-9_+\-./#]*$/, {
      error: () => l10n.t('The language has characters a Pygments lexer name cannot have.'),
    }),
    url_template: textOf(() => l10n.t('The URL template'))
      .trim()
      .regex(/^https?:\/\//, { error: () => l10n.t('The URL template must start with http:// or https://.') })
      .refine((t) => t.includes('{code}'), {
        error: () => l10n.t('The URL template must contain {code}, where the code goes.'),
      }),
  }),
  response: envelope({ id: z.number().int() }),
  check: (p, ctx) => {
    checkPlaygroundServer(p, ctx);
    if (ctx.server.featureLevel < FL.playgroundUrlTemplate && !/\{code\}$/.test(p.url_template)) {
      throw new ValidationError(
        l10n.t(
          'This server (feature level {0}) only appends the code: end the URL template with {code}.',
          ctx.server.featureLevel,
        ),
        ctx.route,
        'url_template',
      );
    }
  },
  encode: (p, ctx) =>
    ctx.server.featureLevel < FL.playgroundUrlTemplate
      ? { name: p.name, pygments_language: p.pygments_language, url_prefix: p.url_template.replace(/\{code\}$/, '') }
      : { ...p },
});

/** `DELETE /realm/playgrounds/{playground_id}` (administrators). */
const removePlayground = defineOperation({
  method: 'DELETE',
  path: '/realm/playgrounds/{playground_id}',
  params: z.object({ playground_id: idOf(() => l10n.t('The playground id')) }),
  response: envelope({}),
  check: checkPlaygroundServer,
});

/** The organisation's linkifiers and code playgrounds. */
export const realmOperations = {
  'POST /realm/playgrounds': addPlayground,
  'DELETE /realm/playgrounds/{playground_id}': removePlayground,
  'PATCH /realm/filters/{filter_id}': updateLinkifier,
  'GET /realm/linkifiers': getLinkifiers,
  'POST /realm/filters': addLinkifier,
  'DELETE /realm/filters/{filter_id}': removeLinkifier,
  'PATCH /realm/linkifiers': reorderLinkifiers,
} as const;
