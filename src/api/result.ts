import * as l10n from '@vscode/l10n';
import { MalformedResponseError } from './errors';
import type { CallContext, Operation } from './operation';
import { operations, type OperationKey } from './operations';
import { parseOrRefuse, REFUSED } from './parse';
import type { ResultOf } from './client';
import { formatZodError } from './validation';

/**
 * A success body of `key` read as `ChatClient.call` reads it: upgraded by the operation's
 * `normalize` hook (which needs `ctx`), then parsed with its response schema. Throws
 * `MalformedResponseError` when the schema refuses it.
 */
export function parseResult<K extends OperationKey>(
  key: K,
  body: Record<string, unknown>,
  ctx: CallContext | undefined,
): ResultOf<K> {
  const op = operations[key] as unknown as Operation;
  const upgraded = op.normalize && ctx ? op.normalize(body, ctx) : body;
  // The compiled parse alone; zod parses again only to report a refusal (parseWith's rule).
  const parsed = parseOrRefuse(op.response, upgraded);
  if (parsed !== REFUSED) return parsed as ResultOf<K>;
  const result = op.response.safeParse(upgraded);
  if (!result.success) {
    throw new MalformedResponseError(
      l10n.t("The server's answer to {0} was not understood: {1}", key, formatZodError(result.error).message),
      key,
      200,
      { cause: result.error },
    );
  }
  return result.data as ResultOf<K>;
}
