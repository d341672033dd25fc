import * as l10n from '@vscode/l10n';
import * as z from 'zod';

/**
 * Narrows: filters for `GET /messages`, `GET /messages/matches_narrow` and
 * `POST /messages/flags/narrow`, as lists of `{operator, operand, negated?}` terms.
 */

/** An operand: a name or text, an ID, or a list of user IDs (`dm`, `dm-including`). */
export const NarrowOperand = z.union([z.string(), z.number().int(), z.array(z.number().int()), z.array(z.string())]);
export type NarrowOperand = z.infer<typeof NarrowOperand>;

/** One filter term. */
export const NarrowTerm = z.object({
  operator: z.string().min(1, { error: () => l10n.t('A narrow term needs an operator.') }),
  operand: NarrowOperand,
  negated: z.boolean().optional(),
});
export type NarrowTerm = z.infer<typeof NarrowTerm>;

/** The legacy form of a term, `[operator, operand]` (accepted by `POST /messages/flags/narrow`). */
export const LegacyNarrowTerm = z.tuple([z.string(), z.string()]);

/** A narrow: all terms must match. The empty narrow matches every message the user can see. */
export const Narrow = z.array(NarrowTerm);
export type Narrow = NarrowTerm[];

/** A narrow that may also contain legacy `[operator, operand]` pairs. */
export const NarrowWithLegacy = z.array(z.union([NarrowTerm, LegacyNarrowTerm]));

export * from './narrowTerms';
